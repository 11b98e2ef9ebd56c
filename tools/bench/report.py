#!/usr/bin/env python3
"""`make bench`: runs every benchmark and rewrites BENCHMARKS.md between its markers
(<!-- bench:begin --> and <!-- bench:end -->; the prose around them stays as written), and the
plots in docs/bench/. Expects the release builds of gridbench and libgridlayout.so (the Makefile
makes them).

In order, so that no two timed jobs share the machine: gridbench (every Swift timing, its table and
the query-against-scan curve), the flow comparison from Python (bindings/python/bench/flow_bench.py:
gridlayout from Swift and Python, pure Lua, Taffy, Yoga), then the Lua instruction counts under
callgrind (instructions.py, two at a time: counts do not depend on the load), the JSON command
line against Python's json (json_cli.py; the release gridlayout-cli) and `justified --flickr`
against node running flickr/justified-layout (flickr_cli.py; node's side only where node and the
library are found, see its docstring). Installs the peers when missing: stretchable and lupa
(wheels), and poga, Yoga's Python binding, which builds Yoga from source for several minutes (it
says so as it starts). Every goal the run does not meet is listed under the goals line with the
section of the hand-written prose that says where its distance goes (`UNMET`).

    python3 tools/bench/report.py [--skip-flow]
"""

import argparse
import csv
import datetime
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import instructions  # noqa: E402
import flickr_cli  # noqa: E402
import json_cli  # noqa: E402
import svg  # noqa: E402

REPO = instructions.REPO
DOCUMENT = os.path.join(REPO, "BENCHMARKS.md")
PLOTS = os.path.join(REPO, "docs", "bench")
BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"
FLOW_BENCH = os.path.join(REPO, "bindings", "python", "bench", "flow_bench.py")


def log(message):
    print(f"make bench: {message}", file=sys.stderr, flush=True)


def output(*command):
    return subprocess.run(command, cwd=REPO, check=True, capture_output=True, text=True).stdout.strip()


# The peers pip installs when missing, and what to say as each starts.
PEERS = {"stretchable": "a wheel", "lupa": "a wheel",
         "poga": "Yoga's Python binding; it builds Yoga from source: several minutes"}

# Goals a run may not meet, each with the heading of the prose section (outside the markers) that
# says where the distance goes. A row that misses its goal and matches none is listed as
# unexplained, so that a new miss cannot hide in the tables.
UNMET = [
    (r"pure-Lua layout / engine", "Lua data source"),
    (r"layout (lanes|flow) / C floor", "Where the rest goes: the goals not met"),
    (r"packed sizes", "Where the rest goes: the goals not met"),
    (r"bytes/item stored", "Where the rest goes: the goals not met"),
    (r"random offsets \(cold\)", "Where the rest goes: the goals not met"),
    (r"^scroll sweep|^composed feed layout", "Issue 30: 24 bytes an item for waterfall and justified (callgrind)"),
    (r"nine-grid query", "Where the rest goes: the goals not met"),
    (r"justified optimal rows", "Issue 27: optimal justified rows (callgrind and gridbench --optimal-rows)"),
    (r"^lazy ", "Issue 18: sizes learnt late (gridbench --lazy)"),
    (r"apply, 1 % changed|prepend a 50-item section", "Issue 26: apply(snapshot) (gridbench --apply)"),
    (r"Taffy|Yoga", "Python: flow layout against Taffy, Yoga and pure Lua"),
    (r"gridlayout layout: ", "The JSON command line against Python's json"),
    (r"justified --flickr", "`justified --flickr` against node running flickr/justified-layout"),
]


def anchor(heading):
    """GitHub's anchor for a Markdown heading."""
    text = re.sub(r"[^\w\- ]", "", heading.lower().replace("`", ""))
    return "#" + text.replace(" ", "-")


def unmet_rows(tables, prefix=""):
    """Markdown bullets, one per row of `tables` (Markdown) whose last column says the goal was not
    met; `prefix` goes before a row's first cell where that cell alone does not say what it is."""
    bullets = []
    for line in tables.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or cells[-1] not in ("**NO**", "**NOT met**"):
            continue
        name = prefix + cells[0]
        heading = next((h for pattern, h in UNMET if re.search(pattern, name)), None)
        where = f"[{heading}]({anchor(heading)})" if heading else "**not explained**"
        bullets.append(f"- {name} ({' · '.join(cells[1:-1])}): {where}")
    return bullets


def ensure_peers():
    """pip-installs the peers, when they are missing."""
    for module, what in PEERS.items():
        if importlib.util.find_spec(module) is None:
            log(f"installing {module} (PyPI; {what})")
            pip = [sys.executable, "-m", "pip", "install", "-q", module]
            if subprocess.run(pip).returncode != 0:
                subprocess.run(pip + ["--break-system-packages"], check=True)


def machine():
    """One line on the machine and the toolchain."""
    cpu = {}
    for line in output("lscpu").splitlines():
        key, _, value = line.partition(":")
        cpu[key.strip()] = value.strip()
    caches = ", ".join(f"{name} {cpu[name]}" for name in ("L1d cache", "L2 cache", "L3 cache") if name in cpu)
    debian = open("/etc/debian_version").read().strip() if os.path.exists("/etc/debian_version") else "?"
    return (f"{output('nproc')} cores (`nproc`), {cpu.get('Model name', '?')}"
            f"{' (' + cpu['Hypervisor vendor'] + ' VM)' if 'Hypervisor vendor' in cpu else ''}; `lscpu`: {caches}; "
            f"{output('swift', '--version').splitlines()[0]}; Python {sys.version.split()[0]}; "
            f"Debian {debian}, Linux {os.uname().release}.")


def run_gridbench(folder):
    """gridbench's Markdown output, and its curve as [(n, scroll, random, scan)] in seconds."""
    curve_file = os.path.join(folder, "curve.tsv")
    text = output(os.path.join(output("swift", "build", "-c", "release", "--show-bin-path"), "gridbench"),
                  "--curve-out", curve_file)
    with open(curve_file) as f:
        curve = [tuple(float(v) / (1 if k == "n" else 1e9) for k, v in row.items())
                 for row in csv.DictReader(f, delimiter="\t")]
    return text, curve


def run_flow(folder):
    """flow_bench.py's Markdown table and its results."""
    result_file = os.path.join(folder, "flow.json")
    text = output(sys.executable, FLOW_BENCH, "--json", result_file)
    with open(result_file) as f:
        return text, json.load(f)


def plot_curve(curve):
    path = os.path.join(PLOTS, "query-vs-n.svg")
    series = [("brute-force scan of every frame", [(n, scan) for n, _, _, scan in curve]),
              ("elements(in:), random offsets", [(n, random) for n, _, random, _ in curve]),
              ("elements(in:), along a scroll", [(n, scroll) for n, scroll, _, _ in curve])]
    svg.loglog_chart(path, "Visible query (320×480) against item count, lanes (3)", series,
                     "items", "time per query",
                     subtitle="gridlayout's elements(in:) vs a scan of all frames; log-log; `make bench`")
    return path


def plot_flow(flow):
    path = os.path.join(PLOTS, "flow-comparison.svg")
    groups = [r["sizes"] for r in flow["results"]]
    values = {(engine, r["sizes"]): t for r in flow["results"] for engine, t in r["times"].items()}
    missing = flow["missing"]
    svg.log_bar_chart(path, f"Flow layout of {flow['n']:,} items (container 1000 wide): layout time",
                      flow["engines"], groups, values,
                      lambda engine: f"not installed (pip install {missing.get(engine, '?').split(':')[0]})",
                      subtitle="log scale; shorter is faster; frames equal across all; `make bench`")
    return path


def run_json_cli():
    """json_cli.py's row and whether it met its goal."""
    return json_cli.measure(os.path.join(output("swift", "build", "-c", "release", "--show-bin-path"), "gridlayout-cli"))


def run_flickr_cli():
    """flickr_cli.py's rows and whether it met its goal (None: not judged)."""
    return flickr_cli.measure(os.path.join(output("swift", "build", "-c", "release", "--show-bin-path"), "gridlayout-cli"))


def goals_met(gridbench_text, per_item, flow, json_row=None, flickr_rows=None):
    """(met, judged) per part."""
    parts = {}
    match = re.search(r"met (\d+) of (\d+) goals", gridbench_text)
    parts["gridbench"] = (int(match.group(1)), int(match.group(2))) if match else (0, 0)
    goals = instructions.goals(per_item)
    parts["instructions"] = (sum(1 for g in goals if g[3]), len(goals))
    if flow:
        parts["flow"] = (sum(r["met"] for r in flow["results"]), len(flow["results"]))
    if json_row:
        parts["json"] = (int(json_row[1]), 1)
    if flickr_rows and flickr_rows[1] is not None:
        parts["flickr"] = (int(flickr_rows[1]), 1)
    return parts


def section(started, gridbench_text, per_item, n, flow_text, flow, plots, json_row=None, flickr_rows=None):
    parts = goals_met(gridbench_text, per_item, flow, json_row, flickr_rows)
    met, judged = sum(m for m, _ in parts.values()), sum(j for _, j in parts.values())
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    commit = output("git", "rev-parse", "--short", "HEAD")
    if output("git", "status", "--porcelain", "--untracked-files=no"):
        commit += " + uncommitted changes"
    relative = {name: os.path.relpath(path, REPO) for name, path in plots.items()}
    lines = [BEGIN,
             "<!-- Written by `make bench` (tools/bench/report.py); edit the prose outside the markers. -->",
             "",
             f"Run of {when}, commit {commit}; `make bench` took {(time.time() - started) / 60:.1f} min.",
             "",
             f"Machine: {machine()}",
             "",
             f"**Goals met: {met} of {judged}** (" + ", ".join(f"{k} {m} of {j}" for k, (m, j) in parts.items()) + ").",
             ""]
    tables = "\n".join([gridbench_text, instructions.markdown(per_item, n),
                        json_row[0] if json_row else "", flickr_rows[0] if flickr_rows else ""])
    missed = unmet_rows(tables) + unmet_rows(flow_text or "", prefix="flow layout against Taffy and Yoga, sizes ")
    if missed:
        lines += ["Goals not met, each with the section below that says where its distance goes:", ""] + missed + [""]
    lines += [
             "### gridbench (Swift, release build)",
             "",
             gridbench_text,
             "",
             f"![Visible query time against item count, gridlayout and a brute-force scan]({relative['curve']})",
             "",
             "### Instructions per item: the Lua data source and the layouts against their C floors",
             "",
             instructions.markdown(per_item, n),
             ""]
    if flow:
        lines += ["### Flow layout against Taffy, Yoga and pure Lua (from Python)", "", flow_text, "",
                  f"![Flow layout time: gridlayout, pure Lua, Taffy, Yoga]({relative['flow']})", ""]
    else:
        lines += ["### Flow layout against Taffy, Yoga and pure Lua", "", "Not run (`--skip-flow`).", ""]
    if json_row:
        lines += ["### The JSON command line against Python's json (whole process)", "", json_cli.HEADER, json_row[0], ""]
    if flickr_rows:
        lines += ["### justified --flickr against node running flickr/justified-layout (whole process)", "",
                  flickr_cli.HEADER, flickr_rows[0], ""]
    lines.append(END)
    return "\n".join(lines), met, judged


def splice(generated):
    with open(DOCUMENT) as f:
        text = f.read()
    if BEGIN not in text or END not in text:
        sys.exit(f"{DOCUMENT} lacks the markers {BEGIN} and {END}")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    with open(DOCUMENT, "w") as f:
        f.write(head + generated + tail)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--skip-flow", action="store_true", help="leave out the Python flow comparison (~1 min)")
    args = parser.parse_args()
    started = time.time()
    os.makedirs(PLOTS, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        log("gridbench (~30 s)")
        gridbench_text, curve = run_gridbench(folder)
        plots = {"curve": plot_curve(curve)}
        flow_text, flow = None, None
        if not args.skip_flow:
            ensure_peers()
            log("flow layout against Taffy, Yoga and pure Lua (~1 min)")
            flow_text, flow = run_flow(folder)
            plots["flow"] = plot_flow(flow)
        log("gridlayout layout against Python's json (~30 s)")
        json_row = run_json_cli()
        log("gridlayout justified --flickr against node and the library (~1 min with the library)")
        flickr_rows = run_flickr_cli()
    log("instructions per item under callgrind (~30 s)")
    per_item = instructions.measure(instructions.N)
    generated, met, judged = section(started, gridbench_text, per_item, instructions.N, flow_text, flow, plots, json_row,
                                     flickr_rows)
    splice(generated)
    log(f"wrote {os.path.relpath(DOCUMENT, REPO)} and {', '.join(os.path.relpath(p, REPO) for p in plots.values())}: "
        f"goals met {met} of {judged}")
    if "MISMATCH" in gridbench_text:
        sys.exit("make bench: gridbench found frames that differ from a floor or a pure-Lua layout (see MISMATCH)")


if __name__ == "__main__":
    main()
