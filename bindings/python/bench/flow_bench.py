#!/usr/bin/env python3
"""Flow layout of 100,000 items in a container 1000 wide, from Python: gridlayout's bulk API
against stretchable (Taffy) and poga (Yoga) doing the same CSS flex-wrap layout.

Setup (this script installs nothing):

    swift build -c release --product gridlayout      # the release libgridlayout.so
    pip install stretchable poga                      # stretchable is a wheel; poga builds Yoga (~2 min)
    python3 bindings/python/bench/flow_bench.py       # prints a Markdown table

Both size sets (100x100, and 100 x 100..200 from random.Random(SEED)) go through all three
engines in one run. Timed: layout only -- gridlayout's reload(), Taffy's compute_layout(), Yoga's
YGNodeCalculateLayout() -- not building the trees or giving the sizes (reported separately for
gridlayout: set_sizes, the copy of the sizes into the library). gridlayout's times are the median
of REPEATS runs (milliseconds are noisy); the peers take seconds and run once. Every item's frame
is then checked equal across the three.

GRIDLAYOUT_LIBRARY picks the library; by default the release build of this repository.
"""

import os
import random
import statistics
import subprocess
import sys
import time
from array import array

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.dirname(HERE))

N = 100_000
WIDTH = 1000.0
SEED = 42
REPEATS = 21
GOAL = 1000

if not os.environ.get("GRIDLAYOUT_LIBRARY"):
    bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO,
                              check=True, capture_output=True, text=True).stdout.strip()
    library = os.path.join(bin_path, "libgridlayout.so")
    if not os.path.exists(library):
        sys.exit(f"{library} is missing: run `swift build -c release --product gridlayout`")
    os.environ["GRIDLAYOUT_LIBRARY"] = library

import gridlayout  # noqa: E402


def size_sets():
    rng = random.Random(SEED)
    return [("100×100", [(100.0, 100.0)] * N),
            ("100×(100–200), seeded", [(100.0, float(rng.randint(100, 200))) for _ in range(N)])]


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


def run_taffy(sizes):
    import stretchable as st
    from stretchable.style import AUTO, PT, AlignContent, AlignItems, FlexWrap
    children = [st.Node(style=st.Style(size=(w * PT, h * PT), flex_shrink=0.0)) for w, h in sizes]
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
    from poga.libpoga_capi import (YGAlign, YGDirection, YGFlexDirection, YGNodeCalculateLayout,
                                   YGNodeFreeRecursive, YGNodeInsertChild, YGNodeLayoutGetHeight,
                                   YGNodeLayoutGetLeft, YGNodeLayoutGetTop, YGNodeLayoutGetWidth,
                                   YGNodeNew, YGNodeStyleSetAlignContent, YGNodeStyleSetAlignItems,
                                   YGNodeStyleSetFlexDirection, YGNodeStyleSetFlexShrink,
                                   YGNodeStyleSetFlexWrap, YGNodeStyleSetHeight,
                                   YGNodeStyleSetWidth, YGUndefined, YGWrap)
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


def main():
    rows = []
    for name, sizes in size_sets():
        layout, copy, frames = run_gridlayout(sizes)
        peers = {}
        for peer, run in (("Taffy", run_taffy), ("Yoga", run_yoga)):
            try:
                peers[peer] = run(sizes)
            except ImportError as e:
                print(f"{peer}: not installed ({e}); `pip install stretchable poga`", file=sys.stderr)
        for peer, (_, peer_frames) in peers.items():
            if peer_frames != frames:
                bad = next(i for i, (a, b) in enumerate(zip(frames, peer_frames)) if a != b)
                sys.exit(f"{name}: frames differ from {peer} at item {bad}: "
                         f"gridlayout {frames[bad]}, {peer} {peer_frames[bad]}")
        rows.append((name, layout, copy, peers))
        print(f"{name}: checked {len(frames)} frames equal across gridlayout"
              + "".join(f", {p}" for p in peers), file=sys.stderr)

    print(f"Flow layout (CSS flex-wrap, align flex-start, no gap) of {N:,} items, container "
          f"{WIDTH:g} wide; layout time only; gridlayout median of {REPEATS}, peers once. "
          f"Library: {gridlayout.library_path()}; Python {sys.version.split()[0]}.\n")
    print("| sizes | gridlayout `reload()` | gridlayout `set_sizes()` (copy in) | Taffy `compute_layout()` "
          "| Yoga `calculateLayout()` | Taffy ÷ gridlayout | Yoga ÷ gridlayout | "
          f"goal ≥ {GOAL}× |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for name, layout, copy, peers in rows:
        ratios = {p: t / layout for p, (t, _) in peers.items()}
        met = all(r >= GOAL for r in ratios.values()) and len(ratios) == 2
        cells = [fmt(peers[p][0]) if p in peers else "n/a" for p in ("Taffy", "Yoga")]
        cells += [f"{ratios[p]:,.0f}×" if p in ratios else "n/a" for p in ("Taffy", "Yoga")]
        print(f"| {name} | {fmt(layout)} | {fmt(copy)} | " + " | ".join(cells)
              + f" | {'met' if met else 'NOT met'} |")
    print("\nFrames (x, y, w, h of every item) compared exactly: equal across all three engines.")


if __name__ == "__main__":
    main()
