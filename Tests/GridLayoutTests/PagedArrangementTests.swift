import Testing
import GridLayout
import GridLayoutTestSupport

/// SMGridView's paged arrangement of equal-size lanes: k items per lane per page, every page's
/// first row at the page start plus the start padding, no item across a page boundary.
@Suite struct PagedArrangementTests {
    /// A springboard: horizontal, 2 lanes, viewport 300×220, padding 10, spacing 20, icons 80×90.
    /// Rows per page k = floor((300 − 10 − 10 + 20) / (80 + 20)) = 3, so 6 icons a page.
    func springboard(inverse: Bool, count: Int = 11) throws -> ContentLayout {
        var config = try configuration([("layout", .string("lanes")), ("direction", .string("horizontal")),
                                        ("lanes", .number(2)), ("width", .number(300)), ("height", .number(220)),
                                        ("spacing", .number(20)), ("padding", .number(10)), ("paging", .bool(true))])
        config.pagingInverseOrder = inverse
        return try ContentLayout(configuration: config, dataSource: UniformDataSource(counts: [count], size: size(80, 90)))
    }

    @Test func rowByRow() throws {
        let layout = try springboard(inverse: false)
        // Page 0 at x 0: columns (S) at 10, 110, 210; lanes (C) at 10 and 120. Page 1 at x 300.
        #expect(try itemFrames(layout) == [
            rect(10, 10, 80, 90), rect(10, 120, 80, 90), rect(110, 10, 80, 90), rect(110, 120, 80, 90),
            rect(210, 10, 80, 90), rect(210, 120, 80, 90),
            rect(310, 10, 80, 90), rect(310, 120, 80, 90), rect(410, 10, 80, 90), rect(410, 120, 80, 90),
            rect(510, 10, 80, 90),
        ])
        #expect(layout.contentSize == size(600, 220), "two whole pages")
        #expect(layout.storedItemCount == 0)
    }

    @Test func iconsLongerThanAPageGoOnAsWithoutPaging() throws {
        // Icons 290 wide: 10 + 290 + 10 > 300, so no page holds a row; they are not page-aligned
        // (found by the fuzzer: page-aligned, they overlapped the next page's and queries missed them).
        var config = try configuration([("layout", .string("lanes")), ("direction", .string("horizontal")),
                                        ("lanes", .number(2)), ("width", .number(300)), ("height", .number(220)),
                                        ("spacing", .number(20)), ("padding", .number(10)), ("paging", .bool(true))])
        let paged = try ContentLayout(configuration: config, dataSource: UniformDataSource(counts: [3], size: size(290, 90)))
        #expect(try itemFrames(paged) == [rect(10, 10, 290, 90), rect(10, 120, 290, 90), rect(320, 10, 290, 90)])
        #expect(paged.elements(in: rect(400, 0, 300, 220)).map(\.id) == [.item(GridIndexPath(section: 0, item: 2))])
        config.paging = false
        let plain = try ContentLayout(configuration: config, dataSource: UniformDataSource(counts: [3], size: size(290, 90)))
        #expect(try itemFrames(plain) == itemFrames(paged))
    }

    @Test func reloadSectionRealignsTheLaterSectionsPagesAndTheLoader() throws {
        // Found by the mutation fuzzer: later paged sections moved by the change in the section's
        // extent and left their pages; they must start on the first page after their new start.
        let config = try configuration([("layout", .string("lanes")), ("direction", .string("horizontal")),
                                        ("lanes", .number(2)), ("width", .number(300)), ("height", .number(220)),
                                        ("spacing", .number(20)), ("padding", .number(10)), ("paging", .bool(true))])
        var data = UniformDataSource(counts: [7, 5], size: size(80, 90), showLoader: true)
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        data.counts[0] = 3  // section 0 now ends on page 0: section 1 starts on page 1, not 2
        grid.dataSource = data
        try grid.reloadSection(0)
        let fresh = try ContentLayout(configuration: config, dataSource: data)
        #expect(try itemFrames(grid.layout, section: 1) == itemFrames(fresh, section: 1))
        #expect(try grid.layout.frame(of: GridIndexPath(section: 1, item: 0)) == rect(310, 10, 80, 90))
        #expect(grid.layout.loaderFrame == fresh.loaderFrame)
        #expect(grid.layout.contentSize == fresh.contentSize)
    }

    @Test func laneByLane() throws {
        let layout = try springboard(inverse: true)
        // Each lane takes 3 consecutive items on a page: lane 0 items 0-2, lane 1 items 3-5.
        #expect(try itemFrames(layout) == [
            rect(10, 10, 80, 90), rect(110, 10, 80, 90), rect(210, 10, 80, 90),
            rect(10, 120, 80, 90), rect(110, 120, 80, 90), rect(210, 120, 80, 90),
            rect(310, 10, 80, 90), rect(410, 10, 80, 90), rect(510, 10, 80, 90),
            rect(310, 120, 80, 90), rect(410, 120, 80, 90),
        ])
        // Visible on page 1, ascending.
        #expect(layout.elements(in: rect(300, 0, 300, 220)).map(\.id) == (6..<11).map { .item(GridIndexPath(section: 0, item: $0)) })
    }

    @Test func loaderGetsAPageOfItsOwn() throws {
        var config = try springboard(inverse: false).configuration
        config.loaderSize = size(40, 40)
        let layout = try ContentLayout(configuration: config,
                                       dataSource: UniformDataSource(counts: [6], size: size(80, 90), showLoader: true))
        // Items fill page 0; the loader is centred on page 1 (300…600): x = 300 + (300 − 40) / 2.
        #expect(layout.loaderFrame == rect(430, 90, 40, 40))
        #expect(layout.contentSize == size(600, 220))
    }

    @Test func aBillionIconsStoreNothing() throws {
        let layout = try springboard(inverse: true, count: 1_000_000_000)
        let last = GridIndexPath(section: 0, item: 999_999_999)
        // Item 999,999,999 is on page 166,666,666 (6 a page), place 3: lane 1, row 0.
        #expect(try layout.frame(of: last) == rect(166_666_666 * 300 + 10, 120, 80, 90))
        #expect(layout.contentSize.width == 166_666_667 * 300)
        #expect(layout.elements(in: rect(166_666_666 * 300, 0, 300, 220)).map(\.id) == (999_999_996..<1_000_000_000).map {
            .item(GridIndexPath(section: 0, item: $0))
        })
    }

    /// Random paged grids: queries equal a brute-force filter, no item crosses a page boundary.
    @Test(arguments: Array(UInt64(1)...60)) func queriesMatchBruteForce(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var config = GridConfiguration()
        config.layout = .lanes
        config.paging = true
        config.pagingInverseOrder = Bool.random(using: &rng)
        config.direction = Bool.random(using: &rng) ? .vertical : .horizontal
        config.lanes = Int.random(in: 1...4, using: &rng)
        config.spacing = Double(Int.random(in: 0...10, using: &rng))
        config.padding = Insets(all: Double(Int.random(in: 0...10, using: &rng)))
        config.viewport = size(Double(Int.random(in: 200...400, using: &rng)), Double(Int.random(in: 200...400, using: &rng)))
        let item = size(Double(Int.random(in: 20...80, using: &rng)), Double(Int.random(in: 20...80, using: &rng)))
        let counts = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Int.random(in: 0...60, using: &rng) }
        let layout = try ContentLayout(configuration: config, dataSource: UniformDataSource(counts: counts, size: item))
        let page = config.direction == .vertical ? config.viewport.height : config.viewport.width
        for e in allElements(of: layout) {
            let (start, end) = config.direction == .vertical ? (e.frame.y, e.frame.maxY) : (e.frame.x, e.frame.maxX)
            #expect((start / page).rounded(.down) == ((end - 1e-9) / page).rounded(.down), "seed \(seed): \(e) crosses a page")
        }
        let content = layout.contentSize
        for _ in 0..<20 {
            let r = rect(Double(Int.random(in: 0...Int(content.width), using: &rng)), Double(Int.random(in: 0...Int(content.height), using: &rng)),
                         config.viewport.width, config.viewport.height)
            #expect(layout.elements(in: r) == bruteForceElements(of: layout, in: r), "seed \(seed) rect \(r)")
        }
    }
}
