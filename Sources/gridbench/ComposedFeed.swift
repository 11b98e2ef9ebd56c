import GridLayout

/// A composed feed (docs/layout.md, "Composition"): four sections of a quarter of the items each —
/// lanes (3), a 2-column waterfall, justified rows with a footer, flow — every section inset 6 and
/// with its own spacings, and 1 % of the items spanning all lanes (banners, breakout rows).
func composedFeed(_ sizes: ArraySlice<Size>) -> ArrayDataSource {
    let quarter = sizes.count / 4
    let layouts: [(String, Double)] = [("lanes", 4), ("waterfall", 8), ("justified", 2), ("flow", 6)]
    var sections: [ArrayDataSource.Section] = []
    for (k, (layout, spacing)) in layouts.enumerated() {
        let part = Array(sizes[(sizes.startIndex + k * quarter)..<(sizes.startIndex + (k + 1) * quarter)])
        let spans: [ItemSpan?] = part.indices.map { $0 % 100 == 50 ? .all : nil }
        sections.append(.init(sizes: part, header: Size(width: 0, height: 30), footer: k == 2 ? Size(width: 0, height: 40) : nil,
                              spans: spans,
                              options: SectionOptions([.init("layout", .string(layout)), .init("columns", .number(2)),
                                                       .init("spacing", .number(spacing)), .init("inset", .number(6))])))
    }
    return ArrayDataSource(sections: sections)
}

/// 7. The composed feed: layout per item, and the visible query along a scroll at small and big n
/// (the ratio shows the spanning sections' floored index keeps it O(log n + k)).
func composedFeedRows(_ scale: Scale, _ sizes: [Size], _ rows: inout [Row], _ sink: inout Sink) throws {
    let config = configuration(.lanes)
    let bigSource = composedFeed(sizes[...])
    let (ns, big) = try fastest(runs: scale.layoutRuns) { try ContentLayout(configuration: config, dataSource: bigSource) }
    sink.add(big.contentSize.height)
    let perItem = ns / Double(sizes.count)
    rows.append(Row(benchmark: "composed feed layout, ns/item (4 layouts, 1 % spans, insets, footer; reload \(duration(ns)))",
                    n: sizes.count, result: fixed(perItem, 1) + " ns", goal: "≤ 40 ns/item", met: perItem <= 40))
    let small = try ContentLayout(configuration: config, dataSource: composedFeed(sizes[0..<scale.small]))
    let times = interleaved(rounds: scale.queryRounds, [queries(small, scrollViewports(small, count: scale.queries)),
                                                        queries(big, scrollViewports(big, count: scale.queries))], &sink)
        .map { $0 / Double(scale.queries) }
    rows.append(Row(benchmark: "composed feed query, mean along a scroll (48 px steps)", n: scale.small, result: duration(times[0]),
                    goal: "", met: nil))
    rows.append(Row(benchmark: "composed feed query, mean along a scroll (48 px steps)", n: sizes.count, result: duration(times[1]),
                    goal: "≤ 1 µs", met: times[1] <= 1000))
    let r = times[1] / times[0]
    rows.append(Row(benchmark: "composed feed query, \(count(sizes.count))/\(count(scale.small)) ratio", n: sizes.count,
                    result: ratio(r), goal: "≤ 2× (flat in n)", met: r <= 2))
}
