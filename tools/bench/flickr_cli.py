#!/usr/bin/env python3
"""`gridlayout justified --flickr` as a whole process against node running flickr/justified-layout
4.1.0 on the same document (read stdin, JSON.parse, call the library, JSON.stringify to stdout).
Documents: N items `{width, height}` (400…4000 each, seed 42) and N aspect ratios (0.3…3), the
library's default options. Goal: ≥ 10× faster than node at 10,000 items, both forms. Timed in
alternation, best of RUNS, output to /dev/null; at 100,000 items one run each (the library's
rows are joined with Array.concat, quadratic in the item count: tens of seconds); at 1,000,000
ours only. Every output is checked equal to node's where node runs.

The library is not a dependency of the project: JUSTIFIED_LAYOUT names its directory (the npm
package, or lib/ and package.json of the 4.1.0 tag), else node's own `require.resolve` is tried;
without it, or without node, node's side is "not measured" and no goal is judged.

    python3 tools/bench/flickr_cli.py [BINARY]   (default: the release gridlayout-cli)
"""

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from json_cli import binary  # noqa: E402 (the same release gridlayout-cli)
RUNS = 5
NODE = ("const lib = require(process.argv[1]);"
        "const doc = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "process.stdout.write(JSON.stringify(Array.isArray(doc) ? lib(doc) : lib(doc.input, doc.options)) + '\\n');")
HEADER = "| Benchmark | n | Result | Goal | Met |\n|---|---:|---:|---|:---:|"


def library():
    """The library's directory for node's require, or None."""
    if not shutil.which("node"):
        return None
    if os.environ.get("JUSTIFIED_LAYOUT"):
        return os.path.abspath(os.environ["JUSTIFIED_LAYOUT"])
    found = subprocess.run(["node", "-e", "process.stdout.write(require.resolve('justified-layout'))"],
                           capture_output=True, text=True)
    return found.stdout if found.returncode == 0 else None


def timed(cmd, path, out=os.devnull):
    with open(path, "rb") as stdin, open(out, "wb") as stdout:
        start = time.perf_counter()
        subprocess.run(cmd, stdin=stdin, stdout=stdout, check=True)
        return time.perf_counter() - start


def document(n, objects):
    rng = random.Random(42)
    items = ([{"width": rng.randint(400, 4000), "height": rng.randint(400, 4000)} for _ in range(n)] if objects
             else [round(rng.uniform(0.3, 3), 6) for _ in range(n)])
    return {"input": items, "options": {}}


def compare(cli, lib, n, objects, runs, tmp):
    """(our best, node's best or None) in seconds; asserts equal outputs."""
    path = Path(tmp) / f"doc-{n}-{objects}.json"
    path.write_text(json.dumps(document(n, objects)))
    ours_cmd, node_cmd = [cli, "justified", "--flickr"], ["node", "-e", NODE, lib or ""]
    ours, node = [], []
    for run in range(runs):
        ours.append(timed(ours_cmd, path))
        if lib:
            node.append(timed(node_cmd, path))
    if lib:
        mine, theirs = Path(tmp) / "ours.json", Path(tmp) / "node.json"
        timed(ours_cmd, path, mine)
        timed(node_cmd, path, theirs)
        assert json.loads(mine.read_text()) == json.loads(theirs.read_text()), f"outputs differ at {n} items"
    return min(ours), (min(node) if node else None)


def measure(cli):
    """The Markdown rows, and whether the goal is met (None: not judged, node or the library missing)."""
    lib = library()
    rows, met = [], None
    with tempfile.TemporaryDirectory() as tmp:
        for n, runs, goal in [(10_000, RUNS, True), (100_000, 1, False), (1_000_000, 1, False)]:
            for objects in ([True, False] if n == 10_000 else [True]):
                what = "{width, height}" if objects else "aspect ratios"
                ours, node = compare(cli, lib if n <= 100_000 else None, n, objects, runs, tmp)
                if node is None:
                    peer = ("node + the library: not run (quadratic: about 100× its 100,000-item time)" if lib
                            else "node + the library: not measured (no node or no library)")
                    result = f"{ours * 1000:.0f} ms"
                else:
                    peer = f"node + the library: {node * 1000:.0f} ms"
                    result = f"{ours * 1000:.0f} ms ({node / ours:.1f}× faster)"
                ok = None if node is None or not goal else node / ours >= 10
                if ok is not None:
                    met = ok if met is None else met and ok
                rows.append(f"| gridlayout justified --flickr: {n:,} items {what} in, boxes out, whole process "
                            f"({peer}) | {f'{n // 1_000_000}M' if n >= 1_000_000 else f'{n // 1000}k'} | {result} | {'≥ 10× faster than node' if goal else '—'} | "
                            f"{'—' if ok is None else 'yes' if ok else 'no'} |")
    return "\n".join(rows), met


def main():
    print(HEADER)
    print(measure(binary())[0])


if __name__ == "__main__":
    main()
