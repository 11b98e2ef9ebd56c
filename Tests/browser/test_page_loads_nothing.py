"""gridrepl --serve's page loads nothing but itself. A data source's `style` may answer any string
as a fill; the page gets only the CSS colours `svg()` accepts (the pictures' one check), others
become the default colour, so a fill of url(http://…) never reaches a box's style. And the
server's Content-Security-Policy allows the page its own script, style and API only: no inline
script or style, no image, font or frame from anywhere. A listener on loopback stands for the
site a fill would load from, and must hear nothing."""

import json
import socket
import threading
import time
import urllib.request

from test_serve import TIMEOUT, Server, load, make_browser, gridrepl  # noqa: F401 (the session fixture)

SCRIPT = """
local gl = require "gridlayout"
local fills = { "url(http://127.0.0.1:%d/fill.png)", "#3a7", "red url(http://127.0.0.1:%d/x)",
                "rgb(10, 20, 30)", "expression(alert(1))", "hsl(120 50%% 50%% / 0.5)" }
local grid = gl.new{ lanes = 3, spacing = 4, width = 320, height = 200 }
grid.dataSource = {
  count = function() return #fills end,
  size = function() return 100, 40 end,
  style = function(s, i) return { label = "item " .. i, fill = fills[i] } end,
}
grid:reload()
return grid
"""
FILLS = [None, "#3a7", None, "rgb(10, 20, 30)", None, "hsl(120 50% 50% / 0.5)"]
POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
          "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


class Listener:
    """A TCP listener on 127.0.0.1 that notes every connection made to it."""

    def __init__(self):
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.hits = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.hits.append(time.monotonic())
            conn.close()

    def close(self):
        self.stop.set()
        self.thread.join(timeout=TIMEOUT)
        self.sock.close()


def fetch(server, path):
    with urllib.request.urlopen(server.url.rstrip("/") + path, timeout=TIMEOUT) as r:
        return r.status, dict(r.headers), r.read()


def test_a_fill_that_is_not_a_colour_loads_nothing(gridrepl, tmp_path):
    listener = Listener()
    script = tmp_path / "fills.lua"
    script.write_text(SCRIPT % (listener.port, listener.port))
    s = Server(gridrepl, script)
    try:
        # The API passes colours only.
        status, headers, body = fetch(s, "/api/state")
        items = [e for e in json.loads(body)["elements"] if e["kind"] == "item"]
        assert [e.get("fill") for e in items] == FILLS
        assert [e["label"] for e in items] == [f"item {i}" for i in range(1, 7)]

        # Every answer carries the policy; the page has no inline script or style.
        for path, kind in [("/", "text/html"), ("/page.js", "text/javascript"), ("/page.css", "text/css"),
                           ("/api/state", "application/json")]:
            status, headers, body = fetch(s, path)
            assert status == 200 and headers["Content-Type"].startswith(kind), (path, headers)
            assert headers["Content-Security-Policy"] == POLICY, path
        page = fetch(s, "/")[2].decode()
        assert "<style" not in page and "<script>" not in page and " style=" not in page
        assert '<script src="/page.js"></script>' in page and '<link rel="stylesheet" href="/page.css">' in page

        # In chromium: the page works under its policy, the boxes have the colours, and nothing
        # was fetched from the listener.
        driver = make_browser()
        try:
            state = load(driver, s)
            assert [e.get("fill") for e in state["elements"] if e["kind"] == "item"] == FILLS
            shown = driver.execute_script(
                "return [...document.querySelectorAll('#content > [data-kind=item]')]"
                ".map(b => [b.dataset.item, getComputedStyle(b).backgroundImage, b.style.backgroundColor]);")
            assert sorted(shown) == [
                ["1", "none", ""], ["2", "none", "rgb(51, 170, 119)"], ["3", "none", ""],
                ["4", "none", "rgb(10, 20, 30)"], ["5", "none", ""], ["6", "none", "rgba(64, 191, 64, 0.5)"]]
            # Even a background image put into a box by hand is refused by the policy.
            driver.execute_script(
                "document.querySelector('#content > [data-kind=item]').style.background ="
                " 'url(http://127.0.0.1:' + arguments[0] + '/by-hand.png)';", listener.port)
            time.sleep(1.0)
        finally:
            driver.quit()
        assert listener.hits == []
    finally:
        s.stop()
        listener.close()
