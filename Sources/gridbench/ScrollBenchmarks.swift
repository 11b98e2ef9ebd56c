// A scroll sweep through a big grid, as a host scrolls it: every step moves the offset, diffs the
// loaded set and recycles views (a ViewRecycler driven by the observer, as a UI would).
import GridLayout

/// A host's view bookkeeping: views are integers; a departing item's view is queued, a new item
/// takes a queued view first.
private final class Host: GridObserver {
    var views = ViewRecycler<Int>()

    func grid(_ grid: Grid, didChangeLoaded change: LoadedChange) {
        for id in change.unloaded { views.detach(id) }
        for element in change.loaded {
            if let view = views.dequeue() {
                views.attach(view, to: element.id, isNew: false)
            } else {
                views.attach(views.created, to: element.id, isNew: true)
            }
        }
    }
}

/// 8. Scroll sweep (lanes, big n): steps of a third of the viewport from the top, µs per step
/// including the offset change, the loaded-set diff and the view recycling. Goal ≤ 5 µs with ~50
/// visible: 6 lanes of items 50 wide and 30…60 high in the 320×480 viewport.
func scrollSweep(_ scale: Scale, _ rows: inout [Row], _ sink: inout Sink) throws {
    var rng = SplitMix64(state: 11)
    let sizes = (0..<scale.big).map { _ in Size(width: 50, height: Double(30 + rng.next() % 31)) }
    var config = configuration(.lanes)
    config.lanes = 6
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
                    n: sizes.count, result: duration(perStep), goal: "≤ 5 µs per step", met: perStep <= 5_000))
}
