"""Test-wide set-up: the toy game's folder on the import path (its module is built on demand)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "toy_game"))
