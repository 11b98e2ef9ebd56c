"""The flow alignment fixtures are Taffy's frames: tools/taffy_fixtures.py --check lays the grids
out in Taffy again and fails when a file differs (skipped where `stretchable` is not installed)."""

import os
import subprocess
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_the_taffy_fixtures_are_what_taffy_gives():
    pytest.importorskip("stretchable")
    result = subprocess.run([sys.executable, os.path.join(REPO, "tools", "taffy_fixtures.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
