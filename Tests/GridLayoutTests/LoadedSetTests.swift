import Testing
import GridLayout
import GridLayoutTestSupport

private func path(_ section: Int, _ item: Int) -> GridIndexPath { GridIndexPath(section: section, item: item) }
private func itemID(_ section: Int, _ item: Int) -> ElementID { .item(path(section, item)) }
private func item(_ section: Int, _ item: Int, _ frame: Rect) -> GridElement {
    GridElement(id: .item(path(section, item)), frame: frame)
}

/// Records every loaded-set change.
final class LoadedRecorder: GridObserver {
    var changes: [LoadedChange] = []
    func grid(_ grid: Grid, didChangeLoaded change: LoadedChange) { changes.append(change) }

    /// The changes so far as (unloaded, loaded) pairs, and forgets them.
    func take() -> [([ElementID], [GridElement])] {
        defer { changes = [] }
        return changes.map { ($0.unloaded, $0.loaded) }
    }
}

private func same(_ a: [([ElementID], [GridElement])], _ b: [([ElementID], [GridElement])]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
}

/// The loaded set: visibleElements of the viewport extended by `overscan` along S, updated after
/// every scroll, reload and resize; the observer hears exactly what left and joined, in element
/// order, never an empty change.
@Suite struct LoadedSetTests {
    /// Vertical, 1 lane, viewport 100×100, 20 items 100×50 (item i at 50i); content 1000.
    func grid(overscan: Double = 0, recorder: LoadedRecorder) throws -> Grid {
        let config = try configuration([("width", .number(100)), ("height", .number(100)), ("overscan", .number(overscan))])
        let grid = Grid(configuration: config, dataSource: ArrayDataSource(sizes: Array(repeating: size(100, 50), count: 20)))
        grid.observer = recorder
        try grid.reload()
        return grid
    }

    @Test func scrollingReportsWhatLeftAndJoined() throws {
        let recorder = LoadedRecorder()
        let grid = try grid(recorder: recorder)
        #expect(grid.loaded == [item(0, 0, rect(0, 0, 100, 50)), item(0, 1, rect(0, 50, 100, 50))])
        #expect(same(recorder.take(), [([], [item(0, 0, rect(0, 0, 100, 50)), item(0, 1, rect(0, 50, 100, 50))])]))

        try grid.scroll(to: Point(x: 0, y: 25))
        #expect(same(recorder.take(), [([], [item(0, 2, rect(0, 100, 100, 50))])]))
        try grid.scroll(to: Point(x: 0, y: 100))
        #expect(same(recorder.take(), [([itemID(0, 0), itemID(0, 1)], [item(0, 3, rect(0, 150, 100, 50))])]))
        #expect(grid.loaded == grid.visibleElements())

        // No change: no call.
        try grid.scroll(to: Point(x: 0, y: 100))
        try grid.scroll(by: 0, 0)
        try grid.scroll(to: Point(x: 0, y: 110))  // 110..210: items 2, 3, 4 — item 4 joins
        try grid.scroll(to: Point(x: 0, y: 120))  // same set
        #expect(same(recorder.take(), [([], [item(0, 4, rect(0, 200, 100, 50))])]))

        try grid.scroll(to: Point(x: 0, y: 500))
        #expect(same(recorder.take(), [([itemID(0, 2), itemID(0, 3), itemID(0, 4)],
                                        [item(0, 10, rect(0, 500, 100, 50)), item(0, 11, rect(0, 550, 100, 50))])]))
        #expect(grid.loaded == [item(0, 10, rect(0, 500, 100, 50)), item(0, 11, rect(0, 550, 100, 50))])
    }

    @Test func overscanExtendsBothSides() throws {
        let recorder = LoadedRecorder()
        let grid = try grid(overscan: 30, recorder: recorder)
        // -30..130: items 0, 1, 2; visible only 0, 1.
        #expect(grid.loaded.map(\.id) == [itemID(0, 0), itemID(0, 1), itemID(0, 2)])
        #expect(grid.visibleElements().map(\.id) == [itemID(0, 0), itemID(0, 1)])
        recorder.changes = []
        try grid.scroll(to: Point(x: 0, y: 100))  // 70..230: items 1…4
        #expect(same(recorder.take(), [([itemID(0, 0)], [item(0, 3, rect(0, 150, 100, 50)), item(0, 4, rect(0, 200, 100, 50))])]))
        #expect(grid.loaded == grid.layout.visibleElements(in: rect(0, 70, 100, 160)))
        #expect(grid.loaded.map(\.id) == (1...4).map { itemID(0, $0) })
        try grid.scroll(to: Point(x: 0, y: 900))  // 870..1030: items 17, 18, 19
        #expect(grid.loaded.map(\.id) == (17...19).map { itemID(0, $0) })
        #expect(same(recorder.take(), [((1...4).map { itemID(0, $0) },
                                        (17...19).map { item(0, $0, rect(0, 50 * Double($0), 100, 50)) })]))
    }

    /// Two sections with headers and a loader, spacing 0, viewport 100×100:
    ///   s0: header (0,0,100,20), items (0,20,100,50) (0,70,100,50)
    ///   s1: header (0,120,100,20), items (0,140,100,50) (0,190,100,50)
    ///   loader (28,240,44,44); content 284; max 184.
    func sectioned(sticky: Bool, recorder: LoadedRecorder) throws -> Grid {
        let config = try configuration([("width", .number(100)), ("height", .number(100)), ("stickyHeaders", .bool(sticky))])
        let data = ArrayDataSource(sections: [
            .init(sizes: Array(repeating: size(100, 50), count: 2), header: size(100, 20)),
            .init(sizes: Array(repeating: size(100, 50), count: 2), header: size(100, 20)),
        ], showLoader: true)
        let grid = Grid(configuration: config, dataSource: data)
        grid.observer = recorder
        try grid.reload()
        return grid
    }

    @Test func changesAreInElementOrderAcrossSectionsAndTheLoader() throws {
        let recorder = LoadedRecorder()
        let grid = try sectioned(sticky: false, recorder: recorder)
        let h0 = GridElement(id: .header(section: 0), frame: rect(0, 0, 100, 20))
        let h1 = GridElement(id: .header(section: 1), frame: rect(0, 120, 100, 20))
        let loader = GridElement(id: .loader, frame: rect(28, 240, 44, 44))
        #expect(same(recorder.take(), [([], [h0, item(0, 0, rect(0, 20, 100, 50)), item(0, 1, rect(0, 70, 100, 50))])]))
        try grid.scroll(to: Point(x: 0, y: 100))
        #expect(same(recorder.take(), [([.header(section: 0), itemID(0, 0)],
                                        [h1, item(1, 0, rect(0, 140, 100, 50)), item(1, 1, rect(0, 190, 100, 50))])]))
        try grid.scroll(to: Point(x: 0, y: 184))
        #expect(same(recorder.take(), [([itemID(0, 1), .header(section: 1)], [loader])]))
        try grid.scroll(to: Point(x: 0, y: 0))
        #expect(same(recorder.take(), [([itemID(1, 0), itemID(1, 1), .loader],
                                        [h0, item(0, 0, rect(0, 20, 100, 50)), item(0, 1, rect(0, 70, 100, 50))])]))
    }

    @Test func aPinnedHeaderThatMovesStaysLoaded() throws {
        let recorder = LoadedRecorder()
        let grid = try sectioned(sticky: true, recorder: recorder)
        #expect(grid.loaded.first == GridElement(id: .header(section: 0), frame: rect(0, 0, 100, 20), pinned: true))
        recorder.changes = []
        // 30..130: header 0 pinned at 30 (it moved, it stayed); header 1 joins.
        try grid.scroll(to: Point(x: 0, y: 30))
        #expect(same(recorder.take(), [([], [GridElement(id: .header(section: 1), frame: rect(0, 120, 100, 20))])]))
        #expect(grid.loaded == [
            GridElement(id: .header(section: 0), frame: rect(0, 30, 100, 20), pinned: true),
            item(0, 0, rect(0, 20, 100, 50)), item(0, 1, rect(0, 70, 100, 50)),
            GridElement(id: .header(section: 1), frame: rect(0, 120, 100, 20)),
        ])
        // 80..180: header 0 pinned at 80, item 0.0 (20..70) leaves, item 1.0 (140..190) joins.
        try grid.scroll(to: Point(x: 0, y: 80))
        #expect(same(recorder.take(), [([itemID(0, 0)], [item(1, 0, rect(0, 140, 100, 50))])]))
        #expect(grid.loaded.first == GridElement(id: .header(section: 0), frame: rect(0, 80, 100, 20), pinned: true))
        // 110..210: header 0 is pushed to 120 − 20 = 100; still loaded, not reported.
        try grid.scroll(to: Point(x: 0, y: 110))
        #expect(same(recorder.take(), [([], [item(1, 1, rect(0, 190, 100, 50))])]))
        #expect(grid.loaded.first == GridElement(id: .header(section: 0), frame: rect(0, 100, 100, 20), pinned: true))
        // 125..225: section 1 is current; header 0 (own place 0..20) leaves, header 1 is pinned
        // (it stayed loaded, it moved), item 0.1 (70..120) leaves.
        try grid.scroll(to: Point(x: 0, y: 125))
        #expect(same(recorder.take(), [([.header(section: 0), itemID(0, 1)], [])]))
        #expect(grid.loaded.first == GridElement(id: .header(section: 1), frame: rect(0, 125, 100, 20), pinned: true))
    }

    @Test func reloadUpdatesTheLoadedSet() throws {
        let recorder = LoadedRecorder()
        let grid = try grid(recorder: recorder)
        try grid.scroll(to: Point(x: 0, y: 500))
        recorder.changes = []
        // 8 items: content 400, offset clamps to 300: items 6, 7.
        grid.dataSource = ArrayDataSource(sizes: Array(repeating: size(100, 50), count: 8))
        try grid.reload()
        #expect(grid.contentOffset == Point(x: 0, y: 300))
        #expect(same(recorder.take(), [([itemID(0, 10), itemID(0, 11)],
                                        [item(0, 6, rect(0, 300, 100, 50)), item(0, 7, rect(0, 350, 100, 50))])]))
        // The same items at new frames: loaded is updated, but nothing left or joined.
        grid.dataSource = ArrayDataSource(sizes: Array(repeating: size(100, 50), count: 6) + [size(100, 60), size(100, 60)])
        try grid.reload()
        #expect(grid.contentOffset == Point(x: 0, y: 300))
        #expect(recorder.take().isEmpty)
        #expect(grid.loaded == [item(0, 6, rect(0, 300, 100, 60)), item(0, 7, rect(0, 360, 100, 60))])
        // A failed reload changes nothing and reports nothing.
        grid.dataSource = FailingDataSource(base: ArrayDataSource(sizes: Array(repeating: size(100, 50), count: 8)),
                                            failAt: path(0, 0))
        #expect(throws: GridError.self) { try grid.reload() }
        #expect(recorder.take().isEmpty)
        #expect(grid.loaded == [item(0, 6, rect(0, 300, 100, 60)), item(0, 7, rect(0, 360, 100, 60))])
    }

    @Test func resizeUpdatesTheLoadedSet() throws {
        let recorder = LoadedRecorder()
        let grid = try grid(recorder: recorder)
        recorder.changes = []
        try grid.resize(to: size(100, 200))  // S only: 0..200 → items 0…3
        #expect(same(recorder.take(), [([], [item(0, 2, rect(0, 100, 100, 50)), item(0, 3, rect(0, 150, 100, 50))])]))
        try grid.resize(to: size(150, 200))  // cross: items keep their given size (lanes): same set
        #expect(recorder.take().isEmpty)
        #expect(grid.loaded == grid.visibleElements())
        try grid.resize(to: size(150, 60))   // 0..60: items 0, 1
        #expect(same(recorder.take(), [([itemID(0, 2), itemID(0, 3)], [])]))
    }

    /// Random grids and random operations: every change is exactly the ordered difference of the
    /// loaded sets before and after, never empty, and `loaded` is the extended viewport's elements.
    @Test func randomChangesAreExactDiffs() throws {
        var rng = SplitMix64(seed: 7)
        var calls = 0
        for seed in UInt64(0)..<60 {
            var random = RandomGrid(seed: seed)
            random.configuration.overscan = Double(Int.random(in: 0...60, using: &rng))
            random.configuration.stickyHeaders = seed % 2 == 0
            let recorder = LoadedRecorder()
            let grid = Grid(configuration: random.configuration, dataSource: random.data)
            grid.observer = recorder
            var before: [GridElement] = []
            for step in 0..<40 {
                switch step == 0 ? 0 : Int.random(in: 0...9, using: &rng) {
                case 0: try grid.reload()
                case 1:
                    let w = Double(Int.random(in: 150...450, using: &rng)), h = Double(Int.random(in: 150...450, using: &rng))
                    _ = try? grid.resize(to: size(w, h))  // a refused size changes nothing
                default:
                    let x = Double(Int.random(in: -50...2000, using: &rng)), y = Double(Int.random(in: -50...2000, using: &rng))
                    try grid.scroll(to: Point(x: x, y: y))
                }
                let vertical = random.configuration.direction == .vertical
                let v = grid.viewport, o = grid.layout.configuration.overscan
                let area = vertical ? rect(v.x, v.y - o, v.width, v.height + 2 * o) : rect(v.x - o, v.y, v.width + 2 * o, v.height)
                let now = grid.layout.visibleElements(in: area)
                #expect(grid.loaded == now, "seed \(seed) step \(step)")
                let left = before.filter { old in !now.contains { $0.id == old.id } }.map(\.id)
                let joined = now.filter { new in !before.contains { $0.id == new.id } }
                let changes = recorder.take()
                if left.isEmpty && joined.isEmpty {
                    #expect(changes.isEmpty, "seed \(seed) step \(step)")
                } else {
                    #expect(same(changes, [(left, joined)]), "seed \(seed) step \(step)")
                    calls += 1
                }
                before = now
            }
        }
        #expect(calls > 500)
    }
}

/// The reuse pool: FIFO; attach counts created and reused; detach queues.
@Suite struct LoadedSetViewRecyclerTests {
    @Test func fifoPoolAndCounts() {
        var r = ViewRecycler<String>()
        #expect(r.dequeue() == nil)
        r.attach("a", to: itemID(0, 0), isNew: true)
        r.attach("b", to: itemID(0, 1), isNew: true)
        r.attach("c", to: .header(section: 0), isNew: true)
        #expect(r.created == 3 && r.reused == 0 && r.liveCount == 3 && r.pooled == 0)
        #expect(r.detach(itemID(0, 1)) == "b")
        #expect(r.detach(itemID(0, 0)) == "a")
        #expect(r.detach(itemID(0, 0)) == nil, "already detached: nothing queued")
        #expect(r.detach(itemID(5, 5)) == nil)
        #expect(r.pooled == 2 && r.liveCount == 1 && r.view(for: .header(section: 0)) == "c")
        let first = r.dequeue()
        #expect(first == "b")
        r.attach(first!, to: itemID(0, 7), isNew: false)
        #expect(r.created == 3 && r.reused == 1 && r.pooled == 1)
        #expect(r.liveCount == 2 && r.view(for: .header(section: 0)) == "c" && r.view(for: itemID(0, 7)) == "b")
        #expect(r.dequeue() == "a")
        #expect(r.dequeue() == nil)
        #expect(r.pooled == 0)
        r.removeAll()
        #expect(r.created == 0 && r.reused == 0 && r.liveCount == 0 && r.pooled == 0)
    }

    @Test func recycleQueuesDepartingViewsAndReusesThemForArrivingElements() throws {
        var config = GridConfiguration()
        config.viewport = Size(width: 100, height: 100)
        let grid = Grid(configuration: config, dataSource: UniformDataSource(counts: [100], size: size(100, 50)))
        let recorder = LoadedRecorder()
        grid.observer = recorder
        try grid.reload()
        try grid.scroll(to: Point(x: 0, y: 100))  // items 0, 1 leave; 2, 3 arrive
        #expect(recorder.changes.count == 2)
        var r = ViewRecycler<Int>()
        var made = 0
        r.recycle(recorder.changes[0]) { made += 1; return made }
        #expect(made == 2 && r.view(for: itemID(0, 0)) == 1 && r.view(for: itemID(0, 1)) == 2)
        r.recycle(recorder.changes[1]) { made += 1; return made }
        #expect(made == 2 && r.created == 2 && r.reused == 2 && r.liveCount == 2)
        #expect(r.view(for: itemID(0, 2)) == 1 && r.view(for: itemID(0, 3)) == 2 && r.view(for: itemID(0, 0)) == nil)
    }

    @Test func fifoOrderSurvivesManyQueuedViews() {
        var r = ViewRecycler<Int>()
        for i in 0..<200 { r.attach(i, to: itemID(0, i), isNew: true) }
        for i in 0..<100 { r.detach(itemID(0, i)) }
        var out: [Int] = []
        for _ in 0..<70 { out.append(r.dequeue()!) }
        for i in 100..<150 { r.detach(itemID(0, i)) }
        #expect(r.pooled == 80)
        while let v = r.dequeue() { out.append(v) }
        #expect(out == Array(0..<150))
        #expect(r.liveCount == 50 && r.created == 200 && r.reused == 0)
    }
}
