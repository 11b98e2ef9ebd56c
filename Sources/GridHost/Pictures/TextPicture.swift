import GridLayout

/// `draw()` in every face: the viewport as text, each element a box labelled with its `style`
/// label or else its index path (counted from the face's `base`). Items are drawn with `+-|`,
/// headers with `#=|` and footers with `&_|` (`@` corners when pinned), the loader with `*~|`,
/// sections' backgrounds with `;;|`, unlabelled, first of all (every other box is drawn over them).
/// During an animation an item fading in or out (alpha below 1) is drawn with `.` corners and edges; a
/// dragged item is drawn last, over the others, with `%` corners (as the live view draws it).
public enum TextPicture {
    /// The picture: a status line, then the viewport scaled to fit `columns` × (`rows` − 2) cells,
    /// keeping its proportions for cells twice as tall as wide. O(cells + elements): one byte a
    /// cell (a label's non-ASCII characters aside), and each box touches only the cells of its
    /// edges on the canvas. `style` is asked once for each item drawn, in the order drawn.
    public static func render(_ grid: Grid, columns: Int, rows: Int, base: Int, style: StyleSource? = nil,
                              budget: PictureBudget = .unbounded) throws -> String {
        let viewport = grid.viewport
        let content = grid.contentSize
        let number = PictureText.number
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
        var check = StopCheck(budget)
        var canvas = Canvas(width: width, height: height)

        let elements = grid.visibleElements()
        // Backgrounds first, then items, so headers and the loader are drawn over them; a dragged
        // item over everything.
        var order: [Int] = []
        order.reserveCapacity(elements.count)
        for pass in 0..<4 {
            for (k, element) in elements.enumerated() {
                let p = switch element.id {
                case .background: 0
                case .item: element.dragged ? 3 : 1
                default: 2
                }
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
            let (corner, edge): (UInt8, UInt8) = switch element.id {
            case .item:
                (element.dragged ? UInt8(ascii: "%") : element.alpha < 1 ? UInt8(ascii: ".") : UInt8(ascii: "+"),
                 element.alpha < 1 ? UInt8(ascii: ".") : UInt8(ascii: "-"))
            case .header: (element.pinned ? UInt8(ascii: "@") : UInt8(ascii: "#"), UInt8(ascii: "="))
            case .footer: (element.pinned ? UInt8(ascii: "@") : UInt8(ascii: "&"), UInt8(ascii: "_"))
            case .background: (UInt8(ascii: ";"), UInt8(ascii: ";"))
            case .loader: (UInt8(ascii: "*"), UInt8(ascii: "~"))
            }
            // A background's label would show in pieces between its section's elements.
            let label = if case .background = element.id { "" } else { try ElementLabel.of(element, in: grid, base: base, style: style).text }
            canvas.box(x0, y0, max(x0, x1), max(y0, y1), corner: corner, edge: edge, label: label, clear: element.dragged)
        }
        var out: [UInt8] = []
        out.reserveCapacity(status.utf8.count + 32 + (width + 1) * height)
        out.append(contentsOf: "\(status)  \(elements.count) visible\n".utf8)
        for y in 0..<height {
            try check.tick(width / 64 + 1)
            let row = canvas.cells[(y * width)..<((y + 1) * width)]
            let end = row.lastIndex { $0 != UInt8(ascii: " ") }.map { $0 + 1 } ?? row.startIndex
            for k in row.startIndex..<end {
                if row[k] == Canvas.wide, let scalar = canvas.scalars[k] {
                    out.append(contentsOf: String(Character(scalar)).utf8)
                } else {
                    out.append(row[k])
                }
            }
            out.append(UInt8(ascii: "\n"))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The cells of the picture, a byte each, row after row. A label's non-ASCII character is the
    /// byte `wide` in its cell and the character in `scalars` (labels are short: few such cells).
    struct Canvas {
        /// Marks a cell whose character is in `scalars`; never a mark of its own (all are printable ASCII).
        static let wide: UInt8 = 0
        let width, height: Int
        var cells: [UInt8]
        var scalars: [Int: Unicode.Scalar] = [:]

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            cells = [UInt8](repeating: UInt8(ascii: " "), count: width * height)
        }

        @inline(__always)
        mutating func put(_ x: Int, _ y: Int, _ c: UInt8) {
            if x >= 0 && x < width && y >= 0 && y < height { cells[y * width + x] = c }
        }

        mutating func put(_ x: Int, _ y: Int, _ s: Unicode.Scalar) {
            guard x >= 0 && x < width && y >= 0 && y < height else { return }
            if s.isASCII {
                cells[y * width + x] = UInt8(s.value)
            } else {
                cells[y * width + x] = Self.wide
                scalars[y * width + x] = s
            }
        }

        /// Draws a box clipped to the canvas, with its label inside (or on its top edge when
        /// flat), cut to the room inside. Only the edges' cells on the canvas are visited, unless
        /// `clear` (the dragged item, on top of the others): then its inside hides what is under it.
        mutating func box(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, corner: UInt8, edge: UInt8, label: String, clear: Bool = false) {
            let bar = UInt8(ascii: "|")
            if clear, max(y0 + 1, 0) <= min(y1 - 1, height - 1), max(x0 + 1, 0) <= min(x1 - 1, width - 1) {
                for y in max(y0 + 1, 0)...min(y1 - 1, height - 1) {
                    for x in max(x0 + 1, 0)...min(x1 - 1, width - 1) { put(x, y, UInt8(ascii: " ")) }
                }
            }
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
            for (k, c) in PictureText.printable(label).prefix(right - left + 1).enumerated() { put(left + k, row, c) }
        }
    }
}
