/// Paging: a page is one viewport extent along S; offsets snap to the nearest page. With paging the
/// content fills whole pages (the layout rounds its S extent up), so every page start is an offset.
extension Grid {
    /// The length of a page: the viewport's S size.
    var pageLength: Double { layout.axes.axisSize(layout.configuration.viewport).s }

    /// How many pages the content spans (at least 1): the content's S extent in whole pages.
    public var pageCount: Int {
        let length = pageLength, contentS = layout.axes.axisSize(layout.engineContentSize).s
        guard length > 0 else { return 1 }
        // A content that ends a hair past a page boundary (rounding) does not start another page.
        let pages = (contentS / length - 1e-9).rounded(.up)
        return pages < 1 ? 1 : (pages > 1e15 ? Int(1e15) : Int(pages))
    }

    /// The page the offset is on (from 0): the nearest page start; the end of the content is on the last page.
    public var currentPage: Int {
        let length = pageLength
        guard length > 0 else { return 0 }
        let s = layout.axes.axisPoint(contentOffset).s
        if s >= layout.axes.axisPoint(maxOffset).s && s > 0 { return pageCount - 1 }
        // Compared as Doubles: s / length can exceed Int.max (a tiny page, a huge content).
        return Int(Swift.min((s / length).rounded(), Double(pageCount - 1)))
    }

    /// `offset` with its S coordinate on the nearest page start that the offset range allows.
    func snappedToPage(_ offset: Point) -> Point {
        let axes = layout.axes, length = pageLength
        guard length > 0 else { return offset }
        var (s, c) = axes.axisPoint(offset)
        // The nearest of the page starts the offset range allows (the last one clamped to the end).
        let maxS = axes.axisPoint(maxOffset).s
        let below = Swift.min((s / length).rounded(.down) * length, maxS)
        let above = Swift.min(below + length, maxS)
        s = s - below <= above - s ? below : above
        return axes.direction == .vertical ? Point(x: c, y: s) : Point(x: s, y: c)
    }

    /// Scrolls to page `page` (from 0, clamped to the pages there are).
    ///
    /// - Complexity: that of `scroll(to:)`: the page's offset is arithmetic.
    public func scroll(toPage page: Int) throws(GridError) {
        let axes = layout.axes
        let s = Double(Swift.max(0, Swift.min(page, pageCount - 1))) * pageLength
        let c = axes.axisPoint(contentOffset).c
        try scroll(to: axes.direction == .vertical ? Point(x: c, y: s) : Point(x: s, y: c))
    }
}
