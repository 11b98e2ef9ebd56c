"""gridbench's flags: --help lists them, and a flag it does not take stops it at once with the
nearest one (a mistyped group flag used to run every row, for minutes)."""

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def gridbench():
    subprocess.run(["swift", "build", "--product", "gridbench"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=900)
    folder = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                            capture_output=True, text=True, timeout=120).stdout.strip()
    return str(Path(folder) / "gridbench")


def test_help_lists_every_group_and_exits_0(gridbench):
    done = subprocess.run([gridbench, "--help"], capture_output=True, text=True, timeout=10)
    assert done.returncode == 0
    groups = "--lazy --optimal-rows --composed --transition --carousels --apply --neighbor --floors"
    assert f"one group's rows: {groups}" in done.stdout
    assert "engine|bare|pure|flat|host|chost|bulk|packed|tabled" in done.stdout


@pytest.mark.parametrize("flag, near", [("--lazzy", "--lazy"), ("--floor", "--floors"), ("--hepl", "--help")])
def test_an_unknown_flag_stops_with_the_nearest(gridbench, flag, near):
    done = subprocess.run([gridbench, flag], capture_output=True, text=True, timeout=10)
    assert done.returncode == 2
    assert done.stderr.startswith(f"gridbench: unknown flag {flag} (did you mean '{near}'?)\nusage: gridbench")
    assert done.stdout == ""
