"""make wheel: a wheel that carries the library and no other (no Lua), installed with pip into a
fresh venv, lays out a grid with nothing of Swift, Lua or the build tree around, and loads no Lua."""

import base64
import hashlib
import os
import re
import subprocess
import sysconfig
import zipfile

from pkgsupport import VERSION, assert_self_contained, clean_env, python, run_traced

PACKAGE_FILES = {"__init__.py", "_lib.py", "_options.py", "_arguments.py", "_config.py",
                 "_errors.py", "_records.py", "_sections.py", "_sigint.py",
                 "_source.py", "_vocabulary.py", "grid.py", "py.typed", "libgridlayout.so"}


def test_contents_and_metadata(wheel):
    tag = "py3-none-" + sysconfig.get_platform().replace("-", "_").replace(".", "_")
    assert wheel.name == f"gridlayout-{VERSION}-{tag}.whl"
    z = zipfile.ZipFile(wheel)
    names = set(z.namelist())
    info = f"gridlayout-{VERSION}.dist-info"
    assert {n.split("/", 1)[1] for n in names if n.startswith("gridlayout/")} == PACKAGE_FILES
    assert {n for n in names if not n.startswith("gridlayout/")} == {
        f"{info}/METADATA", f"{info}/WHEEL", f"{info}/RECORD"}
    assert not [n for n in names if "liblua" in n], names
    metadata = z.read(f"{info}/METADATA").decode()
    assert re.search(r"^Name: gridlayout$", metadata, re.M)
    assert re.search(rf"^Version: {re.escape(VERSION)}$", metadata, re.M)
    wheel_file = z.read(f"{info}/WHEEL").decode()
    assert f"Tag: {tag}\n" in wheel_file and "Root-Is-Purelib: false\n" in wheel_file
    record = z.read(f"{info}/RECORD").decode().splitlines()
    assert {line.split(",")[0] for line in record} == names
    for line in record:
        name, digest, size = line.split(",")
        if name.endswith("RECORD"):
            continue
        data = z.read(name)
        assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert int(size) == len(data)
    assert z.getinfo("gridlayout/libgridlayout.so").external_attr >> 16 == 0o100755


def test_pip_install_into_a_fresh_venv(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([python(), "-m", "venv", str(venv)], check=True)
    vpython = venv / "bin" / "python"
    env = clean_env(tmp_path)
    subprocess.run([vpython, "-m", "pip", "install", "-q", "--no-index", "--disable-pip-version-check",
                    str(wheel)], env=env, check=True)
    site = subprocess.run([vpython, "-c", "import sysconfig; print(sysconfig.get_path('platlib'))"],
                          env=env, capture_output=True, text=True, check=True).stdout.strip()
    package = os.path.join(site, "gridlayout")
    code = """
import gridlayout
print(gridlayout.__version__, gridlayout.library_version(), gridlayout.library_path())
with gridlayout.Grid(layout="waterfall", lanes=2, spacing=10, width=210, height=300) as g:
    g.set_sizes([(100, 50), (100, 80), (100, 30)])
    g.reload()
    print(tuple(g.frame(0, 2)), tuple(g.content_size()), len(g.visible()))
"""
    work = tmp_path / "work"
    work.mkdir()
    r, objects = run_traced([vpython, "-c", code], env, work, tmp_path)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].split() == [VERSION, VERSION, os.path.join(package, "libgridlayout.so")]
    # waterfall: item 2 goes under the shorter lane (the first, 50 tall)
    assert lines[1] == "(0.0, 60.0, 100.0, 30.0) (210.0, 90.0) 3"
    assert_self_contained(objects, within=[package])
    assert not [o for o in objects if os.path.basename(o).startswith("liblua")], objects   # no Lua for Python

    subprocess.run([vpython, "-m", "pip", "uninstall", "-q", "-y", "gridlayout"], env=env, check=True)
    assert not os.path.exists(package) or not os.listdir(package) or os.listdir(package) == ["__pycache__"]
