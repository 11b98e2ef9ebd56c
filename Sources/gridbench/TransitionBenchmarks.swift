import GridLayout

/// 12. Layout transitions (docs/layout.md, "Layout transitions"): starting one from a 3-column
/// waterfall to 5 columns at the big n, against a full reload of the same grid in the same process
/// (both ask every size once and lay out every item once), and a progress step per element shown.
func transitionRows(_ scale: Scale, _ sizes: [Size], _ rows: inout [Row], _ sink: inout Sink) throws {
    let data = ArrayDataSource(sizes: sizes)
    let grid = Grid(configuration: configuration(.waterfall), dataSource: data)
    try grid.reload()
    try grid.scroll(to: Point(x: 0, y: grid.contentSize.height / 2))
    var target = grid.configuration
    target.columns = 5
    var reload = Double.infinity, start = Double.infinity
    for _ in 0..<scale.layoutRuns {
        let t0 = now()
        try grid.reload()
        let t1 = now()
        try grid.transition(to: target)
        let t2 = now()
        try grid.cancelTransition()
        reload = min(reload, Double(t1 - t0))
        start = min(start, Double(t2 - t1))
    }
    let r = start / reload
    rows.append(Row(benchmark: "transition to 5 columns (waterfall; \(duration(start))) / reload (\(duration(reload)))",
                    n: sizes.count, result: ratio(r), goal: "≤ 1.2×", met: r <= 1.2))
    try grid.transition(to: target)
    let steps = scale.queries
    var shown = 0
    var best = Double.infinity
    for _ in 0..<scale.queryRounds {
        let t0 = now()
        for k in 0..<steps {
            try grid.setTransitionProgress(Double(k) / Double(steps))
            shown += grid.loaded.count
        }
        best = min(best, Double(now() - t0))
    }
    try grid.cancelTransition()
    sink.add(shown)
    let perElement = best / Double(shown / scale.queryRounds)
    rows.append(Row(benchmark: "transition progress(p), per element shown (\(shown / scale.queryRounds / steps) a step)",
                    n: sizes.count, result: fixed(perElement / 1000, 3) + " µs", goal: "≤ 2 µs", met: perElement <= 2000))
}
