import GridLayout

/// `grid:svg(path[, opts])`: the whole content (or only the viewport) as an SVG picture, with the
/// viewport outlined and every element labelled the Lua way (`section.item` counted from 1).
enum SVGPicture {
    /// More elements than this make a picture nobody can read; the caller gets an error instead.
    static let maxElements = 20_000

    static func render(_ grid: Grid, viewportOnly: Bool) throws(ScriptError) -> String {
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
                if total > maxElements { break }
            }
            if total > maxElements {
                throw ScriptError("svg: more than \(maxElements) elements; draw the viewport only with {viewport = true}")
            }
        }
        let elements = try ElementQuery.elements(of: grid, in: area)
        guard elements.count <= maxElements else {
            throw ScriptError("svg: \(elements.count) elements is more than \(maxElements); draw the viewport only with {viewport = true}")
        }
        let n = TextPicture.number
        var out = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(n(area.width))" height="\(n(area.height))" \
        viewBox="\(n(area.x)) \(n(area.y)) \(n(area.width)) \(n(area.height))" font-family="monospace" font-size="11">
        <style>.content{fill:#fafafa}.item{fill:#cfe3ff;stroke:#3b6ea5}.header{fill:#e3e3e3;stroke:#555}.footer{fill:#ececd9;stroke:#777}\
        .loader{fill:#ffe0b3;stroke:#c77700}.viewport{fill:none;stroke:#d00;stroke-width:2;stroke-dasharray:6 4}\
        text{fill:#222;text-anchor:middle;dominant-baseline:middle}</style>
        <rect class="content" x="0" y="0" width="\(n(content.width))" height="\(n(content.height))"/>

        """
        var check = InterruptCheck()
        for element in elements {
            try check.tick(16)
            let f = element.frame
            let (kind, label): (String, String) = switch element.id {
            case .item(let p): ("item", "\(p.section + 1).\(p.item + 1)")
            case .header(let s): ("header", "header \(s + 1)")
            case .footer(let s): ("footer", "footer \(s + 1)")
            case .loader: ("loader", "loader")
            }
            out += "<rect class=\"\(kind)\" x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\"/>"
            out += "<text x=\"\(n(f.x + f.width / 2))\" y=\"\(n(f.y + f.height / 2))\">\(label)</text>\n"
        }
        let v = grid.viewport
        out += "<rect class=\"viewport\" x=\"\(n(v.x))\" y=\"\(n(v.y))\" width=\"\(n(v.width))\" height=\"\(n(v.height))\"/>\n</svg>\n"
        return out
    }
}
