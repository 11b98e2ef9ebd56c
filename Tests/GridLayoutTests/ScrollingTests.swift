import Testing
import GridLayout
import GridLayoutTestSupport

/// Offsets stay within [0, max(0, content − viewport)] on each axis.
@Suite struct ScrollingTests {
    /// 30 items of 100×100 in 3 lanes, spacing 0: content 320×1000 in a 320×480 viewport.
    func grid() throws -> Grid {
        let grid = Grid(configuration: try configuration([("lanes", .number(3))]),
                        dataSource: ArrayDataSource(sizes: Array(repeating: size(100, 100), count: 30)))
        try grid.reload()
        return grid
    }

    @Test func scrollToClampsOnBothAxes() throws {
        let grid = try grid()
        #expect(grid.contentSize == size(320, 1000))
        #expect(grid.maxOffset == Point(x: 0, y: 520))
        try grid.scroll(to: Point(x: 50, y: 700))
        #expect(grid.contentOffset == Point(x: 0, y: 520))
        try grid.scroll(to: Point(x: -10, y: -10))
        #expect(grid.contentOffset == Point.zero)
        try grid.scroll(to: Point(x: 0, y: .infinity))
        #expect(grid.contentOffset == Point(x: 0, y: 520))
        try grid.scroll(by: 0, -20.5)
        #expect(grid.contentOffset == Point(x: 0, y: 499.5))
    }

    @Test func nanOffsetsAreErrorsAndChangeNothing() throws {
        let grid = try grid()
        try grid.scroll(to: Point(x: 0, y: 100))
        let error = #expect(throws: GridError.self) { try grid.scroll(to: Point(x: 0, y: .nan)) }
        #expect(error?.message() == "offset (0, nan) is invalid (NaN)")
        #expect(throws: GridError.self) { try grid.scroll(by: .nan, 0) }
        #expect(grid.contentOffset == Point(x: 0, y: 100))
    }

    @Test func visibleElementsFollowTheOffset() throws {
        let grid = try grid()
        try grid.scroll(to: Point(x: 0, y: 150))
        // Rows start at 0, 100, 200, …; the viewport 150..<630 touches rows 1…6 (row 6 = 600..<700).
        let visible = grid.visibleElements().map(\.id)
        #expect(visible == (3..<21).map { .item(GridIndexPath(section: 0, item: $0)) })
        try grid.scroll(to: Point(x: 0, y: 200))
        // 200..<680: rows 2…6; row 7 starts at 700 and touching edges do not count.
        #expect(grid.visibleElements().first?.id == .item(GridIndexPath(section: 0, item: 6)))
        #expect(grid.visibleElements().count == 15)
    }

    @Test func reloadKeepsTheOffsetInsideSmallerContent() throws {
        let grid = try grid()
        try grid.scroll(to: Point(x: 0, y: 520))
        grid.dataSource = ArrayDataSource(sizes: Array(repeating: size(100, 100), count: 18))
        try grid.reload()
        #expect(grid.contentSize == size(320, 600))
        #expect(grid.contentOffset == Point(x: 0, y: 120))
    }

    @Test func indexPathAtAPoint() throws {
        let grid = try grid()
        #expect(try grid.indexPath(at: Point(x: 150, y: 250)) == GridIndexPath(section: 0, item: 7))
        #expect(try grid.indexPath(at: Point(x: 100, y: 100)) == GridIndexPath(section: 0, item: 4), "left/top edges are inside")
        #expect(try grid.indexPath(at: Point(x: 310, y: 50)) == nil, "right of the last lane")
        #expect(try grid.indexPath(at: Point(x: 50, y: 1000)) == nil, "bottom edge is outside")
    }
}
