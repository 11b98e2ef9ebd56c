import Testing
@testable import GridLayout
import GridLayoutTestSupport

/// Every element id of a small grid (3 sections with headers, 30 items each, the loader), in order.
private let universe: [ElementID] = (0..<3).flatMap { s in
    [ElementID.header(section: s)] + (0..<30).map { ElementID.item(GridIndexPath(section: s, item: $0)) }
} + [.loader]

/// A random sorted subset of `universe`: usually a window (as a viewport sees), sometimes scattered.
private func randomLoadedSet(_ rng: inout SplitMix64) -> [GridElement] {
    let ids: [ElementID]
    if Bool.random(using: &rng) {
        let start = Int.random(in: 0...universe.count, using: &rng)
        ids = Array(universe[start..<Swift.min(universe.count, start + Int.random(in: 0...40, using: &rng))])
    } else {
        ids = universe.filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }
    }
    return ids.map { GridElement(id: $0, frame: rect(Double(Int.random(in: 0...9, using: &rng)), 0, 1, 1)) }
}

/// The loaded-set diff, the view recycler and the element's size, against straightforward models.
@Suite struct LoadedSetInternalsTests {
    @Test func elementIsSeventyTwoBytes() {
        // The stored properties' order keeps padding out (see GridElement); a query's cost follows the size.
        #expect(MemoryLayout<GridElement>.stride == 72)
    }

    /// `setDifference` reusing one change's buffers gives exactly what a plain set difference gives.
    @Test func differenceMatchesSetDifference() {
        var rng = SplitMix64(seed: 8)
        var change = LoadedChange(unloaded: [], loaded: [])
        var previous: (unloaded: [ElementID], loaded: [GridElement]) = ([], [])
        for _ in 0..<2_000 {
            let old = randomLoadedSet(&rng), new = randomLoadedSet(&rng)
            // Sometimes an observer holds on to the last change: it must not see it change.
            let kept = Bool.random(using: &rng) ? change : nil
            change.setDifference(from: old, to: new)
            let oldIDs = Set(old.map(\.id)), newIDs = Set(new.map(\.id))
            #expect(change.unloaded == old.map(\.id).filter { !newIDs.contains($0) })
            #expect(change.loaded == new.filter { !oldIDs.contains($0.id) })
            if let kept { #expect(kept.unloaded == previous.unloaded && kept.loaded == previous.loaded) }
            previous = (change.unloaded, change.loaded)
        }
    }

    /// `recycle` (bulk at the ends) leaves the recycler exactly as the per-element host loop
    /// does, for windows scrolling both ways, jumping, and the empty window.
    @Test func recycleEqualsThePerElementLoop() {
        var rng = SplitMix64(seed: 21)
        var bulk = ViewRecycler<Int>(), plain = ViewRecycler<Int>()
        var (madeBulk, madePlain) = (0, 0)
        let ids = (0..<500).map { ElementID.item(GridIndexPath(section: $0 / 250, item: $0 % 250)) }
        var window = 0..<0
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...40, using: &rng)
            let s = switch Int.random(in: 0..<6, using: &rng) {
            case 0: Int.random(in: 0...(500 - count), using: &rng)
            case 1, 2: Swift.min(window.lowerBound + Int.random(in: 0...30, using: &rng), 500 - count)
            default: Swift.max(0, Swift.min(window.lowerBound - Int.random(in: 0...30, using: &rng), 500 - count))
            }
            let next = s..<s + count
            let change = LoadedChange(unloaded: window.filter { !next.contains($0) }.map { ids[$0] },
                                      loaded: next.filter { !window.contains($0) }.map { GridElement(id: ids[$0], frame: Rect(x: 0, y: 0, width: 1, height: 1)) })
            bulk.recycle(change) { madeBulk += 1; return madeBulk }
            for id in change.unloaded { plain.detach(id) }
            for element in change.loaded {
                if let view = plain.dequeue() { plain.attach(view, to: element.id, isNew: false) }
                else { madePlain += 1; plain.attach(madePlain, to: element.id, isNew: true) }
            }
            window = next
            #expect(bulk.liveCount == plain.liveCount && bulk.pooled == plain.pooled)
            #expect(bulk.created == plain.created && bulk.reused == plain.reused)
            for k in window { #expect(bulk.view(for: ids[k]) == plain.view(for: ids[k])) }
            #expect(Array(bulk.ids[bulk.start...]) == Array(plain.ids[plain.start...]))
        }
        while let view = plain.dequeue() { #expect(bulk.dequeue() == view) }
        #expect(bulk.dequeue() == nil)
    }

    /// Random attach, detach, dequeue and renumber, scrolling both ways through a long list and
    /// jumping about: the recycler agrees with a dictionary and a FIFO queue.
    @Test func recyclerMatchesAModel() {
        var rng = SplitMix64(seed: 9)
        var r = ViewRecycler<Int>()
        var live: [ElementID: Int] = [:], pool: [Int] = []
        var created = 0, reused = 0
        let ids = (0..<400).map { ElementID.item(GridIndexPath(section: $0 / 200, item: $0 % 200)) }
        var window = 0..<0
        func move(to next: Range<Int>) {
            for k in window where !next.contains(k) {
                #expect(r.detach(ids[k]) == live[ids[k]])
                pool.append(live.removeValue(forKey: ids[k])!)
            }
            // Attach ascending or descending, as a host scrolling down or up would.
            let joining = next.filter { !window.contains($0) }
            for k in Bool.random(using: &rng) ? joining : joining.reversed() {
                let view: Int
                if let queued = r.dequeue() {
                    #expect(queued == pool.removeFirst())
                    view = queued
                    reused += 1
                    r.attach(view, to: ids[k], isNew: false)
                } else {
                    #expect(pool.isEmpty)
                    view = 1000 + created
                    created += 1
                    r.attach(view, to: ids[k], isNew: true)
                }
                live[ids[k]] = view
            }
            window = next
        }
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...40, using: &rng)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: move(to: { let s = Int.random(in: 0...(400 - count), using: &rng); return s..<s + count }())
            case 1...4: let s = Swift.min(window.lowerBound + Int.random(in: 0...15, using: &rng), 400 - count); move(to: s..<s + count)
            default: let s = Swift.max(0, window.lowerBound - Int.random(in: 0...15, using: &rng)); move(to: s..<Swift.min(400, s + count))
            }
            if Int.random(in: 0..<20, using: &rng) == 0 {
                // A detach in the middle and an attach back (a removal and an insert elsewhere).
                if let k = window.dropFirst().dropLast().randomElement(using: &rng) {
                    #expect(r.detach(ids[k]) == live[ids[k]])
                    pool.append(live[ids[k]]!)
                    let view = 5000 + k
                    r.attach(view, to: ids[k], isNew: true)
                    created += 1
                    live[ids[k]] = view
                }
            }
            #expect(r.liveCount == live.count && r.pooled == pool.count)
            #expect(r.created == created && r.reused == reused)
            #expect(r.detach(ElementID.header(section: 7)) == nil)
            for k in window { #expect(r.view(for: ids[k]) == live[ids[k]]) }
            if let k = (0..<400).randomElement(using: &rng), !window.contains(k) { #expect(r.view(for: ids[k]) == nil) }
        }
        #expect(r.ids.count <= 200, "the free front is dropped as the list moves on")
    }
}
