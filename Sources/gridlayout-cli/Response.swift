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

    /// Writes one piece into a buffer on the stack and appends it whole (TextBuffer).
    mutating func piece(_ write: (inout TextBuffer) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: TextBuffer.capacity) { buffer in
            var text = TextBuffer(buffer.baseAddress!)
            write(&text)
            if nonFinite == nil { nonFinite = text.nonFinite }
            bytes.append(contentsOf: text.written)
        }
    }

    mutating func number(_ value: Double) { piece { $0.number(value) } }
    mutating func integer(_ value: Int) { piece { $0.integer(value) } }
    mutating func rect(_ r: Rect) { piece { $0.rect(r) } }

    mutating func element(_ e: GridElement) {
        piece { out in
            switch e.id {
            case .item(let p):
                out.raw("{\"kind\":\"item\",\"section\":"); out.integer(p.section)
                out.raw(",\"item\":"); out.integer(p.item)
            case .header(let s):
                out.raw("{\"kind\":\"header\",\"section\":"); out.integer(s)
            case .footer(let s):
                out.raw("{\"kind\":\"footer\",\"section\":"); out.integer(s)
            case .background(let s):
                out.raw("{\"kind\":\"background\",\"section\":"); out.integer(s)
            case .loader:
                out.raw("{\"kind\":\"loader\"")
            }
            out.raw(",\"x\":"); out.number(e.frame.x)
            out.raw(",\"y\":"); out.number(e.frame.y)
            out.raw(",\"w\":"); out.number(e.frame.width)
            out.raw(",\"h\":"); out.number(e.frame.height)
            out.raw(e.pinned ? ",\"pinned\":true}" : ",\"pinned\":false}")
        }
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
                let frame = try layout.frame(of: GridIndexPath(section: section, item: item))
                out.piece { text in
                    if item > 0 { text.raw(",") }
                    text.rect(frame)
                }
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
