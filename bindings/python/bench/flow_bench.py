#!/usr/bin/env python3
"""Flow layout of 100,000 items in a container 1000 wide: gridlayout (from Swift, and from Python
through the C ABI) against stretchable (Taffy), poga (Yoga) and a pure-Lua loop (lupa), all doing
the same CSS flex-wrap layout.

Setup (this script installs nothing; `make bench` runs it and installs stretchable and lupa):

    swift build -c release --product gridlayout      # the release libgridlayout.so
    swift build -c release --product gridbench       # gridlayout from Swift (--flow-file)
    pip install stretchable lupa poga                 # wheels, but poga builds Yoga (~2 min)
    python3 bindings/python/bench/flow_bench.py [--json PATH] [--n N]   # prints a Markdown table

Both size sets (100x100, and 100 x 100..200 from random.Random(SEED)) go through every engine in
one run. Timed: layout only -- gridlayout's reload() (and the same layout in Swift:
`gridbench --flow-file`), the Lua loop, Taffy's compute_layout(), Yoga's YGNodeCalculateLayout() --
not building the trees or giving the sizes (reported separately for gridlayout: set_sizes, the
copy of the sizes into the library). gridlayout's and Lua's times are the median of REPEATS runs
(milliseconds are noisy); the peers take seconds and run once. Every item's frame is then checked
equal across all of them. A peer that is not installed is reported as such.

GRIDLAYOUT_LIBRARY picks the library; by default the release build of this repository.
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from array import array

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.dirname(HERE))

N = 100_000
WIDTH = 1000.0
SEED = 42
REPEATS = 21
LUA_REPEATS = 5

BIN_PATH = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO,
                          check=True, capture_output=True, text=True).stdout.strip()
if not os.environ.get("GRIDLAYOUT_LIBRARY"):
    library = os.path.join(BIN_PATH, "libgridlayout.so")
    if not os.path.exists(library):
        sys.exit(f"{library} is missing: run `swift build -c release --product gridlayout`")
    os.environ["GRIDLAYOUT_LIBRARY"] = library

import gridlayout  # noqa: E402

# The engines, in the table's and the chart's order.
SWIFT, PYTHON, LUA, TAFFY, YOGA = ("gridlayout (Swift)", "gridlayout (Python, C ABI)", "pure Lua (lupa)",
                                   "Taffy (stretchable)", "Yoga (poga)")
# The goals: each peer's layout time ÷ gridlayout's from Python, at least.
GOALS = {TAFFY: 3000, YOGA: 10000}


class NotInstalled(Exception):
    pass


def size_sets(n):
    rng = random.Random(SEED)
    return [("100×100", [(100.0, 100.0)] * n),
            ("100×(100–200), seeded", [(100.0, float(rng.randint(100, 200))) for _ in range(n)])]


def run_gridlayout(sizes):
    flat = array("d", [v for pair in sizes for v in pair])
    grid = gridlayout.Grid(layout="flow", width=WIDTH, height=1000)
    set_times, layout_times = [], []
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        grid.set_sizes(flat)
        t1 = time.perf_counter()
        grid.reload()
        t2 = time.perf_counter()
        set_times.append(t1 - t0)
        layout_times.append(t2 - t1)
    w, h = grid.content_size()
    frames = [tuple(e[3:7]) for e in grid.elements_in((0, 0, w, h))]
    grid.close()
    return statistics.median(layout_times), statistics.median(set_times), frames


def run_swift(sizes):
    """The same layout from Swift: `gridbench --flow-file` (median of REPEATS), its frames read back."""
    gridbench = os.path.join(BIN_PATH, "gridbench")
    if not os.path.exists(gridbench):
        raise NotInstalled(f"{gridbench} is missing: `swift build -c release --product gridbench`")
    with tempfile.TemporaryDirectory() as folder:
        size_file, frame_file = os.path.join(folder, "sizes"), os.path.join(folder, "frames")
        with open(size_file, "wb") as f:
            array("d", [v for pair in sizes for v in pair]).tofile(f)
        ns = float(subprocess.run([gridbench, "--flow-file", size_file, frame_file, f"{WIDTH:g}", str(REPEATS)],
                                  check=True, capture_output=True, text=True).stdout)
        values = array("d")
        with open(frame_file, "rb") as f:
            values.fromfile(f, 4 * len(sizes))
    return ns / 1e9, [tuple(values[i:i + 4]) for i in range(0, len(values), 4)]


LUA_FLOW = """
function(ws, hs, n, width)
  local xs, ys = {}, {}
  local line, thickness, x = 0, 0, 0
  for i = 1, n do
    local w, h = ws[i], hs[i]
    if i > 1 and x + w > width then
      line = line + thickness
      thickness = 0
      x = 0
    end
    xs[i], ys[i] = x, line
    x = x + w
    if h > thickness then thickness = h end
  end
  return xs, ys
end
"""


def run_lua(sizes):
    """The flow layout as a plain Lua 5.4 loop over tables of sizes (lupa): Lua's best case."""
    try:
        from lupa import lua54
    except ImportError as e:
        raise NotInstalled(f"lupa: {e}") from e
    lua = lua54.LuaRuntime()
    flow = lua.eval(LUA_FLOW)
    ws, hs = lua.table_from([w for w, _ in sizes]), lua.table_from([h for _, h in sizes])
    times = []
    for _ in range(LUA_REPEATS):
        t0 = time.perf_counter()
        xs, ys = flow(ws, hs, len(sizes), WIDTH)
        times.append(time.perf_counter() - t0)
    frames = [(float(xs[i + 1]), float(ys[i + 1]), w, h) for i, (w, h) in enumerate(sizes)]
    return statistics.median(times), frames


def run_taffy(sizes):
    try:
        import stretchable as st
        from stretchable.style import AUTO, PT, AlignContent, AlignItems, FlexWrap
    except ImportError as e:
        raise NotInstalled(f"stretchable: {e}") from e
    styles = {}  # one Style per distinct size: building a Style costs ~1.6 ms (the tree is not timed)

    def style(w, h):
        if (w, h) not in styles:
            styles[w, h] = st.Style(size=(w * PT, h * PT), flex_shrink=0.0)
        return styles[w, h]

    children = [st.Node(style=style(w, h)) for w, h in sizes]
    root = st.Node(*children, style=st.Style(size=(WIDTH * PT, AUTO), flex_wrap=FlexWrap.WRAP,
                                             align_items=AlignItems.FLEX_START,
                                             align_content=AlignContent.FLEX_START))
    t0 = time.perf_counter()
    root.compute_layout()
    elapsed = time.perf_counter() - t0
    frames = []
    for child in children:
        box = child.get_box()
        frames.append((box.x, box.y, box.width, box.height))
    return elapsed, frames


def run_yoga(sizes):
    try:
        from poga.libpoga_capi import (YGAlign, YGDirection, YGFlexDirection, YGNodeCalculateLayout,
                                       YGNodeFreeRecursive, YGNodeInsertChild, YGNodeLayoutGetHeight,
                                       YGNodeLayoutGetLeft, YGNodeLayoutGetTop, YGNodeLayoutGetWidth,
                                       YGNodeNew, YGNodeStyleSetAlignContent, YGNodeStyleSetAlignItems,
                                       YGNodeStyleSetFlexDirection, YGNodeStyleSetFlexShrink,
                                       YGNodeStyleSetFlexWrap, YGNodeStyleSetHeight,
                                       YGNodeStyleSetWidth, YGUndefined, YGWrap)
    except ImportError as e:
        raise NotInstalled(f"poga: {e}") from e
    root = YGNodeNew()
    YGNodeStyleSetFlexDirection(root, YGFlexDirection.Row)
    YGNodeStyleSetFlexWrap(root, YGWrap.Wrap)
    YGNodeStyleSetAlignItems(root, YGAlign.FlexStart)
    YGNodeStyleSetAlignContent(root, YGAlign.FlexStart)
    YGNodeStyleSetWidth(root, WIDTH)
    children = []
    for i, (w, h) in enumerate(sizes):
        child = YGNodeNew()
        YGNodeStyleSetWidth(child, w)
        YGNodeStyleSetHeight(child, h)
        YGNodeStyleSetFlexShrink(child, 0.0)
        YGNodeInsertChild(root, child, i)
        children.append(child)
    t0 = time.perf_counter()
    YGNodeCalculateLayout(root, WIDTH, YGUndefined, YGDirection.LTR)
    elapsed = time.perf_counter() - t0
    frames = [(YGNodeLayoutGetLeft(c), YGNodeLayoutGetTop(c), YGNodeLayoutGetWidth(c),
               YGNodeLayoutGetHeight(c)) for c in children]
    YGNodeFreeRecursive(root)
    return elapsed, frames


def fmt(seconds):
    return f"{seconds * 1e3:.3f} ms" if seconds < 1 else f"{seconds:.2f} s"


def measure(n):
    """Per size set: {engine: seconds}, and {engine: why it did not run}."""
    results, missing = [], {}
    for name, sizes in size_sets(n):
        layout, copy, frames = run_gridlayout(sizes)
        times = {PYTHON: layout}
        for engine, run in ((SWIFT, run_swift), (LUA, run_lua), (TAFFY, run_taffy), (YOGA, run_yoga)):
            try:
                elapsed, other = run(sizes)
            except NotInstalled as e:
                missing[engine] = str(e)
                continue
            if other != frames:
                bad = next(i for i, (a, b) in enumerate(zip(frames, other)) if a != b) if len(other) == len(frames) else -1
                sys.exit(f"{name}: frames differ from {engine} at item {bad}: gridlayout "
                         f"{frames[bad]}, {engine} {other[bad]}")
            times[engine] = elapsed
        met = all(p in times and times[p] / times[PYTHON] >= GOALS[p] for p in (TAFFY, YOGA))
        results.append({"sizes": name, "times": times, "set_sizes": copy, "met": met})
        print(f"{name}: checked {len(frames)} frames equal across " + ", ".join(times), file=sys.stderr)
    return results, missing


def markdown(results, missing, n):
    lines = [f"Flow layout (CSS flex-wrap, align flex-start, no gap) of {n:,} items, container "
             f"{WIDTH:g} wide; layout time only; gridlayout and Lua median of {REPEATS} and {LUA_REPEATS}, "
             f"Taffy and Yoga once. Python {sys.version.split()[0]}.", ""]
    engines = (SWIFT, PYTHON, LUA, TAFFY, YOGA)
    lines.append("| sizes | " + " | ".join(engines) + f" | set_sizes() (copy in) | Taffy ÷ gridlayout (goal ≥ {GOALS[TAFFY]:,}×) "
                 f"| Yoga ÷ gridlayout (goal ≥ {GOALS[YOGA]:,}×) | goals |")
    lines.append("|---|" + "---:|" * (len(engines) + 3) + "---|")
    for r in results:
        t = r["times"]
        ratios = {p: t[p] / t[PYTHON] for p in (TAFFY, YOGA) if p in t}
        cells = [fmt(t[e]) if e in t else "not installed" for e in engines] + [fmt(r["set_sizes"])]
        cells += [f"{ratios[p]:,.0f}×" if p in ratios else "n/a" for p in (TAFFY, YOGA)]
        lines.append(f"| {r['sizes']} | " + " | ".join(cells) + f" | {'met' if r['met'] else '**NOT met**'} |")
    lines += ["", "The ratios divide by gridlayout's time from Python. Frames (x, y, w, h of every item) "
                  "compared exactly: equal across every engine that ran."]
    lines += [f"Not installed: {e} ({why})." for e, why in missing.items()]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=N, help="items per layout")
    parser.add_argument("--json", help="also write the times here (for make bench's chart)")
    args = parser.parse_args()
    results, missing = measure(args.n)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"n": args.n, "engines": [SWIFT, PYTHON, LUA, TAFFY, YOGA], "results": results,
                       "missing": missing, "goals": GOALS}, f)
    print(markdown(results, missing, args.n))


if __name__ == "__main__":
    main()
