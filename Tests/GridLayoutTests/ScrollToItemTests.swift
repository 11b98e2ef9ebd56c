import Testing
import GridLayout
import GridLayoutTestSupport

private func path(_ section: Int, _ item: Int) -> GridIndexPath { GridIndexPath(section: section, item: item) }

/// scrollToItem: start / center / end / nearest, clamped like scroll(to:); with sticky headers
/// `start` leaves room for the section's header. Offsets computed by hand.
@Suite struct ScrollToItemTests {
    /// Vertical, 1 lane, viewport 100×100, padding 10, spacing 10, 20 items 80×40:
    /// item i at (10, 10 + 50i, 80, 40); content 100×1010; max offset 910.
    func grid() throws -> Grid {
        let config = try configuration([("width", .number(100)), ("height", .number(100)),
                                        ("padding", .number(10)), ("spacing", .number(10))])
        let grid = Grid(configuration: config, dataSource: ArrayDataSource(sizes: Array(repeating: size(80, 40), count: 20)))
        try grid.reload()
        #expect(grid.contentSize == size(100, 1010))
        #expect(try grid.frame(of: path(0, 5)) == rect(10, 260, 80, 40))
        return grid
    }

    func offset(_ grid: Grid, _ p: GridIndexPath, _ a: ScrollAlignment, from start: Double? = nil) throws -> Double {
        if let start { try grid.scroll(to: Point(x: 0, y: start)) }
        try grid.scrollToItem(p, alignment: a)
        #expect(grid.contentOffset.x == 0)
        return grid.contentOffset.y
    }

    @Test func start() throws {
        let grid = try grid()
        #expect(try offset(grid, path(0, 5), .start) == 260)
        #expect(try offset(grid, path(0, 0), .start) == 10)
        #expect(try offset(grid, path(0, 18), .start) == 910, "910 is both the item's start and the max offset")
        #expect(try offset(grid, path(0, 19), .start) == 910, "960 clamps to the max offset")
        try grid.scroll(to: Point(x: 0, y: 333))
        try grid.scrollToItem(path(0, 7))
        #expect(grid.contentOffset == Point(x: 0, y: 360), "start is the default alignment")
    }

    @Test func center() throws {
        let grid = try grid()
        #expect(try offset(grid, path(0, 5), .center) == 230)  // 260 + 20 − 50
        #expect(try offset(grid, path(0, 0), .center) == 0)    // −20 clamps to 0
        #expect(try offset(grid, path(0, 19), .center) == 910) // 930 clamps
    }

    @Test func end() throws {
        let grid = try grid()
        #expect(try offset(grid, path(0, 5), .end) == 200)   // 300 − 100
        #expect(try offset(grid, path(0, 0), .end) == 0)     // −50 clamps
        #expect(try offset(grid, path(0, 19), .end) == 900)  // 1000 − 100
    }

    @Test func nearestDoesNotMoveWhenTheItemIsWholeInView() throws {
        let grid = try grid()
        // Viewport 200..300: item 4 (210..250) and item 5 (260..300, touching the end) are whole.
        #expect(try offset(grid, path(0, 4), .nearest, from: 200) == 200)
        #expect(try offset(grid, path(0, 5), .nearest, from: 200) == 200)
        // Viewport 210..310: item 4 starts exactly at the viewport's start.
        #expect(try offset(grid, path(0, 4), .nearest, from: 210) == 210)
    }

    @Test func nearestMovesTheLeast() throws {
        let grid = try grid()
        #expect(try offset(grid, path(0, 6), .nearest, from: 200) == 250, "below: its end at the viewport's end")
        #expect(try offset(grid, path(0, 3), .nearest, from: 200) == 160, "above: its start at the viewport's start")
        #expect(try offset(grid, path(0, 4), .nearest, from: 220) == 210, "partly above")
        #expect(try offset(grid, path(0, 6), .nearest, from: 230) == 250, "partly below")
        #expect(try offset(grid, path(0, 19), .nearest, from: 0) == 900)
        #expect(try offset(grid, path(0, 0), .nearest, from: 900) == 10)
    }

    @Test func nearestForAnItemLargerThanTheViewportShowsItsStart() throws {
        // 1 lane, viewport 100×100, no padding or spacing: heights 40, 150, 40, 40, 40, 40:
        // item 1 at 40..190, item 4 at 270..310, item 5 at 310..350; content 350, max 250.
        let config = try configuration([("width", .number(100)), ("height", .number(100))])
        let sizes = [40.0, 150, 40, 40, 40, 40].map { size(100, $0) }
        let grid = Grid(configuration: config, dataSource: ArrayDataSource(sizes: sizes))
        try grid.reload()
        #expect(try offset(grid, path(0, 1), .nearest, from: 0) == 40, "below, larger: start, not end")
        #expect(try offset(grid, path(0, 1), .nearest, from: 100) == 40, "covering the viewport: start")
        #expect(try offset(grid, path(0, 1), .nearest, from: 250) == 40, "above, larger: start")
        #expect(try offset(grid, path(0, 4), .nearest, from: 0) == 210)
        #expect(try offset(grid, path(0, 5), .nearest, from: 0) == 250)
        #expect(try offset(grid, path(0, 1), .end, from: 0) == 90)
        #expect(try offset(grid, path(0, 1), .center, from: 0) == 65)
    }

    @Test func horizontal() throws {
        // Horizontal, 1 lane, viewport 100×50, 10 items 40×50: item i at x = 40i; content 400, max 300.
        let config = try configuration([("direction", .string("horizontal")), ("width", .number(100)), ("height", .number(50))])
        let grid = Grid(configuration: config, dataSource: ArrayDataSource(sizes: Array(repeating: size(40, 50), count: 10)))
        try grid.reload()
        try grid.scrollToItem(path(0, 5), alignment: .center)
        #expect(grid.contentOffset == Point(x: 170, y: 0))
        try grid.scrollToItem(path(0, 5), alignment: .end)
        #expect(grid.contentOffset == Point(x: 140, y: 0))
        try grid.scrollToItem(path(0, 5), alignment: .start)
        #expect(grid.contentOffset == Point(x: 200, y: 0))
        try grid.scrollToItem(path(0, 9), alignment: .start)
        #expect(grid.contentOffset == Point(x: 300, y: 0))
        try grid.scrollToItem(path(0, 0), alignment: .nearest)
        #expect(grid.contentOffset == Point(x: 0, y: 0))
        try grid.scrollToItem(path(0, 9), alignment: .nearest)
        #expect(grid.contentOffset == Point(x: 300, y: 0))
        try grid.scrollToItem(path(0, 7), alignment: .nearest)
        #expect(grid.contentOffset == Point(x: 280, y: 0), "280..320 is partly before 300..400: its start")
        try grid.scrollToItem(path(0, 8), alignment: .nearest)
        #expect(grid.contentOffset == Point(x: 280, y: 0), "320..360 is whole in 280..380: no move")
        try grid.scrollToItem(path(0, 6), alignment: .nearest)
        #expect(grid.contentOffset == Point(x: 240, y: 0))
    }

    /// Sticky: 1 lane, viewport 100×100, spacing 10, no padding.
    ///   s0: header 0..30, 10 items 100×40 at 40 + 50k (last 490..530)
    ///   s1: header 540..570, 10 items at 580 + 50k (item 3 at 730..770; last 1030..1070)
    ///   s2: no header, items 1080..1120, 1130..1170; content 1170, max 1070.
    func stickyGrid() throws -> Grid {
        let config = try configuration([("width", .number(100)), ("height", .number(100)), ("spacing", .number(10)),
                                        ("stickyHeaders", .bool(true))])
        let data = ArrayDataSource(sections: [
            .init(sizes: Array(repeating: size(100, 40), count: 10), header: size(100, 30)),
            .init(sizes: Array(repeating: size(100, 40), count: 10), header: size(100, 30)),
            .init(sizes: Array(repeating: size(100, 40), count: 2)),
        ])
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        #expect(grid.contentSize == size(100, 1170))
        #expect(try grid.frame(of: path(1, 3)) == rect(0, 730, 100, 40))
        return grid
    }

    @Test func stickyStartLeavesRoomForTheHeader() throws {
        let grid = try stickyGrid()
        #expect(try offset(grid, path(1, 3), .start) == 700)
        // The item is then just below its section's pinned header.
        #expect(grid.visibleElements().prefix(2) == [
            GridElement(id: .header(section: 1), frame: rect(0, 700, 100, 30), pinned: true),
            GridElement(id: .item(path(1, 2)), frame: rect(0, 680, 100, 40)),
        ])
        #expect(try offset(grid, path(0, 0), .start) == 10)
        #expect(try offset(grid, path(1, 0), .start) == 550)
        #expect(try offset(grid, path(2, 1), .start) == 1070, "no header in section 2: 1130 clamps to 1070")
        #expect(try offset(grid, path(2, 0), .start) == 1070)
    }

    @Test func stickyCenterAndEndIgnoreTheHeader() throws {
        let grid = try stickyGrid()
        #expect(try offset(grid, path(1, 3), .center) == 700)  // 730 + 20 − 50
        #expect(try offset(grid, path(1, 3), .end) == 670)     // 770 − 100
    }

    @Test func stickyNearestTreatsTheAreaUnderTheHeaderAsHidden() throws {
        let grid = try stickyGrid()
        #expect(try offset(grid, path(1, 3), .nearest, from: 0) == 670, "below: end")
        #expect(try offset(grid, path(1, 3), .nearest, from: 750) == 700, "above: start, below the header")
        #expect(try offset(grid, path(1, 3), .nearest, from: 710) == 700, "under the pinned header: start")
        #expect(try offset(grid, path(1, 3), .nearest, from: 700) == 700, "whole below the header: no move")
        #expect(try offset(grid, path(1, 3), .nearest, from: 670) == 670, "whole at the end: no move")
    }

    @Test func outOfRangeThrowsAndKeepsTheOffset() throws {
        let grid = try grid()
        try grid.scroll(to: Point(x: 0, y: 123))
        #expect(throws: GridError.indexPathOutOfRange(path(0, 20), itemCount: 20)) {
            try grid.scrollToItem(path(0, 20), alignment: .start)
        }
        #expect(throws: GridError.indexPathOutOfRange(path(0, -1), itemCount: 20)) {
            try grid.scrollToItem(path(0, -1), alignment: .center)
        }
        #expect(throws: GridError.indexPathOutOfRange(path(1, 0), itemCount: nil)) {
            try grid.scrollToItem(path(1, 0), alignment: .nearest)
        }
        #expect(throws: GridError.indexPathOutOfRange(path(-1, 0), itemCount: nil)) {
            try grid.scrollToItem(path(-1, 0), alignment: .end)
        }
        #expect(grid.contentOffset == Point(x: 0, y: 123))
        #expect(try offset(grid, path(0, 3), .start) == 160)
    }

    @Test func sameSizeSectionsAndLanes() throws {
        // 3 lanes of 100×100 (same size), 1000 items, viewport 320×480: row r at S 100r.
        let config = try configuration([("lanes", .number(3))])
        let grid = Grid(configuration: config, dataSource: UniformDataSource(counts: [1000], size: size(100, 100)))
        try grid.reload()
        #expect(grid.contentSize == size(320, 33400))
        try grid.scrollToItem(path(0, 500), alignment: .start)   // row 166
        #expect(grid.contentOffset == Point(x: 0, y: 16600))
        try grid.scrollToItem(path(0, 500), alignment: .center)  // 16650 − 240
        #expect(grid.contentOffset == Point(x: 0, y: 16410))
        try grid.scrollToItem(path(0, 999), alignment: .end)     // row 333: 33400 − 480
        #expect(grid.contentOffset == Point(x: 0, y: 32920))
        #expect(throws: GridError.indexPathOutOfRange(path(0, 1000), itemCount: 1000)) {
            try grid.scrollToItem(path(0, 1000))
        }
    }
}
