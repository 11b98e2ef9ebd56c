import Testing
import GridLayout
import GridLayoutTestSupport

private func path(_ section: Int, _ item: Int) -> GridIndexPath { GridIndexPath(section: section, item: item) }

/// Records what a grid tells its observer.
final class PageRecorder: GridObserver {
    var pages: [Int] = []
    var loadedChanges = 0
    func grid(_ grid: Grid, didChangePage page: Int) { pages.append(page) }
    func grid(_ grid: Grid, didChangeLoaded change: LoadedChange) { loadedChanges += 1 }
}

/// Paging: a page is the viewport's S size; offsets snap to the nearest page start (clamped to the
/// max offset); pageCount = content S in whole pages rounded up (≥ 1); currentPage from 0.
@Suite struct PagingTests {
    /// Vertical, 1 lane, viewport 100×100, `count` items 100×`itemS`; content S = count·itemS.
    func grid(count: Int = 20, itemS: Double = 30, height: Double = 100, paging: Bool = true,
              extra: [(String, OptionValue)] = []) throws -> Grid {
        let config = try configuration([("width", .number(100)), ("height", .number(height)), ("paging", .bool(paging))] + extra)
        let grid = Grid(configuration: config, dataSource: ArrayDataSource(sizes: Array(repeating: size(100, itemS), count: count)))
        try grid.reload()
        return grid
    }

    func offset(_ grid: Grid, scrollTo s: Double) throws -> Double {
        try grid.scroll(to: Point(x: 0, y: s))
        #expect(grid.contentOffset.x == 0)
        return grid.contentOffset.y
    }

    @Test func pageCount() throws {
        #expect(try grid(count: 20, itemS: 30).pageCount == 6)    // 600 / 100
        #expect(try grid(count: 20, itemS: 30.05).pageCount == 7) // 601 / 100
        #expect(try grid(count: 13, itemS: 50).pageCount == 7)    // 650 / 100
        #expect(try grid(count: 1, itemS: 30).pageCount == 1)     // 30: less than a page
        #expect(try grid(count: 0).pageCount == 1)                // no content at all
        #expect(try grid(count: 10, itemS: 100, height: 300).pageCount == 4)  // 1000 / 300 = 3.33
        // Padding counts: 600 + 10 + 10.
        #expect(try grid(extra: [("padding", .number(10))]).pageCount == 7)
    }

    @Test func offsetsSnapToTheNearestPageStart() throws {
        let grid = try grid()  // 600, max 500
        #expect(grid.contentOffset == .zero)
        #expect(try offset(grid, scrollTo: 40) == 0)
        #expect(try offset(grid, scrollTo: 49) == 0)
        #expect(try offset(grid, scrollTo: 51) == 100)
        #expect(try offset(grid, scrollTo: 260) == 300)
        #expect(grid.currentPage == 3)
        #expect(try offset(grid, scrollTo: 10_000) == 500)
        #expect(grid.currentPage == 5)
        #expect(try offset(grid, scrollTo: -30) == 0)
        #expect(grid.currentPage == 0)
        try grid.scroll(to: Point(x: 0, y: 200))
        try grid.scroll(by: 0, 40)
        #expect(grid.contentOffset == Point(x: 0, y: 200))
        try grid.scroll(by: 0, 60)
        #expect(grid.contentOffset == Point(x: 0, y: 300))
    }

    @Test func contentFillsItsLastPage() throws {
        // 650 of items in pages of 100: with paging the content is 7 whole pages (700), so the
        // page starts 0, 100, …, 600 are all offsets and the max offset is the last page's start.
        let grid = try grid(count: 13, itemS: 50)
        #expect(grid.contentSize.height == 700)
        #expect(grid.maxOffset == Point(x: 0, y: 600))
        #expect(grid.pageCount == 7)
        #expect(try offset(grid, scrollTo: 520) == 500)
        #expect(try offset(grid, scrollTo: 560) == 600)
        #expect(grid.currentPage == 6)
        #expect(try offset(grid, scrollTo: 10_000) == 600)
        #expect(grid.currentPage == 6)
        try grid.scroll(toPage: 6)
        #expect(grid.contentOffset == Point(x: 0, y: 600))
    }

    @Test func lastPageIsReachable() throws {
        // Viewport 300, 10 items of 100 (1000): the content fills 4 whole pages (1200); the last
        // page starts at 900 and shows item 9 (900…1000).
        let grid = try grid(count: 10, itemS: 100, height: 300)
        #expect(grid.pageCount == 4)
        #expect(grid.maxOffset == Point(x: 0, y: 900))
        try grid.scroll(toPage: 3)
        #expect(grid.contentOffset == Point(x: 0, y: 900))
        #expect(grid.currentPage == 3)
        #expect(try offset(grid, scrollTo: 10_000) == 900)
        #expect(try offset(grid, scrollTo: 740) == 600, "nearer 600 than 900")
        #expect(try offset(grid, scrollTo: 760) == 900, "nearer 900 than 600")
        #expect(grid.currentPage == 3)
        try grid.scrollToItem(path(0, 9), alignment: .end)  // 1000 − 300 = 700, snapped to the nearer 600
        #expect(grid.contentOffset == Point(x: 0, y: 600))
        try grid.scrollToItem(path(0, 9), alignment: .start)  // 900
        #expect(grid.contentOffset == Point(x: 0, y: 900))
        #expect(grid.visibleElements().map(\.id) == [.item(path(0, 9))])
    }

    @Test func scrollToPage() throws {
        let grid = try grid()
        try grid.scroll(toPage: 2)
        #expect(grid.contentOffset == Point(x: 0, y: 200))
        #expect(grid.currentPage == 2)
        try grid.scroll(toPage: 99)
        #expect(grid.contentOffset == Point(x: 0, y: 500))
        #expect(grid.currentPage == 5)
        try grid.scroll(toPage: -3)
        #expect(grid.contentOffset == .zero)
        #expect(grid.currentPage == 0)
    }

    @Test func observerHearsEachPageChangeOnce() throws {
        let recorder = PageRecorder()
        let grid = try grid()
        grid.observer = recorder
        try grid.scroll(to: Point(x: 0, y: 100))
        try grid.scroll(to: Point(x: 0, y: 120))  // snaps back to 100: no change
        try grid.scroll(to: Point(x: 0, y: 260))
        try grid.scroll(by: 0, -260)              // 40 → 0
        try grid.scroll(toPage: 5)
        try grid.scroll(toPage: 99)               // still 5
        try grid.scrollToItem(path(0, 7))         // 210 → 200
        try grid.scrollToItem(path(0, 8))         // 240 → 200: no change
        try grid.scrollToItem(path(0, 9))         // 270 → 300
        try grid.scroll(toPage: -1)
        #expect(recorder.pages == [1, 3, 0, 5, 2, 3, 0])
        #expect(grid.page == 0)
    }

    @Test func reloadAndResizeUpdateThePage() throws {
        let recorder = PageRecorder()
        let grid = try grid()
        grid.observer = recorder
        try grid.scroll(toPage: 5)
        // 10 items: content 300, max 200 → page 2.
        grid.dataSource = ArrayDataSource(sizes: Array(repeating: size(100, 30), count: 10))
        try grid.reload()
        #expect(grid.contentOffset == Point(x: 0, y: 200))
        #expect(grid.pageCount == 3)
        #expect(recorder.pages == [5, 2])
        // Back to 20 items (600); page 2 at 200. Height 150: pages of 150, 4 of them; the first
        // visible item (6, at 180, 20 above 200) keeps its place → 200 → nearest page start 150.
        grid.dataSource = ArrayDataSource(sizes: Array(repeating: size(100, 30), count: 20))
        try grid.reload()
        try grid.resize(to: size(100, 150))
        #expect(grid.pageCount == 4)
        #expect(grid.contentOffset == Point(x: 0, y: 150))
        #expect(grid.currentPage == 1)
        #expect(recorder.pages == [5, 2, 1])
    }

    @Test func horizontalPaging() throws {
        let config = try configuration([("direction", .string("horizontal")), ("width", .number(100)),
                                        ("height", .number(100)), ("paging", .bool(true))])
        let grid = Grid(configuration: config, dataSource: ArrayDataSource(sizes: Array(repeating: size(30, 100), count: 20)))
        try grid.reload()
        #expect(grid.contentSize == size(600, 100))
        #expect(grid.pageCount == 6)
        try grid.scroll(to: Point(x: 149, y: 0))
        #expect(grid.contentOffset == Point(x: 100, y: 0))
        try grid.scroll(to: Point(x: 151, y: 0))
        #expect(grid.contentOffset == Point(x: 200, y: 0))
        #expect(grid.currentPage == 2)
        try grid.scroll(toPage: 4)
        #expect(grid.contentOffset == Point(x: 400, y: 0))
        #expect(grid.currentPage == 4)
    }

    @Test func pagingWithStickyHeadersSnapsTheScrollToItemResult() throws {
        // Section: header 30, items 100×30 from 30 (item i at 30 + 30i); start of item 10 = 330 − 30 = 300.
        let config = try configuration([("width", .number(100)), ("height", .number(100)), ("paging", .bool(true)),
                                        ("stickyHeaders", .bool(true))])
        let data = ArrayDataSource(sections: [.init(sizes: Array(repeating: size(100, 30), count: 20), header: size(100, 30))])
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        try grid.scrollToItem(path(0, 10))
        #expect(grid.contentOffset == Point(x: 0, y: 300))
        try grid.scrollToItem(path(0, 12))  // 360 → 400
        #expect(grid.contentOffset == Point(x: 0, y: 400))
        #expect(grid.currentPage == 4)
    }

    @Test func withoutPagingOffsetsDoNotSnapAndNoPageIsReported() throws {
        let recorder = PageRecorder()
        let grid = try grid(paging: false)
        grid.observer = recorder
        #expect(try offset(grid, scrollTo: 260) == 260)
        #expect(try offset(grid, scrollTo: 499) == 499)
        // The observer's page callback is documented as "with paging"; a grid without paging
        // has no pages to report.
        #expect(recorder.pages == [])
    }
}
