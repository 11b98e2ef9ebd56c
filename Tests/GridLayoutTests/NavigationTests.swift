import Testing
import GridLayout
import GridLayoutTestSupport

private func path(_ section: Int, _ item: Int) -> GridIndexPath { GridIndexPath(section: section, item: item) }

/// neighbor(of:_:): hand-made cases with the frames worked out, and random grids of every layout
/// against the rule read literally over every item (`bruteForceNeighbor`).
@Suite struct NavigationTests {
    /// The README's waterfall: 3 columns 100 wide, spacing 10, heights 120 80 200 150 90 170 60:
    /// 0 (0,0,100,120), 1 (110,0,100,80), 2 (220,0,100,200), 3 (110,90,100,150), 4 (0,130,100,90),
    /// 5 (220,210,100,170), 6 (0,230,100,60).
    func waterfall(rtl: Bool = false) throws -> Grid {
        var config = GridConfiguration()
        config.layout = .waterfall
        config.columns = 3
        config.spacing = 10
        config.viewport = Size(width: 320, height: 300)
        config.rtl = rtl
        let heights: [Double] = [120, 80, 200, 150, 90, 170, 60]
        let grid = Grid(configuration: config, dataSource: ArrayDataSource(sizes: heights.map { Size(width: 100, height: $0) }))
        try grid.reload()
        return grid
    }

    @Test func downStaysInTheMasonryColumn() throws {
        let grid = try waterfall()
        #expect(try grid.frame(of: path(0, 4)) == Rect(x: 0, y: 130, width: 100, height: 90))
        // From 0: 4 (gap 10) and 6 (gap 110) are in the beam; 1 is the next index but beside it.
        #expect(try grid.neighbor(of: path(0, 0), .down) == path(0, 4))
        #expect(try grid.neighbor(of: path(0, 4), .down) == path(0, 6))
        #expect(try grid.neighbor(of: path(0, 1), .down) == path(0, 3))
        #expect(try grid.neighbor(of: path(0, 6), .down) == nil)
        #expect(try grid.neighbor(of: path(0, 6), .up) == path(0, 4))
        // From 3 (y 90...240) left: 0, 4 and 6 all overlap it (gap 10); 4's centre is nearest (10 against 105 and 95).
        #expect(try grid.neighbor(of: path(0, 3), .left) == path(0, 4))
        // Right: 2 (centre 65 away) before 5 (130 away).
        #expect(try grid.neighbor(of: path(0, 3), .right) == path(0, 2))
        #expect(try grid.neighbor(of: path(0, 0), .up) == nil)
        #expect(try grid.neighbor(of: path(0, 0), .left) == nil)
        #expect(try grid.neighbor(of: path(0, 2), .right) == nil)
    }

    @Test func rightToLeftIsInScreenTerms() throws {
        let grid = try waterfall(rtl: true)
        #expect(try grid.frame(of: path(0, 0)) == Rect(x: 220, y: 0, width: 100, height: 120))
        #expect(try grid.neighbor(of: path(0, 0), .left) == path(0, 1))
        #expect(try grid.neighbor(of: path(0, 0), .right) == nil)
        #expect(try grid.neighbor(of: path(0, 3), .right) == path(0, 4))
    }

    /// Flow, width 320, spacing 10: three 100×50 items at x 0, 110, 220, then a 320×50 one on the next line.
    @Test func aWideItemAndItsNeighbours() throws {
        var config = GridConfiguration()
        config.layout = .flow
        config.spacing = 10
        config.viewport = Size(width: 320, height: 300)
        let sizes = [Size(width: 100, height: 50), Size(width: 100, height: 50), Size(width: 100, height: 50), Size(width: 320, height: 50)]
        let grid = Grid(configuration: config, dataSource: ArrayDataSource(sizes: sizes))
        try grid.reload()
        #expect(try grid.frame(of: path(0, 3)) == Rect(x: 0, y: 60, width: 320, height: 50))
        // Up from the wide item: all three in the beam, gap 10; the middle one's centre (160) is its own.
        #expect(try grid.neighbor(of: path(0, 3), .up) == path(0, 1))
        for i in 0..<3 { #expect(try grid.neighbor(of: path(0, i), .down) == path(0, 3)) }
        #expect(try grid.neighbor(of: path(0, 3), .left) == nil)
    }

    @Test func nextAndPreviousSkipEmptySections() throws {
        let grid = Grid(configuration: GridConfiguration(), dataSource: ArrayDataSource(sections: [
            .init(sizes: [Size(width: 10, height: 10), Size(width: 10, height: 10)]), .init(sizes: []),
            .init(sizes: [Size(width: 10, height: 10)])]))
        try grid.reload()
        #expect(try grid.neighbor(of: path(0, 0), .next) == path(0, 1))
        #expect(try grid.neighbor(of: path(0, 1), .next) == path(2, 0))
        #expect(try grid.neighbor(of: path(2, 0), .next) == nil)
        #expect(try grid.neighbor(of: path(2, 0), .previous) == path(0, 1))
        #expect(try grid.neighbor(of: path(0, 0), .previous) == nil)
    }

    @Test func anIndexPathOutOfRangeIsNamed() throws {
        let grid = try waterfall()
        #expect(throws: GridError.indexPathOutOfRange(path(0, 7), itemCount: 7)) { try grid.neighbor(of: path(0, 7), .down) }
        #expect(throws: GridError.self) { try grid.neighbor(of: path(1, 0), .next) }
    }

    /// The search stops near the item: with estimatedSize, moves down and right from the first of
    /// 20,000 items lay out only the rows they need. An edge (nil) across the scroll axis is only
    /// known once every item is laid out: an item could lie beside the last lane anywhere.
    @Test func theSearchStaysNearTheItem() throws {
        var config = GridConfiguration()
        config.lanes = 2
        config.spacing = 10
        config.viewport = Size(width: 210, height: 300)
        config.estimatedSize = Size(width: 100, height: 50)
        let grid = Grid(configuration: config, dataSource: ArrayDataSource(sizes: Array(repeating: Size(width: 100, height: 50), count: 20_000)))
        try grid.reload()
        #expect(try grid.neighbor(of: path(0, 0), .down) == path(0, 2))
        #expect(try grid.neighbor(of: path(0, 0), .right) == path(0, 1))
        #expect(try grid.neighbor(of: path(0, 1), .left) == path(0, 0))
        #expect(grid.isEstimated, "the frontier has not been moved to the end")
        #expect(try grid.neighbor(of: path(0, 1), .right) == nil)
        #expect(!grid.isEstimated)
        #expect(try grid.neighbor(of: path(0, 19_999), .down) == nil)
    }

    /// Down from the last item laid out moves the lazy frontier: the answer lies past it, and is the
    /// one a full layout of the same data gives. Walked down through three sections with headers (a
    /// waterfall and two lanes sections), from the last item laid out after each move, every move
    /// equals the full layout's and lays out more, until the last section's edge (nil).
    @Test(arguments: [LayoutKind.waterfall, .lanes]) func downFromTheFrontierLaysOutMore(kind: LayoutKind) throws {
        var config = GridConfiguration()
        config.layout = kind
        config.columns = 3
        config.lanes = 3
        config.spacing = 10
        config.viewport = Size(width: 320, height: 300)
        let sections = (0..<3).map { s in
            ArrayDataSource.Section(sizes: (0..<60).map { Size(width: 100, height: Double(40 + (s * 60 + $0) * 37 % 120)) },
                                    header: Size(width: 0, height: 30))
        }
        let full = Grid(configuration: config, dataSource: ArrayDataSource(sections: sections))
        try full.reload()
        config.estimatedSize = Size(width: 100, height: 50)
        let lazy = Grid(configuration: config, dataSource: ArrayDataSource(sections: sections))
        try lazy.reload()
        var moves = 0
        while lazy.isEstimated {
            let laidOut = lazy.layout.itemsLaidOut
            let from = path((laidOut - 1) / 60, (laidOut - 1) % 60)  // the last item laid out
            let answer = try lazy.neighbor(of: from, .down)
            #expect(answer == (try full.neighbor(of: from, .down)), "\(kind) down from \(from)")
            #expect(answer == bruteForceNeighbor(of: from, .down, in: full.layout), "\(kind) down from \(from)")
            #expect(lazy.layout.itemsLaidOut > laidOut, "\(kind) down from \(from): the frontier moved")
            if let answer { #expect(try lazy.frame(of: answer) == (try full.frame(of: answer))) }
            moves += 1
            if answer == nil { break }
        }
        #expect(moves == 14, "\(kind): the walk crossed the frontier \(moves) times")
        #expect(try lazy.neighbor(of: path(2, 59), .down) == nil)
        #expect(!lazy.isEstimated)
    }

    /// Random grids of every layout (both directions, rtl, scale, headers, footers, spans, insets):
    /// every direction from random items equals the rule over every item; a quarter lazy
    /// (estimatedSize), checked against the full layout's frames.
    @Test(arguments: 0..<300) func randomGridsAgreeWithTheRule(seed: Int) throws {
        let random = RandomGrid(seed: UInt64(seed))
        let full = Grid(configuration: random.configuration, dataSource: random.data)
        try full.reload()
        var rng = SplitMix64(seed: UInt64(seed) ^ 0x4E16_4B0E)
        var paths: [GridIndexPath] = []
        for s in 0..<full.layout.sectionCount {
            for i in 0..<(try full.layout.itemCount(inSection: s)) { paths.append(path(s, i)) }
        }
        guard !paths.isEmpty else { return }
        var lazyConfig = random.configuration
        lazyConfig.estimatedSize = Size(width: 40, height: 40)
        let lazy = seed % 4 == 3 ? Grid(configuration: lazyConfig, dataSource: random.data) : nil
        try lazy?.reload()
        for _ in 0..<6 {
            let p = paths[Int.random(in: 0..<paths.count, using: &rng)]
            for direction in NavigationDirection.allCases {
                let expected = bruteForceNeighbor(of: p, direction, in: full.layout)
                #expect(try full.neighbor(of: p, direction) == expected, "seed \(seed) \(p) \(direction)")
            }
        }
        // Lazy: from the first item shown, follow down and right through the frontier (never
        // jumping, so the frames laid out are the full layout's).
        guard let lazy else { return }
        for direction in [NavigationDirection.down, .right] {
            var current = lazy.visibleElements().compactMap { if case .item(let p) = $0.id { p } else { nil } }.first
            for _ in 0..<8 {
                guard let p = current else { break }
                let expected = bruteForceNeighbor(of: p, direction, in: full.layout)
                current = try lazy.neighbor(of: p, direction)
                #expect(current == expected, "lazy seed \(seed) \(p) \(direction)")
            }
        }
    }
}
