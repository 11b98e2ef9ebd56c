#!/usr/bin/env python3
"""gridlayout's JSON command line as a whole process: 1M items `[w, h]` in (one section, lanes 3,
sizes 60…100 × 40…200 from a fixed seed), every frame out, against Python re-encoding the same
file (`json.dump(json.load(sys.stdin), sys.stdout)`), which is the floor of "read this JSON, write
JSON as large". The goal: ≤ 0.2× Python's time. Timed in alternation, best of RUNS each, output to
/dev/null; prints one Markdown row.

    python3 tools/bench/json_cli.py [BINARY] [N]   (default: the release gridlayout-cli, 1000000)
"""

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNS = 5
PYTHON = "import json,sys; json.dump(json.load(sys.stdin), sys.stdout)"


def binary():
    if len(sys.argv) > 1:
        return sys.argv[1]
    subprocess.run(["swift", "build", "-c", "release", "--product", "gridlayout-cli"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    bin_dir = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.strip()
    return str(Path(bin_dir) / "gridlayout-cli")


def timed(cmd, path):
    with open(path, "rb") as stdin, open(os.devnull, "wb") as out:
        start = time.perf_counter()
        subprocess.run(cmd, stdin=stdin, stdout=out, check=True)
        return time.perf_counter() - start


def measure(cli, n=1_000_000):
    """The Markdown row, and whether the goal is met."""
    rng = random.Random(42)
    request = {"options": {"lanes": 3, "spacing": 4, "width": 320, "height": 480},
               "sections": [[[rng.randint(60, 100), rng.randint(40, 200)] for _ in range(n)]],
               "offsets": [[0, 0]]}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "request.json"
        path.write_text(json.dumps(request))
        ours, python = [], []
        for _ in range(RUNS):
            ours.append(timed([cli, "layout"], path))
            python.append(timed([sys.executable, "-c", PYTHON], path))
    best, floor = min(ours), min(python)
    ratio = best / floor
    met = ratio <= 0.2
    row = (f"| gridlayout layout: {n:,} items [w, h] in, frames out, whole process "
           f"(Python json.load + json.dump of the same file: {floor * 1000:.0f} ms) | {n / 1e6:g}M | "
           f"{best * 1000:.0f} ms ({ratio:.2f}×) | ≤ 0.2× Python | {'yes' if met else 'no'} |")
    return row, met


HEADER = "| Benchmark | n | Result | Goal | Met |\n|---|---:|---:|---|:---:|"


def main():
    cli = binary()
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    print(measure(cli, n)[0])


if __name__ == "__main__":
    main()
