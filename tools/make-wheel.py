#!/usr/bin/env python3
"""Builds the Python wheel with the library inside: `make wheel`, i.e.
    tools/make-wheel.py LIBRARY OUTDIR
LIBRARY is the self-contained libgridlayout.so (the Swift standard library linked in); it goes in
as gridlayout/libgridlayout.so, where the package looks first, alone: a library that needs anything
beyond the C and C++ runtimes (Lua, say: the Lua module is a library of its own) is refused, so the
wheel bundles no other library. The metadata comes from bindings/python/pyproject.toml and the
version from VERSION. The wheel is tagged py3-none-<platform> (ctypes: any Python 3, this platform) and is
reproducible (fixed timestamps, sorted entries). Needs Python 3.11 (tomllib) and binutils (readelf).
"""

import ast
import base64
import hashlib
import pathlib
import re
import subprocess
import sys
import sysconfig
import tomllib
import zipfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "bindings" / "python"
# What every Linux has (the manylinux policies' libraries): not bundled.
SYSTEM = re.compile(r"^(libc|libm|libdl|librt|libpthread|libstdc\+\+|libgcc_s)\.so\.\d+$|^ld-linux")
DATE = (1980, 1, 1, 0, 0, 0)


def needed(path):
    out = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True, check=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[(.*)\]", out)


def metadata(version):
    project = tomllib.loads((PACKAGE / "pyproject.toml").read_text())["project"]
    lines = ["Metadata-Version: 2.1", f"Name: {project['name']}", f"Version: {version}",
             f"Summary: {project['description']}", f"License: {project['license']['text']}",
             f"Requires-Python: {project['requires-python']}"]
    lines += [f"Classifier: {c}" for c in project.get("classifiers", [])]
    for extra, requirements in project.get("optional-dependencies", {}).items():
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {r}; extra == "{extra}"' for r in requirements]
    lines.append("Description-Content-Type: text/markdown")
    return "\n".join(lines) + "\n\n" + (PACKAGE / project["readme"]).read_text()


def main():
    library, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    version = (ROOT / "VERSION").read_text().strip()
    init = (PACKAGE / "gridlayout" / "__init__.py").read_text()
    declared = [n.value.value for n in ast.parse(init).body if isinstance(n, ast.Assign)
                and [getattr(t, "id", None) for t in n.targets] == ["__version__"]]
    if declared != [version]:
        sys.exit(f"make-wheel: gridlayout.__version__ is {declared}, VERSION says {version}")
    beyond = [n for n in needed(library) if not SYSTEM.match(n)]
    if beyond:
        sys.exit(f"make-wheel: {library} needs {beyond}; the wheel carries only libgridlayout.so")

    dist_info = f"gridlayout-{version}.dist-info"
    files = {}   # name in the wheel -> (bytes, executable)
    for source in sorted((PACKAGE / "gridlayout").iterdir()):
        if source.suffix == ".py" or source.name == "py.typed":
            files[f"gridlayout/{source.name}"] = (source.read_bytes(), False)
    files["gridlayout/libgridlayout.so"] = (library.read_bytes(), True)
    tag = "py3-none-" + sysconfig.get_platform().replace("-", "_").replace(".", "_")
    files[f"{dist_info}/METADATA"] = (metadata(version).encode(), False)
    files[f"{dist_info}/WHEEL"] = ((f"Wheel-Version: 1.0\nGenerator: gridlayout tools/make-wheel.py\n"
                                    f"Root-Is-Purelib: false\nTag: {tag}\n").encode(), False)
    record = []
    for name, (data, _) in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{name},sha256={digest},{len(data)}")
    record.append(f"{dist_info}/RECORD,,")
    files[f"{dist_info}/RECORD"] = (("\n".join(record) + "\n").encode(), False)

    out.mkdir(parents=True, exist_ok=True)
    wheel = out / f"gridlayout-{version}-{tag}.whl"
    tmp = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, (data, executable) in files.items():   # dist-info last, RECORD at the very end
            info = zipfile.ZipInfo(name, DATE)
            info.external_attr = (0o100755 if executable else 0o100644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    tmp.replace(wheel)
    print(f"built {wheel.relative_to(ROOT) if wheel.is_relative_to(ROOT) else wheel} "
          f"({wheel.stat().st_size // 1024} kB)")


if __name__ == "__main__":
    main()
