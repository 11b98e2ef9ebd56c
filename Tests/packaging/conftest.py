"""The packaging tests build what they check (`make static`, `make deb`, `make wheel`: each does
nothing much when up to date), once per session."""

import sys
import pathlib

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from pkgsupport import DIST, STAGE, VERSION, make  # noqa: E402


@pytest.fixture(scope="session")
def static():
    """The staged self-contained build: bin/gridrepl, lib/libgridlayout.so.VERSION, man/gridrepl.1."""
    make("static")
    return STAGE


@pytest.fixture(scope="session")
def deb(static):
    make("deb")
    [path] = DIST.glob(f"gridlayout_{VERSION}_*.deb")
    return path


@pytest.fixture(scope="session")
def wheel(static):
    make("wheel")
    [path] = DIST.glob(f"gridlayout-{VERSION}-*.whl")
    return path
