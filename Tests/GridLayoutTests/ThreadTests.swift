import Dispatch
import Foundation
import Testing
import GridLayout
import GridLayoutTestSupport

/// Distinct grids are independent: several threads, each with its own `Grid`, give exactly what
/// the same work gives run one by one. (One grid is not thread-safe; README.md, "Errors".)

/// What one step left: the visible elements, the offset, the content size, or the error thrown.
private struct Snapshot: Equatable {
    var elements: [GridElement] = []
    var offset = Point.zero
    var contentSize = Size(width: 0, height: 0)
    var error: String?
}

/// A fixed run over RandomGrid(seed:): reloads, scrolls, visibleElements, appends with reloadNew.
/// Everything it does is decided by `seed`, so two runs must agree to the last bit.
private func workload(seed: UInt64, rounds: Int) -> [Snapshot] {
    let random = RandomGrid(seed: seed)
    var data = random.data
    let grid = Grid(configuration: random.configuration, dataSource: data)
    var rng = SplitMix64(seed: seed ^ 0x5EED)
    var trace: [Snapshot] = []

    func record(_ step: () throws(GridError) -> Void) {
        do {
            try step()
            trace.append(Snapshot(elements: grid.visibleElements(), offset: grid.contentOffset, contentSize: grid.contentSize))
        } catch {
            trace.append(Snapshot(error: "\(error)"))
        }
    }

    record { () throws(GridError) in try grid.reload() }
    for round in 0..<rounds {
        for _ in 0..<4 {
            let max = grid.maxOffset
            let x = max.x > 0 ? Double.random(in: 0...max.x, using: &rng).rounded() : 0
            let y = max.y > 0 ? Double.random(in: 0...max.y, using: &rng).rounded() : 0
            record { () throws(GridError) in try grid.scroll(to: Point(x: x, y: y)) }
            let dy = Double(Int.random(in: -50...50, using: &rng))
            record { () throws(GridError) in try grid.scroll(by: dy / 2, dy) }
        }
        // Append a few items to the last section (copies of its own, so they fit its lines), or a
        // new section when there is none, then lay out only what is new.
        if let last = data.sections.indices.last, !data.sections[last].sizes.isEmpty {
            let sizes = data.sections[last].sizes
            let extra = Int.random(in: 1...8, using: &rng)
            data.sections[last].sizes += (0..<extra).map { sizes[($0 + round) % sizes.count] }
        } else {
            data.sections.append(ArrayDataSource.Section(sizes: Array(repeating: Size(width: 30, height: 30), count: 5)))
        }
        grid.dataSource = data
        record { () throws(GridError) in try grid.reloadNew() }
        if round % 3 == 2 { record { () throws(GridError) in try grid.reload() } }
        if let section = data.sections.indices.last, !data.sections[section].sizes.isEmpty {
            let item = Int.random(in: 0..<data.sections[section].sizes.count, using: &rng)
            record { () throws(GridError) in try grid.scrollToItem(GridIndexPath(section: section, item: item), alignment: .center) }
        }
    }
    return trace
}

/// The results of concurrent runs, each written once by its own thread.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var traces: [Int: [Snapshot]] = [:]
    func set(_ index: Int, _ trace: [Snapshot]) { lock.withLock { traces[index] = trace } }
    subscript(index: Int) -> [Snapshot]? { lock.withLock { traces[index] } }
}

private let seeds: [UInt64] = [11, 23, 47, 101, 202, 303]
private let rounds = 20

@Test func distinctGridsOnConcurrentPerformMatchSerialRuns() {
    let serial = seeds.map { workload(seed: $0, rounds: rounds) }
    // The runs do real work: mostly successful steps, many with visible elements.
    for trace in serial {
        #expect(trace.filter { $0.error == nil }.count > trace.count / 2)
        #expect(trace.contains { !$0.elements.isEmpty })
    }
    let results = Results()
    DispatchQueue.concurrentPerform(iterations: seeds.count) { index in
        results.set(index, workload(seed: seeds[index], rounds: rounds))
    }
    for index in seeds.indices {
        #expect(results[index] == serial[index], "seed \(seeds[index])")
    }
}

@Test func distinctGridsOnThreadsMatchSerialRuns() {
    let serial = seeds.map { workload(seed: $0 &+ 1000, rounds: rounds) }
    let results = Results()
    let group = DispatchGroup()
    var threads: [Thread] = []
    for index in seeds.indices {
        group.enter()
        let seed = seeds[index] &+ 1000
        let thread = Thread {
            // Several passes each, so the threads overlap whatever their start-up order.
            var trace: [Snapshot] = []
            for _ in 0..<3 { trace = workload(seed: seed, rounds: rounds) }
            results.set(index, trace)
            group.leave()
        }
        threads.append(thread)
    }
    for thread in threads { thread.start() }
    group.wait()
    for index in seeds.indices {
        #expect(results[index] == serial[index], "seed \(seeds[index] &+ 1000)")
    }
}
