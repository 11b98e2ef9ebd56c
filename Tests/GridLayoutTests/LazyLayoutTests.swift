import Testing
import GridLayout
import GridLayoutTestSupport

/// Sizes learnt late (docs/layout.md, "Sizes learnt late"): `estimatedSize`, the frontier,
/// `measure` and anchoring.
@Suite struct LazyLayoutTests {
    /// A data source that counts what it is asked: the largest item index per section, and every
    /// bulk `sizesForItems(inSection:)` call.
    final class CountingDataSource: GridDataSource {
        var counts: [Int]
        var size: Size
        var same = false
        /// Per section, the largest item whose size was asked (-1: none).
        var largest: [Int]
        var asked = 0
        var bulkCalls = 0

        init(counts: [Int], size: Size = Size(width: 100, height: 120)) {
            self.counts = counts
            self.size = size
            largest = Array(repeating: -1, count: counts.count)
        }

        func numberOfSections() -> Int { counts.count }
        func numberOfItems(inSection section: Int) -> Int { counts[section] }
        func sizeForItem(at indexPath: GridIndexPath) -> Size {
            largest[indexPath.section] = Swift.max(largest[indexPath.section], indexPath.item)
            asked += 1
            // Heights vary with the index, so that lanes fill unevenly.
            return Size(width: size.width, height: size.height + Double(indexPath.item % 7) * 10)
        }
        func sizesForItems(inSection section: Int) -> [Size]? {
            bulkCalls += 1
            return nil
        }
        func itemsHaveSameSize() -> Bool { same }
    }

    static func config(_ layout: LayoutKind = .lanes, lanes: Int = 3, estimate: Size? = Size(width: 100, height: 100)) -> GridConfiguration {
        var config = GridConfiguration()
        config.layout = layout
        config.lanes = lanes
        config.columns = 3
        config.viewport = Size(width: 320, height: 480)
        config.spacing = 10
        config.overscan = 100
        if let estimate { config.estimatedSize = estimate }
        return config
    }

    @Test func aReloadAsksOnlyTheFirstScreenAndTheFrontierOnlyMovesForward() throws {
        let source = CountingDataSource(counts: [1_000_000])
        let grid = Grid(configuration: Self.config(), dataSource: source)
        try grid.reload()
        #expect(source.bulkCalls == 0)
        #expect(grid.isEstimated)
        // 480 + 100 overscan, items 120...180 thick in 3 lanes: about 15 items, one batch's worth at most.
        #expect(source.largest[0] + 1 == grid.layout.itemsLaidOut)
        #expect(grid.layout.itemsLaidOut < 40)
        #expect(source.asked == grid.layout.itemsLaidOut)
        let first = grid.layout.itemsLaidOut
        try grid.scroll(by: 0, 2000)
        #expect(grid.layout.itemsLaidOut > first)
        #expect(source.largest[0] + 1 == grid.layout.itemsLaidOut)
        #expect(source.asked == grid.layout.itemsLaidOut)  // nothing asked twice
        // Scrolling back asks nothing.
        let laidOut = grid.layout.itemsLaidOut
        try grid.scroll(to: Point(x: 0, y: 0))
        #expect(grid.layout.itemsLaidOut == laidOut)
        #expect(source.asked == laidOut)
        // Every visible frame is a real one: the items overlapping the viewport start before the frontier.
        for element in grid.visibleElements() {
            if case .item(let path) = element.id { #expect(path.item < laidOut) }
        }
    }

    @Test func frameAndScrollToItemMoveTheFrontierToTheItemOnly() throws {
        let source = CountingDataSource(counts: [100, 1_000_000])
        let grid = Grid(configuration: Self.config(), dataSource: source)
        try grid.reload()
        #expect(source.largest[0] == 20)
        let frame = try grid.frame(of: GridIndexPath(section: 1, item: 5000))
        // A jump: section 0's other items are not asked (docs/layout.md, "Live data").
        #expect(source.largest[0] == 20)
        #expect(source.largest[1] >= 5000 && source.largest[1] < 5000 + 256)
        try grid.scrollToItem(GridIndexPath(section: 1, item: 5000))
        #expect(grid.contentOffset.y == frame.y)
        #expect(source.largest[1] < 5000 + 256 + 64)
        // An index path out of range asks nothing and names the real count.
        #expect(throws: GridError.indexPathOutOfRange(GridIndexPath(section: 1, item: 1_000_000), itemCount: 1_000_000)) {
            try grid.frame(of: GridIndexPath(section: 1, item: 1_000_000))
        }
        #expect(try grid.layout.itemCount(inSection: 1) == 1_000_000)
    }

    @Test func theEstimateBecomesExactAtTheEnd() throws {
        let source = CountingDataSource(counts: [40, 0, 25])
        let grid = Grid(configuration: Self.config(), dataSource: source)
        try grid.reload()
        #expect(grid.isEstimated)
        try grid.layOut(through: Rect(x: 0, y: 0, width: 320, height: .infinity))
        #expect(!grid.isEstimated)
        try grid.scroll(to: Point(x: 0, y: .infinity))
        let full = try ContentLayout(configuration: Self.config(estimate: nil), dataSource: source)
        #expect(grid.contentSize == full.contentSize)
        #expect(allElements(of: grid.layout) == allElements(of: full))
        #expect(grid.contentOffset.y == full.contentSize.height - 480)
    }

    @Test func aMeasurePastTheFrontierWaitsForIt() throws {
        let source = CountingDataSource(counts: [500])
        let grid = Grid(configuration: Self.config(.waterfall), dataSource: source)
        try grid.reload()
        let far = GridIndexPath(section: 0, item: 400)
        try grid.measure(far, Size(width: 100, height: 333))
        #expect(source.largest[0] < 400)
        let frame = try grid.frame(of: far)
        // Waterfall scales to the column width (320 − 2·10)/3 = 100: the measured aspect ratio.
        #expect(frame.width == 100 && frame.height == 333)
        #expect(source.largest[0] < 400 + 256)
    }

    /// The determinism rule: any sequence of scrolls, measures and queries, then everything laid
    /// out, gives exactly the frames of a full reload whose sizes are the measured ones. Every
    /// query on the way answers as that full layout would (with the measures so far) while the
    /// laid-out part starts at section 0 (a jump places what it lays out by the estimate).
    @Test(arguments: 0..<300)
    func lazyLayoutIsAFullLayoutLaidOutInSteps(seed: Int) throws {
        let random = RandomGrid(seed: UInt64(seed))
        var rng = SplitMix64(seed: UInt64(seed) ^ 0x1A2E_18)
        var config = random.configuration
        let lazy = seed % 4 != 3
        if lazy {
            config.estimatedSize = Size(width: Double(Int.random(in: 5...150, using: &rng)), height: Double(Int.random(in: 5...150, using: &rng)))
        }
        config.overscan = Double(Int.random(in: 0...60, using: &rng))
        var reference = random.data
        let grid = Grid(configuration: config, dataSource: random.data)
        do { try grid.reload() } catch {
            // Bad random content fails as a full reload does.
            #expect(throws: error) { try ContentLayout(configuration: config, dataSource: random.data) }
            return
        }
        let paths = reference.sections.enumerated().flatMap { s, section in section.sizes.indices.map { GridIndexPath(section: s, item: $0) } }
        let vertical = config.direction == .vertical
        for _ in 0..<12 {
            let s = Double(Int.random(in: 0...Int(max(1, vertical ? grid.contentSize.height : grid.contentSize.width)), using: &rng))
            let exact = grid.layout.firstLaidOutSection == 0
            switch Int.random(in: 0...5, using: &rng) {
            case 0:
                try grid.scroll(to: vertical ? Point(x: 0, y: s) : Point(x: s, y: 0))
            case 1, 2:
                guard !paths.isEmpty else { continue }
                var batch: [(GridIndexPath, Size)] = []
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let path = paths[Int.random(in: 0..<paths.count, using: &rng)]
                    let old = reference.sections[path.section].sizes[path.item]
                    let thick = Double(Int.random(in: 20...150, using: &rng))
                    let size = vertical ? Size(width: old.width, height: thick) : Size(width: thick, height: old.height)
                    batch.append((path, size))
                    reference.sections[path.section].sizes[path.item] = size
                }
                try grid.measure(batch)
            case 3:
                guard !paths.isEmpty else { continue }
                let path = paths[Int.random(in: 0..<paths.count, using: &rng)]
                let full = try ContentLayout(configuration: config, dataSource: reference)
                let frame = try grid.frame(of: path)
                // (Answered by the grid's own layout, not by a copy that jumped.)
                if exact && grid.layout.firstLaidOutSection == 0 && (try? grid.layout.frame(of: path)) == frame {
                    #expect(frame == (try full.frame(of: path)))
                }
            case 4:
                let rect = vertical ? Rect(x: 0, y: s, width: config.viewport.width, height: 150)
                                    : Rect(x: s, y: 0, width: 150, height: config.viewport.height)
                let full = try ContentLayout(configuration: config, dataSource: reference)
                let elements = try grid.elements(in: rect)
                if exact && grid.layout.firstLaidOutSection == 0 && !elements.isEmpty && grid.layout.elements(in: rect) == elements {
                    #expect(elements == withoutUnfinishedBackgrounds(full.elements(in: rect), grid.layout))
                }
            default:
                let point = vertical ? Point(x: 37, y: s) : Point(x: s, y: 37)
                let full = try ContentLayout(configuration: config, dataSource: reference)
                let path = try grid.indexPath(at: point)
                if exact && grid.layout.firstLaidOutSection == 0 && grid.layout.indexPath(at: point) == path && !grid.layout.isLazy {
                    #expect(path == full.indexPath(at: point))
                }
            }
            // What the viewport shows is a full layout's too.
            let full = try ContentLayout(configuration: config, dataSource: reference)
            if grid.layout.firstLaidOutSection == 0 { #expect(grid.visibleElements() == withoutUnfinishedBackgrounds(full.elements(in: grid.viewport), grid.layout)) }
        }
        try grid.layOut(through: Rect(x: 0, y: 0, width: .infinity, height: .infinity))
        #expect(!grid.isEstimated)
        var full = try ContentLayout(configuration: config, dataSource: reference)
        #expect(allElements(of: grid.layout) == allElements(of: full))
        #expect(grid.contentSize == full.contentSize)
        // Measures once everything is laid out (from a checkpoint, in a lazy layout's sections).
        guard !paths.isEmpty else { return }
        let path = paths[Int.random(in: 0..<paths.count, using: &rng)]
        let old = reference.sections[path.section].sizes[path.item]
        let size = vertical ? Size(width: old.width, height: old.height + 17) : Size(width: old.width + 17, height: old.height)
        reference.sections[path.section].sizes[path.item] = size
        try grid.measure(path, size)
        full = try ContentLayout(configuration: config, dataSource: reference)
        #expect(allElements(of: grid.layout) == allElements(of: full))
        #expect(grid.contentSize == full.contentSize)
    }

    /// Anchoring: measuring items above the viewport keeps the first visible element where it is on screen.
    @Test(arguments: [LayoutKind.lanes, .waterfall, .flow, .justified], [true, false])
    func measuringAboveTheViewportKeepsWhatShows(layout: LayoutKind, lazy: Bool) throws {
        let source = CountingDataSource(counts: [3000])
        let grid = Grid(configuration: Self.config(layout, estimate: lazy ? Size(width: 100, height: 100) : nil), dataSource: source)
        try grid.reload()
        try grid.scroll(to: Point(x: 0, y: 20_000.5))
        let before = try #require(grid.visibleElements().first)
        guard case .item(let path) = before.id else { Issue.record("not an item: \(before)"); return }
        let top = grid.contentOffset.y
        // Items 0..<40 lie well above the viewport: they grow by 1/3 of a point and more.
        try grid.measure((0..<40).map { (GridIndexPath(section: 0, item: $0), Size(width: 100, height: 200 + Double($0) / 3)) })
        let after = try grid.frame(of: path)
        #expect(grid.contentOffset.y != top)
        #expect(abs((after.y - grid.contentOffset.y) - (before.frame.y - top)) <= 1e-9)
        // A measure below the viewport moves nothing.
        let offset = grid.contentOffset
        try grid.measure(GridIndexPath(section: 0, item: 2999), Size(width: 100, height: 10))
        #expect(grid.contentOffset == offset)
    }

    /// Every element laid out so far, and the content size.
    static func laidOut(_ grid: Grid) -> ([GridElement], Size) {
        (grid.layout.elements(in: Rect(x: -1e12, y: -1e12, width: 2e12, height: 2e12)), grid.contentSize)
    }

    @Test func badMeasuresAndEstimatesChangeNothing() throws {
        let source = CountingDataSource(counts: [50, 20])
        let grid = Grid(configuration: Self.config(), dataSource: source)
        try grid.reload()
        let frames = Self.laidOut(grid)
        let nan = Size(width: .nan, height: 10)
        let error = #expect(throws: GridError.self) {
            try grid.measure([(GridIndexPath(section: 0, item: 2), Size(width: 10, height: 10)), (GridIndexPath(section: 0, item: 3), nan)])
        }
        #expect(error?.description == "measure(_:): size nanx10 for item (section 0, item 3) is invalid (sizes must be finite and >= 0)")
        #expect(GridError.invalidMeasure(GridIndexPath(section: 0, item: 3), Size(width: 10, height: -1)).description
                == "measure(_:): size 10x-1 for item (section 0, item 3) is invalid (sizes must be finite and >= 0)")
        #expect(throws: GridError.measureOutOfRange(GridIndexPath(section: 1, item: 20), Size(width: 1, height: 2), itemCount: 20, sectionCount: 2)) {
            try grid.measure(GridIndexPath(section: 1, item: 20), Size(width: 1, height: 2))
        }
        #expect(GridError.measureOutOfRange(GridIndexPath(section: 1, item: 20), Size(width: 1, height: 2), itemCount: 20, sectionCount: 2).description
                == "measure(_:): item (section 1, item 20) (size 1x2) is out of range: section 1 has 20 items")
        #expect(GridError.measureOutOfRange(GridIndexPath(section: 2, item: 0), Size(width: 1, height: 2), itemCount: nil, sectionCount: 2).description
                == "measure(_:): item (section 2, item 0) (size 1x2) is out of range: the grid has 2 sections")
        #expect(Self.laidOut(grid) == frames)
        source.same = true
        try grid.reload()
        #expect(throws: GridError.measureSameSize(GridIndexPath(section: 0, item: 1), Size(width: 5, height: 5))) {
            try grid.measure(GridIndexPath(section: 0, item: 1), Size(width: 5, height: 5))
        }
        #expect(GridError.measureSameSize(GridIndexPath(section: 0, item: 1), Size(width: 5, height: 5)).description
                == "measure(_:): size 5x5 for item (section 0, item 1) cannot be used: the data source says every item has the same size ('itemsHaveSameSize()')")

        // An estimate of zero thickness along the scroll axis: the reload fails, the layout stays.
        source.same = false
        let laidOut = Self.laidOut(grid)
        grid.configuration.estimatedSize = Size(width: 100, height: 0)
        #expect(throws: GridError.invalidOption(name: "estimatedSize", value: "100x0", expected: "a size > 0 along the scroll axis, or 0x0 (off)")) {
            try grid.reload()
        }
        #expect(Self.laidOut(grid) == laidOut)
        grid.configuration.direction = .horizontal
        grid.configuration.estimatedSize = Size(width: 0, height: 100)
        #expect(throws: GridError.invalidOption(name: "estimatedSize", value: "0x100", expected: "a size > 0 along the scroll axis, or 0x0 (off)")) {
            try grid.reload()
        }
    }

    @Test func reloadForgetsMeasuresAndReloadSectionItsOwn() throws {
        let source = CountingDataSource(counts: [10, 10])
        let grid = Grid(configuration: Self.config(lanes: 1, estimate: nil), dataSource: source)
        try grid.reload()
        try grid.measure([(GridIndexPath(section: 0, item: 0), Size(width: 100, height: 7)),
                          (GridIndexPath(section: 1, item: 0), Size(width: 100, height: 9))])
        #expect(try grid.frame(of: GridIndexPath(section: 0, item: 0)).height == 7)
        try grid.reloadSection(1)
        #expect(try grid.frame(of: GridIndexPath(section: 1, item: 0)).height == 120)
        #expect(try grid.frame(of: GridIndexPath(section: 0, item: 0)).height == 7)
        try grid.reloadSection(0)
        #expect(try grid.frame(of: GridIndexPath(section: 0, item: 0)).height == 120)
    }
}

/// Measures follow their items through mutations and drags (docs/layout.md, "Sizes learnt late"):
/// used instead of the data source's answer until the next reload of their section.
@Suite struct MeasuresThroughMutationsTests {
    /// Lanes 1, 320 wide: items 100 × 50 stacked; item 2 measured 100 × 80.
    func grid(_ count: Int) throws -> Grid {
        let grid = Grid(configuration: try configuration([("width", .number(320)), ("height", .number(1000)),
                                                          ("animationDuration", .number(0)), ("sort", .bool(true))]),
                        dataSource: ArrayDataSource(sizes: Array(repeating: size(100, 50), count: count)))
        try grid.reload()
        try grid.measure([(GridIndexPath(section: 0, item: 2), size(100, 80))])
        #expect(try grid.frame(of: GridIndexPath(section: 0, item: 2)) == rect(0, 100, 100, 80))
        return grid
    }

    @Test func anInsertBeforeAMeasuredItemKeepsItsMeasure() throws {
        let grid = try grid(5)
        grid.dataSource = ArrayDataSource(sizes: Array(repeating: size(100, 50), count: 6))  // the data holds the new item
        try grid.insertItem(at: GridIndexPath(section: 0, item: 0), animated: false)
        // The measured item is now item 3: 80 thick at 150; the rest 50.
        #expect(try grid.frame(of: GridIndexPath(section: 0, item: 3)) == rect(0, 150, 100, 80))
        #expect(try grid.frame(of: GridIndexPath(section: 0, item: 4)) == rect(0, 230, 100, 50))
    }

    @Test func aMoveCarriesTheMeasureAndARemovalDropsIt() throws {
        let grid = try grid(5)
        try grid.moveItem(from: GridIndexPath(section: 0, item: 2), to: GridIndexPath(section: 0, item: 0), animated: false)
        #expect(try grid.frame(of: GridIndexPath(section: 0, item: 0)) == rect(0, 0, 100, 80))
        #expect(try grid.frame(of: GridIndexPath(section: 0, item: 1)) == rect(0, 80, 100, 50))
        try grid.removeItem(at: GridIndexPath(section: 0, item: 0), animated: false)
        #expect(try (0..<4).map { try grid.frame(of: GridIndexPath(section: 0, item: $0)).height } == [50, 50, 50, 50])
    }

    @Test func aDraggedMeasuredItemKeepsItsSize() throws {
        let grid = try grid(5)
        #expect(try grid.beginDrag(at: Point(x: 50, y: 120)) == GridIndexPath(section: 0, item: 2))
        try grid.drag(to: Point(x: 50, y: 20))    // over item 0's slot
        #expect(try grid.frame(of: grid.drag!.to).height == 80)
        let target = grid.drag!.to
        try grid.endDrag()
        try grid.step(1)
        #expect(try grid.frame(of: target).height == 80)
        #expect(try (0..<5).map { try grid.frame(of: GridIndexPath(section: 0, item: $0)).height }.filter { $0 == 80 }.count == 1)
    }
}

/// The full layout's `elements` less the backgrounds of sections `lazy` has not laid out whole:
/// a lazy layout shows a section's background only from then on (its end is not known before).
private func withoutUnfinishedBackgrounds(_ elements: [GridElement], _ lazy: ContentLayout) -> [GridElement] {
    elements.filter { if case .background = $0.id { lazy.frame(of: $0.id) != nil } else { true } }
}
