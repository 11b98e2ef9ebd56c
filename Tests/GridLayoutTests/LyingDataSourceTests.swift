import Testing
import GridLayout
import GridLayoutTestSupport

private func path(_ section: Int, _ item: Int) -> GridIndexPath { GridIndexPath(section: section, item: item) }
private func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// A data source whose answers change from one question to the next: each list of answers is
/// given first first, and its last answer repeats.
private final class Liar: GridDataSource {
    var sections: [Int]
    var counts: [Int]
    var size: Size
    var sameSize: Bool
    var asked: [String] = []

    init(sections: [Int] = [1], counts: [Int], size: Size, sameSize: Bool = false) {
        self.sections = sections
        self.counts = counts
        self.size = size
        self.sameSize = sameSize
    }

    private func next(_ answers: inout [Int]) -> Int { answers.count > 1 ? answers.removeFirst() : answers[0] }
    func numberOfSections() -> Int { asked.append("sections"); return next(&sections) }
    func numberOfItems(inSection section: Int) -> Int { asked.append("count \(section)"); return next(&counts) }
    func sizeForItem(at indexPath: GridIndexPath) -> Size { size }
    func itemsHaveSameSize() -> Bool { sameSize }
}

/// Fault 1 and 2 of issue 15: a data source whose answers change within one reload or under a
/// drag gets a `GridError.inconsistent` naming both answers; the layout and the drag stay as they
/// were, and nothing traps.
@Suite struct LyingDataSourceTests {
    func error(_ body: () throws -> Void) -> GridError? {
        do { try body(); return nil } catch { return error as? GridError }
    }

    @Test func aSectionCountThatChangesUnderADragIsNamedAsTheDataSourceGaveIt() throws {
        let data = ListDataSource([items(6)])
        let grid = try laneGrid(data, options: [("sort", .bool(true)), ("animationDuration", .number(0.25))])
        try grid.beginDrag(at: point(50, 25))
        let before = drawn(grid)
        data.sections = [items(4)]
        let failure = error { try grid.drag(to: point(160, 85)) }
        #expect(failure == .inconsistent(callback: .itemCount, at: .section(0), value: 4, earlier: .whenDragBegan(6)))
        #expect(failure?.message() == "data source 'count' returned 4 for section 0, but 6 when the drag began")
        #expect(failure?.message(base: 1) == "data source 'count' returned 4 for section 1, but 6 when the drag began")
        // The drag goes on as it was: its target, its preview.
        #expect(grid.drag! == (path(0, 0), path(0, 0)))
        #expect(drawn(grid) == before)
        try grid.endDrag()  // dropped where it began: nothing to move
        #expect(data.log == [])
    }

    @Test func anEmptiedSourceSectionDuringADragIsNotReportedAsMinusOne() throws {
        let data = ListDataSource([items(2), items(4)])
        data.acrossSections = true
        let grid = try laneGrid(data, height: 300, options: [("sort", .bool(true))])
        try grid.beginDrag(at: point(50, 25))
        data.sections[0] = []
        let failure = error { try grid.drag(to: point(50, 145)) }  // over section 1
        #expect(failure?.message() == "data source 'count' returned 0 for section 0, but 2 when the drag began")
        #expect(grid.drag! == (path(0, 0), path(0, 0)))
    }

    /// Waterfall, a same-size section emptied under a drag: `dragTo` used to commit a layout
    /// without the drag's section (with items 1e-300 x 40, laid out whole past 1e15; such content
    /// is refused now, past `GridLimits.maxExtent`), then trapped in `draggedFrame`.
    @Test func aDragWhoseDataIsEmptiedUnderItFailsAndGoesOn() throws {
        let data = Liar(counts: [5], size: size(100, 40), sameSize: true)
        let grid = Grid(configuration: try configuration([("layout", .string("waterfall")), ("sort", .bool(true))]), dataSource: data)
        try grid.reload()
        #expect(try grid.beginDrag(at: point(1, 0)) == path(0, 0))
        let shown = grid.visibleElements().count
        data.counts = [0]
        data.sections = [0]
        let failure = error { try grid.drag(to: point(200, 300)) }
        #expect(failure?.message() == "data source 'count' returned 0 for section 0, but 5 when the drag began")
        #expect(grid.drag! == (path(0, 0), path(0, 0)))
        #expect(grid.visibleElements().count == shown)  // as before
        // The data back as it was: the drag goes on, and drops.
        data.counts = [5]
        data.sections = [1]
        try grid.drag(to: point(200, 300))
        try grid.endDrag()
        #expect(grid.drag == nil)
    }

    /// The engine asks each count once per section and reload.
    @Test func aReloadAsksEachCountOnce() throws {
        let data = Liar(sections: [2], counts: [3, 0, 0], size: size(10, 10), sameSize: true)
        let grid = Grid(configuration: GridConfiguration(), dataSource: data)
        try grid.reload()
        #expect(data.asked == ["sections", "count 0", "count 1"])
        #expect(try grid.layout.itemCount(inSection: 0) == 3)
    }
}

/// reloadSection on data that lost sections since the layout (found by the C fuzzer: GL_SAME_SIZE
/// sections set again, fewer, then gl_grid_reload_section) asked the arrays about a section they
/// no longer had: index out of range. `ArrayDataSource` throws `OutOfRange` now.
@Suite struct ReloadSectionSectionCountTests {
    @Test func reloadSectionOfArraysThatLostSectionsIsAnError() throws {
        let grid = Grid(configuration: GridConfiguration(),
                        dataSource: ArrayDataSource(sections: [.init(sizes: [size(10, 10)]), .init(sizes: [size(10, 10)])]))
        try grid.reload()
        let content = grid.contentSize
        grid.dataSource = ArrayDataSource(sections: [.init(sizes: [size(10, 10)])])
        do {
            try grid.reloadSection(1)
            Issue.record("reloadSection succeeded")
        } catch {
            #expect(error.message() == "data source 'count' failed for section 1: the data has no section 1")
        }
        #expect(grid.contentSize == content)
        #expect(grid.layout.sectionCount == 2)
    }
}

/// Found by the engine fuzzer's longer run for issue 15 (engine/crash-mutation-denormal-header-
/// before-paged-section): a header 5e-324 tall after a 10 pt item ends at 10 (10 + 5e-324 is 10);
/// when the item was removed, the header was shifted by -10 and ended at 0, where a fresh layout
/// ends it at 5e-324, so the paged section after it started on page 0 instead of page 1.
@Suite struct DenormalHeaderBeforePagedSectionTests {
    final class Data: GridDataSource {
        var sections: [[Size]] = [[], [], Array(repeating: size(100, 100), count: 3)]
        func numberOfSections() -> Int { sections.count }
        func numberOfItems(inSection section: Int) -> Int { sections[section].count }
        func sizeForItem(at path: GridIndexPath) -> Size { sections[path.section][path.item] }
        func headerSize(inSection section: Int) -> Size? { section == 1 ? Size(width: 1, height: .leastNonzeroMagnitude) : nil }
        func itemsHaveSameSize() -> Bool { true }
        func insertItem(at path: GridIndexPath) { sections[path.section].insert(size(10, 10), at: path.item) }
        func removeItem(at path: GridIndexPath) { sections[path.section].remove(at: path.item) }
    }

    @Test func aRemovalBeforeADenormalHeaderKeepsThePagedSectionOnItsPage() throws {
        let data = Data()
        let config = try configuration([("width", .number(220)), ("height", .number(260)), ("lanes", .number(2)),
                                        ("paging", .bool(true)), ("animationDuration", .number(0))])
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        #expect(try grid.frame(of: GridIndexPath(section: 2, item: 0)).y == 260)
        try grid.insertItem(at: GridIndexPath(section: 0, item: 0), animated: false)
        #expect(try grid.frame(of: GridIndexPath(section: 2, item: 0)).y == 260)
        try grid.removeItem(at: GridIndexPath(section: 0, item: 0), animated: false)
        #expect(try grid.frame(of: GridIndexPath(section: 2, item: 0)).y == 260)
        let fresh = try ContentLayout(configuration: config, dataSource: data)
        #expect(allElements(of: grid.layout) == allElements(of: fresh))
    }
}
