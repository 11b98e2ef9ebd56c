import Testing
@testable import GridLayout
import GridLayoutTestSupport

/// Fault 14 of the reliability pass: the reuse pool keeps at most `poolLimit` views and hands
/// every view beyond it back, oldest first.
@Suite struct ViewPoolTests {
    func item(_ i: Int) -> ElementID { .item(GridIndexPath(section: 0, item: i)) }

    @Test func detachedViewsBeyondTheLimitAreReleasedOldestFirst() {
        var views = ViewRecycler<Int>()
        #expect(views.poolLimit == 256)
        views.poolLimit = 2
        for i in 0..<5 { views.attach(i * 10, to: item(i), isNew: true) }
        for i in 0..<5 { views.detach(item(i)) }
        #expect(views.pooled == 5)  // one by one: trimmed only when the host says its step is done
        var released: [Int] = []
        views.trimPool { released.append($0) }
        #expect(released == [0, 10, 20])
        #expect(views.pooled == 2)
        #expect(views.dequeue() == 30)
    }

    @Test func recycleTrimsAfterTheArrivalsTookTheirViews() {
        var views = ViewRecycler<Int>()
        views.poolLimit = 1
        var next = 0
        func make() -> Int { next += 1; return next }
        let first = (0..<4).map { GridElement(id: item($0), frame: .zero) }
        views.recycle(LoadedChange(unloaded: [], loaded: first), make: make)
        // Four leave and four arrive: all four views are reused, none released.
        var released: [Int] = []
        let second = (4..<8).map { GridElement(id: item($0), frame: .zero) }
        views.recycle(LoadedChange(unloaded: (0..<4).map(item), loaded: second), make: make) { released.append($0) }
        #expect(released.isEmpty && views.reused == 4 && views.created == 4)
        // Four leave and none arrive: three released, one kept.
        views.recycle(LoadedChange(unloaded: (4..<8).map(item), loaded: []), make: make) { released.append($0) }
        #expect(released == [1, 2, 3] && views.pooled == 1)
    }

    @Test func theOptionIsChecked() throws {
        var config = GridConfiguration()
        try config.set("maxPooledViews", to: .number(0))
        #expect(config.maxPooledViews == 0)
        #expect(throws: GridError.invalidOption(name: "maxPooledViews", value: "1000001", expected: "0...1000000")) {
            try config.set("maxPooledViews", to: .number(1_000_001))
        }
    }
}
