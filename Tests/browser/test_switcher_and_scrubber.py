"""gridrepl --serve's playground controls: the layout switcher and the scrubber, in headless
chromium. The switcher must list the engine's layouts (Lua's `gridlayout.layouts`, from a gridrepl
run), switch the live grid with the engine's layout transition — the page's boxes
then exactly the engine's visible() of a grid of that layout at the anchored offset, as a separate
gridrepl run gives it — and show the engine's error, keeping the boxes, when the grid's options
cannot take the layout. The scrubber must land, pressed or dragged at a fraction of its rail (or
moved by its keys), at that fraction of the content's scrollable length — the page's boxes then
the engine's visible() there — name the first item the viewport shows, and in a lazy grid jump:
lay out only the sections it lands in. Also /api/layout as HTTP requests."""

import math
import shutil
import subprocess

from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from test_scroll_bar_jump import SCRIPT as LAZY, asked
from test_serve import (ROOT, SCRIPT, TIMEOUT, Server, as_boxes, browser, clean_env, dom_boxes, gridrepl,  # noqa: F401
                        gridrepl_visible, load, same_boxes, scroll, serving, settled, wait)

LAYOUT = "return document.getElementById('layout').value;"
LAYOUT_ERROR = "return document.getElementById('layout-error').textContent;"
LABEL = "return document.getElementById('scrub-label').textContent;"


def engine_layouts(gridrepl):
    """The layouts the engine has: the Lua module's list."""
    r = subprocess.run([gridrepl, "-e", "print(table.concat(require('gridlayout').layouts, ' '))"], cwd=ROOT,
                       env=clean_env(), capture_output=True, text=True, timeout=TIMEOUT)
    assert r.returncode == 0, r.stderr
    return r.stdout.split()


def switched(driver, layout):
    """The page's state once the transition to `layout` has played and no request is out."""
    return wait(driver, "const v = window.gridView, s = v.state;"
                        " return !v.busy && s.layout === arguments[0] && !s.animating ? s : null;",
                layout, what=f"the switch to {layout}")


def anchor(state):
    """The item whose frame holds the viewport's centre (the transition's anchor)."""
    o, v = state["offset"], state["viewport"]
    cx, cy = o["x"] + v["width"] / 2, o["y"] + v["height"] / 2
    return next((e["section"], e["item"]) for e in state["elements"]
                if e["kind"] == "item" and e["x"] <= cx < e["x"] + e["w"] and e["y"] <= cy < e["y"] + e["h"])


def screen_centre(state, path):
    e = next(e for e in state["elements"] if e["kind"] == "item" and (e["section"], e["item"]) == path)
    return e["y"] + e["h"] / 2 - state["offset"]["y"]


def engine_boxes(gridrepl, state, script, layout):
    """visible() of a fresh grid of `script` whose layout is `layout`, at the state's viewport and
    offset: what a committed transition must be."""
    v, o = state["viewport"], state["offset"]
    return gridrepl_visible(gridrepl, v["width"], v["height"], o["x"], o["y"], str(script),
                            then=f"grid.layout = '{layout}' grid:reload() grid:scrollTo({o['x']}, {o['y']})")


def test_the_switcher_lists_the_engines_layouts_and_switches_the_grid(gridrepl, browser, tmp_path):
    script = tmp_path / "browser.lua"
    shutil.copy(SCRIPT, script)
    s = Server(gridrepl, script)
    try:
        load(browser, s)
        select = Select(browser.find_element(By.ID, "layout"))
        assert [o.text for o in select.options] == engine_layouts(gridrepl)
        assert browser.execute_script(LAYOUT) == "flow"
        label = browser.find_element(By.ID, "layout-switcher")
        assert label.text.startswith("layout")       # the select is inside its label
        before = scroll(browser, 0, 300)
        kept = anchor(before)

        select.select_by_visible_text("waterfall")
        after = switched(browser, "waterfall")
        assert browser.execute_script(LAYOUT) == "waterfall" and browser.execute_script(LAYOUT_ERROR) == ""
        same_boxes(as_boxes(after["elements"]), engine_boxes(gridrepl, after, script, "waterfall"), 1e-9)
        same_boxes(dom_boxes(browser), as_boxes(after["elements"]), 1 / 64)
        assert after["offset"]["y"] != before["offset"]["y"]    # the anchor kept its place, not the offset
        assert math.isclose(screen_centre(after, kept), screen_centre(before, kept), abs_tol=1e-6)
        # The script's text is left alone: the switch is the live grid's, not the edit's.
        assert s.get("/api/source")[1]["edited"] is False
        assert s.get("/api/source")[1]["text"] == SCRIPT.read_text()

        # The keyboard: the switcher focused, ArrowDown chooses the next layout (flow).
        browser.find_element(By.ID, "layout").send_keys(Keys.ARROW_DOWN)
        again = switched(browser, "flow")
        same_boxes(as_boxes(again["elements"]), engine_boxes(gridrepl, again, script, "flow"), 1e-9)
        same_boxes(dom_boxes(browser), as_boxes(again["elements"]), 1 / 64)

        # A new run of the script (an edit) has the script's layout again.
        code, _ = s.post("/api/script", {"text": SCRIPT.read_text().replace('layout = "flow"', 'layout = "justified"')})
        assert code == 200
        wait(browser, "return window.gridView.state.generation === 2 && document.getElementById('layout').value === 'justified';",
             what="the edit's layout")
    finally:
        s.stop()


NARROW = """
local gl = require "gridlayout"
local grid = gl.new{ layout = "lanes", lanes = 2, columns = 40, spacing = 30, width = 300, height = 200 }
grid.dataSource = { count = function() return 60 end, size = function(s, i) return 60, 40 + i % 3 * 10 end }
grid:reload()
return grid
"""


def test_a_switch_the_options_cannot_take_shows_the_engines_error_and_keeps_the_grid(gridrepl, browser, tmp_path):
    with serving(gridrepl, tmp_path / "narrow.lua", NARROW) as s:
        state = load(browser, s)
        width = state["viewport"]["width"]
        before = dom_boxes(browser)
        Select(browser.find_element(By.ID, "layout")).select_by_visible_text("waterfall")
        message = wait(browser, LAYOUT_ERROR, what="the switch's error")
        assert message == f"waterfall: 40 columns with itemSpacing 30 do not fit in {width:g} (the viewport less padding)"
        assert browser.execute_script(LAYOUT) == "lanes"      # the choice goes back to the grid's
        after = settled(browser)
        assert after["layout"] == "lanes" and after["error"] is None
        assert dom_boxes(browser) == before == as_boxes(after["elements"])
        # Another layout goes; its error is gone.
        Select(browser.find_element(By.ID, "layout")).select_by_visible_text("flow")
        switched(browser, "flow")
        assert browser.execute_script(LAYOUT_ERROR) == ""


def first_shown(state):
    """The label the scrubber must show: the first item in the data's order of the engine's
    elements that meets the viewport (the overscan aside)."""
    o, v = state["offset"], state["viewport"]
    e = next(e for e in state["elements"] if e["kind"] == "item" and e["x"] < o["x"] + v["width"] and e["x"] + e["w"] > o["x"]
             and e["y"] < o["y"] + v["height"] and e["y"] + e["h"] > o["y"])
    return f"section {e['section']} · item {e['item']}"


def at_offset(driver, y):
    return wait(driver, "const v = window.gridView; return !v.busy && v.state.offset.y === arguments[0] ? v.state : null;",
                y, what=f"offset {y}")


def rail(driver):
    return driver.execute_script("const r = document.getElementById('scrubber').getBoundingClientRect();"
                                 " return [r.left, r.top, r.width, r.height];")


def test_the_scrubber_jumps_a_lazy_grid_to_where_the_engine_says(gridrepl, browser, tmp_path):
    with serving(gridrepl, tmp_path / "lazy.lua", LAZY) as s:
        state = load(browser, s)
        before = asked(s)
        left, top, width, height = rail(browser)
        assert height == state["viewport"]["height"] - 4 and width == 12   # along the scroll area's side
        # Pressed at the rail's middle (the thumb's centre there: fraction 0.5) and held: one jump.
        x, y = int(left + width / 2), int(top + height / 2)
        fraction = (y - top - 16) / (height - 32)
        landing = math.floor(fraction * (state["content"]["height"] - state["viewport"]["height"]) + 0.5)
        actions = ActionBuilder(browser)
        actions.pointer_action.move_to_location(x, y).pointer_down()
        actions.perform()
        landed = at_offset(browser, landing)
        assert browser.execute_script("return document.getElementById('scroller').scrollTop;") == landing
        v = landed["viewport"]
        # (A lazy grid's frames depend on what it laid out before, the server's own reads
        # included: the boxes are checked against the state here, against a gridrepl run below.)
        assert dom_boxes(browser) == as_boxes(landed["elements"])
        assert browser.execute_script("return document.getElementById('scrubber').classList.contains('scrubbing');")
        assert browser.execute_script(LABEL) == first_shown(landed)
        assert browser.execute_script("return document.getElementById('scrubber').getAttribute('aria-valuenow');") == "50"
        # A jump: only the sections the viewport lands in were asked, none between.
        jumped = asked(s) - before
        shown = {e["section"] for e in landed["elements"]}
        assert 1 <= len(jumped) <= 3 and shown <= jumped and 900 < min(jumped)

        # Dragged on to a quarter and released: the label follows, the grid is where it was left.
        actions = ActionBuilder(browser)
        actions.pointer_action.move_to_location(x, int(top + height / 4)).release()
        actions.perform()
        quarter = (int(top + height / 4) - top - 16) / (height - 32)
        end = wait(browser, "const v = window.gridView, s = v.state;"
                            " return !v.busy && s.offset.y < arguments[0] ? s : null;", landing / 2 + 100, what="the quarter")
        assert abs(end["offset"]["y"] / (end["content"]["height"] - v["height"]) - quarter) < 0.01
        assert dom_boxes(browser) == as_boxes(end["elements"])
        assert browser.execute_script(LABEL) == first_shown(end)


def test_the_scrubbers_keys_and_its_place(gridrepl, browser):
    s = Server(gridrepl, SCRIPT)
    try:
        state = load(browser, s)
        scrubber = browser.find_element(By.ID, "scrubber")
        assert scrubber.get_attribute("role") == "slider" and scrubber.get_attribute("tabindex") == "0"
        length = state["content"]["height"] - state["viewport"]["height"]
        # A click at the rail's middle: the offset half-way, the engine's visible() there.
        left, top, width, height = rail(browser)
        y = int(top + height / 2)
        landing = math.floor((y - top - 16) / (height - 32) * length + 0.5)
        actions = ActionBuilder(browser)
        actions.pointer_action.move_to_location(int(left + width / 2), y).click()
        actions.perform()
        state = at_offset(browser, landing)
        assert dom_boxes(browser) == as_boxes(state["elements"]) == \
            gridrepl_visible(gridrepl, state["viewport"]["width"], state["viewport"]["height"], 0, landing)
        assert browser.execute_script(LABEL) == first_shown(state) == "section 1 · item 31"
        for key, step in [(Keys.END, lambda f: 1), (Keys.HOME, lambda f: 0), (Keys.PAGE_DOWN, lambda f: f + 0.1),
                          (Keys.ARROW_DOWN, lambda f: f + 0.01), (Keys.PAGE_UP, lambda f: f - 0.1), (Keys.ARROW_UP, lambda f: f - 0.01)]:
            fraction = min(1, max(0, step(state["offset"]["y"] / length)))
            y = math.floor(fraction * length + 0.5)
            scrubber.send_keys(key)
            state = at_offset(browser, y)
            assert dom_boxes(browser) == as_boxes(state["elements"]) == \
                gridrepl_visible(gridrepl, state["viewport"]["width"], state["viewport"]["height"], 0, y)
            assert browser.execute_script(LABEL) == first_shown(state)
            # The thumb: at the offset's fraction of the rail.
            thumb = browser.execute_script("return document.getElementById('scrub-thumb').offsetTop;")
            assert abs(thumb - y / length * (rail(browser)[3] - 32)) < 1
        # The keys were the scrubber's: no item was selected.
        assert browser.execute_script("return document.getElementById('info').textContent;") == ""

        # Content that fits: no rail.
        code, _ = s.post("/api/script", {"text": SCRIPT.read_text().replace("for i = 1, 40 do", "for i = 1, 2 do")})
        assert code == 200
        wait(browser, "return window.gridView.state.generation === 2;", what="the edit")
        assert not scrubber.is_displayed()
    finally:
        s.stop()


def test_layout_requests(gridrepl):
    s = Server(gridrepl, SCRIPT)
    try:
        code, state = s.post("/api/viewport", {"x": 0, "y": 0, "width": 885, "height": 533})
        assert code == 200 and state["layout"] == "flow" and state["layouts"] == ["lanes", "waterfall", "flow", "justified"]
        assert s.post("/api/layout", {"layout": "waterfal"}) == \
            (400, {"error": "/api/layout: unknown layout 'waterfal' (expected lanes, waterfall, flow or justified) (did you mean 'waterfall'?)"})
        assert s.post("/api/layout", {}) == \
            (400, {"error": '/api/layout: \'layout\' is missing (expected {"layout": "lanes" | "waterfall" | "flow" | "justified"})'})
        code, state = s.post("/api/layout", {"layout": "lanes"})
        assert code == 200 and state["animating"] is True and state["layout"] == "flow"   # until the transition ends
        assert s.post("/api/layout", {"layout": "flow"}) == \
            (409, {"error": "animateTo: not allowed during a layout transition (call commit() or cancel() first)"})
    finally:
        s.stop()
