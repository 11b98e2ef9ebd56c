#!/usr/bin/env python3
"""Flow alignment fixtures from a third-party engine: Taffy (through the Python package
`stretchable`) lays out a wrapping flex container, and its frames become shared layout fixtures
(Tests/fixtures/layout/flow-taffy-*.json, the format of Tests/fixtures/README.md) that the Swift,
Lua, Python and C suites run like the others.

    tools/taffy_fixtures.py            writes the fixtures (then: tools/layout_fixtures.py c)
    tools/taffy_fixtures.py --check    fails when a fixture is not what Taffy gives now

How a flow grid maps onto the flex container (docs/layout.md, "flow" and "Flow alignment"):

- the container is `display: flex`, `flex-wrap: wrap`, `align-content: flex-start` (lines packed
  at the start along S, as flow stacks them); `flex-direction: row` for a vertical grid (C is x),
  `column` for a horizontal one (C is y);
- its size along C is the viewport's C size (`width` for a vertical grid, `height` for a
  horizontal one), along S auto: Taffy's extent along S is the content's S size;
- `padding` is the container's padding, side for side (top, left, bottom, right are the same
  edges in both: in a horizontal grid the C sides are top and bottom);
- `itemSpacing` (along C, between the items of a line) and `lineSpacing` (along S, between
  lines) are CSS's `gap`: for `row`, itemSpacing is the column gap and lineSpacing the row gap;
  for `column` it is the other way round (lineSpacing is the column gap, between the columns
  that are its lines, and itemSpacing the row gap);
- every child is `flex-shrink: 0` at its fixed size (flow never squeezes an item), so a line
  breaks where the next item's C end would pass the C range, as flow breaks it;
- `justify` is `justify-content` (`start` is flex-start, `spaceBetween` space-between, ...) and
  `alignItems` is `align-items` (`start` is flex-start: the CSS default, stretch, would stretch
  nothing here, as every item has its size, but says the wrong thing).

Taffy computes in 32-bit floats and rounds to whole pixels unless told not to: `compute_layout`
runs with `use_rounding=False`, and the sizes are chosen so that every position is a short binary
fraction (each line's free space divides evenly by its count of gaps), which a float holds exactly.
The script checks that (a frame Taffy gives that is not a multiple of 1/64 is an error): then the
fixtures compare exactly, as every fixture does. A line whose free space is negative (an item wider
than the range) is not in these fixtures: CSS then centres `center` and the space values, where
flow lays the line out as `start` (the Swift tests hold that case).
"""

import os
import sys

from stretchable import Node, Style
from stretchable.style import (AUTO, PT, AlignContent, AlignItems, Display, FlexDirection, FlexWrap,
                               JustifyContent, Rect, Size)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import layout_fixtures  # noqa: E402  (the fixtures' own writer: one format, one layout of the JSON)

JUSTIFY = {"start": JustifyContent.FLEX_START, "center": JustifyContent.CENTER, "end": JustifyContent.FLEX_END,
           "spaceBetween": JustifyContent.SPACE_BETWEEN, "spaceAround": JustifyContent.SPACE_AROUND,
           "spaceEvenly": JustifyContent.SPACE_EVENLY}
ALIGN = {"start": AlignItems.FLEX_START, "center": AlignItems.CENTER, "end": AlignItems.FLEX_END}

# The items, as (C size, S size), with the C range 300 long and itemSpacing 10; each line's free
# space divides by k − 1, 2k and k + 1 (k its items) into short binary fractions.
ITEMS = [
    (100, 40), (60, 20), (60, 30),            # 3 items, 240 of 300 (the next, 100, passes): free 60
    (100, 10), (50, 30), (40, 20), (20, 16),  # 4 items (the next, 140, passes): free 60
    (140, 24), (150, 12),                     # 2 items filling the line exactly: free 0
    (200, 18),                                # 1 item (the next, 110, passes): free 100
    (110, 22), (150, 8),                      # 2 items: free 30
    (300, 10),                                # 1 item filling the line exactly
]
C_LENGTH, ITEM_SPACING, LINE_SPACING = 300, 10, 6
# The C sides are 12 and 8 (300 of the viewport's 320); the S sides 5 and 7.
VIEWPORT_C, VIEWPORT_S = 320, 100
ALIGNMENTS = ["start", "center", "end"]


def case(direction, justify, align):
    """The fixture (without its answers) for one grid."""
    vertical = direction == "vertical"
    padding = ({"top": 5, "left": 12, "bottom": 7, "right": 8} if vertical
               else {"top": 12, "left": 5, "bottom": 8, "right": 7})
    width, height = (VIEWPORT_C, VIEWPORT_S) if vertical else (VIEWPORT_S, VIEWPORT_C)
    options = {"layout": "flow", "direction": direction, "width": width, "height": height, "padding": padding,
               "lineSpacing": LINE_SPACING, "itemSpacing": ITEM_SPACING, "justify": justify, "alignItems": align}
    sizes = [[c, s] if vertical else [s, c] for c, s in ITEMS]
    return {
        "description": f"Flow alignment against Taffy (tools/taffy_fixtures.py): {direction}, justify = "
                       f"{justify!r} (CSS justify-content), alignItems = {align!r} (align-items); lines of 3, "
                       f"4, 2 (filling the line), 1, 2 and 1 (filling the line) items with free space 60, 60, "
                       f"0, 100, 30 and 0.",
        "options": options,
        "data": {"sections": [{"sizes": sizes}]},
    }


def taffy_frames(fx):
    """Taffy's frames of the fixture's items, and its content size."""
    o = fx["options"]
    vertical = o["direction"] == "vertical"
    p = o["padding"]
    if vertical:
        gap = Size(width=o["itemSpacing"] * PT, height=o["lineSpacing"] * PT)
        size = Size(width=o["width"] * PT, height=AUTO)
    else:
        gap = Size(width=o["lineSpacing"] * PT, height=o["itemSpacing"] * PT)
        size = Size(width=AUTO, height=o["height"] * PT)
    root = Node(style=Style(display=Display.FLEX, flex_wrap=FlexWrap.WRAP,
                            flex_direction=FlexDirection.ROW if vertical else FlexDirection.COLUMN,
                            justify_content=JUSTIFY[o["justify"]], align_items=ALIGN[o["alignItems"]],
                            align_content=AlignContent.FLEX_START, gap=gap, size=size,
                            padding=Rect(top=p["top"] * PT, right=p["right"] * PT, bottom=p["bottom"] * PT,
                                         left=p["left"] * PT)))
    for w, h in fx["data"]["sections"][0]["sizes"]:
        root.add(Node(style=Style(size=Size(width=w * PT, height=h * PT), flex_shrink=0)))
    root.compute_layout((o["width"], o["height"]) if vertical else (1e6, o["height"]), use_rounding=False)
    frames = []
    for child in root:
        box = child.get_box()
        frames.append([exact(box.x), exact(box.y), exact(box.width), exact(box.height)])
    box = root.get_box()
    content = [exact(box.width), exact(box.height)]
    # The content's S extent is the last line's end plus the end padding: Taffy's container along S.
    s = 1 if vertical else 0
    end = max(f[s] + f[s + 2] for f in frames) + (p["bottom"] if vertical else p["right"])
    if content[s] != end:
        sys.exit(f"Taffy's container is {content} long, the items end at {end} with the padding")
    return frames, content


def exact(v):
    """A Taffy number that a float holds exactly (a multiple of 1/64), as an int where whole."""
    if v * 64 != int(v * 64):
        sys.exit(f"Taffy gave {v!r}: not a short binary fraction (choose sizes whose free space divides evenly)")
    return layout_fixtures._number(v)


def visible(frames, offset, fx):
    """The items a viewport at `offset` shows (overlap of positive area), ascending."""
    o = fx["options"]
    x0, y0 = offset
    x1, y1 = x0 + o["width"], y0 + o["height"]
    return [["item", 0, i] + f for i, f in enumerate(frames)
            if min(f[0] + f[2], x1) > max(f[0], x0) and min(f[1] + f[3], y1) > max(f[1], y0)]


def build():
    fixtures = {}
    for direction in ("vertical", "horizontal"):
        for n, justify in enumerate(JUSTIFY):
            align = ALIGNMENTS[n % 3] if direction == "vertical" else ALIGNMENTS[(n + 1) % 3]
            fx = case(direction, justify, align)
            frames, content = taffy_frames(fx)
            fx["contentSize"] = content
            fx["frames"] = {"items": [frames], "headers": [None], "loader": None}
            # The start and the end of the content, the end's offset the largest there is.
            s = 1 if direction == "vertical" else 0
            last = [0, 0]
            last[s] = content[s] - (fx["options"]["height"] if s else fx["options"]["width"])
            fx["viewports"] = [{"offset": offset, "visible": visible(frames, offset, fx)} for offset in ([0, 0], last)]
            fixtures[f"flow-taffy-{direction}-{layout_fixtures_name(justify)}"] = fx
    return fixtures


def layout_fixtures_name(justify):
    return "".join("-" + c.lower() if c.isupper() else c for c in justify)


def main():
    check = "--check" in sys.argv[1:]
    stale = []
    for name, fx in build().items():
        text = layout_fixtures.dumps(fx) + "\n"
        path = os.path.join(layout_fixtures.FIXTURES, name + ".json")
        if check:
            with open(path, encoding="utf-8") as f:
                if f.read() != text:
                    stale.append(name)
            continue
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"wrote {name}.json")
    if stale:
        sys.exit(f"not what Taffy gives: {', '.join(stale)} (run tools/taffy_fixtures.py)")


if __name__ == "__main__":
    main()
