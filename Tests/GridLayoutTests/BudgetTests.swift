import Testing
import GridLayout

/// `GridBudget`: a host's byte budget is checked before frames are allocated, and its stop check
/// ends a long layout; either way the grid keeps its previous layout.
@Suite struct BudgetTests {
    /// `count` same-size items in a justified grid (stored frames), under `budget`.
    struct Budgeted: GridDataSource {
        var count: Int
        var budget: GridBudget?
        func numberOfItems(inSection section: Int) -> Int { count }
        func sizeForItem(at path: GridIndexPath) -> Size { Size(width: 10, height: 10) }
        func itemsHaveSameSize() -> Bool { true }
    }

    static var justified: GridConfiguration {
        var c = GridConfiguration()
        c.layout = .justified
        c.viewport = Size(width: 100, height: 100)
        return c
    }

    @Test func framesPastTheByteBudgetAreRefusedBeforeAllocating() throws {
        let grid = Grid(configuration: Self.justified, dataSource: Budgeted(count: 10, budget: nil))
        try grid.reload()
        grid.dataSource = Budgeted(count: 1000, budget: GridBudget(maxBytes: 20_000, limitName: "the test's cap"))
        #expect(throws: GridError.overBudget(at: .section(0), items: 1000, bytes: 41250, available: 20_000, limit: "the test's cap")) {
            try grid.reload()
        }
        #expect(GridError.overBudget(at: .section(0), items: 1000, bytes: 41250, available: 20_000, limit: "the test's cap").message(base: 1)
            == "section 1: 1000 items need about 41250 bytes of frames, more than the 20000 bytes left under the test's cap")
        #expect(grid.layout.storedItemCount == 10)  // the previous layout, whole
        grid.dataSource = Budgeted(count: 100, budget: GridBudget(maxBytes: 20_000))
        try grid.reload()
        #expect(grid.layout.storedItemCount == 100)
    }

    @Test func theStopCheckEndsALongLayoutAndIsAskedRarely() throws {
        let grid = Grid(configuration: Self.justified, dataSource: Budgeted(count: 10, budget: nil))
        try grid.reload()
        final class Counter { var asked = 0 }
        let counter = Counter()
        grid.dataSource = Budgeted(count: 1_000_000, budget: GridBudget(shouldStop: {
            counter.asked += 1
            return counter.asked == 100 ? "stop now" : nil
        }))
        #expect(throws: GridError.interrupted("stop now")) { try grid.reload() }
        #expect(counter.asked == 100)  // once per GridBudget.interval items: 100 asks, ~400k items
        #expect(grid.layout.storedItemCount == 10)
    }

    @Test func theStoredFramesLimitNamesTheSectionInEachFacesCount() {
        let error = GridError.tooManyStoredItems(section: 0, count: 100_000_001)
        #expect(error.message(base: 0) == "section 0: its items make 100000001 stored frames, past the limit of 100000000 (same-size lanes, flow and waterfall store none)")
        #expect(error.message(base: 1).hasPrefix("section 1: its items make 100000001"))
    }
}
