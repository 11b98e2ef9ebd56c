/// The view's picture as a grid of characters, each with a style that the terminal shows as a
/// colour or attribute. Boxes use `grid:draw()`'s characters, so the picture reads the same
/// without colour: items `+-|`, headers `#=|`, pinned headers `@=|`, the loader `*~|`, an item
/// fading in or out `.`, the dragged item `%` corners, the focused item `$` corners, and context elements (outside the
/// viewport, when zoomed out) `:` edges. Zoomed out, the viewport is outlined (`outline`: `+`
/// corners, `"` edges, `!` sides) in the cells just outside it.
public struct ViewCanvas: Sendable {
    public enum Style: UInt8, Sendable, CaseIterable {
        case blank, item, header, pinned, loader, fading, dragged, context, outline, background, focused
    }

    public let width: Int
    public let height: Int
    private var characters: [UInt8]
    private var styles: [Style]
    /// The cells the element being drawn may cover (nil: the whole canvas).
    private var clip: (x0: Int, y0: Int, x1: Int, y1: Int)?
    /// Every element drawn and its cells, in drawing order (the last drawn is on top).
    public private(set) var boxes: [(element: ViewElement, x0: Int, y0: Int, x1: Int, y1: Int)] = []

    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        characters = Array(repeating: UInt8(ascii: " "), count: self.width * self.height)
        styles = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The canvas with `elements` drawn through `geometry`: context elements first, then items,
    /// then headers and the loader over them, the focused and the dragged item over everything.
    public static func render(_ elements: [ViewElement], _ geometry: ViewGeometry) -> ViewCanvas {
        var canvas = ViewCanvas(width: geometry.columns, height: geometry.rows)
        func layer(_ e: ViewElement) -> Int {
            if e.context { return 0 }
            if e.dragged || e.focused { return 4 }
            // A section's background beneath everything of its own and of its neighbours: its
            // edges may share cells with theirs.
            return e.kind == .background ? 1 : e.kind == .item ? 2 : 3
        }
        let ordered = elements.enumerated().sorted { (layer($0.element), $0.offset) < (layer($1.element), $1.offset) }
        for (_, element) in ordered { canvas.draw(element, geometry) }
        if geometry.showsContext { canvas.outline(geometry.cells(geometry.viewport)) }
        return canvas
    }

    /// Outlines the viewport's cells `v` in the cells around them, over context elements (every
    /// other element is clipped to the viewport, so nothing of it is there). Not a hit box.
    mutating func outline(_ v: (x0: Int, y0: Int, x1: Int, y1: Int)) {
        let (x0, y0, x1, y1) = (v.x0 - 1, v.y0 - 1, v.x1 + 1, v.y1 + 1)
        for x in max(x0, 0)...max(min(x1, width - 1), 0) where x >= x0 && x <= x1 {
            put(x, y0, UInt8(ascii: "\""), .outline)
            put(x, y1, UInt8(ascii: "\""), .outline)
        }
        for y in max(y0, 0)...max(min(y1, height - 1), 0) where y >= y0 && y <= y1 {
            put(x0, y, UInt8(ascii: "!"), .outline)
            put(x1, y, UInt8(ascii: "!"), .outline)
        }
        for x in [x0, x1] { for y in [y0, y1] { put(x, y, UInt8(ascii: "+"), .outline) } }
    }

    /// Draws one element's box, clipped to the viewport's cells (a context element: to the
    /// canvas), with its label inside (on its top edge when the box is too flat to have an inside).
    public mutating func draw(_ element: ViewElement, _ geometry: ViewGeometry) {
        let (x0, y0, x1, y1) = geometry.cells(element.frame)
        boxes.append((element, x0, y0, x1, y1))
        clip = element.context ? nil : geometry.cells(geometry.viewport)
        defer { clip = nil }
        if let clip {  // the hit box: what shows of the element
            let last = boxes.count - 1
            boxes[last].x0 = max(x0, clip.x0)
            boxes[last].y0 = max(y0, clip.y0)
            boxes[last].x1 = min(x1, clip.x1)
            boxes[last].y1 = min(y1, clip.y1)
        }
        let style: Style
        var corner: UInt8 = UInt8(ascii: "+"), edge: UInt8 = UInt8(ascii: "-"), side: UInt8 = UInt8(ascii: "|")
        switch element.kind {
        case .item:
            style = element.context ? .context : element.dragged ? .dragged : element.focused ? .focused : element.alpha < 1 ? .fading : .item
            if element.dragged { corner = UInt8(ascii: "%") } else if element.focused && !element.context { corner = UInt8(ascii: "$") }
            else if element.alpha < 1 { corner = UInt8(ascii: "."); edge = corner }
        case .header:
            style = element.context ? .context : element.pinned ? .pinned : .header
            corner = element.pinned ? UInt8(ascii: "@") : UInt8(ascii: "#")
            edge = UInt8(ascii: "=")
        case .footer:
            style = element.context ? .context : element.pinned ? .pinned : .header
            corner = element.pinned ? UInt8(ascii: "@") : UInt8(ascii: "&")
            edge = UInt8(ascii: "_")
        case .background:
            style = element.context ? .context : .background
            corner = UInt8(ascii: ";")
            edge = UInt8(ascii: ";")
        case .loader:
            style = element.context ? .context : .loader
            corner = UInt8(ascii: "*")
            edge = UInt8(ascii: "~")
        }
        if element.context { edge = UInt8(ascii: ":"); side = UInt8(ascii: ":") }
        func span(_ a: Int, _ b: Int, _ limit: Int) -> ClosedRange<Int>? {
            let low = max(a, 0), high = min(b, limit - 1)
            return low <= high ? low...high : nil
        }
        // The inside is cleared: a box hides what it is drawn over.
        if let ys = span(y0 + 1, y1 - 1, height), let xs = span(x0 + 1, x1 - 1, width) {
            for y in ys { for x in xs { put(x, y, UInt8(ascii: " "), style) } }
        }
        if let xs = span(x0, x1, width) {
            for x in xs {
                put(x, y0, edge, style)
                put(x, y1, edge, style)
            }
        }
        if let ys = span(y0, y1, height) {
            for y in ys {
                put(x0, y, side, style)
                put(x1, y, side, style)
            }
        }
        for x in [x0, x1] { for y in [y0, y1] { put(x, y, corner, style) } }
        // The label goes in the first row and column of the inside that show.
        let shown = clip ?? (0, 0, width - 1, height - 1)
        let left = max(x0 + 1, shown.x0, 0), right = min(x1 - 1, shown.x1, width - 1)
        let row = y1 - y0 >= 2 ? max(y0 + 1, shown.y0, 0) : y0
        // A background is unlabelled: its section's elements cover it, and a label would show in pieces between them.
        guard element.kind != .background, right >= left, row >= 0, row <= min(y1, shown.y1, height - 1) else { return }
        for (k, c) in element.label.utf8.prefix(right - left + 1).enumerated() { put(left + k, row, c, style) }
    }

    private mutating func put(_ x: Int, _ y: Int, _ c: UInt8, _ style: Style) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        if let clip, x < clip.x0 || x > clip.x1 || y < clip.y0 || y > clip.y1 { return }
        characters[y * width + x] = c
        styles[y * width + x] = style
    }

    /// The character and style at a cell.
    public func cell(_ x: Int, _ y: Int) -> (character: Character, style: Style) {
        (Character(Unicode.Scalar(characters[y * width + x])), styles[y * width + x])
    }

    /// Row `y` as runs of one style each, left to right, covering the whole width.
    public func runs(_ y: Int) -> [(style: Style, text: String)] {
        var result: [(Style, String)] = []
        var start = 0
        let base = y * width
        for x in 1...width where x == width || styles[base + x] != styles[base + start] {
            result.append((styles[base + start], String(decoding: characters[(base + start)..<(base + x)], as: UTF8.self)))
            start = x
        }
        return result
    }

    /// The picture as text, one line a row, trailing spaces trimmed.
    public var lines: [String] {
        (0..<height).map { y in
            var row = characters[(y * width)..<((y + 1) * width)]
            while row.last == UInt8(ascii: " ") { row = row.dropLast() }
            return String(decoding: row, as: UTF8.self)
        }
    }

    /// The topmost element drawn over a cell, or nil.
    public func element(atColumn x: Int, row y: Int) -> ViewElement? {
        boxes.last { x >= $0.x0 && x <= $0.x1 && y >= $0.y0 && y <= $0.y1 }?.element
    }
}
