import Testing
import GridLayout
import GridLayoutTestSupport

/// Properties that hold for every layout, checked on random grids (seeded, so failures repeat).
@Suite struct PropertyTests {
    static let seeds = Array(UInt64(1)...300)

    @Test(arguments: seeds) func itemsNeverOverlap(seed: UInt64) throws {
        let grid = RandomGrid(seed: seed)
        let layout = try ContentLayout(configuration: grid.configuration, dataSource: grid.data)
        let elements = allElements(of: layout)
        // A section's background lies beneath its own section's elements and nothing else's.
        func beneath(_ a: GridElement, _ b: GridElement) -> Bool {
            func section(_ id: ElementID) -> Int? {
                switch id {
                case .item(let p): p.section
                case .header(let s), .footer(let s), .background(let s): s
                case .loader: nil
                }
            }
            let (ab, bb) = (a.id.isBackground, b.id.isBackground)
            return ab != bb && section(a.id) == section(b.id)
        }
        for (i, a) in elements.enumerated() {
            for b in elements[(i + 1)...] where a.frame.overlaps(b.frame) && !beneath(a, b) {
                Issue.record("seed \(seed): \(a) overlaps \(b)")
                return
            }
        }
    }

    @Test(arguments: seeds) func everyElementLiesInsideTheContent(seed: UInt64) throws {
        let grid = RandomGrid(seed: seed)
        let layout = try ContentLayout(configuration: grid.configuration, dataSource: grid.data)
        let content = layout.contentSize
        for e in allElements(of: layout) {
            let f = e.frame
            #expect(f.x >= -1e-9 && f.y >= 0 && f.maxX <= content.width + 1e-9 && f.maxY <= content.height + 1e-9,
                    "seed \(seed): \(e) outside content \(content)")
            #expect(f.width >= 0 && f.height >= 0 && f.width.isFinite && f.height.isFinite, "seed \(seed): \(e)")
        }
    }

    @Test(arguments: seeds) func visibleElementsEqualABruteForceFilter(seed: UInt64) throws {
        let grid = RandomGrid(seed: seed)
        let engine = Grid(configuration: grid.configuration, dataSource: grid.data)
        try engine.reload()
        var rng = SplitMix64(seed: seed &* 7919)
        let content = engine.contentSize
        for _ in 0..<25 {
            let offset = Point(x: Double.random(in: -50...(content.width + 50), using: &rng).rounded(),
                               y: Double.random(in: -50...(content.height + 50), using: &rng).rounded())
            try engine.scroll(to: offset)
            #expect(engine.visibleElements() == bruteForceElements(of: engine.layout, in: engine.viewport),
                    "seed \(seed) offset \(engine.contentOffset)")
        }
        for _ in 0..<25 {
            let r = rect(Double.random(in: -20...content.width, using: &rng).rounded(),
                         Double.random(in: -20...content.height, using: &rng).rounded(),
                         Double.random(in: 0...150, using: &rng).rounded(), Double.random(in: 0...150, using: &rng).rounded())
            #expect(try engine.elements(in: r) == bruteForceElements(of: engine.layout, in: r), "seed \(seed) rect \(r)")
        }
    }

    @Test(arguments: seeds) func indexPathAtAPointEqualsABruteForceSearch(seed: UInt64) throws {
        let grid = RandomGrid(seed: seed)
        let layout = try ContentLayout(configuration: grid.configuration, dataSource: grid.data)
        var rng = SplitMix64(seed: seed &* 104_729)
        let content = layout.contentSize
        var points: [Point] = (0..<40).map { _ in
            Point(x: Double.random(in: 0...content.width, using: &rng).rounded(),
                  y: Double.random(in: 0...content.height, using: &rng).rounded())
        }
        // Corners of items: left/top edges are inside, right/bottom edges outside.
        for e in allElements(of: layout).prefix(20) {
            points.append(e.frame.origin)
            points.append(Point(x: e.frame.maxX, y: e.frame.maxY))
        }
        for p in points {
            #expect(layout.indexPath(at: p) == bruteForceIndexPath(of: layout, at: p), "seed \(seed) point \(p)")
        }
    }

    /// Equal sizes through the analytic path give the frames the per-item path gives.
    @Test(arguments: Array(UInt64(1)...120)) func sameSizeMatchesThePerItemPath(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var config = RandomGrid(seed: seed).configuration
        config.layout = [LayoutKind.lanes, .flow, .waterfall][Int.random(in: 0...2, using: &rng)]
        config.lanes = Int.random(in: 1...4, using: &rng)
        let item = size(Double(Int.random(in: 0...60, using: &rng)), Double(Int.random(in: 0...60, using: &rng)))
        let counts = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Int.random(in: 0...40, using: &rng) }
        let header = Bool.random(using: &rng) ? size(30, 20) : nil
        let uniform = UniformDataSource(counts: counts, size: item, header: header, showLoader: Bool.random(using: &rng))
        let perItem = ArrayDataSource(sections: counts.map { .init(sizes: Array(repeating: item, count: $0), header: header) },
                                      showLoader: uniform.showLoader)
        let fast = try ContentLayout(configuration: config, dataSource: uniform)
        let slow = try ContentLayout(configuration: config, dataSource: perItem)
        // Justified flow lines are stored: a short last line shares its space unlike the full ones.
        #expect(fast.storedItemCount == 0 || config.layout == .flow && config.justify != .start)
        // Waterfall scales to a fractional column width; sums of such lengths may differ in the last bit.
        #expect(abs(fast.contentSize.width - slow.contentSize.width) < 1e-9
                && abs(fast.contentSize.height - slow.contentSize.height) < 1e-9, "seed \(seed)")
        let fastElements = allElements(of: fast), slowElements = allElements(of: slow)
        #expect(fastElements.count == slowElements.count)
        for (a, b) in zip(fastElements, slowElements) {
            #expect(a.id == b.id)
            #expect(abs(a.frame.x - b.frame.x) < 1e-9 && abs(a.frame.y - b.frame.y) < 1e-9
                    && abs(a.frame.width - b.frame.width) < 1e-9 && abs(a.frame.height - b.frame.height) < 1e-9,
                    "seed \(seed) \(config.layout): \(a) vs \(b)")
        }
        let viewport = rect(0, 0, config.viewport.width, config.viewport.height)
        #expect(fast.elements(in: viewport).map(\.id) == slow.elements(in: viewport).map(\.id))
    }

    /// A horizontal grid is the vertical grid with x and y swapped.
    @Test(arguments: Array(UInt64(1)...120)) func horizontalIsTheTransposeOfVertical(seed: UInt64) throws {
        let grid = RandomGrid(seed: seed)
        func transposed(_ s: Size) -> Size { Size(width: s.height, height: s.width) }
        var vertical = grid.configuration
        vertical.rtl = false  // rtl mirrors x: C in one direction, S in the other
        var horizontal = vertical
        horizontal.direction = vertical.direction == .vertical ? .horizontal : .vertical
        let p = vertical.padding
        horizontal.padding = Insets(top: p.left, left: p.top, bottom: p.right, right: p.bottom)
        horizontal.viewport = transposed(vertical.viewport)
        horizontal.loaderSize = transposed(vertical.loaderSize)
        var data = grid.data
        for i in data.sections.indices {
            data.sections[i].sizes = data.sections[i].sizes.map(transposed)
            data.sections[i].header = data.sections[i].header.map(transposed)
            data.sections[i].footer = data.sections[i].footer.map(transposed)
            if let options = data.sections[i].options {
                data.sections[i].options = SectionOptions(options.entries.map { entry in
                    guard case .insets(let i) = entry.value else { return entry }
                    return .init(entry.name, .insets(Insets(top: i.left, left: i.top, bottom: i.right, right: i.bottom)))
                })
            }
        }
        vertical.viewport = grid.configuration.viewport
        let a = try ContentLayout(configuration: vertical, dataSource: grid.data)
        let b = try ContentLayout(configuration: horizontal, dataSource: data)
        #expect(transposed(a.contentSize) == b.contentSize)
        let expected = allElements(of: a).map { GridElement(id: $0.id, frame: rect($0.frame.y, $0.frame.x, $0.frame.height, $0.frame.width)) }
        #expect(allElements(of: b) == expected, "seed \(seed)")
    }
}

private extension ElementID {
    var isBackground: Bool { if case .background = self { true } else { false } }
}
