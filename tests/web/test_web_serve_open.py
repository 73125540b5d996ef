"""`vsai serve --open` prints the page's URL, with its token, and opens that URL in the browser
(here a stand-in browser, named by $BROWSER as the `webbrowser` module reads it)."""
from __future__ import annotations

import os
import re
import subprocess
import time

from web_driver import VSAI


def test_open_prints_the_url_and_opens_it(tmp_path):
    opened = tmp_path / "opened.txt"
    opener = tmp_path / "opener.sh"
    opener.write_text(f'#!/bin/sh\necho "$1" > {opened}\n')
    opener.chmod(0o755)
    env = {**os.environ, "BROWSER": f"{opener} %s", "DISPLAY": ""}
    process = subprocess.Popen([VSAI, "serve", "--port", "0", "--open"], stderr=subprocess.PIPE, text=True, env=env)
    try:
        lines = [process.stderr.readline() for _ in range(2)]
        printed = re.search(r"(http://127\.0\.0\.1:\d+/\?token=[\w-]+)", lines[1])
        assert printed, lines
        deadline = time.monotonic() + 20
        while not (opened.exists() and opened.read_text().strip()) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert opened.read_text().strip() == printed.group(1)
    finally:
        process.terminate()
        process.wait(timeout=10)
