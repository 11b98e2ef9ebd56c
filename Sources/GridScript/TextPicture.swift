import GridLayout
#if canImport(Glibc)
import Glibc
#endif

/// `grid:draw()`: the viewport as text, each element a box labelled the Lua way (`section.item`
/// counted from 1). Items are drawn with `+-|`, headers with `#=|` (`@=|` when pinned by sticky
/// headers), the loader with `*~|`. During an animation an item fading in or out (alpha below 1)
/// is drawn with `.` corners and edges; a dragged item is drawn last, over the others, with `%` corners.
enum TextPicture {
    /// The terminal's size, from the terminal itself, else $COLUMNS/$LINES, else 80×24.
    static func terminalSize() -> (columns: Int, rows: Int) {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        func env(_ name: String) -> Int? { getenv(name).flatMap { Int(String(cString: $0)) }.flatMap { $0 > 0 ? $0 : nil } }
        return (env("COLUMNS") ?? 80, env("LINES") ?? 24)
    }

    /// The picture: a status line, then the viewport scaled to fit `columns` × (`rows` − 2) cells,
    /// keeping its proportions for cells twice as tall as wide. O(cells + elements): one byte a cell,
    /// and each box touches only the cells of its edges on the canvas. Throws when the host's
    /// `GridScript.interruption` says so (checked every few thousand elements and rows).
    static func render(_ grid: Grid, columns: Int, rows: Int) throws(ScriptError) -> String {
        let viewport = grid.viewport
        let content = grid.contentSize
        let status = "offset (\(number(viewport.x)), \(number(viewport.y)))  content \(number(content.width))x\(number(content.height))"
        let available = (columns: max(1, columns), rows: max(1, rows - 2))
        guard viewport.width > 0, viewport.height > 0 else { return status + "  (empty viewport)\n" }
        var sx = Double(available.columns) / viewport.width
        var sy = sx / 2
        if viewport.height * sy > Double(available.rows) {
            sy = Double(available.rows) / viewport.height
            sx = 2 * sy
        }
        // The canvas reaches the cell of the viewport's far edge, as an element's last cell does
        // (both round up, less a hair for the scale's rounding error): an item that ends at the
        // viewport's edge keeps its border there. A denormal viewport makes the scale infinite
        // (1e-320 × inf): such a side fills its room.
        func cells(_ v: Double, _ room: Int) -> Int { v.isFinite ? max(1, min(room, Int(min(v - 1e-9, Double(room)).rounded(.up)))) : room }
        let width = cells(viewport.width * sx, available.columns)
        let height = cells(viewport.height * sy, available.rows)
        var check = InterruptCheck()
        var canvas = Canvas(width: width, height: height)

        let elements = grid.visibleElements()
        // Items first, so headers and the loader are drawn over them; a dragged item over everything.
        var order: [Int] = []
        order.reserveCapacity(elements.count)
        for pass in 0..<3 {
            for (k, element) in elements.enumerated() {
                let isItem = if case .item = element.id { true } else { false }
                let p = element.dragged ? 2 : isItem ? 0 : 1
                if p == pass { order.append(k) }
            }
        }
        for k in order {
            try check.tick()
            let element = elements[k]
            let f = element.frame
            // Cells clamped to just outside the canvas: an element thousands of screens long is
            // drawn in the time of one on screen (and a frame of 1e300 converts to Int safely).
            func cell(_ v: Double, _ limit: Int) -> Int { v.isNaN ? -2 : Int(Swift.min(Swift.max(v, -2), Double(limit + 1))) }
            let x0 = cell(((f.x - viewport.x) * sx).rounded(.down), width)
            let x1 = cell(((f.maxX - viewport.x) * sx - 1e-9).rounded(.up), width) - 1
            let y0 = cell(((f.y - viewport.y) * sy).rounded(.down), height)
            let y1 = cell(((f.maxY - viewport.y) * sy - 1e-9).rounded(.up), height) - 1
            let (corner, edge, label): (UInt8, UInt8, String) = switch element.id {
            case .item(let p):
                (element.dragged ? UInt8(ascii: "%") : element.alpha < 1 ? UInt8(ascii: ".") : UInt8(ascii: "+"),
                 element.alpha < 1 ? UInt8(ascii: ".") : UInt8(ascii: "-"), "\(p.section + 1).\(p.item + 1)")
            case .header(let s): (element.pinned ? UInt8(ascii: "@") : UInt8(ascii: "#"), UInt8(ascii: "="), "header \(s + 1)")
            case .footer(let s): (UInt8(ascii: "&"), UInt8(ascii: "_"), "footer \(s + 1)")
            case .loader: (UInt8(ascii: "*"), UInt8(ascii: "~"), "loader")
            }
            canvas.box(x0, y0, max(x0, x1), max(y0, y1), corner: corner, edge: edge, label: label)
        }
        var out: [UInt8] = []
        out.reserveCapacity(status.utf8.count + 32 + (width + 1) * height)
        out.append(contentsOf: "\(status)  \(elements.count) visible\n".utf8)
        for y in 0..<height {
            try check.tick(width / 64 + 1)
            let row = canvas.cells[(y * width)..<((y + 1) * width)]
            let end = row.lastIndex { $0 != UInt8(ascii: " ") }.map { $0 + 1 } ?? row.startIndex
            out.append(contentsOf: row[row.startIndex..<end])
            out.append(UInt8(ascii: "\n"))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The cells of the picture, a byte each (every mark is ASCII), row after row.
    struct Canvas {
        let width, height: Int
        var cells: [UInt8]

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            cells = [UInt8](repeating: UInt8(ascii: " "), count: width * height)
        }

        @inline(__always)
        mutating func put(_ x: Int, _ y: Int, _ c: UInt8) {
            if x >= 0 && x < width && y >= 0 && y < height { cells[y * width + x] = c }
        }

        /// Draws a box clipped to the canvas, with its label inside (or on its top edge when
        /// flat). Only the edges' cells on the canvas are visited.
        mutating func box(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, corner: UInt8, edge: UInt8, label: String) {
            let bar = UInt8(ascii: "|")
            for x in max(x0, 0)...max(min(x1, width - 1), max(x0, 0)) where x <= x1 {
                put(x, y0, edge)
                put(x, y1, edge)
            }
            for y in max(y0, 0)...max(min(y1, height - 1), max(y0, 0)) where y <= y1 {
                put(x0, y, bar)
                put(x1, y, bar)
            }
            for x in [x0, x1] { for y in [y0, y1] { put(x, y, corner) } }
            // Inside the box, clipped to what is on screen.
            let left = max(x0 + 1, 0), right = min(x1 - 1, width - 1)
            let row = y1 - y0 >= 2 ? max(y0 + 1, 0) : y0
            guard right >= left, row <= min(y1, height - 1), row >= 0 else { return }
            for (k, c) in label.utf8.prefix(right - left + 1).enumerated() { put(left + k, row, c) }
        }
    }

    static func number(_ v: Double) -> String {
        let rounded = (v * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }
}
