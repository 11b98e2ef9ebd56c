"""make deb: the package's control file and contents, then `dpkg -x` into a temporary root and
gridrepl (and stock lua5.4 and Python) run from there."""

import hashlib
import re
import subprocess

import pytest

from pkgsupport import MAJOR, VERSION, check_installed


def sh(*cmd, **kw):
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True, check=True, **kw).stdout


@pytest.fixture(scope="module")
def multiarch():
    return sh("dpkg-architecture", "-qDEB_HOST_MULTIARCH").strip()


def test_control_file(deb):
    fields = dict(re.findall(r"^(\S+): (.*)$", sh("dpkg-deb", "-f", deb), re.M))
    assert fields["Package"] == "gridlayout"
    assert fields["Version"] == VERSION
    assert fields["Architecture"] == sh("dpkg", "--print-architecture").strip()
    assert deb.name == f"gridlayout_{VERSION}_{fields['Architecture']}.deb"
    depends = {d.split()[0] for d in fields["Depends"].split(", ")}
    assert {"libc6", "libstdc++6", "libgcc-s1", "liblua5.4-0", "libedit2", "libncursesw6", "libmicrohttpd12"} <= depends
    assert "swift" not in fields["Depends"].lower()
    assert int(fields["Installed-Size"]) > 10_000          # kB: three ELF files of 6-8 MB
    assert fields["Maintainer"] and fields["Description"]


def test_contents(deb, multiarch, tmp_path):
    listing = sh("dpkg-deb", "-c", deb).splitlines()
    entries = {}
    for line in listing:
        mode, owner, _, _, _, path = line.split(None, 5)
        path = path.split(" -> ")[0]
        entries[path.removeprefix("./")] = (mode, owner)
    assert {owner for _, owner in entries.values()} == {"root/root"}
    lib = f"usr/lib/{multiarch}"
    expected = {
        "usr/bin/gridrepl": "-rwxr-xr-x",
        "usr/bin/gridlayout": "-rwxr-xr-x",
        f"{lib}/libgridlayout.so.{VERSION}": "-rwxr-xr-x",
        f"{lib}/libgridlayout.so.{MAJOR}": "l", f"{lib}/libgridlayout.so": "l",
        f"{lib}/lua/5.4/gridlayout.so": "-rwxr-xr-x",      # the Lua module, not a link to the library
        f"{lib}/pkgconfig/gridlayout.pc": "-rw-r--r--",
        "usr/share/lua/5.1/gridlayout.lua": "-rw-r--r--",     # the LuaJIT binding
        "usr/share/lua/5.1/gridlayout/cdef.lua": "-rw-r--r--",
        "usr/include/gridlayout.h": "-rw-r--r--",
        "usr/lib/python3/dist-packages/gridlayout/__init__.py": "-rw-r--r--",
        "usr/lib/python3/dist-packages/gridlayout/libgridlayout.so": "l",
        "usr/share/man/man1/gridrepl.1.gz": "-rw-r--r--",
        "usr/share/man/man1/gridlayout.1.gz": "-rw-r--r--",
        "usr/share/doc/gridlayout/schemas/layout-request.schema.json": "-rw-r--r--",
        "usr/share/doc/gridlayout/copyright": "-rw-r--r--",
        "usr/share/doc/gridlayout/README.md": "-rw-r--r--",
        "usr/share/doc/gridlayout/CHANGELOG.md": "-rw-r--r--",
        "usr/share/doc/gridlayout/scripts/smgridview.lua": "-rw-r--r--",
    }
    for path, mode in expected.items():
        assert path in entries, path
        assert entries[path][0].startswith(mode), (path, entries[path])
    assert not any(p.endswith(".pyc") or "__pycache__" in p for p in entries)

    control = tmp_path / "control"
    subprocess.run(["dpkg-deb", "-e", str(deb), str(control)], check=True)
    assert (control / "triggers").read_text() == "activate-noawait ldconfig\n"
    assert (control / "shlibs").read_text() == f"libgridlayout {MAJOR} gridlayout (>= {VERSION})\n"
    root = tmp_path / "root"
    subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
    sums = dict(reversed(line.split("  ", 1)) for line in (control / "md5sums").read_text().splitlines())
    regular = {p for p, (mode, _) in entries.items() if mode.startswith("-")}
    assert set(sums) == regular
    for path, digest in sums.items():
        assert hashlib.md5((root / path).read_bytes()).hexdigest() == digest, path


def test_runs_from_dpkg_x_root(deb, multiarch, tmp_path):
    root = tmp_path / "root"
    subprocess.run(["dpkg", "-x", str(deb), str(root)], check=True)
    usr = root / "usr"
    check_installed(usr, usr / "lib" / multiarch, tmp_path)

    for page in ("gridrepl", "gridlayout"):
        man = subprocess.run(["zcat", usr / f"share/man/man1/{page}.1.gz"], capture_output=True, text=True, check=True).stdout
        assert f'"gridlayout {VERSION}"' in man
