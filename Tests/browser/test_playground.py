"""gridrepl --serve's playground: the script's text in an editor (Debian's CodeMirror), each edit
run by the server in a fresh sandboxed Lua state. Typed edits must turn the page's boxes into
exactly the engine's visible() of the edited script — as a separate gridrepl run of the edited
text prints it — and a broken edit must show its error and line and leave the old boxes. Also:
the plain text area when CodeMirror cannot be loaded, the file left unwritten, the grid re-laid
out when the editor takes part of the window, scroll bars only where the content overflows,
labels cut with an ellipsis, and the drag affordance of a grid that sorts."""

import os
import shutil
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from test_serve import (SCRIPT, Server, as_boxes, browser, dom_boxes, gridrepl, gridrepl_visible,  # noqa: F401
                        load, same_boxes, settled, wait)

EDITOR_TEXT = "return window.gridView.editor.text;"
EDITOR_ERROR = "return document.getElementById('editor-error').textContent;"


def chunk(path):
    """The script's name as Lua's messages give it (luaO_chunkid: at most 59 characters, the end of
    a longer one after "...")."""
    name = str(path)
    return name if len(name) <= 59 else "..." + name[-56:]


def open_editor(driver):
    driver.find_element(By.ID, "edit-toggle").click()
    wait(driver, "return document.getElementById('editor').offsetWidth > 0;", what="the editor pane")


def new_generation(driver, generation):
    return wait(driver, "const v = window.gridView; return !v.busy && v.state.generation === arguments[0] ? v.state : null;",
                generation, what=f"generation {generation}")


def assert_engine_boxes(driver, gridrepl, script, state):
    """The page's boxes are the state's elements, and a gridrepl run of `script` agrees."""
    v, o = state["viewport"], state["offset"]
    engine = as_boxes(state["elements"])
    assert dom_boxes(driver) == engine
    assert gridrepl_visible(gridrepl, v["width"], v["height"], o["x"], o["y"], str(script)) == engine


def test_typed_edits_relay_the_grid_out_and_broken_ones_keep_it(gridrepl, browser, tmp_path):
    script = tmp_path / "browser.lua"
    shutil.copy(SCRIPT, script)
    s = Server(gridrepl, script)
    try:
        first = load(browser, s)
        open_editor(browser)
        assert wait(browser, EDITOR_TEXT, what="the script's text") == SCRIPT.read_text()
        assert browser.execute_script("return window.gridView.editor.kind;") == "codemirror"
        opened = settled(browser)
        assert opened["viewport"]["width"] < first["viewport"]["width"]   # the editor took part of the window
        assert_engine_boxes(browser, gridrepl, script, opened)

        # An edit through CodeMirror's API, as typing makes it: 5 tags a section instead of 40.
        browser.execute_script("""
            const cm = window.gridView.editor.cm, line = cm.getValue().split('\\n').findIndex(l => l.includes('for i = 1, 40 do'));
            const at = cm.getLine(line).indexOf('40');
            cm.replaceRange('5', { line, ch: at }, { line, ch: at + 2 }, '+input');""")
        edited = new_generation(browser, 2)
        assert edited["edited"] is True and edited["error"] is None
        assert len([e for e in edited["elements"] if e["kind"] == "item"]) == 15
        text = SCRIPT.read_text().replace("for i = 1, 40 do", "for i = 1, 5 do")
        assert browser.execute_script(EDITOR_TEXT) == text
        (tmp_path / "edited.lua").write_text(text)
        assert_engine_boxes(browser, gridrepl, tmp_path / "edited.lua", edited)
        assert script.read_text() == SCRIPT.read_text()                  # the file is not written
        assert s.get("/api/source")[1] == {"edited": True, "generation": 2, "script": str(script), "text": text}

        # A broken edit, typed at the end: its error and line show, and the boxes stay.
        before = dom_boxes(browser)
        area = browser.find_element(By.CSS_SELECTOR, "#editor-host .CodeMirror textarea")
        browser.execute_script("window.gridView.editor.cm.focus();")
        area.send_keys(Keys.CONTROL, Keys.END)   # the empty line after the last newline
        area.send_keys("local = 1")
        line = len(text.splitlines()) + 1
        message = f"{chunk(script)}:{line}: <eof> expected near 'local'"   # after the script's return
        assert wait(browser, EDITOR_ERROR, what="the edit's error") == message
        assert browser.execute_script("return window.gridView.editor.cm.lineInfo(arguments[0]).bgClass;", line - 1) == "error-line"
        assert settled(browser)["generation"] == 2
        assert dom_boxes(browser) == before

        # Mended: the grid is the edit's again and the error goes.
        browser.execute_script("const cm = window.gridView.editor.cm;"
                               " cm.replaceRange('', { line: arguments[0] - 1, ch: 0 }, { line: arguments[0] - 1, ch: 9 }, '+input');", line)
        mended = new_generation(browser, 3)
        assert browser.execute_script(EDITOR_ERROR) == ""
        assert browser.execute_script(EDITOR_TEXT) == text
        assert browser.execute_script("return window.gridView.editor.cm.lineInfo(arguments[0]).bgClass;", line - 1) is None
        assert_engine_boxes(browser, gridrepl, tmp_path / "edited.lua", mended)

        # The file changed: its grid is served again, and its text replaces the edit's.
        script.write_text(SCRIPT.read_text().replace("for i = 1, 40 do", "for i = 1, 3 do"))
        again = new_generation(browser, 4)
        assert again["edited"] is False and len([e for e in again["elements"] if e["kind"] == "item"]) == 9
        assert wait(browser, "const t = window.gridView.editor.text; return t.includes('1, 3 do') ? t : null;",
                    what="the file's text") == script.read_text()
    finally:
        s.stop()


def test_an_edit_runs_sandboxed_whatever_the_command_line(gridrepl, tmp_path):
    script = tmp_path / "browser.lua"
    shutil.copy(SCRIPT, script)
    s = Server(gridrepl, script)
    try:
        target = tmp_path / "written"
        code, answer = s.post("/api/script", {"text": f"io.open('{target}', 'w')"})
        assert (code, answer) == (422, {"error": f"{chunk(script)}:1: attempt to index a nil value (global 'io')"})
        code, answer = s.post("/api/script", {"text": f"local g = require('gridlayout').new{{}} g:svg('{target}') return g"})
        assert (code, answer) == (422, {"error": f"{chunk(script)}:1: svg: writing a file is not allowed in the sandbox"
                                                 " (grid:svg() returns the picture)"})
        assert not target.exists()
        code, answer = s.post("/api/script", {"text": "local x = 1"})
        assert (code, answer) == (422, {"error": f"--serve {script}: the script made no grid (make one with "
                                                 "gridlayout.new, or return the grid to view)"})
        assert s.get("/api/state")[1]["generation"] == 1   # the file's grid stays
    finally:
        s.stop()


def test_without_codemirror_the_editor_is_a_text_area(gridrepl, browser, tmp_path):
    script = tmp_path / "browser.lua"
    shutil.copy(SCRIPT, script)
    s = Server(gridrepl, script)
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/codemirror/*"]})
    try:
        load(browser, s)
        open_editor(browser)
        assert browser.execute_script("return window.gridView.editor.kind;") == "textarea"
        assert browser.execute_script("return document.getElementById('editor-note').textContent;") == \
            "CodeMirror is not installed (Debian's libjs-codemirror): a plain text area"
        area = browser.find_element(By.CSS_SELECTOR, "#editor-host textarea")
        wait(browser, "return document.querySelector('#editor-host textarea').value.length > 0;", what="the text")
        area.send_keys(Keys.CONTROL, Keys.END)
        area.send_keys("error('no')")
        line = len(SCRIPT.read_text().splitlines()) + 1
        assert wait(browser, EDITOR_ERROR, what="the edit's error") == f"{chunk(script)}:{line}: <eof> expected near 'error'"
    finally:
        browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        s.stop()


SMALL = """
local gl = require "gridlayout"
local grid = gl.new{ lanes = 2, spacing = 4, width = 300, height = 200, sort = true }
local labels = { "a label far too long for its box", "b" }
grid.dataSource = {
  count = function() return 2 end,
  size = function() return 60, 30 end,
  style = function(s, i) return { label = labels[i] } end,
  move = function() end,
}
grid:reload()
return grid
"""


def test_scroll_bars_labels_and_the_drag_affordance(gridrepl, browser, tmp_path):
    script = tmp_path / "small.lua"
    script.write_text(SMALL)
    s = Server(gridrepl, script)
    try:
        state = load(browser, s)
        bars = "const s = document.getElementById('scroller'); return [s.scrollHeight > s.clientHeight, s.offsetHeight - s.clientHeight];"
        assert browser.execute_script(bars) == [False, 0]                # content that fits: no scroll bar
        assert browser.execute_script("return document.getElementById('hint').textContent;") == "drag an item to move it"
        style = ("const b = document.querySelector('.el.item[data-item=\"1\"]'), c = getComputedStyle(b);"
                 " return [c.cursor, c.textOverflow, b.scrollWidth > b.clientWidth, b.title];")
        assert browser.execute_script(style) == ["grab", "ellipsis", True, "a label far too long for its box"]
        # An edit that turns sorting off: no hint, no grab; 40 items overflow: the bar shows.
        code, answer = s.post("/api/script", {"text": SMALL.replace("sort = true", "sort = false")
                                              .replace("return 2 end", "return 40 end")})
        assert code == 200
        new_generation(browser, 2)
        assert browser.execute_script("return document.getElementById('hint').textContent;") == ""
        assert browser.execute_script(style)[0] == "auto"
        assert browser.execute_script(bars)[0] is True
        assert state["viewport"]["width"] == browser.execute_script("return document.getElementById('scroller').clientWidth;")
    finally:
        s.stop()


def test_playground_screenshot(gridrepl, browser, tmp_path):
    # `make docs-images` keeps docs/images/playground.png: the editor opened by the address's
    # #edit, after an edit that left 12 tags a section (scripts/browser.lua itself: edits are not
    # written to the file), the grid switched to waterfall by the layout menu, and the scrubber
    # moved down a tenth by its Page Down key, its label showing.
    s = Server(gridrepl, SCRIPT)
    original = SCRIPT.read_text()
    try:
        browser.get(s.url + "#edit")
        wait(browser, "return window.gridView.editor.text.includes('for i = 1, 40 do');", what="the script's text")
        browser.execute_script("""
            const cm = window.gridView.editor.cm, line = cm.getValue().split('\\n').findIndex(l => l.includes('for i = 1, 40 do'));
            const at = cm.getLine(line).indexOf('40');
            cm.replaceRange('12', { line, ch: at }, { line, ch: at + 2 }, '+input');
            cm.setCursor({ line, ch: at + 2 });""")
        edited = new_generation(browser, 2)
        assert edited["edited"] is True and dom_boxes(browser) == as_boxes(edited["elements"])
        Select(browser.find_element(By.ID, "layout")).select_by_visible_text("waterfall")
        wait(browser, "const v = window.gridView; return !v.busy && v.state.layout === 'waterfall' && !v.state.animating;",
             what="the switch to waterfall")
        browser.find_element(By.ID, "scrubber").send_keys(Keys.PAGE_DOWN)
        shown = wait(browser, "const v = window.gridView; return !v.busy && v.state.offset.y > 0 ? v.state : null;",
                     what="the scrubber's jump")
        assert browser.execute_script("return document.getElementById('scrubber').classList.contains('landed');")
        same_boxes(dom_boxes(browser), as_boxes(shown["elements"]), 1 / 64)   # a waterfall's fractional frames
        target = Path(os.environ.get("GRIDREPL_PLAYGROUND_SCREENSHOT") or tmp_path / "playground.png")
        assert browser.save_screenshot(str(target))
        data = target.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")) == \
            tuple(browser.execute_script("return [window.innerWidth, window.innerHeight];"))
    finally:
        s.stop()
    assert SCRIPT.read_text() == original
