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
