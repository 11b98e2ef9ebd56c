import Testing
import GridLayout
import GridLayoutTestSupport

/// Lazy layout at the edges (docs/layout.md, "Sizes learnt late" and "Limits"): whatever the sizes
/// and the estimate, the frontier stops where the viewport needs it, stays linear in what it lays
/// out, keeps to the host's budget over a whole call, and makes every check a full reload makes.
@Suite struct LazyEdgeTests {
    /// `count` items in one section, each `size(i)`, counting what is asked; an optional budget.
    final class Source: GridDataSource {
        var count: Int
        var size: (Int) -> Size
        var budget: GridBudget?
        var asked = 0
        var largest = -1

        init(count: Int, budget: GridBudget? = nil, size: @escaping (Int) -> Size) {
            self.count = count
            self.size = size
            self.budget = budget
        }

        func numberOfItems(inSection section: Int) -> Int { count }
        func sizeForItem(at path: GridIndexPath) -> Size {
            asked += 1
            largest = Swift.max(largest, path.item)
            return size(path.item)
        }
    }

    static func config(_ layout: LayoutKind = .lanes, direction: ScrollDirection = .vertical, estimate: Size) -> GridConfiguration {
        var c = GridConfiguration()
        c.layout = layout
        c.direction = direction
        c.viewport = Size(width: 320, height: 480)
        c.rowHeight = 50
        c.estimatedSize = estimate
        return c
    }

    /// Every frame the layout holds and its content: finite, within the largest extent.
    static func expectFinite(_ grid: Grid, _ comment: Comment? = nil) {
        let content = grid.contentSize
        #expect(content.width.isFinite && content.height.isFinite, comment)
        #expect(content.width <= GridLimits.maxExtent && content.height <= GridLimits.maxExtent, comment)
        for e in allElements(of: grid.layout) {
            let f = e.frame
            let finite = f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite
            #expect(finite, comment)
            #expect(f.y + f.height <= GridLimits.maxExtent && f.x + f.width <= GridLimits.maxExtent, comment)
        }
    }

    // MARK: Linear, and bounded by the budget

    /// A horizontal justified row of items without width never closes: the frontier must take its
    /// items batch by batch without copying the row each time, and equal the full layout.
    @Test func aRowThatNeverClosesIsLaidOutInLinearTimeAndEqualsTheFullLayout() throws {
        let sizes: (Int) -> Size = { _ in Size(width: 25, height: 0) }
        let source = Source(count: 100_000, size: sizes)
        let grid = Grid(configuration: Self.config(.justified, direction: .horizontal, estimate: Size(width: 25, height: 10)),
                        dataSource: source)
        try grid.reload()
        // The row is the first screen: every item is asked, once.
        #expect(source.asked == 100_000)
        var full = Self.config(.justified, direction: .horizontal, estimate: Size(width: 25, height: 10))
        full.estimatedSize = Size(width: 0, height: 0)
        let reference = try ContentLayout(configuration: full, dataSource: Source(count: 100_000, size: sizes))
        #expect(grid.contentSize == reference.contentSize)
        #expect(allElements(of: grid.layout) == allElements(of: reference))
    }

    /// The budget covers a whole call, not each step of the frontier: 2^32 − 1 items of a row that
    /// never closes are refused once they pass it, having asked about as many sizes as it allows.
    @Test func theBudgetHoldsOverEveryStepOfAFrontierMove() throws {
        let budget = GridBudget(maxBytes: 1 << 20, limitName: "the test's cap")
        let source = Source(count: (1 << 32) - 1, budget: budget) { _ in Size(width: 25, height: 0) }
        let grid = Grid(configuration: Self.config(.justified, direction: .horizontal, estimate: Size(width: 25, height: 10)),
                        dataSource: source)
        #expect {
            try grid.reload()
        } throws: { error in
            guard case .overBudget(_, _, _, _, let limit) = error as? GridError else { return false }
            return limit == "the test's cap"
        }
        // 1 MiB at the worst case of 33 bytes a frame: about 32k items, not 2^32.
        #expect(source.asked < 40_000)
        #expect(grid.layout.itemsLaidOut == 0)  // the grid keeps its previous (empty) layout
    }

    /// A lazy lanes grid: a jump far down passes the budget over many batches and is refused; the
    /// offset stays, and the frontier stays where the steps before the refusal took it (their
    /// frames are exact), within the budget.
    @Test func aFarScrollToItemIsRefusedByTheBudgetAndChangesNothing() throws {
        let budget = GridBudget(maxBytes: 1 << 20, limitName: "--max-memory 1M")
        let source = Source(count: 200_000_000, budget: budget) { i in Size(width: 100, height: 10 + Double(i % 7)) }
        let grid = Grid(configuration: Self.config(estimate: Size(width: 100, height: 12)), dataSource: source)
        try grid.reload()
        let before = grid.layout.itemsLaidOut
        let offset = grid.contentOffset
        #expect {
            try grid.scrollToItem(GridIndexPath(section: 0, item: 90_000_000))
        } throws: { error in
            guard case .overBudget(_, _, _, _, let limit) = error as? GridError else { return false }
            return limit == "--max-memory 1M"
        }
        #expect(source.largest < 40_000)
        #expect(grid.layout.itemsLaidOut >= before && grid.layout.itemsLaidOut < 40_000)
        #expect(grid.contentOffset == offset)
        Self.expectFinite(grid)
    }

    /// Past the stored-frames limit the error counts the frames there would be, not the last batch.
    @Test func theStoredFramesLimitCountsEveryStoredFrame() throws {
        let source = Source(count: 300_000_000) { _ in Size(width: 25, height: 0) }
        let grid = Grid(configuration: Self.config(.justified, direction: .horizontal, estimate: Size(width: 25, height: 10)),
                        dataSource: source)
        #expect {
            try grid.reload()
        } throws: { error in
            guard case .tooManyStoredItems(0, let count) = error as? GridError else { return false }
            return count > GridLimits.maxStoredItems && count <= GridLimits.maxStoredItems + 256
        }
    }

    // MARK: The estimate

    /// An estimate far too small must not lay everything out: the frontier stops at the viewport's
    /// end and its overscan, at a reload and at every scroll.
    @Test(arguments: [1e-9, 1e-300, Double.leastNonzeroMagnitude])
    func aTinyEstimateStillStopsTheFrontierAtTheViewport(estimate: Double) throws {
        for count in [1_000_000, 1_000_000_000] {
            let source = Source(count: count) { i in Size(width: 320, height: 10 + Double(i % 7)) }
            let grid = Grid(configuration: Self.config(estimate: Size(width: 320, height: estimate)), dataSource: source)
            try grid.reload()
            // 480 points of items 10–16 thick: at most 48, asked in one batch of at most 256.
            #expect(source.asked <= 256, "\(count) items, estimate \(estimate)")
            #expect(grid.isEstimated)
            for _ in 0..<3 { try grid.scroll(by: 0, 480) }
            #expect(grid.contentOffset.y == 1440)
            #expect(source.asked <= 4 * 256, "\(count) items, estimate \(estimate)")
            Self.expectFinite(grid)
        }
    }

    /// An estimate so large that the estimated content passes the largest extent: the content
    /// reads the largest extent, finite; real frames are exact.
    @Test func aHugeEstimateKeepsTheContentWithinTheLargestExtent() throws {
        let source = Source(count: 1_000_000_000) { _ in Size(width: 100, height: 10) }
        let grid = Grid(configuration: Self.config(estimate: Size(width: 100, height: 1e300)), dataSource: source)
        try grid.reload()
        #expect(grid.contentSize.height == GridLimits.maxExtent)
        #expect(try grid.frame(of: GridIndexPath(section: 0, item: 3)) == Rect(x: 0, y: 30, width: 100, height: 10))
        Self.expectFinite(grid)
    }

    // MARK: Every check a full reload makes

    /// A 1e300-thick item met by the frontier fails as a full reload does, and changes nothing.
    @Test func anItemPastTheLargestExtentFailsOnAFrontierMove() throws {
        let source = Source(count: 10_000) { i in Size(width: 100, height: i == 5000 ? 1e300 : 10) }
        let grid = Grid(configuration: Self.config(estimate: Size(width: 100, height: 10)), dataSource: source)
        try grid.reload()
        let laidOut = grid.layout.itemsLaidOut
        #expect {
            try grid.scroll(to: Point(x: 0, y: 49_800))
        } throws: { error in
            guard case .extentTooLarge(.section(0), _) = error as? GridError else { return false }
            return true
        }
        #expect(grid.layout.itemsLaidOut >= laidOut && grid.layout.itemsLaidOut <= 5000)
        Self.expectFinite(grid)
        // The full reload of the same data is refused the same way.
        var full = Self.config(estimate: Size(width: 100, height: 10))
        full.estimatedSize = Size(width: 0, height: 0)
        #expect(throws: GridError.self) { try ContentLayout(configuration: full, dataSource: source) }
    }

    /// A waterfall item of a denormal width scales to an infinite thickness: refused, not stored.
    @Test func aDenormalWidthInAWaterfallFailsOnAFrontierMove() throws {
        let source = Source(count: 10_000) { i in i == 3000 ? Size(width: Double.leastNonzeroMagnitude, height: 40) : Size(width: 100, height: 100) }
        let grid = Grid(configuration: Self.config(.waterfall, estimate: Size(width: 100, height: 100)), dataSource: source)
        try grid.reload()
        #expect {
            try grid.scrollToItem(GridIndexPath(section: 0, item: 5000))
        } throws: { error in
            guard case .extentTooLarge = error as? GridError else { return false }
            return true
        }
        Self.expectFinite(grid)
        try grid.scroll(to: Point(x: 0, y: 1000))  // what was laid out still answers
        Self.expectFinite(grid)
    }

    /// Items the data source says are all one size, whose size a waterfall column scales past every
    /// number (808 × 5e-324 in a column 13.6 thick): the same-size grid would start at 0·∞, NaN, so
    /// the section is refused as too long, as the same item is when its frames are stored.
    @Test(arguments: [false, true])
    func aSameSizeWaterfallScaledPastEveryNumberIsRefused(sameSize: Bool) throws {
        final class Same: GridDataSource {
            let same: Bool
            init(same: Bool) { self.same = same }
            func numberOfSections() -> Int { 2 }
            func numberOfItems(inSection section: Int) -> Int { section == 0 ? 1 : 41 }
            func itemsHaveSameSize() -> Bool { same }
            func sizeForItem(at path: GridIndexPath) -> Size {
                path.section == 0 ? Size(width: 808.03515625, height: Double.leastNonzeroMagnitude) : Size(width: 50, height: 50)
            }
        }
        var c = GridConfiguration()
        c.layout = .waterfall
        c.direction = .horizontal
        c.rtl = true
        c.columns = 9
        c.viewport = Size(width: 320, height: 122.5)
        let grid = Grid(configuration: c, dataSource: Same(same: sameSize))
        #expect {
            try grid.reload()
        } throws: { error in
            guard case .extentTooLarge(.section(0), let end) = error as? GridError else { return false }
            return end == .infinity
        }
        Self.expectFinite(grid)
    }

    /// A loader wider than the largest extent would be centred with edges past it (and the rtl
    /// mirror overflows to ±∞): refused as the loader passing the largest extent, changing nothing.
    @Test(arguments: [false, true])
    func aLoaderWiderThanTheLargestExtentIsRefused(rtl: Bool) throws {
        var c = GridConfiguration()
        c.viewport = Size(width: 232.5, height: 480)
        c.rtl = rtl
        c.loaderSize = Size(width: .greatestFiniteMagnitude, height: 240)
        let grid = Grid(configuration: c, dataSource: ArrayDataSource(sections: [], showLoader: true))
        #expect {
            try grid.reload()
        } throws: { error in
            guard case .extentTooLarge(.loader, let end) = error as? GridError else { return false }
            return end == .greatestFiniteMagnitude
        }
        Self.expectFinite(grid)
        c.loaderSize = Size(width: GridLimits.maxExtent, height: 240)
        grid.configuration = c
        try grid.reload()
        Self.expectFinite(grid)
    }

    /// A measure past the frontier that no layout could place is refused when it is given, so the
    /// frontier does not fail on it later.
    @Test(arguments: [LayoutKind.lanes, .flow, .waterfall, .justified])
    func anImpossibleMeasurePastTheFrontierIsRefusedAtOnce(layout: LayoutKind) throws {
        let source = Source(count: 100_000) { _ in Size(width: 100, height: 100) }
        let grid = Grid(configuration: Self.config(layout, estimate: Size(width: 100, height: 100)), dataSource: source)
        try grid.reload()
        let far = GridIndexPath(section: 0, item: 90_000)
        let bad = layout == .justified ? Size(width: 100, height: 0) : layout == .waterfall ? Size(width: Double.leastNonzeroMagnitude, height: 40)
            : Size(width: 100, height: 1e300)
        #expect(throws: GridError.self) { try grid.measure(far, bad) }
        // Nothing waits at the frontier: the end is reachable, every frame finite.
        try grid.scroll(to: Point(x: 0, y: .infinity))
        #expect(!grid.isEstimated)
        _ = try grid.indexPath(at: Point(x: 10, y: grid.contentOffset.y + 10))
        Self.expectFinite(grid)
    }

    // MARK: Scale, insets, a reload during mutations

    @Test func scaleKeepsToARangeThatKeepsFramesFinite() throws {
        var c = GridConfiguration()
        for bad in [1e300, 1e-300, Double.leastNonzeroMagnitude, 1025, -1] {
            #expect {
                try c.set("scale", to: .number(bad))
            } throws: { error in
                (error as? GridError)?.message(base: 0).hasSuffix("(expected 0 (off) or a number in 1/1024...1024)") == true
            }
        }
        for good in [0, 1.0 / 1024, 1, 3, 1024] { try c.set("scale", to: .number(good)) }
        c.viewport = Size(width: 100, height: 100)
        c.layout = .waterfall
        c.columns = 3
        let l = try ContentLayout(configuration: c, dataSource: ArrayDataSource(sizes: Array(repeating: Size(width: 30, height: 10), count: 3)))
        // 1/1024-point pixels: the column edges 100/3 and 200/3 round to the nearest 1/1024.
        #expect(try l.frame(of: GridIndexPath(section: 0, item: 1)).x == (100.0 / 3 * 1024).rounded() / 1024)
    }

    @Test(arguments: [LayoutKind.lanes, .flow, .waterfall, .justified])
    func anInsetWiderThanTheViewportIsRefusedNamingTheSection(layout: LayoutKind) throws {
        var c = GridConfiguration()
        c.layout = layout
        c.viewport = Size(width: 300, height: 300)
        c.inset = Insets(top: 0, left: 200, bottom: 0, right: 150)
        #expect(throws: GridError.noRoomForItems(length: -50, section: 0)) {
            try ContentLayout(configuration: c, dataSource: ArrayDataSource(sizes: [Size(width: 50, height: 50)]))
        }
        #expect(GridError.noRoomForItems(length: -50, section: 0).message(base: 1)
            == "section 1: no room for its items (the viewport less padding and the section's inset is -50)")
    }

    /// A reload while queued mutations fail still happens: the layout matches the data source, and
    /// the mutations' errors are thrown after it.
    @Test func aReloadAfterAFailingQueuedRemovalMatchesTheData() throws {
        let data = ListDataSource([Array(repeating: Size(width: 100, height: 50), count: 20)])
        data.dropsRemoved = false  // a removal the data source does not perform: the mutation fails
        var c = GridConfiguration()
        c.viewport = Size(width: 210, height: 200)
        c.lanes = 2
        c.animationDuration = 0.25
        let grid = Grid(configuration: c, dataSource: data)
        try grid.reload()
        try grid.removeItem(at: GridIndexPath(section: 0, item: 3))
        data.sections[0] += Array(repeating: Size(width: 100, height: 50), count: 19)
        #expect {
            try grid.reload()
        } throws: { error in
            guard case .updateMismatch = error as? GridError else { return false }
            return true
        }
        #expect(try grid.layout.itemCount(inSection: 0) == 39)
        #expect(!grid.isAnimating)
    }
}
