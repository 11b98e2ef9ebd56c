@preconcurrency import CCurses
import LiveViewCore

/// Drawing a frame through ncurses: the canvas (LiveViewCore's `ViewCanvas`, styles as colours
/// and attributes), two status lines and the message line. ncurses sends only what changed.
extension LiveView {
    /// Colour pairs, one per canvas style (pair number = the style's raw value).
    func setUpColors() {
        guard terminal?.hasColors == true else { return }
        let colors: [(ViewCanvas.Style, Int16)] = [
            (.item, -1), (.header, Int16(COLOR_CYAN)), (.pinned, Int16(COLOR_YELLOW)), (.loader, Int16(COLOR_MAGENTA)),
            (.fading, Int16(COLOR_BLUE)), (.dragged, Int16(COLOR_GREEN)), (.context, -1), (.outline, Int16(COLOR_RED)),
            (.background, -1), (.focused, Int16(COLOR_YELLOW)),
        ]
        for (style, color) in colors { _ = init_pair(Int16(style.rawValue), color, -1) }
    }

    /// The attributes of a style: its colour pair, plus bold for what stands out and dim for context.
    func attributes(_ style: ViewCanvas.Style) -> Int32 {
        var a: Int32 = 0
        if terminal?.hasColors == true && style != .blank { a |= gl_color_pair(Int16(style.rawValue)) }
        switch style {
        case .pinned, .dragged, .outline, .focused: a |= gl_a_bold()
        case .context, .background: a |= gl_a_dim()
        default: break
        }
        return a
    }

    /// The cells the canvas has now, and the geometry for them.
    func updateGeometry() {
        geometry = ViewGeometry(viewport: viewport, columns: max(1, Int(COLS)),
                                rows: max(1, Int(LINES) - LiveView.statusRows), zoom: zoom)
    }

    func draw() {
        updateGeometry()
        canvas = ViewCanvas.render(elements, geometry)
        _ = erase()
        for y in 0..<canvas.height {
            var x = 0
            for run in canvas.runs(y) {
                if run.style != .blank {
                    _ = attrset(attributes(run.style))
                    _ = mvaddstr(Int32(y), Int32(x), run.text)
                }
                x += run.text.utf8.count
            }
        }
        let width = Int(COLS)
        let lines = status.lines(width: width)
        let bottom = Int32(LINES)
        _ = attrset(gl_a_reverse())
        _ = mvaddstr(bottom - 3, 0, lines[0].padding(to: width))
        _ = attrset(0)
        _ = mvaddstr(bottom - 2, 0, lines[1])
        // The last cell of the screen is left alone: writing it may scroll some terminals.
        let last: String
        if let prompt {
            last = "go to section.item: \(prompt)"
        } else {
            last = message ?? status.help(width: width)
        }
        _ = attrset(message != nil && prompt == nil ? gl_a_bold() : 0)
        _ = mvaddstr(bottom - 1, 0, String(last.prefix(max(0, width - 1))))
        _ = attrset(0)
        _ = CCurses.refresh()
    }
}

extension String {
    /// Padded with spaces to `width` characters (or cut to it).
    func padding(to width: Int) -> String {
        let cut = String(prefix(max(0, width)))
        return cut + String(repeating: " ", count: max(0, width - cut.count))
    }
}
