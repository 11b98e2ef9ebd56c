import Testing
import GridLayout
import GridLayoutTestSupport

private func path(_ section: Int, _ item: Int) -> GridIndexPath { GridIndexPath(section: section, item: item) }

/// resize(to:): a cross-axis change re-lays out and keeps the first visible item at the same
/// distance from the viewport's start (then clamps); an S-only change keeps every frame; invalid
/// sizes throw and change nothing.
@Suite struct ResizeTests {
    /// Waterfall, 2 columns, no padding or spacing, 40 items 100×100. At width w the column is w/2
    /// and item i is at (w/2·(i mod 2), w/2·(i div 2), w/2, w/2); content S = 20 rows · w/2.
    func waterfall(horizontal: Bool = false) throws -> Grid {
        let config = try configuration([("layout", .string("waterfall")), ("columns", .number(2)),
                                        ("direction", .string(horizontal ? "horizontal" : "vertical")),
                                        ("width", .number(horizontal ? 300 : 200)), ("height", .number(horizontal ? 200 : 300))])
        let grid = Grid(configuration: config, dataSource: ArrayDataSource(sizes: Array(repeating: size(100, 100), count: 40)))
        try grid.reload()
        return grid
    }

    func allFrames(_ grid: Grid) throws -> [Rect] { try itemFrames(grid.layout) }

    @Test func crossAxisChangeKeepsTheFirstVisibleItemInPlace() throws {
        let grid = try waterfall()
        #expect(grid.contentSize == size(200, 2000))
        try grid.scroll(to: Point(x: 0, y: 450))
        // First visible item: 8 at 400, i.e. 50 above the viewport's start.
        try grid.resize(to: size(400, 300))
        #expect(try grid.frame(of: path(0, 8)) == rect(0, 800, 200, 200))
        #expect(try grid.frame(of: path(0, 39)) == rect(200, 3800, 200, 200))
        #expect(grid.contentSize == size(400, 4000))
        #expect(grid.contentOffset == Point(x: 0, y: 850))
        #expect(grid.viewport == rect(0, 850, 400, 300))
        #expect(grid.configuration.viewport == size(400, 300))
        #expect(grid.layout.configuration.viewport == size(400, 300))
        // Narrower: item 8 is first again (800, 50 above 850); it moves to 200.
        try grid.resize(to: size(100, 300))
        #expect(try grid.frame(of: path(0, 8)) == rect(0, 200, 50, 50))
        #expect(grid.contentSize == size(100, 1000))
        #expect(grid.contentOffset == Point(x: 0, y: 250))
        // Item 8 (200..250) is 50 above the viewport's start again, so 10 is now the first in view.
        #expect(grid.visibleElements().first?.id == .item(path(0, 10)))
    }

    @Test func crossAxisChangeAtAnAlignedOffset() throws {
        let grid = try waterfall()
        try grid.scroll(to: Point(x: 0, y: 600))  // item 12 exactly at the start
        try grid.resize(to: size(300, 300))       // column 150: item 12 at 6·150 = 900
        #expect(grid.contentOffset == Point(x: 0, y: 900))
        #expect(grid.contentSize == size(300, 3000))
    }

    @Test func crossAxisChangeThenClamps() throws {
        let grid = try waterfall()
        try grid.scroll(to: Point(x: 0, y: 1700))  // the max offset; item 34 at 1700
        try grid.resize(to: size(100, 300))         // item 34 at 850; content 1000 → max 700
        #expect(grid.contentOffset == Point(x: 0, y: 700))
        #expect(grid.contentSize == size(100, 1000))
    }

    @Test func crossAxisChangeAtOffsetZeroStaysAtZero() throws {
        let grid = try waterfall()
        try grid.resize(to: size(400, 300))
        #expect(grid.contentOffset == .zero)
    }

    @Test func horizontalCrossAxisIsTheHeight() throws {
        let grid = try waterfall(horizontal: true)
        #expect(try grid.frame(of: path(0, 9)) == rect(400, 100, 100, 100))
        try grid.scroll(to: Point(x: 450, y: 0))
        try grid.resize(to: size(300, 400))
        #expect(try grid.frame(of: path(0, 9)) == rect(800, 200, 200, 200))
        #expect(grid.contentSize == size(4000, 400))
        #expect(grid.contentOffset == Point(x: 850, y: 0))
        // Changing only the width (S) keeps every frame.
        let before = try allFrames(grid)
        try grid.resize(to: size(500, 400))
        #expect(try allFrames(grid) == before)
        #expect(grid.contentOffset == Point(x: 850, y: 0))
        #expect(grid.viewport == rect(850, 0, 500, 400))
    }

    @Test func scrollAxisChangeKeepsEveryFrame() throws {
        let grid = try waterfall()
        try grid.scroll(to: Point(x: 0, y: 450))
        let before = try allFrames(grid)
        try grid.resize(to: size(200, 500))
        #expect(try allFrames(grid) == before)
        #expect(grid.contentSize == size(200, 2000))
        #expect(grid.contentOffset == Point(x: 0, y: 450))
        #expect(grid.viewport == rect(0, 450, 200, 500))
        #expect(grid.maxOffset == Point(x: 0, y: 1500))
        try grid.resize(to: size(200, 100))
        #expect(try allFrames(grid) == before)
        #expect(grid.contentOffset == Point(x: 0, y: 450))
        #expect(grid.maxOffset == Point(x: 0, y: 1900))
    }

    @Test func scrollAxisChangeClampsTheOffset() throws {
        let grid = try waterfall()
        try grid.scroll(to: Point(x: 0, y: 1700))
        try grid.resize(to: size(200, 500))
        #expect(grid.contentOffset == Point(x: 0, y: 1500))
        try grid.resize(to: size(200, 2500))  // taller than the content
        #expect(grid.contentOffset == .zero)
        #expect(grid.visibleElements().count == 40)
    }

    @Test func scrollAxisChangeNeedsNoDataSource() throws {
        let grid = try waterfall()
        try grid.scroll(to: Point(x: 0, y: 450))
        grid.dataSource = nil
        try grid.resize(to: size(200, 400))
        #expect(grid.viewport == rect(0, 450, 200, 400))
        #expect(try grid.frame(of: path(0, 8)) == rect(0, 400, 100, 100))
    }

    @Test func crossAxisChangeNeedsTheDataSource() throws {
        let grid = try waterfall()
        try grid.scroll(to: Point(x: 0, y: 450))
        let before = try allFrames(grid)
        grid.dataSource = nil
        #expect(throws: GridError.noDataSource) { try grid.resize(to: size(400, 300)) }
        #expect(try allFrames(grid) == before)
        #expect(grid.viewport == rect(0, 450, 200, 300))
        #expect(grid.configuration.viewport == size(200, 300))
    }

    @Test func invalidSizesThrowAndChangeNothing() throws {
        let grid = try waterfall()
        try grid.scroll(to: Point(x: 0, y: 450))
        let before = try allFrames(grid)
        let loaded = grid.loaded
        let cases: [(Size, GridError)] = [
            (size(.nan, 300), .invalidOption(name: "width", value: "nan", expected: "a finite number >= 0")),
            (size(200, .nan), .invalidOption(name: "height", value: "nan", expected: "a finite number >= 0")),
            (size(-1, 300), .invalidOption(name: "width", value: "-1", expected: "a finite number >= 0")),
            (size(200, -0.5), .invalidOption(name: "height", value: "-0.5", expected: "a finite number >= 0")),
            (size(.infinity, 300), .invalidOption(name: "width", value: "inf", expected: "a finite number >= 0")),
        ]
        for (bad, error) in cases {
            #expect(throws: error) { try grid.resize(to: bad) }
            #expect(try allFrames(grid) == before)
            #expect(grid.viewport == rect(0, 450, 200, 300))
            #expect(grid.configuration.viewport == size(200, 300))
            #expect(grid.layout.configuration.viewport == size(200, 300))
            #expect(grid.loaded == loaded)
        }
    }

    @Test func failingRelayoutChangesNothing() throws {
        let grid = try waterfall()
        try grid.scroll(to: Point(x: 0, y: 450))
        let before = try allFrames(grid)
        grid.dataSource = FailingDataSource(base: ArrayDataSource(sizes: Array(repeating: size(100, 100), count: 40)),
                                            failAt: path(0, 3))
        #expect(throws: GridError.callbackFailed(callback: .itemSize, at: .item(path(0, 3)), message: "boom")) {
            try grid.resize(to: size(400, 300))
        }
        #expect(try allFrames(grid) == before)
        #expect(grid.viewport == rect(0, 450, 200, 300))
        #expect(grid.configuration.viewport == size(200, 300))
    }

    @Test func firstVisibleItemSkipsAPinnedHeader() throws {
        // Flow, sticky headers, width 200 → 100: one section, header S 20, 20 items 100×50.
        // At width 200 two items per line: item i at (100·(i mod 2), 20 + 50·(i div 2)).
        // Offset 145: the pinned header is first; the first item is 4 (at 120, 25 above).
        // At width 100 one per line: item 4 at 20 + 200 = 220 → offset 245.
        let config = try configuration([("layout", .string("flow")), ("width", .number(200)), ("height", .number(100)),
                                        ("stickyHeaders", .bool(true))])
        let data = ArrayDataSource(sections: [.init(sizes: Array(repeating: size(100, 50), count: 20), header: size(200, 20))])
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        try grid.scroll(to: Point(x: 0, y: 145))
        #expect(grid.visibleElements().first == GridElement(id: .header(section: 0), frame: rect(0, 145, 200, 20), pinned: true))
        try grid.resize(to: size(100, 100))
        #expect(try grid.frame(of: path(0, 4)) == rect(0, 220, 100, 50))
        #expect(grid.contentOffset == Point(x: 0, y: 245))
        #expect(try grid.headerFrame(inSection: 0) == rect(0, 0, 100, 20))
    }
}
