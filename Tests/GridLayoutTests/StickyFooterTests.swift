import Testing
import GridLayout
import GridLayoutTestSupport

/// Pinned footers (`stickyFooters`, docs/layout.md, "Sticky headers and pinned footers"): the
/// footer of the section holding the viewport's S end, when its own place ends past it, is
/// reported `pinned` at min(own S, max(end − its S size, its header's S end, or its section's
/// start)). Every expected frame below is computed by hand.
@Suite struct StickyFooterTests {
    /// One lane, viewport 100×100, no spacing or padding:
    ///   section 0: header 0…20, items 20…170 (5 × 30), footer 170…180
    ///   section 1: header 180…200, items 200…260 (2 × 30), footer 260…270; content 270.
    /// Horizontal: the same along x (items 30 wide, headers and footers across y).
    func grid(horizontal: Bool = false, stickyHeaders: Bool = false) throws -> Grid {
        var config = GridConfiguration()
        config.direction = horizontal ? .horizontal : .vertical
        config.viewport = Size(width: 100, height: 100)
        config.lanes = 1
        config.spacing = 0
        config.stickyFooters = true
        config.stickyHeaders = stickyHeaders
        func along(_ s: Double) -> Size { horizontal ? Size(width: s, height: 100) : Size(width: 100, height: s) }
        let data = ArrayDataSource(sections: [
            .init(sizes: Array(repeating: along(30), count: 5), header: along(20), footer: along(10)),
            .init(sizes: Array(repeating: along(30), count: 2), header: along(20), footer: along(10)),
        ])
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        return grid
    }

    /// The footers `visible()` reports at S offset `s`: (section, S start, pinned).
    func footers(_ grid: Grid, at s: Double, horizontal: Bool = false) throws -> [[Double]] {
        try grid.scroll(to: horizontal ? Point(x: s, y: 0) : Point(x: 0, y: s))
        return grid.visibleElements().compactMap { element in
            guard case .footer(let section) = element.id else { return nil }
            let f = element.frame
            #expect(horizontal ? (f.y == 0 && f.width == 10 && f.height == 100) : (f.x == 0 && f.width == 100 && f.height == 10))
            return [Double(section), horizontal ? f.x : f.y, element.pinned ? 1 : 0]
        }
    }

    @Test(arguments: [false, true])
    func pinnedPushedToItsHeaderAndUnpinned(horizontal: Bool) throws {
        let grid = try grid(horizontal: horizontal)
        // End 100 inside section 0: its footer (own place 170) at 100 − 10 = 90.
        #expect(try footers(grid, at: 0, horizontal: horizontal) == [[0, 90, 1]])
        // End 180: section 0's footer ends exactly there, in its place; section 1 starts at 180.
        #expect(try footers(grid, at: 80, horizontal: horizontal) == [[0, 170, 0]])
        // End 210 in section 1: 200 = max(210 − 10, its header's end 200), just below its header
        // (section 0's footer shows in its place above).
        #expect(try footers(grid, at: 110, horizontal: horizontal) == [[0, 170, 0], [1, 200, 1]])
        // End 195: section 1's footer would go at 200 (below its header), outside the viewport.
        #expect(try footers(grid, at: 95, horizontal: horizontal) == [[0, 170, 0]])
        // End 250: at 240.
        #expect(try footers(grid, at: 150, horizontal: horizontal) == [[0, 170, 0], [1, 240, 1]])
        // End 270, the content's end: in its place.
        #expect(try footers(grid, at: 170, horizontal: horizontal) == [[0, 170, 0], [1, 260, 0]])
        // Queries other than visible() report the footer's own frame.
        let own = horizontal ? rect(260, 0, 10, 100) : rect(0, 260, 100, 10)
        #expect(try grid.footerFrame(inSection: 1) == own)
    }

    /// With sticky headers too: the header pinned at the leading edge, the footer at the trailing
    /// one, both of section 0 at offset 30 (header at 30, footer at 120).
    @Test func withStickyHeaders() throws {
        let grid = try grid(stickyHeaders: true)
        try grid.scroll(to: Point(x: 0, y: 30))
        let shown = grid.visibleElements()
        #expect(shown.first == GridElement(id: .header(section: 0), frame: rect(0, 30, 100, 20), pinned: true))
        #expect(shown.last == GridElement(id: .footer(section: 0), frame: rect(0, 120, 100, 10), pinned: true))
        // Items 0…3 (20…140) meet the viewport 30…130; item 4 (140…170) does not.
        #expect(shown.dropFirst().dropLast().map(\.id) == (0...3).map { .item(GridIndexPath(section: 0, item: $0)) })
    }

    /// Off (the default), every footer is where it is.
    @Test func offLeavesFootersInPlace() throws {
        let grid = try grid()
        grid.configuration.stickyFooters = false
        try grid.reload()
        #expect(try footers(grid, at: 0) == [])
    }
}
