@preconcurrency import CCurses
import CLua
import LiveViewCore

/// Keys and the mouse. Arrows and h/j/k/l scroll by a tenth of the viewport (a page along the
/// scroll axis when the grid pages); PageUp/PageDown and space by a viewport along the scroll
/// axis; Home/End to the ends; the wheel by three arrow steps along the scroll axis; `g` asks for
/// an index path; `+`/`-` zoom the layout (`LayoutZoom`, animated with `animateTo`); `>`/`<` scale
/// the view by 1.25 (`0` back to the fit); `]`/`[` scroll a section that scrolls sideways by half
/// the viewport; `r` reloads; q or Escape closes.
/// `f` puts a focus on the first item shown (or takes it away): then the arrows and h/j/k/l move it
/// to the item `grid:neighbor` gives, scrolling it into view, and Enter reports it.
/// A click reports the element under it; with `grid.sort`, pressing on an item and moving the
/// mouse drags it (`beginDrag`, `dragTo`, `endDrag`, points in viewport coordinates).
extension LiveView {
    func handle(_ key: Int32) {
        if prompt != nil {
            handlePrompt(key)
            return
        }
        if focus != nil, let direction = [KEY_UP: 1, KEY_DOWN: 2, KEY_LEFT: 3, KEY_RIGHT: 4, character("k"): 1,
                                          character("j"): 2, character("h"): 3, character("l"): 4][key] {
            return moveFocus(direction)
        }
        switch key {
        case character("q"): outcome = .closed
        case 27: escape()
        case 10, 13, KEY_ENTER:
            if let focus { message = "focused item \(focus.section).\(focus.item)" }
        case character("f"): toggleFocus()
        case KEY_UP, character("k"): scroll(0, -step(vertical: true))
        case KEY_DOWN, character("j"): scroll(0, step(vertical: true))
        case KEY_LEFT, character("h"): scroll(-step(vertical: false), 0)
        case KEY_RIGHT, character("l"): scroll(step(vertical: false), 0)
        case KEY_NPAGE, character(" "): page(1)
        case KEY_PPAGE, character("b"): page(-1)
        case KEY_HOME: scrollTo(0, 0)
        case KEY_END: scrollTo(status.contentWidth, status.contentHeight)
        case character("g"):
            prompt = ""
            message = nil
        case character("+"), character("="): zoomLayout(in: true)
        case character("-"), character("_"): zoomLayout(in: false)
        case character(">"), character("."): setZoom(zoom * LiveView.zoomStep)
        case character("<"), character(","): setZoom(zoom / LiveView.zoomStep)
        case character("0"): setZoom(1)
        case character("]"): scrollSideways(1)
        case character("["): scrollSideways(-1)
        case character("r"): reload()
        case KEY_MOUSE: mouse()
        case KEY_RESIZE: break  // resizeterm's own note of the resize the loop made: the redraw follows
        default: message = nil  // the key help again
        }
    }

    private func character(_ c: Character) -> Int32 { Int32(c.asciiValue ?? 0) }

    /// Escape alone closes the view. An escape sequence ncurses did not decode (a key this
    /// terminal's description lacks) arrives with its bytes right behind the Escape: it is read to
    /// its end; Home and End in their other spellings (tmux, rxvt, the Linux console) are taken,
    /// anything else is ignored rather than closing the view.
    private func escape() {
        guard let first = terminal?.nextKey() else {
            outcome = .closed
            return
        }
        var sequence = [first]
        if first == character("[") || first == character("O") {
            while sequence.count < 16, let k = terminal?.nextKey() {
                sequence.append(k)
                if k >= 0x40 && k <= 0x7E { break }
            }
        }
        let text = String(decoding: sequence.compactMap { UInt8(exactly: $0) }, as: UTF8.self)
        switch text {
        case "[1~", "[7~", "[H", "OH": handle(KEY_HOME)
        case "[4~", "[8~", "[F", "OF": handle(KEY_END)
        default: message = "unknown key (an escape sequence); q quits"
        }
    }

    /// An arrow step along one axis: a tenth of the viewport, whole points; a page along the
    /// scroll axis of a paging grid (its offsets snap to pages).
    func step(vertical axisIsVertical: Bool) -> Double {
        let extent = axisIsVertical ? viewport.height : viewport.width
        if status.paging && axisIsVertical == vertical { return extent }
        return max(1, (extent / 10).rounded())
    }

    func scroll(_ dx: Double, _ dy: Double) {
        if let error = call("scrollBy", [dx, dy]) { message = "scrollBy: \(error)" } else { message = nil }
    }

    func scrollTo(_ x: Double, _ y: Double) {
        if let error = call("scrollTo", [x, y]) { message = "scrollTo: \(error)" } else { message = nil }
    }

    /// A viewport along the scroll axis.
    func page(_ direction: Double) {
        if vertical { scroll(0, direction * viewport.height) } else { scroll(direction * viewport.width, 0) }
    }

    func setZoom(_ value: Double) {
        zoom = min(max(value, LiveView.zoomRange.lowerBound), LiveView.zoomRange.upperBound)
        status.zoom = zoom
        message = nil
    }

    // MARK: Zooming the layout, sideways sections

    /// `+` (in) and `-`: the step `LayoutZoom` gives for the grid's options, run with
    /// `animateTo` over the grid's `animationDuration` on the view's clock; a limit, or the
    /// engine's refusal, is the message and nothing changes. Flow zooms the view's scale.
    func zoomLayout(in zoomIn: Bool) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        if let error = protectedCall("zoomOptions", nil, [], results: 6) {
            message = "zoom: \(error)"
            return
        }
        func number(_ index: Int32) -> Double { lua_type(L, index) == LUA_TNUMBER ? lua_tonumberx(L, index, nil) : 0 }
        let layout = lua_type(L, -6) == LUA_TSTRING ? Runner.string(L, -6) : ""
        let minColumnWidth = number(-2)
        let options = LayoutZoom(layout: layout, columns: Int(number(-5)), lanes: Int(number(-4)), rowHeight: number(-3),
                                 minColumnWidth: minColumnWidth > 0 ? minColumnWidth : nil,
                                 scrollExtent: vertical ? viewport.height : viewport.width,
                                 crossExtent: vertical ? viewport.width : viewport.height)
        let duration = number(-1)
        switch options.step(zoomIn: zoomIn) {
        case .scaleView:
            setZoom(zoomIn ? zoom * LiveView.zoomStep : zoom / LiveView.zoomStep)
            message = "zoom: \(layout) items keep their sizes: the view's scale zoomed (as \(zoomIn ? ">" : "<"))"
        case .limit(let text):
            message = text
        case .animate(let option, let from, let to):
            if let error = protectedCall("zoom", option, [to, duration], results: 0) {
                message = "zoom: \(error)"
            } else {
                lastStep = 0
                message = "zoom: \(option) \(ViewFormat.number(from)) to \(ViewFormat.number(to))"
            }
        }
    }

    /// `]` (1) and `[` (-1): the focused item's section when it scrolls sideways, else the
    /// sideways section nearest the viewport's centre, by half the viewport's cross size.
    func scrollSideways(_ direction: Double) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let by = direction * (vertical ? viewport.width : viewport.height) / 2
        if let error = protectedCall("scrollSideways", nil, [Double(focus?.section ?? 0), by], results: 3) {
            message = "scrollSection: \(error)"
            return
        }
        guard lua_type(L, -3) == LUA_TNUMBER else {
            message = "no section that scrolls sideways is in view"
            return
        }
        let section = Int(lua_tointegerx(L, -3, nil))
        let (before, after) = (lua_tonumberx(L, -2, nil), lua_tonumberx(L, -1, nil))
        if before == after {
            message = "section \(section) sideways: at its \(direction > 0 ? "end" : "start"), offset \(ViewFormat.number(after))"
        } else {
            message = "section \(section) sideways: offset \(ViewFormat.number(before)) to \(ViewFormat.number(after))"
        }
    }

    // MARK: The focus

    /// On the first item shown (the top-left one as the grid lists them), or off again.
    private func toggleFocus() {
        if focus != nil {
            focus = nil
            message = nil
        } else if let first = elements.first(where: { $0.kind == .item && !$0.context }) {
            focus = (first.section, first.item)
            message = "focused item \(first.section).\(first.item)"
        } else {
            message = "no item shown to focus"
        }
    }

    /// Moves the focus to its neighbour (`direction`: 1 up, 2 down, 3 left, 4 right, the helper's
    /// order) and scrolls it into view; at an edge it stays.
    private func moveFocus(_ direction: Int) {
        guard let focus else { return }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        if let error = protectedCall("neighbor", nil, [Double(focus.section), Double(focus.item), Double(direction)], results: 2) {
            message = "neighbor: \(error)"
            return
        }
        guard lua_type(L, -2) == LUA_TNUMBER else {
            message = "focused item \(focus.section).\(focus.item) (an edge)"
            return
        }
        let next = (Int(lua_tointegerx(L, -2, nil)), Int(lua_tointegerx(L, -1, nil)))
        self.focus = next
        if let error = protectedCall("reveal", nil, [Double(next.0), Double(next.1)], results: 0) {
            message = "scrollToItem: \(error)"
        } else {
            message = "focused item \(next.0).\(next.1)"
        }
    }

    // MARK: The `g` prompt

    private func handlePrompt(_ key: Int32) {
        switch key {
        case 10, 13, KEY_ENTER:
            let text = prompt ?? ""
            prompt = nil
            goTo(text)
        case 27:
            prompt = nil
            message = nil
        case KEY_BACKSPACE, 127, 8:
            if !(prompt ?? "").isEmpty { prompt?.removeLast() }
        default:
            if key > 0 && key < 128, let scalar = Unicode.Scalar(UInt32(key)), IndexPathInput.accepts(Character(scalar)),
               (prompt ?? "").count < 40 {
                prompt?.append(Character(scalar))
            }
        }
    }

    /// Scrolls so the item starts the viewport (`scrollToItem(s, i, "start")`).
    private func goTo(_ text: String) {
        guard let (section, item) = IndexPathInput.parse(text) else {
            message = "go to: '\(text)' is not an index path (type section.item, e.g. 2.5)"
            return
        }
        if let error = call("scrollToItem", [Double(section), Double(item)]) {
            message = "go to \(section).\(item): \(error)"
        } else {
            message = "went to item \(section).\(item)"
        }
    }

    // MARK: The mouse

    private func mouse() {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return }
        let b = event.bstate
        let (x, y) = (Int(event.x), Int(event.y))
        if b & gl_button4_pressed() != 0 {
            wheel(-1)
        } else if b & gl_button5_pressed() != 0 {
            wheel(1)
        } else if b & gl_button1_pressed() != 0 {
            press(x, y)
        } else if b & gl_button1_released() != 0 {
            if dragging { motion(x, y) }
            release()
        } else if b & gl_button1_clicked() != 0 {
            press(x, y)
            release()
        } else if b & gl_report_mouse_position() != 0 {
            motion(x, y)
        }
    }

    private func wheel(_ direction: Double) {
        let s = 3 * step(vertical: vertical)
        if vertical { scroll(0, direction * s) } else { scroll(direction * s, 0) }
    }

    /// A press reports the element under it; with `sort` on an item, it picks the item up.
    private func press(_ x: Int, _ y: Int) {
        guard y < canvas.height, let hit = canvas.element(atColumn: x, row: y) else {
            message = "nothing at column \(x + 1), row \(y + 1)"
            return
        }
        message = hit.description
        guard status.sort, hit.kind == .item, !hit.context, !dragging else { return }
        // The cell's centre may fall just outside the item (cells are coarse): grab its centre then.
        var p = geometry.contentPoint(column: x, row: y)
        let f = hit.frame
        if p.x < f.x || p.x >= f.maxX || p.y < f.y || p.y >= f.maxY { p = (f.x + f.width / 2, f.y + f.height / 2) }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        if let error = protectedCall("call", "beginDrag", [p.x - viewport.x, p.y - viewport.y], results: 2) {
            message = "beginDrag: \(error)"
        } else if lua_type(L, -2) == LUA_TNUMBER {
            dragging = true
            lastStep = 0
            message = "dragging \(hit.description)"
        } else {
            message = "\(hit.description)  (it cannot be moved)"
        }
    }

    private func motion(_ x: Int, _ y: Int) {
        guard dragging else { return }
        let p = geometry.viewportPoint(column: x, row: y)
        if let error = call("dragTo", [p.x, p.y]) { message = "dragTo: \(error)" }
    }

    /// Drops the dragged item: `endDrag()`, which calls the data source's `move` once if it moved.
    private func release() {
        guard dragging else { return }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        var moved: String?
        if protectedCall("call", "dragging", [], results: 4) == nil, lua_type(L, -4) == LUA_TNUMBER {
            let n = (1...4).map { Int(lua_tointegerx(L, Int32($0 - 5), nil)) }
            if n[0] != n[2] || n[1] != n[3] { moved = "moved item \(n[0]).\(n[1]) to \(n[2]).\(n[3])" }
        }
        if let error = call("endDrag") {
            message = "endDrag: \(error)"
        } else if let moved {
            message = moved
        } else if let text = message, text.hasPrefix("dragging ") {
            message = String(text.dropFirst("dragging ".count))  // a click: the item, as without sort
        }
        dragging = false
    }
}
