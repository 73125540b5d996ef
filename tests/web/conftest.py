"""The browser tests' fixtures: one `vsai serve` and one headless Chromium for the session (a
worker's), shared by the browser test files (each start costs about 2 s of CPU): every test
opens the page again and starts its own table.

Locally, without Chromium, chromedriver or Selenium, the browser tests skip with one line
saying what is missing; in CI (CI=true) a missing browser is a failure, not a skip."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from web_driver import Browser, Server, browser_missing  # noqa: E402


def artifacts_dir() -> Path | None:
    """Where screenshots go: $VSAI_WEB_ARTIFACTS; None (no screenshots) when it is unset, since
    Chromium takes about 0.25 s of CPU to encode each."""
    if not os.environ.get("VSAI_WEB_ARTIFACTS"):
        return None
    folder = Path(os.environ["VSAI_WEB_ARTIFACTS"])
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def browser():
    missing = browser_missing()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests cannot run in CI: {missing}")
        pytest.skip(f"no browser tests: {missing}")
    chromium = Browser()
    yield chromium
    chromium.close()


@pytest.fixture(scope="session")
def server():
    serving = Server()
    yield serving
    serving.close()
