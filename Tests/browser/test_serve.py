"""gridrepl --serve: the browser view. A server runs scripts/browser.lua on a free port; headless
chromium (through selenium) loads the page, scrolls, resizes, clicks and drags, and the test reads
the DOM's boxes back. Every box must be exactly an element of the engine's visible() for that
offset — as the server's JSON says, and as a separate gridrepl run of the same script with
resize, scrollTo and visible() prints it. Also: the data source's move on a drop, the script run
again after an edit, HTTP errors (404, 400, 405, 409, 413, 422, 500) that leave the server answering, and
that it listens on 127.0.0.1 only. Every wait has a timeout."""

import contextlib
import json
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
import sys
from pathlib import Path

import pytest

selenium = pytest.importorskip("selenium")  # tools/ensure-deps.sh installs it, chromium and chromedriver
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options as ChromeOptions  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.actions.action_builder import ActionBuilder  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "browser.lua"
CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
TIMEOUT = 15
WINDOW = (900, 700)


# gridrepl itself: the REPL tests' session fixture (it builds the binary once).
sys.path.insert(0, str(ROOT / "Tests" / "repl"))
from test_repl import gridrepl  # noqa: E402,F401


def clean_env():
    return {k: v for k, v in os.environ.items() if not k.startswith("LUA_")}


class Server:
    """gridrepl --serve 0 SCRIPT: its URL (from stderr) and its output lines, read as they come."""

    def __init__(self, gridrepl, script):
        name = script.relative_to(ROOT) if script.is_relative_to(ROOT) else script
        self.proc = subprocess.Popen([gridrepl, "--serve", "0", str(name)], cwd=ROOT, env=clean_env(),
                                     stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.stdout, self.stderr = [], []
        deadline = time.monotonic() + TIMEOUT
        while True:
            ready, _, _ = select.select([self.proc.stderr], [], [], max(0, deadline - time.monotonic()))
            assert ready, f"no URL on stderr within {TIMEOUT} s"
            line = self.proc.stderr.readline()
            assert line, f"gridrepl ended: {self.proc.wait()}"
            m = re.fullmatch(r"gridrepl: serving (http://127\.0\.0\.1:(\d+)/)\n", line)
            if m:
                self.url, self.port = m.group(1), int(m.group(2))
                break
            self.stderr.append(line)
        for stream, lines in ((self.proc.stdout, self.stdout), (self.proc.stderr, self.stderr)):
            threading.Thread(target=lambda s=stream, ls=lines: ls.extend(iter(s.readline, "")), daemon=True).start()

    def get(self, path):
        with urllib.request.urlopen(self.url.rstrip("/") + path, timeout=TIMEOUT) as r:
            return r.status, json.loads(r.read())

    def post(self, path, body):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        req = urllib.request.Request(self.url.rstrip("/") + path, data=data, method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=TIMEOUT) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    def wait_output(self, predicate, what):
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            found = [line for line in list(self.stdout) if predicate(line)]
            if found:
                return found
            time.sleep(0.05)
        raise AssertionError(f"no {what} in the output: {self.stdout[-5:]}")

    def stop(self):
        self.proc.send_signal(signal.SIGINT)
        status = self.proc.wait(timeout=TIMEOUT)
        assert status == 0, (status, self.stderr)


@contextlib.contextmanager
def serving(gridrepl, path, text):
    """A Server of `text` written to `path`, stopped at the end."""
    path.write_text(text)
    s = Server(gridrepl, path)
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture(scope="module")
def server(gridrepl):
    s = Server(gridrepl, SCRIPT)
    yield s
    s.stop()


def make_browser():
    if not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)):
        pytest.skip("chromium and chromium-driver are missing (tools/ensure-deps.sh installs them)")
    options = ChromeOptions()
    options.binary_location = CHROMIUM  # both paths given: Selenium Manager would try to download
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--force-device-scale-factor=1",
                f"--window-size={WINDOW[0]},{WINDOW[1]}"]:
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.set_page_load_timeout(TIMEOUT)
    driver.set_script_timeout(TIMEOUT)
    return driver


@pytest.fixture(scope="module")
def browser():
    driver = make_browser()
    yield driver
    driver.quit()


def wait(driver, script, *args, what="the page"):
    """Waits until the page's JS `script` (a function body) returns something true; returns it."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        value = driver.execute_script(script, *args)
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def settled(driver):
    """The page's last answer once no request is out and none waits."""
    return wait(driver, "const v = window.gridView; return v && v.state && !v.busy ? v.state : null;",
                what="the page to settle")


def scroll(driver, x, y):
    driver.execute_script("document.getElementById('scroller').scrollTo(arguments[0], arguments[1]);", x, y)
    wait(driver, "const v = window.gridView; return v.state && !v.busy && v.state.offset.x === arguments[0]"
                 " && v.state.offset.y === arguments[1];", x, y, what=f"offset ({x}, {y})")
    return settled(driver)


BOXES = """
const content = document.getElementById('content').getBoundingClientRect();
return [...document.querySelectorAll('#content > *')].map(b => {
  const r = b.getBoundingClientRect();
  return [b.dataset.kind, b.dataset.section, b.dataset.item, r.left - content.left, r.top - content.top,
          r.width, r.height, b.textContent, b.classList.contains('pinned')];
});"""


def dom_boxes(driver):
    return sorted((k, s, i, x, y, w, h, pinned) for k, s, i, x, y, w, h, _, pinned in driver.execute_script(BOXES))


def same_boxes(boxes, engine, tolerance):
    """The same elements at the same frames to `tolerance`: the page draws at Chromium's layout unit
    (1/64 px), so a waterfall's fractional frames at the nearest unit, and gridrepl prints 14
    digits."""
    assert len(boxes) == len(engine)
    for d, e in zip(boxes, engine):
        assert d[:3] == e[:3] and d[7] == e[7] and all(abs(a - b) <= tolerance for a, b in zip(d[3:7], e[3:7])), (d, e)


def as_boxes(elements):
    return sorted((e["kind"], str(e.get("section", "")), str(e.get("item", "")), e["x"], e["y"], e["w"], e["h"],
                   e["pinned"]) for e in elements)


def gridrepl_visible(gridrepl, width, height, x, y, script="scripts/browser.lua", then=""):
    """visible() of a script's grid (scripts/browser.lua's unless told) at that viewport and offset,
    after the Lua `then`, from a gridrepl run of its own."""
    code = (f"local grid = dofile('{script}') grid:resize({width}, {height}) grid:scrollTo({x}, {y}) {then} "
            "print('--') for _, e in ipairs(grid:visible()) do "
            "print(e.kind, e.section or '', e.item or '', e.x, e.y, e.w, e.h, e.pinned and 'pinned' or '') end")
    r = subprocess.run([gridrepl, "-e", code], cwd=ROOT, env=clean_env(), capture_output=True, text=True,
                       timeout=TIMEOUT)
    assert r.returncode == 0, r.stderr
    rows = r.stdout.split("--\n", 1)[1].splitlines()
    return sorted((k, s, i, float(ex), float(ey), float(ew), float(eh), p == "pinned")
                  for k, s, i, ex, ey, ew, eh, p in (row.split("\t") for row in rows))


def info(driver):
    return driver.execute_script("return document.getElementById('info').textContent;")


def load(driver, server):
    driver.get(server.url)
    wait(driver, "return document.title.startsWith('gridrepl — ');", what="the title")
    return settled(driver)


# ---------------------------------------------------------------------------------------------
# The page


def test_page_boxes_are_the_engines_visible_elements(server, browser, gridrepl):
    state = load(browser, server)
    client = browser.execute_script("const s = document.getElementById('scroller'); return [s.clientWidth, s.clientHeight];")
    assert [state["viewport"]["width"], state["viewport"]["height"]] == client  # the page's size is the viewport
    size = browser.execute_script("const c = document.getElementById('content'); return [c.offsetWidth, c.offsetHeight];")
    assert size == [state["content"]["width"], state["content"]["height"]]   # real scale
    max_y = state["content"]["height"] - state["viewport"]["height"]
    assert max_y > 500
    seen_pinned = False
    for y in [0, 250, max_y // 2, max_y - 1, max_y]:
        state = scroll(browser, 0, y)
        _, answer = server.get("/api/state")
        assert answer["offset"] == {"x": 0, "y": y}
        engine = as_boxes(answer["elements"])
        assert dom_boxes(browser) == engine                         # exactly those boxes, nothing else
        assert as_boxes(state["elements"]) == engine
        w, h = answer["viewport"]["width"], answer["viewport"]["height"]
        assert gridrepl_visible(gridrepl, w, h, 0, y) == engine     # and gridrepl agrees on its own
        seen_pinned |= any(e["pinned"] for e in answer["elements"])
        labels = {(k, s, i): label for k, s, i, _, _, _, _, label, _ in browser.execute_script(BOXES)}
        fills = browser.execute_script("return [...document.querySelectorAll('#content > [data-kind=item]')]"
                                       ".map(b => [b.dataset.section, b.dataset.item, b.style.backgroundColor]);")
        for s, i, fill in fills:   # the data source's style: #cfe3ff, #d7f5d0, #ffe2c6 by section
            assert fill == ["rgb(207, 227, 255)", "rgb(215, 245, 208)", "rgb(255, 226, 198)"][int(s) - 1], (s, i, fill)
        for e in answer["elements"]:
            # Items are labelled by the data source's style (their tag: the section's letter and
            # the item's number before any drag).
            expected = {"item": f"{chr(64 + e.get('section', 1))}{e.get('item')}", "header": f"header {e.get('section')}",
                        "loader": "loader"}[e["kind"]]
            assert labels[(e["kind"], str(e.get("section", "")), str(e.get("item", "")))] == expected
    assert seen_pinned
    assert any(e["kind"] == "loader" for e in answer["elements"])   # the last offset shows the loader


def test_sticky_header_is_drawn_where_the_engine_pins_it(server, browser):
    load(browser, server)
    state = scroll(browser, 0, 250)
    [header] = [e for e in state["elements"] if e["kind"] == "header" and e["pinned"]]
    assert (header["section"], header["y"]) == (1, 250)
    top = browser.execute_script(
        "return document.querySelector('.el.header.pinned').getBoundingClientRect().top"
        " - document.getElementById('scroller').getBoundingClientRect().top;")
    assert top == 0                                                 # at the viewport's top edge


def test_click_shows_index_path_and_frame(server, browser):
    load(browser, server)
    state = scroll(browser, 0, 0)
    e = next(e for e in state["elements"] if e["kind"] == "item" and e["item"] == 6)
    box = browser.find_element(By.CSS_SELECTOR, '.el.item[data-section="1"][data-item="6"]')
    ActionChains(browser).move_to_element(box).click().perform()
    settled(browser)
    text = info(browser)
    assert text == f"item 1.6  x {e['x']:g}  y {e['y']:g}  {e['w']:g}×{e['h']:g}"
    assert "selected" in box.get_attribute("class")
    header = browser.find_element(By.CSS_SELECTOR, '.el.header[data-section="1"]')
    ActionChains(browser).move_to_element(header).click().perform()
    assert info(browser) == f"header 1  x 0  y 8  {state['viewport']['width']}×28"


def gridrepl_neighbor(gridrepl, width, height, s, i, direction):
    """neighbor(s, i, direction) of scripts/browser.lua's grid at that viewport, from a gridrepl run of its own."""
    code = (f"local grid = dofile('scripts/browser.lua') grid:resize({width}, {height}) "
            f"print('--', grid:neighbor({s}, {i}, '{direction}'))")
    r = subprocess.run([gridrepl, "-e", code], cwd=ROOT, env=clean_env(), capture_output=True, text=True,
                       timeout=TIMEOUT)
    assert r.returncode == 0, r.stderr
    found = r.stdout.split("--\t", 1)[1].split()
    return None if found == ["nil"] else (int(found[0]), int(found[1]))


def selected_box(driver):
    return driver.execute_script("const b = document.querySelectorAll('.el.selected');"
                                 " return b.length === 1 ? [b[0].dataset.kind, +b[0].dataset.section, +b[0].dataset.item] : b.length;")


def test_arrows_move_the_selection_to_the_engines_neighbor(server, browser, gridrepl):
    load(browser, server)
    state = scroll(browser, 0, 0)
    w, h = state["viewport"]["width"], state["viewport"]["height"]
    box = browser.find_element(By.CSS_SELECTOR, '.el.item[data-section="1"][data-item="6"]')
    ActionChains(browser).move_to_element(box).click().perform()
    settled(browser)
    ActionChains(browser).send_keys(Keys.ARROW_DOWN).perform()
    below = gridrepl_neighbor(gridrepl, w, h, 1, 6, "down")
    assert below is not None and below != (1, 6)
    wait(browser, "const b = document.querySelector('.el.selected');"
                  " return b && b.dataset.section == arguments[0] && b.dataset.item == arguments[1];",
         *below, what=f"item {below[0]}.{below[1]} selected")
    state = settled(browser)
    assert selected_box(browser) == ["item", *below]                # the one selected box
    e = next(e for e in state["elements"] if e["kind"] == "item" and (e["section"], e["item"]) == below)
    assert info(browser) == f"item {below[0]}.{below[1]}  x {e['x']:g}  y {e['y']:g}  {e['w']:g}×{e['h']:g}"
    # Held on: each press walks on from the new selection, and the engine scrolls it into view.
    at = below
    for _ in range(12):
        ActionChains(browser).send_keys(Keys.ARROW_DOWN).perform()
        state = settled(browser)
        at = gridrepl_neighbor(gridrepl, w, h, *at, "down") or at
        wait(browser, "const b = document.querySelector('.el.selected');"
                      " return b && b.dataset.section == arguments[0] && b.dataset.item == arguments[1];",
             *at, what=f"item {at[0]}.{at[1]} selected")
    state = settled(browser)
    assert state["offset"]["y"] > 0                                   # the walk left the first screen
    e = next(e for e in state["elements"] if e["kind"] == "item" and (e["section"], e["item"]) == at)
    assert state["offset"]["y"] <= e["y"] and e["y"] + e["h"] <= state["offset"]["y"] + h   # in view
    top = browser.execute_script("return document.getElementById('scroller').scrollTop;")
    assert top == state["offset"]["y"]                               # and the page followed
    # At an edge the selection stays; a header selected, the arrows scroll as before.
    state = scroll(browser, 0, 0)
    ActionChains(browser).move_to_element(browser.find_element(
        By.CSS_SELECTOR, '.el.item[data-section="1"][data-item="1"]')).click().perform()
    settled(browser)
    assert gridrepl_neighbor(gridrepl, w, h, 1, 1, "up") is None
    ActionChains(browser).send_keys(Keys.ARROW_UP).perform()
    state = settled(browser)
    assert selected_box(browser) == ["item", 1, 1] and state["offset"]["y"] == 0
    ActionChains(browser).move_to_element(browser.find_element(By.CSS_SELECTOR, '.el.header[data-section="1"]')).click().perform()
    settled(browser)
    ActionChains(browser).send_keys(Keys.ARROW_DOWN).perform()
    # The keyboard's scroll is animated: its end is where the engine's offset catches up.
    wait(browser, "const v = window.gridView, top = document.getElementById('scroller').scrollTop;"
                  " return top > 0 && !v.busy && v.state.offset.y === top"
                  " && new Promise(r => setTimeout(() => r(document.getElementById('scroller').scrollTop === top), 300));",
         what="the arrow to scroll")
    assert selected_box(browser) == ["header", 1, 0]
    scroll(browser, 0, 0)                                            # the shared server as the next tests expect it


def test_resizing_the_window_resizes_the_viewport(gridrepl, server):
    driver = make_browser()
    try:
        before = load(driver, server)
        driver.set_window_size(600, 500)
        after = wait(driver, "const v = window.gridView, s = document.getElementById('scroller');"
                             " return !v.busy && v.state.viewport.width === s.clientWidth"
                             " && v.state.viewport.height === s.clientHeight ? v.state : null;", what="the new viewport")
        assert after["viewport"]["width"] < before["viewport"]["width"]
        assert after["content"]["height"] > before["content"]["height"]   # narrower: the flow re-wraps
        assert dom_boxes(driver) == as_boxes(after["elements"])
        assert gridrepl_visible(gridrepl, after["viewport"]["width"], after["viewport"]["height"], 0, 0) \
            == as_boxes(after["elements"])
    finally:
        driver.quit()


def centre(driver, selector):
    """A box's centre in the window's coordinates (where the mouse goes)."""
    return driver.execute_script("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                                 " return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];", selector)


def test_drag_reorders_through_the_engine(server, browser):
    load(browser, server)
    scroll(browser, 0, 0)
    sx, sy = centre(browser, '.el.item[data-section="1"][data-item="1"]')
    tx, ty = centre(browser, '.el.item[data-section="1"][data-item="3"]')
    mouse = ActionBuilder(browser)
    mouse.pointer_action.move_to_location(sx, sy).pointer_down()
    for k in range(1, 6):                                           # a few steps, as a hand moves
        mouse.pointer_action.move_to_location(sx + (tx - sx) * k // 5, sy + (ty - sy) * k // 5).pause(0.05)
    mouse.perform()
    # Over item 1.3's slot, still held: the engine says where it would drop.
    held = wait(browser, "const s = window.gridView.state; return !window.gridView.busy && s.dragging"
                         " && s.dragging.to.item === 3 ? s : null;", what="the drag's target slot 3")
    assert held["dragging"] == {"from": {"section": 1, "item": 1}, "to": {"section": 1, "item": 3}}
    [dragged] = [e for e in held["elements"] if e["dragged"]]      # visible() lists it at its target slot
    assert (dragged["section"], dragged["item"]) == (1, 3)
    assert [(b.get_attribute("data-section"), b.get_attribute("data-item"))
            for b in browser.find_elements(By.CSS_SELECTOR, ".el.dragged")] == [("1", "3")]
    assert server.stdout == [] or not any(line.startswith("move ") for line in server.stdout)
    # Every answer the page draws from now on: whether the grid was animating.
    browser.execute_script("window.frames_seen = []; let last = null; window.recorder = setInterval(() => {"
                           " const s = window.gridView.state; if (s !== last) { last = s; frames_seen.push(s.animating); } }, 5);")
    release = ActionBuilder(browser)
    release.pointer_action.pointer_up()
    release.perform()
    [line] = server.wait_output(lambda text: text.startswith("move "), "move")
    assert line == "move 1 1 3 1: A2 A3 A1 A4 A5 A6\n"               # the data source's move, once
    wait(browser, "return document.getElementById('info').textContent === 'moved item 1.1 to 1.3';",
         what="the page's note of the move")
    done = wait(browser, "const s = window.gridView.state; return !window.gridView.busy && !s.animating"
                         " && !s.dragging ? s : null;", what="the drop's animation to end")
    frames = browser.execute_script("clearInterval(window.recorder); return window.frames_seen;")
    assert frames.count(True) >= 2 and frames[-1] is False        # the drop animated, frame by frame
    assert dom_boxes(browser) == as_boxes(server.get("/api/state")[1]["elements"]) == as_boxes(done["elements"])


def test_screenshot(server, browser, tmp_path):
    load(browser, server)
    state = scroll(browser, 0, 250)
    e = next(e for e in state["elements"] if e["kind"] == "item" and e["y"] > 400)  # clear of the pinned header
    ActionChains(browser).move_to_element(browser.find_element(
        By.CSS_SELECTOR, f'.el.item[data-section="{e["section"]}"][data-item="{e["item"]}"]')).click().perform()
    wait(browser, "const v = window.gridView; return !v.busy && !v.state.animating && !v.state.dragging;",
         what="the click's drop to settle")
    assert info(browser).startswith(f"item {e['section']}.{e['item']}  x ")
    target = Path(os.environ.get("GRIDREPL_SCREENSHOT") or tmp_path / "browser.png")
    assert browser.save_screenshot(str(target))
    data = target.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")) == \
        tuple(browser.execute_script("return [window.innerWidth, window.innerHeight];"))


def test_section_backgrounds_are_drawn_beneath_their_sections(gridrepl, browser, tmp_path):
    # scripts/browser.lua with `background = true`: every background of visible() is a box, and
    # what a point shows is the item there, or the background where no other element is.
    script = tmp_path / "browser.lua"
    script.write_text(SCRIPT.read_text().replace("stickyHeaders = true,", "stickyHeaders = true, background = true,"))
    s = Server(gridrepl, script)
    try:
        state = load(browser, s)
        backgrounds = [e for e in state["elements"] if e["kind"] == "background"]
        assert backgrounds and dom_boxes(browser) == as_boxes(state["elements"])
        item = next(e for e in state["elements"] if e["kind"] == "item" and e["section"] == backgrounds[0]["section"])
        b = backgrounds[0]
        at = """const c = document.getElementById('content').getBoundingClientRect();
                const e = document.elementFromPoint(c.left + arguments[0], c.top + arguments[1]);
                return e && e.dataset.kind;"""
        assert browser.execute_script(at, item["x"] + item["w"] / 2, item["y"] + item["h"] / 2) == "item"
        # Between the section's first two lines of items (spacing 8): only the background is there.
        assert browser.execute_script(at, b["x"] + 2, item["y"] + item["h"] + 4) == "background"
    finally:
        s.stop()


def test_page_follows_edits_of_the_script(gridrepl, browser, tmp_path):
    script = tmp_path / "browser.lua"
    shutil.copy(SCRIPT, script)
    s = Server(gridrepl, script)
    try:
        first = load(browser, s)
        assert first["generation"] == 1
        time.sleep(0.05)  # a new modification time even on coarse clocks
        script.write_text(SCRIPT.read_text().replace("for i = 1, 40 do", "for i = 1, 5 do"))
        second = wait(browser, "const v = window.gridView; return !v.busy && v.state.generation === 2 ? v.state : null;",
                      what="the script's second run")
        assert second["content"]["height"] < first["content"]["height"]
        assert second["error"] is None
        assert dom_boxes(browser) == as_boxes(second["elements"])
        assert len([e for e in second["elements"] if e["kind"] == "item"]) == 15
        script.write_text("error('broken on purpose')\n")
        failed = wait(browser, "const v = window.gridView; return v.state.error ? v.state : null;", what="the error")
        assert failed["generation"] == 2                            # the grid stays
        assert failed["error"].startswith(f"{script} changed; running it failed (the grid stays): ")
        assert "broken on purpose" in failed["error"]
        assert "broken on purpose" in browser.execute_script("return document.getElementById('status').textContent;")
        assert s.get("/api/state")[0] == 200
    finally:
        s.stop()


# ---------------------------------------------------------------------------------------------
# HTTP


def test_http_errors_leave_the_server_answering(server):
    def status(path, body=None, method=None, headers=None):
        req = urllib.request.Request(server.url.rstrip("/") + path, data=body, method=method,
                                     headers=headers or {"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=TIMEOUT) as r:
                return r.status, r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.read()

    assert status("/nothing") == (404, b'{"error":"not found: /nothing"}')
    assert status("/api/viewport") == (405, b'{"error":"/api/viewport takes POST, not GET"}')
    shape = '(expected {\\"x\\": number, \\"y\\": number, \\"width\\": number, \\"height\\": number})'
    assert status("/api/viewport", b"{not json") == (400, b'{"error":"/api/viewport: the body is not JSON ' + shape.encode() + b'"}')
    assert status("/api/viewport", b'{"x": 0, "y": 0, "width": 300}') == \
        (400, b'{"error":"/api/viewport: \'height\' is missing ' + shape.encode() + b'"}')
    assert status("/api/viewport", b'{"x": "0", "y": 0, "width": 300, "height": 200}') == \
        (400, b'{"error":"/api/viewport: \'x\' has the wrong type ' + shape.encode() + b'"}')
    assert status("/api/viewport", b'{"x": 0, "y": 0, "width": 0, "height": 200}') == \
        (400, b'{"error":"/api/viewport: \'width\' must be a number in 1...100000, got 0.0"}')
    assert status("/api/viewport", b'{"x": -1, "y": 0, "width": 300, "height": 200}') == \
        (400, b'{"error":"/api/viewport: \'x\' must be a finite number >= 0, got -1.0"}')
    assert status("/api/drag", b'{"phase": "fling", "x": 1, "y": 1}') == \
        (400, b'{"error":"/api/drag: unknown phase \'fling\' (expected begin, move or end)"}')
    assert status("/api/drag", b'{"phase": "begin"}') == \
        (400, b'{"error":"/api/drag: phase \'begin\' needs \'x\' and \'y\' (a point in the viewport)"}')
    assert status("/api/drag", b'{"phase": "move", "x": 1, "y": 1}') == \
        (409, b'{"error":"/api/drag: no drag is in progress (send phase \'begin\' first)"}')
    assert status("/api/neighbor", b'{"section": 1, "item": 6, "direction": "dwon"}') == \
        (400, b'{"error":"/api/neighbor: unknown direction \'dwon\' (expected up, down, left, right, next or previous)'
              b' (did you mean \'down\'?)"}')
    assert status("/api/neighbor", b'{"section": 9, "item": 1, "direction": "down"}') == \
        (404, b'{"error":"item (section 9, item 1) is out of range: there is no section 9"}')
    assert status("/api/drag", b"x" * (1 << 20)) == \
        (413, b'{"error":"/api/drag: the request body is larger than 65536 bytes"}')
    assert status("/api/viewport", b'{"x": 0, "y": 0, "width": 300, "height": 200}', headers={"Content-Type": "text/plain"}) == \
        (415, b'{"error":"/api/viewport: the body must be sent as Content-Type: application/json"}')
    for host in [f"evil.example:{server.port}", "127.0.0.1:1", "localhost"]:   # DNS rebinding
        assert status("/api/state", headers={"Host": host}) == \
            (403, f'{{"error":"this server answers to http://127.0.0.1:{server.port}/ only"}}'.encode())
    assert status("/api/state", headers={"Host": f"localhost:{server.port}"})[0] == 200
    code, body = status("/api/state")                               # still answering, state intact
    assert code == 200 and json.loads(body)["dragging"] is None
    code, page = status("/")
    assert code == 200 and page.startswith(b"<!doctype html>")


def test_a_failed_grid_call_takes_its_status_from_the_kind_of_failure(gridrepl, tmp_path):
    """The engine's failures reach the server with their kind, not only their words: sorting off
    is out of turn (409), columns that no longer fit are no room (422), a data source that raises
    is the script's failure (500). The grid stays as it was each time."""
    script = tmp_path / "kinds.lua"
    script.write_text(
        "local gl = require 'gridlayout'\n"
        "local grid = gl.new{ layout = 'waterfall', columns = 3, spacing = 40, width = 300, height = 200 }\n"
        "local laidOut = false\n"
        "grid.dataSource = { count = function() return 6 end,\n"
        "  size = function() if laidOut then error('no sizes after the first layout') end return 100, 50 end }\n"
        "grid:reload()\nlaidOut = true\nreturn grid\n")
    s = Server(gridrepl, script)
    try:
        assert s.post("/api/drag", {"phase": "begin", "x": 10, "y": 10}) == \
            (409, {"error": "beginDrag: sorting is off (set the option 'sort' to true)"})
        code, answer = s.post("/api/viewport", {"x": 0, "y": 0, "width": 60, "height": 200})
        assert (code, answer) == (422, {"error": "waterfall: 3 columns with itemSpacing 40 do not fit in 60 (the viewport less padding)"})
        code, answer = s.post("/api/viewport", {"x": 0, "y": 0, "width": 250, "height": 200})
        assert code == 500 and "no sizes after the first layout" in answer["error"], answer
        code, state = s.get("/api/state")
        assert code == 200 and state["viewport"] == {"width": 300, "height": 200}
    finally:
        s.stop()


def test_huge_declared_body_is_refused_before_it_is_read(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT) as c:
        c.sendall(f"POST /api/viewport HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n".encode()
                  + b"Content-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n")
        reply = b""
        while b"\r\n\r\n" not in reply:
            chunk = c.recv(4096)
            if not chunk:
                break
            reply += chunk
    assert reply.startswith(b"HTTP/1.1 413 ")
    assert server.get("/api/state")[0] == 200


def test_listens_on_loopback_only(server):
    port_hex = f"{server.port:04X}"
    listening = []
    for table in ["/proc/net/tcp", "/proc/net/tcp6"]:
        for line in Path(table).read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            if local.endswith(":" + port_hex) and state == "0A":   # 0A: LISTEN
                listening.append(local)
    assert listening == [f"0100007F:{port_hex}"]                   # 127.0.0.1, no IPv6, no 0.0.0.0
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.2", server.port), timeout=2).close()


def test_command_line_errors(gridrepl, tmp_path):
    def run(*args):
        return subprocess.run([gridrepl, *args], cwd=ROOT, env=clean_env(), capture_output=True, text=True,
                              timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    r = run("--serve")
    assert (r.returncode, r.stderr) == (1, "gridrepl: '--serve' needs a script: gridrepl --serve [PORT] script.lua [args]\n")
    for args, value in [(["--serve", "70000"], "70000"), (["--serve=x"], "x"), (["--serve=-1"], "-1")]:
        r = run(*args, "scripts/browser.lua")
        assert r.returncode == 1
        # One line, and where the usage is.
        assert r.stderr == f"gridrepl: bad value '{value}' for '--serve' (a port number, 0...65535; 0 picks a free one) (the options: gridrepl --help)\n"
    r = run("--serve", "--view", "scripts/browser.lua")
    assert (r.returncode, r.stderr) == (1, "gridrepl: '--serve' and '--view' cannot be used together\n")
    empty = tmp_path / "empty.lua"
    empty.write_text("print('no grid here')\n")
    r = run("--serve", "0", str(empty))
    assert (r.returncode, r.stdout) == (1, "no grid here\n")
    assert r.stderr == f"gridrepl: --serve {empty}: the script made no grid (make one with gridlayout.new, or return the grid to view)\n"
    with socket.socket() as taken:                                  # a port in use
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = run("--serve", str(port), "scripts/browser.lua")
    assert r.returncode == 1
    assert r.stderr == f"gridrepl: --serve scripts/browser.lua: cannot listen on 127.0.0.1:{port} (Address already in use; --serve 0 picks a free port)\n"


# ---------------------------------------------------------------------------------------------
# Live data: scripts/chat.lua, whose bot posts a message every two seconds from the delegate's tick


def test_chat_plays_new_messages_appear_and_the_page_does_not_jump(gridrepl, browser):
    chat = Server(gridrepl, ROOT / "scripts" / "chat.lua")
    try:
        state = load(browser, chat)
        assert state["ticking"] is True
        # It opened at the end, and the page's scroll position is the engine's offset.
        at_end = "const s = document.getElementById('scroller'); return Math.abs(s.scrollTop + s.clientHeight - s.scrollHeight) < 1;"
        assert browser.execute_script(at_end)
        # The bot's first message (#57) appears; the page is still at the end, with it shown.
        labels = "return [...document.querySelectorAll('#content > .item')].map(b => b.textContent);"
        wait(browser, "return [...document.querySelectorAll('#content > .item')]"
                      ".some(b => b.textContent.startsWith('#57 '));", what="message #57")
        wait(browser, at_end, what="the page at the end after #57")
        assert any(t.startswith("#57 ") for t in browser.execute_script(labels))
        # Scrolled up, the next message arrives below: nothing on screen moves.
        top = int(settled(browser)["offset"]["y"]) - 600
        scroll(browser, 0, top)
        where = """const s = document.getElementById('scroller').getBoundingClientRect();
                   return [...document.querySelectorAll('#content > .item')].map(b => [b.textContent, b.getBoundingClientRect().top - s.top]);"""
        # (The slide of the message that arrived at the end, if one runs, first ends.)
        wait(browser, "const v = window.gridView; return v.state && !v.busy && !v.state.animating"
                      " && v.state.offset.y === arguments[0];", top, what="the slide to end")
        before = dict(browser.execute_script(where))
        content = settled(browser)["content"]["height"]
        wait(browser, "const v = window.gridView; return v.state && v.state.content.height > arguments[0];", content,
             what="the next message")
        state = settled(browser)
        assert state["offset"]["y"] == top
        after = dict(browser.execute_script(where))
        shared = [label for label in before if label in after]
        scroll_top = browser.execute_script("return document.getElementById('scroller').scrollTop;")
        assert shared and all(abs(before[label] - after[label]) < 0.5 for label in shared), (before, after, scroll_top, top, state["offset"])
    finally:
        chat.stop()


# A carousel (section 1: 20 cards 200 wide, 10 apart, scrolled sideways) above a grid of 30.
CAROUSEL = """\
local gl = require "gridlayout"
local grid = gl.new{ width = 600, height = 400, padding = 10, spacing = 10, lanes = 3 }
grid.dataSource = {
  sections = function() return 2 end,
  count = function(s) return s == 1 and 20 or 30 end,
  size = function(s, i) if s == 1 then return 200, 120 end return 180, 80 end,
  header = function(s) return 0, 24 end,
  section = function(s) if s == 1 then return { scroll = "cross", lanes = 1 } end end,
}
grid:reload()
return grid
"""


def test_a_carousel_scrolls_sideways_with_the_wheel_and_a_drag(gridrepl, browser, tmp_path):
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
    script = tmp_path / "carousel.lua"
    script.write_text(CAROUSEL)
    s = Server(gridrepl, script)
    try:
        state = load(browser, s)
        assert state["sideways"] == [{"section": 1, "offset": 0}]

        def card(item):
            return browser.find_element(By.CSS_SELECTOR, f'#content > [data-kind=item][data-section="1"][data-item="{item}"]')

        def scrolled_to(offset):
            """The page once section 1 is at `offset`: its boxes exactly the engine's visible()."""
            wait(browser, "const v = window.gridView; return v.state && !v.busy && v.state.sideways.length"
                          " && v.state.sideways[0].offset === arguments[0];", offset, what=f"section 1 at {offset}")
            state = settled(browser)
            _, answer = s.get("/api/state")
            assert answer["sideways"] == [{"section": 1, "offset": offset}]
            engine = as_boxes(answer["elements"])
            assert dom_boxes(browser) == engine == as_boxes(state["elements"])
            v, o = answer["viewport"], answer["offset"]
            assert gridrepl_visible(gridrepl, v["width"], v["height"], o["x"], o["y"], script,
                                    f"grid:scrollSection(1, {offset})") == engine
            assert answer["offset"] == {"x": 0, "y": 0}   # the page itself did not scroll
            return answer

        # A sideways wheel over a card: 300 points on. Card 2 (210...410) then starts at -80.
        ActionChains(browser).scroll_from_origin(ScrollOrigin.from_element(card(2)), 300, 0).perform()
        answer = scrolled_to(300)
        second = next(e for e in answer["elements"] if e["kind"] == "item" and e["section"] == 1 and e["item"] == 2)
        assert (second["x"], second["y"]) == (-80, 44)
        # Shift and a vertical wheel: sideways too, 100 back.
        ActionChains(browser).key_down(Keys.SHIFT).scroll_from_origin(ScrollOrigin.from_element(card(4)), 0, -100) \
            .key_up(Keys.SHIFT).perform()
        scrolled_to(200)
        # A drag to the left (the grid does not sort): the cards follow the pointer, 150 on.
        start = card(4)
        ActionChains(browser).move_to_element(start).click_and_hold().move_by_offset(-75, 0) \
            .move_by_offset(-75, 0).release().perform()
        scrolled_to(350)
        # Past the end: clamped where the last card ends at the range's end. 20 cards end at
        # 10 + 20·200 + 19·10 = 4200; the range ends at the viewport's width less the padding.
        status, answer = s.post("/api/scrollSection", {"section": 1, "offset": 1e9})
        end = 4200 - (answer["viewport"]["width"] - 10)
        assert status == 200 and answer["scrolled"] == {"section": 1, "offset": end}
        assert answer["sideways"] == [{"section": 1, "offset": end}]
        # Refusals: a section that does not scroll sideways, one the grid has not, a bad body.
        assert s.post("/api/scrollSection", {"section": 2, "offset": 10}) == (409, {
            "error": "scrollSection: section 2 does not scroll sideways (it needs the option 'scroll' = 'cross' and items)"})
        assert s.post("/api/scrollSection", {"section": 9, "offset": 10})[0] == 404
        assert s.post("/api/scrollSection", {"section": 0, "offset": 10}) == (400, {
            "error": "/api/scrollSection: 'section' must be an integer >= 1, got 0"})
    finally:
        s.stop()
