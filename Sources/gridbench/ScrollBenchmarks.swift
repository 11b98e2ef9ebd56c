// A scroll sweep through a big grid, as a host scrolls it: every step moves the offset, diffs the
// loaded set and recycles views (a ViewRecycler driven by the observer, as a UI would).
import GridLayout

/// A host's view bookkeeping: views are integers; a departing item's view is queued, a new item
/// takes a queued view first.
private final class Host: GridObserver {
    var views = ViewRecycler<Int>()
    var made = 0

    func grid(_ grid: Grid, didChangeLoaded change: LoadedChange) {
        views.recycle(change) {
            made += 1
            return made
        }
    }
}

/// The grid of the scroll sweep and the ~50-visible query: 6 lanes of items 50 wide and 30…60
/// high in the 320×480 viewport (~64 loaded at a time), big n.
func manyVisibleSetup(_ scale: Scale) -> (GridConfiguration, [Size]) {
    var rng = SplitMix64(state: 11)
    let sizes = (0..<scale.big).map { _ in Size(width: 50, height: Double(30 + rng.next() % 31)) }
    var config = configuration(.lanes)
    config.lanes = 6
    return (config, sizes)
}

/// 7. The visible query with ~50 visible (the sweep's grid), along a scroll and at random offsets
/// (cold), side by side; the goal is in the row (BENCHMARKS.md).
func manyVisibleQueries(_ scale: Scale, _ rows: inout [Row], _ sink: inout Sink) throws {
    let (config, sizes) = manyVisibleSetup(scale)
    let layout = try ContentLayout(configuration: config, dataSource: ArrayDataSource(sizes: sizes))
    let along = scrollViewports(layout, count: scale.queries), random = randomViewports(layout, count: scale.queries)
    let t = interleaved(rounds: scale.queryRounds, [queries(layout, along), queries(layout, random)], &sink)
        .map { $0 / Double(scale.queries) }
    let visible = queries(layout, random)() / scale.queries
    let grid = "6 lanes of items 50 × 30…60, \(visible) visible on average"
    rows.append(Row(benchmark: "visible query (\(grid)), mean along a scroll (48 px steps)", n: sizes.count,
                    result: duration(t[0]), goal: "≤ 1 µs", met: t[0] <= 1_000))
    rows.append(Row(benchmark: "visible query (\(grid)), mean of \(scale.queries) random offsets (cold)", n: sizes.count,
                    result: duration(t[1]), goal: "≤ 1 µs", met: t[1] <= 1_000))
}

/// 8. Scroll sweep (the same grid): steps of a third of the viewport from the top, µs per step
/// including the offset change, the loaded-set diff and the view recycling; the goal is in the row.
func scrollSweep(_ scale: Scale, _ rows: inout [Row], _ sink: inout Sink) throws {
    let (config, sizes) = manyVisibleSetup(scale)
    let host = Host()
    let grid = Grid(configuration: config, dataSource: ArrayDataSource(sizes: sizes))
    grid.observer = host
    try grid.reload()
    let step = viewport.height / 3
    let steps = Swift.min(20_000, Int(grid.maxOffset.y / step))
    var visible = 0
    let (ns, _) = try fastest(runs: scale.layoutRuns) { () throws(GridError) -> Int in
        try grid.scroll(to: .zero)
        for _ in 0..<steps {
            try grid.scroll(by: 0, step)
            visible += grid.loaded.count
        }
        return visible
    }
    sink.add(visible)
    let perStep = ns / Double(steps)
    rows.append(Row(benchmark: "scroll sweep (6 lanes), steps of viewport/3, offset + loaded diff + view reuse; \(visible / (steps * scale.layoutRuns)) loaded on average, \(host.views.created) views created for \(steps) steps",
                    n: sizes.count, result: duration(perStep), goal: "≤ 2 µs per step", met: perStep <= 2_000))
}
