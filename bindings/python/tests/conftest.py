"""Points the tests at the package in this tree and at the library `make test` built.

GRIDLAYOUT_LIBRARY, when set, wins. Otherwise the library is the debug build of the repository
this file is in (`swift build --show-bin-path`), built with `swift build --product gridlayout`
when it is missing.
"""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_ROOT = os.path.dirname(HERE)                          # bindings/python
REPO = os.path.dirname(os.path.dirname(PACKAGE_ROOT))         # the Swift package

sys.path.insert(0, PACKAGE_ROOT)


def _library() -> str:
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=REPO, check=True,
                              capture_output=True, text=True).stdout.strip()
    path = os.path.join(bin_path, "libgridlayout.so")
    if not os.path.exists(path):
        subprocess.run(["swift", "build", "--product", "gridlayout"], cwd=REPO, check=True,
                       stdout=sys.stderr)
    return path


if not os.environ.get("GRIDLAYOUT_LIBRARY"):
    os.environ["GRIDLAYOUT_LIBRARY"] = _library()
