import GridLayout

/// 10. Spatial navigation (docs/layout.md, "Spatial navigation"; `gridbench --neighbor` runs only
/// these rows): `Grid.neighbor(of:_:)` on the big grids of the other rows.
///
/// - waterfall (3 columns, the other rows' sizes) and lanes (the scroll sweep's grid: 6 lanes of
///   items 50 wide): the mean over `scale.queries` random starts, each asked all four screen
///   directions in turn, so every kind of move counts as often as a user would make it, the edges
///   (nil) included. Not the other rows' lanes grid: its items of varied widths put each item of a
///   lane at its own C origin, and an edge across the axis there is proven by reading every item
///   beside the current one's side along the whole content (BENCHMARKS.md);
/// - a lazy lanes grid (`estimatedSize` 80×120, as the lazy rows): a focus walked down from the first
///   item, each move laying out what it needs past the frontier (the mean per move).
func navigationRows(_ scale: Scale, _ sizes: [Size], _ rows: inout [Row], _ sink: inout Sink) throws {
    let directions: [NavigationDirection] = [.up, .down, .left, .right]
    let (lanesConfig, lanesSizes) = manyVisibleSetup(scale)
    for (kind, config, sizes) in [(LayoutKind.waterfall, configuration(.waterfall), sizes), (.lanes, lanesConfig, lanesSizes)] {
        let grid = Grid(configuration: config, dataSource: ArrayDataSource(sizes: sizes))
        try grid.reload()
        var rng = SplitMix64(state: 28)
        let starts = (0..<scale.queries).map { _ in GridIndexPath(section: 0, item: Int(rng.next() % UInt64(sizes.count))) }
        var edges = 0
        let (ns, found) = try fastest(runs: scale.queryRounds) { () throws(GridError) -> Int in
            var found = 0
            edges = 0
            for start in starts {
                for direction in directions {
                    if let next = try grid.neighbor(of: start, direction) { found &+= next.item } else { edges += 1 }
                }
            }
            return found
        }
        sink.add(found)
        let mean = ns / Double(starts.count * directions.count)
        let shape = kind == .waterfall ? "3 columns" : "6 lanes of items 50 wide"
        rows.append(Row(benchmark: "neighbor (\(kind.rawValue), \(shape)), mean of \(starts.count) random starts × up/down/left/right (\(edges) at an edge)",
                        n: sizes.count, result: duration(mean), goal: "≤ 5 µs", met: mean <= 5_000))
    }

    var lazyConfig = configuration(.lanes)
    lazyConfig.estimatedSize = Size(width: 80, height: 120)
    let source = ArrayDataSource(sizes: sizes)
    let moves = scale.queries
    let (ns, last) = try fastest(runs: scale.layoutRuns) { () throws(GridError) -> Int in
        let grid = Grid(configuration: lazyConfig, dataSource: source)
        try grid.reload()
        var current = GridIndexPath(section: 0, item: 0)
        for _ in 0..<moves {
            guard let next = try grid.neighbor(of: current, .down) else { break }
            current = next
        }
        return current.item
    }
    sink.add(last)
    let mean = ns / Double(moves)
    rows.append(Row(benchmark: "neighbor down \(moves) times from the top of a lazy grid (lanes, estimatedSize; reload included), mean per move",
                    n: sizes.count, result: duration(mean), goal: "≤ 5 µs", met: mean <= 5_000))
}
