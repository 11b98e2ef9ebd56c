import Testing
import GridLayout
import GridLayoutTestSupport

private func path(_ section: Int, _ item: Int) -> GridIndexPath { GridIndexPath(section: section, item: item) }

/// Hears renumberings and the mutation events, for `apply`.
private final class ApplyRecorder: GridObserver {
    var events: [String] = []
    var renumberings: [IndexChange] = []
    init(observing grid: Grid) { grid.observer = self }
    func grid(_ grid: Grid, didRenumber change: IndexChange) { renumberings.append(change) }
    func grid(_ grid: Grid, didInsert path: GridIndexPath) { events.append("didInsert \(path.section).\(path.item)") }
    func grid(_ grid: Grid, didRemove path: GridIndexPath) { events.append("didRemove \(path.section).\(path.item)") }
    func grid(_ grid: Grid, didMove from: GridIndexPath, to: GridIndexPath) {
        events.append("didMove \(from.section).\(from.item) \(to.section).\(to.item)")
    }
}

/// A random grid's data with an id per item (0 ..< n), and a random change of it: items removed,
/// inserted (new ids), moved within and across sections, and kept items given another size. Every
/// size (and span) a section ends with comes from that section's own, so it fits its layout.
private struct Snapshots {
    var configuration: GridConfiguration
    var old: ArrayDataSource, new: ArrayDataSource
    var oldIDs: [[Int]], newIDs: [[Int]]

    init(seed: UInt64) {
        let random = RandomGrid(seed: seed)
        var rng = SplitMix64(seed: seed ^ 0xA991_7000)
        func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        let old = random.data
        var next = 0
        let oldIDs = old.sections.map { section in
            defer { next += section.sizes.count }
            return Array(next..<(next + section.sizes.count))
        }
        // Each section as (id, size, span) entries, then changed.
        typealias Entry = (id: Int, size: Size, span: ItemSpan?)
        var entries: [[Entry]] = old.sections.enumerated().map { s, section in
            section.sizes.indices.map { (oldIDs[s][$0], section.sizes[$0], section.spans?[$0] ?? nil) }
        }
        let pools = entries
        func pick(_ s: Int) -> (Size, ItemSpan?)? {
            guard !pools[s].isEmpty else { return nil }
            let e = pools[s][int(0...(pools[s].count - 1))]
            return (e.size, e.span)
        }
        let rate = [0, 1, 5, 30][int(0...3)]  // percent of the items each change touches
        func chance() -> Bool { int(0...99) < rate }
        for s in entries.indices {
            entries[s].removeAll { _ in chance() }
        }
        var carried: [Entry] = []
        for s in entries.indices {
            var k = 0
            while k < entries[s].count {
                if chance() { carried.append(entries[s].remove(at: k)) } else { k += 1 }
            }
        }
        for entry in carried where !entries.isEmpty {
            let s = int(0...(entries.count - 1))
            guard let (size, span) = pick(s) else { continue }
            entries[s].insert((entry.id, size, span), at: int(0...entries[s].count))
        }
        for s in entries.indices {
            for k in entries[s].indices where chance() {
                if let (size, span) = pick(s) { entries[s][k].size = size; entries[s][k].span = span }
            }
            for _ in 0..<int(0...3) where chance() || rate == 30 {
                guard let (size, span) = pick(s) else { break }
                entries[s].insert((next, size, span), at: int(0...entries[s].count))
                next += 1
            }
        }
        var new = old
        for s in entries.indices {
            new.sections[s].sizes = entries[s].map(\.size)
            if new.sections[s].spans != nil { new.sections[s].spans = entries[s].map(\.span) }
        }
        configuration = random.configuration
        self.old = old
        self.new = new
        self.oldIDs = oldIDs
        newIDs = entries.map { $0.map(\.id) }
    }
}

/// The length of a longest increasing subsequence, the quadratic way.
private func longestIncreasing(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
        for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
    }
    return best.max() ?? 0
}

@Suite struct ApplyTests {
    /// For random old and new snapshots: the diff is minimal in removals plus insertions, its
    /// moves leave each section's staying items in order and are as few as that allows, the
    /// renumbering maps every kept item, and the frames equal a fresh reload of the new data.
    @Test(arguments: 0..<120)
    func diffIsMinimalAndFramesEqualAFreshReload(seed: UInt64) throws {
        let s = Snapshots(seed: seed)
        let grid = Grid(configuration: s.configuration, dataSource: s.old)
        try grid.reload()
        #expect(try grid.apply(s.oldIDs).isEmpty)
        let recorder = ApplyRecorder(observing: grid)
        grid.dataSource = s.new
        let diff = try grid.apply(s.newIDs, animated: seed % 2 == 0)
        try grid.step(1)

        let oldSet = Set(s.oldIDs.joined()), newSet = Set(s.newIDs.joined())
        #expect(diff.removed.count == oldSet.subtracting(newSet).count)
        #expect(diff.inserted.count == newSet.subtracting(oldSet).count)
        #expect(diff.removed.allSatisfy { !newSet.contains(s.oldIDs[$0.section][$0.item]) })
        #expect(diff.inserted.allSatisfy { !oldSet.contains(s.newIDs[$0.section][$0.item]) })
        #expect(diff.removed == diff.removed.sorted { ($0.section, $0.item) < ($1.section, $1.item) })
        #expect(diff.inserted == diff.inserted.sorted { ($0.section, $0.item) < ($1.section, $1.item) })
        #expect(diff.moved.allSatisfy { s.oldIDs[$0.from.section][$0.from.item] == s.newIDs[$0.to.section][$0.to.item] })

        // Moves: every item that changed section, and within a section all but a longest run in order.
        var where_: [Int: GridIndexPath] = [:]
        for (sec, ids) in s.oldIDs.enumerated() { for (i, id) in ids.enumerated() { where_[id] = path(sec, i) } }
        let movedTo = Set(diff.moved.map(\.to))
        var expectedMoves = 0
        for (t, ids) in s.newIDs.enumerated() {
            var staying: [Int] = [], unmoved: [Int] = []
            for (j, id) in ids.enumerated() {
                guard let from = where_[id] else { continue }
                if from.section != t { expectedMoves += 1; continue }
                staying.append(from.item)
                if !movedTo.contains(path(t, j)) { unmoved.append(from.item) }
            }
            expectedMoves += staying.count - longestIncreasing(staying)
            #expect(unmoved == unmoved.sorted())
        }
        #expect(diff.moved.count == expectedMoves)

        // The renumbering maps every old item to its new place and back.
        guard case .renumber(let renumbering)? = recorder.renumberings.last else {
            Issue.record("no renumbering")
            return
        }
        #expect(renumbering.diff == diff)
        var newWhere: [Int: GridIndexPath] = [:]
        for (t, ids) in s.newIDs.enumerated() { for (j, id) in ids.enumerated() { newWhere[id] = path(t, j) } }
        for (id, from) in where_ {
            #expect(IndexChange.renumber(renumbering).after(from) == newWhere[id])
            if let to = newWhere[id] { #expect(IndexChange.renumber(renumbering).before(to) == from) }
        }

        let fresh = try ContentLayout(configuration: s.configuration, dataSource: s.new)
        #expect(allElements(of: grid.layout) == allElements(of: fresh))
        #expect(recorder.events.count == diff.removed.count + diff.inserted.count + diff.moved.count)

        // And back: the ids held are the new ones now, and the way back undoes the diff.
        grid.dataSource = s.old
        let back = try grid.apply(s.oldIDs, animated: false)
        #expect(back.removed.count == diff.inserted.count && back.inserted.count == diff.removed.count)
        // A permutation and its inverse have longest increasing runs of one length: as many moves back.
        #expect(back.moved.count == diff.moved.count)
        let freshOld = try ContentLayout(configuration: s.configuration, dataSource: s.old)
        #expect(allElements(of: grid.layout) == allElements(of: freshOld))
        #expect(try grid.apply(s.oldIDs, animated: false) == SnapshotDiff())
    }

    /// The held keys' table, after many inserts and removals, finds what a `Dictionary` does.
    @Test func heldKeysFollowManyApplies() throws {
        var rng = SplitMix64(seed: 5)
        var ids = Array(0..<300)
        var next = 300
        let data = ListDataSource([items(ids.count)])
        let grid = try laneGrid(data)
        try grid.apply([ids])
        for round in 0..<40 {
            let before = Set(ids)
            ids.removeAll { _ in Int.random(in: 0..<4, using: &rng) == 0 }
            for _ in 0..<Int.random(in: 0...120, using: &rng) {
                ids.insert(next, at: Int.random(in: 0...ids.count, using: &rng))
                next += 1
            }
            ids.shuffle(using: &rng)
            if round % 3 == 0 { ids.sort() }
            data.sections[0] = items(ids.count)
            let diff = try grid.apply([ids], animated: false)
            #expect(diff.removed.count == before.subtracting(ids).count)
            #expect(diff.inserted.count == Set(ids).subtracting(before).count)
        }
    }

    @Test func eventsComeInOrderOnceTheSlideEnds() throws {
        let data = ListDataSource([items(5)])
        let grid = try laneGrid(data, options: [("animationDuration", .number(0.25))])
        try grid.apply([["a", "b", "c", "d", "e"]])
        let recorder = ApplyRecorder(observing: grid)
        data.sections[0] = items(5)
        // b and d go, x and y come, e moves to the front.
        let diff = try grid.apply([["e", "x", "a", "c", "y"]])
        #expect(diff == SnapshotDiff(removed: [path(0, 1), path(0, 3)], inserted: [path(0, 1), path(0, 4)],
                                     moved: [SnapshotDiff.Move(from: path(0, 4), to: path(0, 0))]))
        #expect(data.log.isEmpty)  // apply asks no insert, remove or move of the data source
        #expect(recorder.events.isEmpty)
        // Halfway: e slides from (0,120) to (0,0); x and y fade in; a and c slide.
        try grid.step(0.125)
        #expect(drawn(grid) == ["0 0,60", "1 110,0 a0.5", "2 0,30", "3 55,60", "4 0,120 a0.5"])
        try grid.step(0.125)
        #expect(drawn(grid) == ["0 0,0", "1 110,0", "2 0,60", "3 110,60", "4 0,120"])
        #expect(recorder.events == ["didRemove 0.3", "didRemove 0.1", "didInsert 0.1", "didInsert 0.4", "didMove 0.4 0.0"])
    }

    @Test func theFirstApplyNamesTheLaidOutItems() throws {
        let data = ListDataSource([items(3), items(2)])
        let grid = try laneGrid(data)
        let before = allElements(of: grid.layout)
        #expect(throws: GridError.snapshotMismatch(section: 1, count: 3, expected: 2, layout: false)) {
            try grid.apply([[1, 2, 3], [4, 5, 6]])
        }
        data.sections[1] = items(3)  // the data changed, the layout not yet: the first apply refuses
        #expect(throws: GridError.snapshotMismatch(section: 1, count: 3, expected: 2, layout: true)) {
            try grid.apply([[1, 2, 3], [4, 5, 6]])
        }
        data.sections[1] = items(2)
        #expect(try grid.apply([[1, 2, 3], [4, 5]]) == SnapshotDiff())
        #expect(allElements(of: grid.layout) == before)
        // After a reload the ids are forgotten: the next apply is a first one again.
        try grid.reload()
        #expect(try grid.apply([[7, 8, 9], [1, 2]]) == SnapshotDiff())
    }

    @Test func badSnapshotsChangeNothing() throws {
        let data = ListDataSource([items(6), items(4)])
        let grid = try laneGrid(data, height: 100)
        try grid.apply([[0, 1, 2, 3, 4, 5], [6, 7, 8, 9]])
        try grid.scroll(to: Point(x: 0, y: 50))
        let frames = allElements(of: grid.layout), offset = grid.contentOffset
        data.sections = [items(5), items(4)]

        #expect(throws: GridError.duplicateID(path(0, 1), path(1, 2))) { try grid.apply([[0, 1, 2, 3, 4], [6, 7, 1, 9]]) }
        #expect(GridError.duplicateID(path(0, 1), path(1, 2)).message(base: 1)
                == "apply: the id of item (section 2, item 3) is also the id of item (section 1, item 2) (ids must be unique in the grid)")
        #expect(throws: GridError.snapshotIDType(held: "Int", given: "String")) { try grid.apply([["a"], ["b"]]) }
        #expect(throws: GridError.snapshotMismatch(section: nil, count: 1, expected: 2, layout: false)) { try grid.apply([[0, 1, 2, 3, 4]]) }
        #expect(GridError.snapshotMismatch(section: nil, count: 1, expected: 2, layout: false).message(base: 0)
                == "apply: the snapshot has 1 section where data source 'sections' returned 2")
        #expect(throws: GridError.snapshotMismatch(section: 0, count: 6, expected: 5, layout: false)) {
            try grid.apply([[0, 1, 2, 3, 4, 5], [6, 7, 8, 9]])
        }
        #expect(allElements(of: grid.layout) == frames)
        #expect(grid.contentOffset == offset)
        // The ids held are still the first ones: removing item 5 is the whole diff.
        #expect(try grid.apply([[0, 1, 2, 3, 4], [6, 7, 8, 9]], animated: false) == SnapshotDiff(removed: [path(0, 5)]))
    }

    @Test func idsOfAnyHashableTypeAndSizesLearntAnew() throws {
        let data = ListDataSource([[size(100, 50), size(100, 80), size(100, 20)]])
        let grid = try laneGrid(data)
        try grid.apply([["x", "y", "z"]])
        data.sections[0] = [size(100, 20), size(100, 50), size(100, 10)]  // z, x (taller), y
        let diff = try grid.apply([["z", "x", "y"]], animated: false)
        #expect(diff == SnapshotDiff(moved: [SnapshotDiff.Move(from: path(0, 2), to: path(0, 0))]))
        #expect(try itemFrames(grid.layout) == [rect(0, 0, 100, 20), rect(110, 0, 100, 50), rect(0, 30, 100, 10)])
        // Ids that left and came back take fresh keys; unchanged ids diff to nothing.
        data.sections[0] = [size(100, 20), size(100, 50)]
        #expect(try grid.apply([["z", "w"]], animated: false) == SnapshotDiff(removed: [path(0, 1), path(0, 2)], inserted: [path(0, 1)]))
        #expect(try grid.apply([["z", "w"]], animated: false) == SnapshotDiff())
    }

    @Test func flatIDsWithTheirCounts() throws {
        let data = ListDataSource([items(2), items(3)])
        let grid = try laneGrid(data)
        #expect(try grid.apply(ids: [1, 2, 3, 4, 5], counts: [2, 3]) == SnapshotDiff())
        #expect(throws: GridError.invalidGiven(at: .grid, what: "id count", value: "5", expected: "4, the sections' counts added up")) {
            try grid.apply(ids: [1, 2, 3, 4, 5], counts: [2, 2])
        }
        #expect(throws: GridError.invalidGiven(at: .section(1), what: "id count", value: "4", expected: "0...3, the ids left")) {
            try grid.apply(ids: [1, 2, 3, 4, 5], counts: [2, 4])
        }
        // The same ids as Int64 in nested arrays are the same type.
        #expect(try grid.apply([[2, 1], [3, 4, 5]] as [[Int64]], animated: false) == SnapshotDiff(moved: [SnapshotDiff.Move(from: path(0, 0), to: path(0, 1))]))
        #expect(throws: GridError.snapshotIDType(held: "Int64", given: "Int")) { try grid.apply([[2, 1], [3, 4, 5]]) }
    }

    /// With `estimatedSize` the layout stays lazy through an apply, and once laid out to its end
    /// its frames are a full reload's of the new data.
    @Test func aLazyGridStaysLazy() throws {
        var rng = SplitMix64(seed: 9)
        let sizes = (0..<2000).map { _ in size(100, Double(Int.random(in: 20...90, using: &rng))) }
        let data = ListDataSource([sizes])
        let grid = try laneGrid(data, options: [("estimatedSize", .size(Size(width: 100, height: 50)))])
        #expect(grid.isEstimated)
        try grid.apply([Array(0..<2000)])
        var ids = Array(0..<2000)
        ids.remove(at: 5)
        ids.insert(5000, at: 0)
        ids.swapAt(10, 1500)
        var newSizes = ids.map { $0 == 5000 ? size(100, 33) : sizes[$0] }
        newSizes[3] = size(100, 77)  // a kept item answers another size now
        data.sections[0] = newSizes
        let diff = try grid.apply([ids], animated: false)
        #expect(diff.removed == [path(0, 5)] && diff.inserted == [path(0, 0)] && diff.moved.count == 2)
        #expect(grid.isEstimated)
        try grid.scroll(to: Point(x: 0, y: .infinity))
        #expect(!grid.isEstimated)
        let fresh = try ContentLayout(configuration: grid.configuration, dataSource: data)
        #expect(allElements(of: grid.layout) == allElements(of: fresh))
    }

    @Test func sectionsMayComeAndGo() throws {
        let data = ListDataSource([items(3)])
        let grid = try laneGrid(data)
        try grid.apply([[1, 2, 3]])
        data.sections = [items(2), items(3)]
        data.headers = [nil, nil]
        let diff = try grid.apply([[8, 9], [1, 2, 3]], animated: false)
        #expect(diff.inserted == [path(0, 0), path(0, 1)])
        #expect(diff.moved.map(\.to) == [path(1, 0), path(1, 1), path(1, 2)])  // sections are matched by position
        let fresh = try ContentLayout(configuration: grid.configuration, dataSource: data)
        #expect(allElements(of: grid.layout) == allElements(of: fresh))
    }

    @Test func refusedDuringADragAndSettlesMutationsFirst() throws {
        let data = ListDataSource([items(4)])
        let grid = try laneGrid(data, options: [("sort", .bool(true)), ("animationDuration", .number(0.25))])
        try grid.apply([[1, 2, 3, 4]])
        _ = try grid.beginDrag(at: Point(x: 10, y: 10))
        #expect(throws: GridError.busyDragging(operation: .apply)) { try grid.apply([[1, 2, 3, 4]]) }
        try grid.endDrag()
        try grid.step(1)
        // The drop renumbered the items: the next apply is a first one.
        #expect(try grid.apply([[1, 2, 3, 4]]) == SnapshotDiff())
        data.sections[0].append(size(100, 50))
        try grid.insertItem(at: path(0, 4))
        #expect(grid.isAnimating)
        #expect(try grid.apply([[1, 2, 3, 4, 5]]) == SnapshotDiff())  // the insert ran to its end first
        #expect(!grid.isAnimating)
    }
}
