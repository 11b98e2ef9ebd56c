import GridLayout

/// The response document, written straight into bytes (docs/json.md;
/// schemas/layout-response.schema.json). Numbers are written so that they read back as the same
/// Doubles (`jsonNumber`).
struct ResponseWriter {
    var bytes: [UInt8] = []
    /// The first number that JSON cannot hold (NaN or infinite), if one was given: the response is
    /// then refused, never written with a bare `inf` or `nan`.
    var nonFinite: Double?

    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func number(_ value: Double) {
        if !value.isFinite {
            if nonFinite == nil { nonFinite = value }
            bytes.append(UInt8(ascii: "0"))
        } else if value == value.rounded(.towardZero), abs(value) < 1e15 {
            integer(Int(value))
        } else {
            // The shortest digits that read back as the same Double, as `description` gives them,
            // written straight into `bytes` (`_writeASCII` below): no String made per number.
            value.write(to: &self)
        }
    }

    mutating func integer(_ value: Int) {
        // The digits backwards into a buffer on the stack, then one append.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var magnitude = value.magnitude
            var start = 20
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// `[x, y, w, h]`
    mutating func rect(_ r: Rect) {
        raw("[")
        number(r.x); raw(",")
        number(r.y); raw(",")
        number(r.width); raw(",")
        number(r.height); raw("]")
    }

    mutating func element(_ e: GridElement) {
        switch e.id {
        case .item(let p):
            raw("{\"kind\":\"item\",\"section\":"); integer(p.section)
            raw(",\"item\":"); integer(p.item)
        case .header(let s):
            raw("{\"kind\":\"header\",\"section\":"); integer(s)
        case .footer(let s):
            raw("{\"kind\":\"footer\",\"section\":"); integer(s)
        case .background(let s):
            raw("{\"kind\":\"background\",\"section\":"); integer(s)
        case .loader:
            raw("{\"kind\":\"loader\"")
        }
        raw(",\"x\":"); number(e.frame.x)
        raw(",\"y\":"); number(e.frame.y)
        raw(",\"w\":"); number(e.frame.width)
        raw(",\"h\":"); number(e.frame.height)
        raw(e.pinned ? ",\"pinned\":true}" : ",\"pinned\":false}")
    }
}

extension ResponseWriter: TextOutputStream {
    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// What a number's `write(to:)` calls with its digits (the standard library's hook for ASCII
    /// text): appended as they are.
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }
}

/// Lays out `request` and writes the response. Throws the engine's error.
func respond(to request: Request) throws(GridError) -> [UInt8] {
    let grid = Grid(configuration: request.configuration, dataSource: RequestData(request))
    try grid.reload()
    for (section, given) in request.sections.enumerated() {
        if let offset = given.offset { try grid.scrollSection(section, to: offset) }
    }
    var out = ResponseWriter()
    out.bytes.reserveCapacity(request.frames ? 64 + request.sections.reduce(0) { $0 + $1.items.count } * 24 : 1024)
    let content = grid.contentSize
    out.raw("{\"contentSize\":[")
    out.number(content.width); out.raw(",")
    out.number(content.height); out.raw("]")
    if request.frames {
        out.raw(",\n\"sections\":[")
        let layout = grid.layout
        let total = layout.itemCounts.reduce(0, +)
        var written = 0
        for section in 0..<layout.sectionCount {
            out.raw(section == 0 ? "\n{" : ",\n{")
            if try layout.scrollsSideways(inSection: section) {
                out.raw("\"offset\":"); out.number(try grid.sectionOffset(section)); out.raw(",")
            }
            if let background = try layout.backgroundFrame(inSection: section) {
                out.raw("\"background\":"); out.rect(background); out.raw(",")
            }
            if let header = try layout.headerFrame(inSection: section) {
                out.raw("\"header\":"); out.rect(header); out.raw(",")
            }
            out.raw("\"items\":[")
            let count = try layout.itemCount(inSection: section)
            for item in 0..<count {
                written += 1
                Progress.shared.written(written, of: total)
                if item > 0 { out.raw(",") }
                out.rect(try layout.frame(of: GridIndexPath(section: section, item: item)))
            }
            out.raw("]")
            if let footer = try layout.footerFrame(inSection: section) {
                out.raw(",\"footer\":"); out.rect(footer)
            }
            out.raw("}")
        }
        out.raw("]")
        if let loader = grid.loaderFrame {
            out.raw(",\n\"loader\":"); out.rect(loader)
        }
    }
    out.raw(",\n\"offsets\":[")
    for (index, offset) in request.offsets.enumerated() {
        try grid.scroll(to: offset)
        out.raw(index == 0 ? "\n{\"offset\":[" : ",\n{\"offset\":[")
        out.number(grid.contentOffset.x); out.raw(",")
        out.number(grid.contentOffset.y); out.raw("],\"visible\":[")
        for (i, element) in grid.visibleElements().enumerated() {
            if i > 0 { out.raw(",") }
            out.element(element)
        }
        out.raw("]}")
    }
    out.raw("]}\n")
    // The engine keeps every frame finite; should one not be, no invalid JSON goes out.
    if let bad = out.nonFinite { throw .extentTooLarge(at: .grid, end: bad) }
    return out.bytes
}
