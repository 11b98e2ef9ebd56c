import GridLayout

/// `svg()` in every face: the whole content (or only the viewport) as an SVG picture, with the
/// viewport outlined and every element labelled with its `style` label or else its index path
/// (counted from the face's `base`); an item's `style` fill colours its box. The dragged item is
/// drawn last, at the drag point, with the class `dragged` (a thick red outline). Sections'
/// backgrounds (class `background`, unlabelled) are drawn first, beneath everything.
public enum SVGPicture {
    /// More elements than this make a picture nobody can read; the caller gets an error instead.
    public static let maxElements = 20_000

    /// `style` is asked once for each item drawn, in the order drawn.
    public static func render(_ grid: Grid, viewportOnly: Bool, base: Int, style: StyleSource? = nil,
                              budget: PictureBudget = .unbounded) throws -> String {
        let content = grid.contentSize
        let area = viewportOnly ? grid.viewport : Rect(x: 0, y: 0, width: content.width, height: content.height)
        // The whole content has every element: counted before they are listed, as a list of
        // millions would take the time and memory the error is there to spare.
        if !viewportOnly {
            let layout = grid.layout
            var total = layout.loaderFrame == nil ? 0 : 1
            for section in 0..<layout.sectionCount {
                total += (try? layout.itemCount(inSection: section)) ?? 0
                if (try? layout.headerFrame(inSection: section)) != nil { total += 1 }
                if (try? layout.footerFrame(inSection: section)) != nil { total += 1 }
                if (try? layout.backgroundFrame(inSection: section)) != nil { total += 1 }
                if total > maxElements { break }
            }
            if total > maxElements { throw PictureError.tooManyElements(count: nil) }
        }
        var elements = try ElementQuery.elements(of: grid, in: area, budget: budget)
        guard elements.count <= maxElements else { throw PictureError.tooManyElements(count: elements.count) }
        // The laid-out elements hold the dragged item's slot; it is drawn where the drag holds it,
        // over everything else.
        let dragged = grid.drag == nil ? [] : grid.visibleElements().filter(\.dragged)
        if !dragged.isEmpty {
            elements.removeAll { element in dragged.contains { $0.id == element.id } }
            elements += dragged
        }
        // Backgrounds beneath everything: a section's reaches its neighbours' edges.
        let backgrounds = elements.filter { if case .background = $0.id { true } else { false } }
        if !backgrounds.isEmpty {
            elements.removeAll { if case .background = $0.id { true } else { false } }
            elements.insert(contentsOf: backgrounds, at: 0)
        }
        let n = PictureText.number
        // Only a picture with backgrounds has their class: every other picture stays as it was.
        let backgroundStyle = backgrounds.isEmpty ? "" : ".background{fill:#f1efe8;stroke:#bbb;stroke-dasharray:2 2}"
        var out = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(n(area.width))" height="\(n(area.height))" \
        viewBox="\(n(area.x)) \(n(area.y)) \(n(area.width)) \(n(area.height))" font-family="monospace" font-size="11">
        <style>.content{fill:#fafafa}.item{fill:#cfe3ff;stroke:#3b6ea5}.header{fill:#e3e3e3;stroke:#555}.footer{fill:#ececd9;stroke:#777}\(backgroundStyle)\
        .loader{fill:#ffe0b3;stroke:#c77700}.dragged{stroke:#d00;stroke-width:3}\
        .viewport{fill:none;stroke:#d00;stroke-width:2;stroke-dasharray:6 4}\
        text{fill:#222;text-anchor:middle;dominant-baseline:middle}</style>
        <rect class="content" x="0" y="0" width="\(n(content.width))" height="\(n(content.height))"/>

        """
        var check = StopCheck(budget)
        for element in elements {
            try check.tick(16)
            let f = element.frame
            let kind = switch element.id {
            case .item: element.dragged ? "item dragged" : "item"
            case .header: "header"
            case .footer: "footer"
            case .background: "background"
            case .loader: "loader"
            }
            let look = try ElementLabel.of(element, in: grid, base: base, style: style)
            let label = look.text, fill = look.fill
            // An inline style: it outranks the class's fill (a fill attribute would not).
            let painted = fill.map { " style=\"fill:\(escaped($0))\"" } ?? ""
            out += "<rect class=\"\(kind)\" x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\"\(painted)/>"
            if case .background = element.id { out += "\n"; continue }  // unlabelled: covered by its section
            out += "<text x=\"\(n(f.x + f.width / 2))\" y=\"\(n(f.y + f.height / 2))\">\(escaped(label))</text>\n"
        }
        let v = grid.viewport
        out += "<rect class=\"viewport\" x=\"\(n(v.x))\" y=\"\(n(v.y))\" width=\"\(n(v.width))\" height=\"\(n(v.height))\"/>\n</svg>\n"
        return out
    }

    /// Text for XML content and attribute values: the five special characters as entities, and
    /// the characters XML 1.0 does not allow as `?` (`PictureText.printable`).
    static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for s in PictureText.printable(text) {
            switch s {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.unicodeScalars.append(s)
            }
        }
        return out
    }
}
