import GridLayout

/// 8. Sizes learnt late (docs/layout.md): `estimatedSize` and `measure` (`gridbench --lazy` runs only
/// these rows). The grids are the lanes configuration of the other rows (3 lanes, 320×480,
/// spacing 4) with an estimate of 80×120.
///
/// - a reload of 1e8 (and 1e9) items with a Lua `size` callback, to the first screen;
/// - `measure` of the 20 items at the top of a 1M-item lazy grid, in one call;
/// - a scroll from top to bottom one viewport a step: lazy, against a full reload plus the same scroll;
/// - `scrollToItem` to the middle of a lazy 1M-item grid, against a full reload of half the items.
func lazyRows(_ scale: Scale, _ sizes: [Size], _ rows: inout [Row], _ sink: inout Sink) throws {
    var lazyConfig = configuration(.lanes)
    lazyConfig.estimatedSize = Size(width: 80, height: 120)
    let full = configuration(.lanes)
    let n = sizes.count
    let source = ArrayDataSource(sizes: sizes)

    for items in [100_000_000, 1_000_000_000] {
        let bench = LuaBench(n: items)
        let (ns, height) = fastest(runs: 20) { bench.run("lazy") }
        sink.add(height)
        bench.close()
        rows.append(Row(benchmark: "estimatedSize: reload with a Lua `size` to the first screen", n: items,
                        result: duration(ns), goal: "≤ 1 ms", met: ns <= 1_000_000))
    }

    // measure{…} of the 20 items at the top, alternating two sets of sizes so that each call changes them.
    let grid = Grid(configuration: lazyConfig, dataSource: source)
    try grid.reload()
    var flip = false
    let (measureNs, _) = try fastest(runs: 200) { () throws(GridError) in
        flip.toggle()
        try grid.measure((0..<20).map { (GridIndexPath(section: 0, item: $0), Size(width: 80, height: flip ? 100 : 150)) })
        return grid.contentOffset.y
    }
    rows.append(Row(benchmark: "measure{…} of the 20 items at the top of a lazy grid, one call", n: n,
                    result: duration(measureNs), goal: "≤ 50 µs", met: measureNs <= 50_000))

    // Top to bottom, one viewport a step.
    func sweep(_ config: GridConfiguration) throws(GridError) -> Double {
        let grid = Grid(configuration: config, dataSource: source)
        try grid.reload()
        var previous = -1.0
        while grid.contentOffset.y != previous {
            previous = grid.contentOffset.y
            try grid.scroll(by: 0, viewport.height)
        }
        return grid.contentSize.height
    }
    let (lazySweep, lazyEnd) = try fastest(runs: scale.layoutRuns) { () throws(GridError) in try sweep(lazyConfig) }
    let (fullSweep, fullEnd) = try fastest(runs: scale.layoutRuns) { () throws(GridError) in try sweep(full) }
    precondition(lazyEnd == fullEnd, "the lazy sweep ends elsewhere than the full one")
    let sweepRatio = lazySweep / fullSweep
    rows.append(Row(benchmark: "lazy scroll top→bottom a viewport a step (\(duration(lazySweep))) / full reload + the same scroll (\(duration(fullSweep)))",
                    n: n, result: ratio(sweepRatio), goal: "≤ 1.2×", met: sweepRatio <= 1.2))

    // scrollToItem to the middle, against a full reload of half the items.
    let half = ArrayDataSource(sizes: Array(sizes[0..<(n / 2)]))
    let (toMiddle, _) = try fastest(runs: scale.layoutRuns) { () throws(GridError) in
        let grid = Grid(configuration: lazyConfig, dataSource: source)
        try grid.reload()
        try grid.scrollToItem(GridIndexPath(section: 0, item: n / 2))
        return grid.contentOffset.y
    }
    let (halfReload, _) = try fastest(runs: scale.layoutRuns) { () throws(GridError) in
        try ContentLayout(configuration: full, dataSource: half).contentSize.height
    }
    let middleRatio = toMiddle / halfReload
    rows.append(Row(benchmark: "lazy reload + scrollToItem to the middle (\(duration(toMiddle))) / full reload of half (\(duration(halfReload)))",
                    n: n, result: ratio(middleRatio), goal: "≤ 1.2×", met: middleRatio <= 1.2))

    timelineRows(scale, &rows, &sink)
}

/// `--profile-layout N lazy-sweep`: the lazy scroll from top to bottom a viewport a step, once, for
/// callgrind (only the sweep is counted).
func profileLazySweep(_ sizes: [Size]) throws {
    var config = configuration(.lanes)
    config.estimatedSize = Size(width: 80, height: 120)
    let source = ArrayDataSource(sizes: sizes)
    var failure: (any Error)?
    let height = MeasuredJob {
        do {
            let grid = Grid(configuration: config, dataSource: source)
            try grid.reload()
            var previous = -1.0
            while grid.contentOffset.y != previous {
                previous = grid.contentOffset.y
                try grid.scroll(by: 0, viewport.height)
            }
            return grid.contentSize.height
        } catch { failure = error; return 0 }
    }.run()
    if let failure { throw failure }
    print("profile-layout n=\(sizes.count) lazy-sweep: content height \(height)")
}
