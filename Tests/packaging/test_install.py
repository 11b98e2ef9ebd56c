"""`make install` into a temporary prefix (and with DESTDIR), then a C client, a stock lua5.4
script, gridrepl and the Python package run from there with the build tree moved away; `make
uninstall` removes exactly what was installed."""

import contextlib
import os
import pathlib
import subprocess

from pkgsupport import (MAJOR, ROOT, VERSION, assert_self_contained, check_installed, clean_env, loads_lua,
                        make, run_traced)

# Everything but the docs, relative to the prefix.
PROGRAM_FILES = {
    "bin/gridrepl",
    "bin/gridlayout",
    "include/gridlayout.h",
    "lib/libgridlayout.so", f"lib/libgridlayout.so.{MAJOR}", f"lib/libgridlayout.so.{VERSION}",
    "lib/lua/5.4/gridlayout.so",
    "lib/pkgconfig/gridlayout.pc",
    "share/lua/5.1/gridlayout.lua", "share/lua/5.1/gridlayout/cdef.lua",
    "lib/python3/dist-packages/gridlayout/__init__.py",
    "lib/python3/dist-packages/gridlayout/_lib.py",
    "lib/python3/dist-packages/gridlayout/_options.py",
    "lib/python3/dist-packages/gridlayout/_arguments.py",
    "lib/python3/dist-packages/gridlayout/_config.py",
    "lib/python3/dist-packages/gridlayout/_errors.py",
    "lib/python3/dist-packages/gridlayout/_records.py",
    "lib/python3/dist-packages/gridlayout/_sections.py",
    "lib/python3/dist-packages/gridlayout/_sigint.py",
    "lib/python3/dist-packages/gridlayout/_source.py",
    "lib/python3/dist-packages/gridlayout/_vocabulary.py",
    "lib/python3/dist-packages/gridlayout/grid.py",
    "lib/python3/dist-packages/gridlayout/py.typed",
    "lib/python3/dist-packages/gridlayout/libgridlayout.so",
    "share/man/man1/gridrepl.1",
    "share/man/man1/gridlayout.1",
}
DOC = "share/doc/gridlayout/"
SOME_DOCS = {"README.md", "CHANGELOG.md", "bindings/c/README.md", "bindings/lua/README.md",
             "bindings/python/README.md", "scripts/README.md", "scripts/smgridview.lua",
             "bindings/c/examples/minimal.c", "docs/json.md", "schemas/layout-request.schema.json",
             "schemas/layout-response.schema.json"}

def files(root: pathlib.Path):
    """Every file and symbolic link under root, relative to it."""
    return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() or p.is_symlink()}


@contextlib.contextmanager
def moved_build_tree():
    """Renames the build folders (.build, .build-static) for the duration of the block (to names
    .gitignore covers, should the test be killed before it puts them back)."""
    moved = []
    try:
        for name in (".build", ".build-static"):
            if (ROOT / name).exists():
                os.rename(ROOT / name, ROOT / f"{name}-moved-by-test")
                moved.append(name)
        yield
    finally:
        for name in moved:
            os.rename(ROOT / f"{name}-moved-by-test", ROOT / name)


def test_install_run_uninstall(static, tmp_path):
    prefix = tmp_path / "prefix"
    make("install", f"PREFIX={prefix}")
    installed = files(prefix)
    assert {f for f in installed if not f.startswith(DOC)} == PROGRAM_FILES
    docs = {f[len(DOC):] for f in installed if f.startswith(DOC)}
    assert SOME_DOCS <= docs
    for d in docs:
        assert (prefix / DOC / d).read_bytes() == (ROOT / d).read_bytes(), d
    assert os.readlink(prefix / f"lib/libgridlayout.so.{MAJOR}") == f"libgridlayout.so.{VERSION}"
    for page in ("gridrepl", "gridlayout"):
        man = (prefix / f"share/man/man1/{page}.1").read_text()
        assert f'"gridlayout {VERSION}"' in man and "@VERSION@" not in man
    pc = (prefix / "lib/pkgconfig/gridlayout.pc").read_text()
    assert f"prefix={prefix}\n" in pc and f"Version: {VERSION}\n" in pc

    # The C client: the installed example, built with the installed .pc.
    env = clean_env(tmp_path, PKG_CONFIG_PATH=str(prefix / "lib/pkgconfig"))
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "gridlayout"], env=env,
                           capture_output=True, text=True, check=True).stdout.split()
    assert subprocess.run(["pkg-config", "--modversion", "gridlayout"], env=env, capture_output=True,
                          text=True, check=True).stdout.strip() == VERSION
    client = tmp_path / "client"
    subprocess.run(["cc", "-std=c99", str(prefix / DOC / "bindings/c/examples/minimal.c"), *flags,
                    "-o", str(client)], env=env, check=True)
    work = tmp_path / "work"
    work.mkdir()

    with moved_build_tree():
        assert not (ROOT / ".build-static").exists()
        r, objects = run_traced([client], env, work, tmp_path)
        assert r.returncode == 0, r.stderr
        assert r.stdout.splitlines()[0] == f"gridlayout {VERSION}: content 320 x 510"
        assert_self_contained(objects, within=[prefix / "lib"])
        assert not loads_lua(objects), objects               # the C library needs no Lua
        check_installed(prefix, prefix / "lib", tmp_path)
        # The LuaJIT binding finds the library of its own prefix (share/lua/5.1 -> lib).
        script = ('local gl = require "gridlayout"; local g = gl.new{ lanes = 3, spacing = 10 }; '
                  'g.dataSource = { count = function() return 10 end, size = function() return 100, 120 end }; '
                  'g:reload(); print(gl.version, g:contentSize())')
        r = subprocess.run(["luajit", "-e", script], env=dict(env, LUA_PATH=f"{prefix}/share/lua/5.1/?.lua"),
                           cwd=work, capture_output=True, text=True, timeout=60)
        assert r.stdout == f"{VERSION}\t320\t510\n", r.stderr

    (prefix / "lib/sentinel").write_text("not ours")
    make("uninstall", f"PREFIX={prefix}")
    assert files(prefix) == {"lib/sentinel"}


def test_destdir_install_and_uninstall(static, tmp_path):
    root = tmp_path / "root"
    make("install", "PREFIX=/usr", f"DESTDIR={root}")
    usr = root / "usr"
    assert {f for f in files(usr) if not f.startswith(DOC)} == PROGRAM_FILES
    assert "prefix=/usr\n" in (usr / "lib/pkgconfig/gridlayout.pc").read_text()
    link = usr / "lib/python3/dist-packages/gridlayout/libgridlayout.so"
    assert not os.readlink(link).startswith("/"), os.readlink(link)   # relative: valid under DESTDIR
    assert link.resolve() == (usr / f"lib/libgridlayout.so.{VERSION}").resolve()
    module = usr / "lib/lua/5.4/gridlayout.so"          # the Lua module: a library of its own
    assert module.is_file() and not module.is_symlink()
    assert module.read_bytes() == (ROOT / ".build-static/stage/lib/gridlayout.so").read_bytes()
    (usr / "bin/keep").write_text("not ours")
    make("uninstall", "PREFIX=/usr", f"DESTDIR={root}")
    assert files(root) == {"usr/bin/keep"}
