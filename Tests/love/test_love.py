"""The LÖVE photo wall (examples/love) under xvfb-run, driven by xdotool.

The test runs this file again as a driver inside `xvfb-run`: it starts `love examples/love` in its
test mode (GRIDLAYOUT_LOVE_TEST names a folder: the app reads commands from its file `command`
and writes what it drew), presses arrows, scrolls the wheel five notches, drags a photo onto another of the same
day, and asks the app to save a screenshot and quit. The test then checks the scroll offset, that
the arrows moved the focus through neighbor, that the drag moved exactly that photo in the data, that the screenshot has each element's colour
where the engine's visible() put it, and that the app exited with status 0.

GRIDLAYOUT_LOVE_SCREENSHOT=path copies the screenshot there (make docs-images: docs/images/love.png).
"""

import os
import shutil
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WHEEL_STEP = 60      # main.lua scrolls 60 points a wheel notch
HEADER_HEIGHT = 32   # main.lua's header thickness
KEYS = ("Right", "Down", "Down")   # from the first photo, through neighbor
WHITE = (255, 255, 255)


def library():
    libdir = os.environ.get("GRIDLAYOUT_LIBDIR")
    if not libdir:
        subprocess.run(["make", "-s", "-C", str(ROOT / "bindings/c"), "lib", "CONFIG=debug"],
                       check=True, stdout=subprocess.DEVNULL)
        libdir = str(ROOT / ".build/gridlayout-c/debug/lib")
    return os.path.join(libdir, "libgridlayout.so")


def read_dump(path):
    """NAME.txt: offset, viewport, hud, focus, drop, stats, each day's ids, then the elements."""
    dump = {"days": {}, "elements": []}
    for line in Path(path).read_text().splitlines():
        word, *rest = line.split()
        if word == "day":
            dump["days"][int(rest[0])] = [int(v) for v in rest[1:]]
        elif word == "element":
            kind, s, i = rest[0], int(rest[1]), int(rest[2])
            x, y, w, h = (float(v) for v in rest[3:7])
            dump["elements"].append({"kind": kind, "section": s, "item": i, "x": x, "y": y, "w": w, "h": h,
                                     "rgb": tuple(int(v) for v in rest[7:10])})
        else:
            dump[word] = [float(v) for v in rest]
    return dump


def read_png(path):
    """Rows of (r, g, b) from an 8-bit RGB or RGBA PNG, not interlaced (what LÖVE writes)."""
    data = Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    bpp = 4 if colour == 6 else 3
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        start = y * (stride + 1)
        filt, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if filt == 1:
                line[i] = (line[i] + a) & 255
            elif filt == 2:
                line[i] = (line[i] + b) & 255
            elif filt == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif filt == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(width)])
        prev = line
    return rows


def drive(out):
    """Inside xvfb-run: start the app, scroll, drag, quit; write driver.txt with what it did."""
    out = Path(out)
    env = dict(os.environ, GRIDLAYOUT_LOVE_TEST=str(out))
    app = subprocess.Popen(["love", str(ROOT / "examples/love")], env=env,
                           stdout=open(out / "stdout.txt", "w"), stderr=open(out / "stderr.txt", "w"))

    def command(line, wait_for=None, timeout=60):
        (out / "command.tmp").write_text(line + "\n")
        os.rename(out / "command.tmp", out / "command")
        if wait_for is None:
            return None
        deadline = time.monotonic() + timeout
        while not (out / wait_for).exists():
            if app.poll() is not None:
                raise SystemExit(f"the app exited with status {app.returncode} before {wait_for}")
            if time.monotonic() > deadline:
                app.kill()
                raise SystemExit(f"no {wait_for} within {timeout} s")
            time.sleep(0.05)
        return read_dump(out / wait_for)

    def xdotool(*args):
        return subprocess.run(["xdotool", *args], check=True, capture_output=True, text=True).stdout

    command("dump ready", "ready.txt")
    window = xdotool("search", "--sync", "--name", "gridlayout photo wall").split()[0]
    xdotool("mousemove", "--window", window, "500", "300")
    time.sleep(0.3)
    for key in KEYS:   # the window under the pointer has the keyboard (no window manager)
        xdotool("key", key)
        time.sleep(0.2)
    time.sleep(0.5)
    command("dump focused", "focused.txt")
    xdotool("click", "--repeat", "5", "--delay", "80", "5")   # button 5: the wheel, down
    time.sleep(1.0)
    scrolled = command("dump scrolled", "scrolled.txt")

    # The photo to drag and the one to drop it on: the day under the header, the first photo
    # wholly below the header and above the status box, and the one whose centre is farthest.
    ox, oy = scrolled["offset"]
    top, bottom = HEADER_HEIGHT + 8, scrolled["hud"][1] - 8
    items = [e for e in scrolled["elements"] if e["kind"] == "item"
             and e["y"] - oy >= top and e["y"] + e["h"] - oy <= bottom]
    first = items[0]
    same = [e for e in items if e["section"] == first["section"] and e is not first]
    centre = lambda e: (e["x"] + e["w"] / 2 - ox, e["y"] + e["h"] / 2 - oy)
    ax, ay = centre(first)
    target = max(same, key=lambda e: (centre(e)[0] - ax) ** 2 + (centre(e)[1] - ay) ** 2)
    bx, by = centre(target)
    path = [("press", round(ax), round(ay))] + [
        ("move", round(ax + (bx - ax) * k / 12), round(ay + (by - ay) * k / 12)) for k in range(1, 13)]
    for word, x, y in path:
        xdotool("mousemove", "--window", window, str(x), str(y))
        time.sleep(0.2 if word == "press" else 0.05)
        if word == "press":
            xdotool("mousedown", "1")
    time.sleep(0.5)
    xdotool("mouseup", "1")
    time.sleep(1.0)
    command("dump dropped", "dropped.txt")
    (out / "drag.txt").write_text("".join(f"{word} {x} {y}\n" for word, x, y in path))
    command("quit")
    try:
        status = app.wait(timeout=60)
    except subprocess.TimeoutExpired:
        app.kill()
        raise SystemExit("the app did not quit within 60 s")
    (out / "status.txt").write_text(f"{status}\n")


def topmost(elements, x, y):
    """The element drawn last at (x, y): main.lua draws the items, then the headers over them."""
    found = None
    for e in [e for e in elements if e["kind"] == "item"] + [e for e in elements if e["kind"] != "item"]:
        if e["x"] <= x < e["x"] + e["w"] and e["y"] <= y < e["y"] + e["h"]:
            found = e
    return found


def test_photo_wall(tmp_path):
    for tool in ("love", "xvfb-run", "xdotool"):
        assert shutil.which(tool), f"{tool} not found (tools/ensure-deps.sh installs it)"
    env = dict(os.environ, GRIDLAYOUT_LIBRARY=library())
    run = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x800x24",
                          sys.executable, __file__, "--drive", str(tmp_path)],
                         env=env, capture_output=True, text=True, timeout=300)
    app_stderr = (tmp_path / "stderr.txt").read_text() if (tmp_path / "stderr.txt").exists() else ""
    assert run.returncode == 0, run.stdout + run.stderr + app_stderr
    assert (tmp_path / "status.txt").read_text() == "0\n", app_stderr
    assert app_stderr == ""

    ready = read_dump(tmp_path / "ready.txt")
    scrolled = read_dump(tmp_path / "scrolled.txt")
    dropped = read_dump(tmp_path / "dropped.txt")
    final = read_dump(tmp_path / "final.txt")
    assert ready["offset"] == [0, 0] and ready["viewport"] == [1024, 720]
    # The arrows: the focus went where the engine's neighbor says for the same wall under plain
    # luajit, which scrollToItem(s, i, "nearest") kept in view; the wheel scrolls from there.
    lua_env = dict(env, LUA_PATH=f"{ROOT}/bindings/luajit/?.lua;{ROOT}/examples/love/?.lua;;")
    walk = subprocess.run(["luajit", "-e", f"""
        local gl, wall = require "gridlayout", require "wall"
        local photos, days = wall.generate()
        local grid = wall.grid(gl, photos, days, 1024, 720)
        grid:reload()
        local s, i = 1, 1
        for _, dir in ipairs {{ {", ".join(repr(k.lower()) for k in KEYS)} }} do
          s, i = grid:neighbor(s, i, dir)
          grid:scrollToItem(s, i, "nearest")
        end
        print(s, i, grid:offset())"""], capture_output=True, text=True, env=lua_env)
    assert walk.returncode == 0, walk.stderr
    s, i, x, y = (float(v) for v in walk.stdout.split())
    focused = read_dump(tmp_path / "focused.txt")
    assert focused["focus"] == [s, i] and focused["offset"] == [x, y] and (s, i) != (1, 1)
    assert scrolled["offset"] == [0, y + 5 * WHEEL_STEP]

    # The drag: the engine, given the same order and the same mouse path under plain luajit
    # (Tests/love/replay.lua), drops it where the app did; the app moved that photo alone.
    replay_input = "".join(line + "\n" for line in (tmp_path / "scrolled.txt").read_text().splitlines()
                           if line.split()[0] in ("viewport", "offset", "day"))
    replay = subprocess.run(["luajit", str(ROOT / "Tests/love/replay.lua")],
                            input=replay_input + (tmp_path / "drag.txt").read_text(), capture_output=True,
                            text=True, env=lua_env)
    assert replay.returncode == 0, replay.stderr
    s, item, _, onto = (int(v) for v in replay.stdout.split()[1:])
    assert dropped["drop"] == [s, item, s, onto] and onto != item
    ids = list(scrolled["days"][s])
    ids.insert(onto - 1, ids.pop(item - 1))
    assert dropped["days"][s] == ids
    assert {d: v for d, v in dropped["days"].items() if d != s} == \
           {d: v for d, v in scrolled["days"].items() if d != s}
    assert dropped["focus"] == [s, onto]
    assert final["days"] == dropped["days"] and final["offset"] == dropped["offset"]

    # Views are reused: fewer exist than photos were shown.
    created, reused, live, pooled = final["stats"]
    assert live == sum(1 for e in final["elements"] if e["kind"] == "item")
    assert reused > 0 and created == live + pooled

    # The screenshot: each element's centre and its corner pixels (1 px in: frames snap to whole
    # pixels) have the colour of the element drawn last there, unless the status box covers them;
    # the focused photo's corners are its white ring, and a header's hold its label.
    rows = read_png(tmp_path / "final.png")
    assert (len(rows[0]), len(rows)) == (1024, 720)
    ox, oy = final["offset"]
    hx, hy, hw, hh = final["hud"]
    fs, fi = (int(v) for v in final["focus"])
    focused = next(e for e in final["elements"] if (e["section"], e["item"]) == (fs, fi))
    checked = 0
    for e in final["elements"]:
        points = [(e["x"] + e["w"] / 2, e["y"] + e["h"] / 2)]
        if e["kind"] == "item" and e is not focused:
            points += [(e["x"] + dx, e["y"] + dy) for dx in (1, e["w"] - 2) for dy in (1, e["h"] - 2)]
        for x, y in points:
            vx, vy = int(x - ox), int(y - oy)
            if not (0 <= vx < 1024 and 0 <= vy < 720) or (hx <= vx < hx + hw and hy <= vy < hy + hh):
                continue
            if topmost(final["elements"], x, y) is not e:
                continue
            assert rows[vy][vx] == e["rgb"], (e, vx, vy, rows[vy][vx])
            checked += 1
    assert checked >= 60
    assert rows[int(focused["y"] + focused["h"] / 2 - oy)][int(focused["x"] + 1 - ox)] == WHITE

    shot = os.environ.get("GRIDLAYOUT_LOVE_SCREENSHOT")
    if shot:
        shutil.copyfile(tmp_path / "final.png", shot)


if __name__ == "__main__" and sys.argv[1:2] == ["--drive"]:
    drive(sys.argv[2])
