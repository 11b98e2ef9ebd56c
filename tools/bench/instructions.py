#!/usr/bin/env python3
"""Instructions per item of the Lua data source paths and the layouts, counted by callgrind.

`make bench-instructions`. Each job is `gridbench --profile-lua N JOB` (or `--profile-layout N
KIND` for the layouts and their C floors) under
`valgrind --tool=callgrind --collect-atstart=no --toggle-collect=gb_measured`: only the job itself
is counted (gb_measured wraps it), not the Lua state, the chunk or the size table built before it.
Per item = (Ir at 2N - Ir at N) / N, so whatever a job costs once cancels out. Two runs at a time
(the machine's two cores); instruction counts do not depend on the machine's load.

Goals (issue 8): the engine with a Lua `size` callback <= 1.2x a C host's lua_pcall loop of the
same function; the bulk path, `sizes(section)` returning one table, <= 100 instructions per item.

    python3 tools/bench/instructions.py [--n N]     # prints a Markdown table
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

# Items of the smaller run (the larger has 2N): ~30 s for all jobs under callgrind.
N = 100_000
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# (job, what it is, gridbench's arguments before N), in the table's order.
JOBS = [
    ("engine", "(a) engine: reload lanes (3), a Lua `size` callback per item", ["--profile-lua"]),
    ("chost", "(h) C host: lua_pcall of the same `size` per item (GridBenchFloor)", ["--profile-lua"]),
    ("host", "(e) Swift host: the same loop in Swift", ["--profile-lua"]),
    ("bare", "(b) bare call: `size` from a plain Lua loop", ["--profile-lua"]),
    ("bulk", "(f) bulk: reload lanes (3), `sizes(section)` returns one table", ["--profile-lua"]),
    ("packed", "(f') packed: reload lanes (3), `sizes(section)` returns a string of packed doubles", ["--profile-lua"]),
    ("lanes", "layout lanes (3) of an array of sizes (ArrayDataSource), the whole reload", ["--profile-layout"]),
    ("floor-lanes", "C floor lanes: the same frames from a plain C loop", ["--profile-layout"]),
    ("flow", "layout flow of an array of sizes, the whole reload", ["--profile-layout"]),
    ("floor-flow", "C floor flow: the same frames from a plain C loop", ["--profile-layout"]),
]


def gridbench_path():
    bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO,
                              check=True, capture_output=True, text=True).stdout.strip()
    path = os.path.join(bin_path, "gridbench")
    if not os.path.exists(path):
        sys.exit(f"{path} is missing: run `swift build -c release --product gridbench`")
    return path


def instructions(gridbench, job, flag, n, folder):
    """Ir of one job on n items, only inside gb_measured."""
    out = os.path.join(folder, f"callgrind.{job}.{n}")
    subprocess.run(["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=gb_measured",
                    f"--callgrind-out-file={out}", gridbench, flag, str(n), job],
                   check=True, capture_output=True, text=True)
    with open(out) as f:
        for line in f:
            match = re.match(r"(?:summary|totals): (\d+)", line)
            if match:
                return int(match.group(1))
    sys.exit(f"no instruction total in {out}")


def measure(n):
    """{job: Ir per item}, from runs at n and 2n."""
    gridbench = gridbench_path()
    with tempfile.TemporaryDirectory() as folder, concurrent.futures.ThreadPoolExecutor(2) as pool:
        runs = {(job, k): pool.submit(instructions, gridbench, job, args[0], k * n, folder)
                for job, _, args in JOBS for k in (1, 2)}
        return {job: (runs[job, 2].result() - runs[job, 1].result()) / n for job, _, _ in JOBS}


def goals(per_item):
    """(benchmark, result, goal, met) rows of the goals."""
    ratio = per_item["engine"] / per_item["chost"]
    return [
        ("(a)/(h): the engine with a Lua `size` callback / a C host's lua_pcall loop", f"{ratio:.2f}×",
         "≤ 1.2×", ratio <= 1.2),
        ("(f'): the bulk path with packed sizes, instructions per item", f"{per_item['packed']:,.0f}", "≤ 100",
         per_item["packed"] <= 100),
    ]


def markdown(per_item, n):
    lines = [f"Instructions per item (callgrind; (Ir at {2 * n:,} − Ir at {n:,}) / {n:,}, "
             "only the job counted; `make bench-instructions`):", "",
             "| Job | Ir/item |", "|---|---:|"]
    lines += [f"| {label} | {per_item[job]:,.0f} |" for job, label, _ in JOBS]
    lines += ["", "In instructions the layouts are "
              f"{per_item['lanes'] / per_item['floor-lanes']:.2f}× (lanes) and {per_item['flow'] / per_item['floor-flow']:.2f}× "
              "(flow) their C floors; the goal (≤ 1.5×) is judged on time, in the gridbench table."]
    lines += ["", "| Goal (issue 8) | Result | Goal | Met |", "|---|---:|---|:---:|"]
    lines += [f"| {b} | {r} | {g} | {'yes' if m else '**NO**'} |" for b, r, g, m in goals(per_item)]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=N, help="items of the smaller run (the larger has 2n)")
    args = parser.parse_args()
    print(markdown(measure(args.n), args.n))


if __name__ == "__main__":
    main()
