import GridLayout

/// A feed with carousels (docs/layout.md, "Sections that scroll sideways"): blocks of a 3-lane
/// section and a carousel of 50 items (one line of 150 × 120 cards, scrolled by an offset of its
/// own), one block per 1,000 items; so 1M items hold 1,000 carousels of 50.
func carouselFeed(_ sizes: ArraySlice<Size>) -> ArrayDataSource {
    let blocks = Swift.max(1, sizes.count / 1_000)
    let perBlock = sizes.count / blocks
    let card = Size(width: 150, height: 120)
    var sections: [ArrayDataSource.Section] = []
    for b in 0..<blocks {
        let start = sizes.startIndex + b * perBlock
        sections.append(.init(sizes: Array(sizes[start..<(start + perBlock - 50)]), header: Size(width: 0, height: 30)))
        sections.append(.init(sizes: Array(repeating: card, count: 50), header: Size(width: 0, height: 30),
                              options: SectionOptions([.init("scroll", .string("cross")), .init("lanes", .number(1))])))
    }
    return ArrayDataSource(sections: sections)
}

/// A grid of the carousel feed with every carousel scrolled to an offset of its own.
func carouselGrid(_ sizes: ArraySlice<Size>) throws(GridError) -> Grid {
    let grid = Grid(configuration: configuration(.lanes), dataSource: carouselFeed(sizes))
    try grid.reload()
    for section in stride(from: 1, to: grid.layout.sectionCount, by: 2) {
        try grid.scrollSection(section, to: Double((section * 389) % 7_000))
    }
    return grid
}

/// 10. The carousel feed: the visible query along a scroll at small and big n (the carousels'
/// stored frames are searched by their C position, so the ratio stays flat in n).
func carouselFeedRows(_ scale: Scale, _ sizes: [Size], _ rows: inout [Row], _ sink: inout Sink) throws {
    let small = try carouselGrid(sizes[0..<scale.small]).layout
    let big = try carouselGrid(sizes[...]).layout
    let times = interleaved(rounds: scale.queryRounds, [queries(small, scrollViewports(small, count: scale.queries)),
                                                        queries(big, scrollViewports(big, count: scale.queries))], &sink)
        .map { $0 / Double(scale.queries) }
    let carousels = big.sectionCount / 2
    rows.append(Row(benchmark: "carousel feed query, mean along a scroll (48 px steps; 1 carousel of 50 per 1,000 items)",
                    n: scale.small, result: duration(times[0]), goal: "", met: nil))
    rows.append(Row(benchmark: "carousel feed query, mean along a scroll (\(carousels) carousels of 50 scrolled sideways)",
                    n: sizes.count, result: duration(times[1]), goal: "≤ 1 µs", met: times[1] <= 1000))
    let r = times[1] / times[0]
    rows.append(Row(benchmark: "carousel feed query, \(count(sizes.count))/\(count(scale.small)) ratio", n: sizes.count,
                    result: ratio(r), goal: "≤ 2× (flat in n)", met: r <= 2))
}
