import Testing
import GridLayout
import GridLayoutTestSupport

private func item(_ i: Int) -> ElementID { .item(GridIndexPath(section: 0, item: i)) }

/// Counts every size asked of it, per item.
private final class CountingSource: GridDataSource {
    let sizes: [Size]
    var asked: [Int: Int] = [:]
    init(_ sizes: [Size]) { self.sizes = sizes }
    func numberOfItems(inSection section: Int) -> Int { sizes.count }
    func sizeForItem(at path: GridIndexPath) -> Size {
        asked[path.item, default: 0] += 1
        return sizes[path.item]
    }
}

/// Layout transitions (docs/layout.md, "Layout transitions"): the worked example's numbers, the
/// ends, the anchor, cancel, commit, fading, the clock, bad input, and random grids of every layout.
@Suite struct LayoutTransitionTests {
    /// docs/layout.md's example: a waterfall 320 wide and 300 tall, spacing 10, 30 square items.
    /// With 3 columns item i is at (110·(i%3), 110·(i/3), 100, 100), the content 1090 tall; with
    /// 5 columns at (66·(i%5), 66·(i/5), 56, 56), the content 386 tall.
    func squares(columns: Int = 3, count: Int = 30) -> GridConfiguration {
        var config = GridConfiguration()
        config.layout = .waterfall
        config.columns = columns
        config.spacing = 10
        config.viewport = Size(width: 320, height: 300)
        return config
    }

    func grid(_ config: GridConfiguration, at y: Double, count: Int = 30) throws -> Grid {
        let grid = Grid(configuration: config, dataSource: ArrayDataSource(sizes: Array(repeating: Size(width: 100, height: 100), count: count)))
        try grid.reload()
        try grid.scroll(to: Point(x: 0, y: y))
        return grid
    }

    @Test func theWorkedExample() throws {
        let grid = try self.grid(squares(), at: 400)
        // The viewport's centre (160, 550) is in item 16 (110, 550, 100, 100): its centre is 200 down the screen.
        try grid.transition(to: squares(columns: 5))
        #expect(grid.transitionProgress == 0)
        #expect(grid.contentOffset == Point(x: 0, y: 400))
        #expect(grid.visibleElements() == (try self.grid(squares(), at: 400)).visibleElements())
        // In 5 columns item 16 is at (66, 198, 56, 56), centre 226: the target offset is 226 − 200 = 26.
        try grid.setTransitionProgress(0.5)
        #expect(grid.contentOffset == Point(x: 0, y: 213))
        let half = grid.visibleElements()
        #expect(half.first { $0.id == item(16) }?.frame == Rect(x: 88, y: 374, width: 78, height: 78))
        // Item 0 goes from (0, 0, 100, 100), off screen, to (0, 0, 56, 56), on screen at 26: at ½ (0, 0, 78, 78) meets 213...513? No.
        #expect(half.first { $0.id == item(0) } == nil)
        // Item 29 from (220, 1000) to (264, 330): at ½ (242, 665, 78, 78), below the viewport 213...513.
        #expect(half.first { $0.id == item(29) } == nil)
        // Item 20 from (220, 660) to (0, 264): (110, 462, 78, 78) meets it.
        #expect(half.first { $0.id == item(20) }?.frame == Rect(x: 110, y: 462, width: 78, height: 78))
        try grid.setTransitionProgress(1)
        #expect(grid.contentOffset == Point(x: 0, y: 26))
        let end = try self.grid(squares(columns: 5), at: 26)
        #expect(grid.visibleElements() == end.visibleElements())
        try grid.commitTransition()
        #expect(grid.configuration == squares(columns: 5))
        #expect(grid.contentSize == Size(width: 320, height: 386))
        #expect(grid.visibleElements() == end.visibleElements())
        #expect(grid.loaded == end.loaded)
        #expect(!grid.isTransitioning)
    }

    /// At the end of the content the anchored offset is past the target's end: it is clamped, so
    /// no space beyond the content shows, and the anchor's centre moves.
    @Test func anOffsetPastTheTargetsEndIsClamped() throws {
        let grid = try self.grid(squares(), at: 790)
        // Centre (160, 940) is in item 25 (110, 880), centre 930 at 140 on screen; in 5 columns
        // (0, 330, 56, 56), centre 358: 358 − 140 = 218, past the largest offset 386 − 300 = 86.
        try grid.transition(to: squares(columns: 5))
        try grid.setTransitionProgress(1)
        #expect(grid.contentOffset == Point(x: 0, y: 86))
        try grid.commitTransition()
        #expect(grid.contentOffset == Point(x: 0, y: 86))
        #expect(grid.visibleElements() == (try self.grid(squares(columns: 5), at: 86)).visibleElements())
    }

    @Test func cancelPutsEverythingBack() throws {
        let grid = try self.grid(squares(), at: 400)
        let (visible, loaded, offset, size) = (grid.visibleElements(), grid.loaded, grid.contentOffset, grid.contentSize)
        try grid.transition(to: squares(columns: 5))
        try grid.setTransitionProgress(0.7)
        #expect(grid.visibleElements() != visible)
        try grid.cancelTransition()
        #expect(grid.visibleElements() == visible)
        #expect(grid.loaded == loaded)
        #expect(grid.contentOffset == offset)
        #expect(grid.contentSize == size)
        #expect(grid.configuration == squares())
        #expect(try grid.frame(of: GridIndexPath(section: 0, item: 16)) == Rect(x: 110, y: 550, width: 100, height: 100))
        #expect(!grid.isTransitioning)
    }

    /// A background only the target has fades in where the target has it: alpha p.
    @Test func anElementInOneLayoutFades() throws {
        let grid = try self.grid(squares(), at: 400)
        var target = squares()
        target.background = true
        try grid.transition(to: target)
        try grid.setTransitionProgress(0.25)
        let background = grid.visibleElements().first { $0.id == .background(section: 0) }
        #expect(background?.alpha == 0.25)
        #expect(background?.frame == Rect(x: 0, y: 0, width: 320, height: 1090))
        #expect(grid.visibleElements().allSatisfy { $0.id == .background(section: 0) || $0.alpha == 1 })
        try grid.commitTransition()
        // Back again: the background goes, alpha 1 − p.
        try grid.transition(to: squares())
        try grid.setTransitionProgress(0.25)
        #expect(grid.visibleElements().first { $0.id == .background(section: 0) }?.alpha == 0.75)
        try grid.setTransitionProgress(1)
        #expect(grid.visibleElements().first { $0.id == .background(section: 0) } == nil)
    }

    /// animate(to:duration:) runs on the step clock, eased, and commits at its end.
    @Test func animateToRunsOnTheClock() throws {
        let grid = try self.grid(squares(), at: 400)
        try grid.animate(to: squares(columns: 5), duration: 0.2)
        #expect(grid.isAnimating && grid.isTransitioning)
        try grid.step(0.1)
        #expect(grid.transitionProgress == 0.5)
        #expect(grid.contentOffset == Point(x: 0, y: 213))
        try grid.step(0.1)
        #expect(!grid.isAnimating && !grid.isTransitioning)
        #expect(grid.configuration.columns == 5)
        #expect(grid.contentOffset == Point(x: 0, y: 26))
        try grid.animate(to: squares(), duration: 0)
        #expect(grid.configuration.columns == 3 && !grid.isTransitioning)
    }

    /// Building the target asks each item's size once; progress, commit and cancel ask nothing.
    @Test func nothingIsAskedTwice() throws {
        let source = CountingSource(Array(repeating: Size(width: 100, height: 100), count: 30))
        let grid = Grid(configuration: squares(), dataSource: source)
        try grid.reload()
        source.asked = [:]
        try grid.transition(to: squares(columns: 5))
        #expect(source.asked.count == 30 && source.asked.values.allSatisfy { $0 == 1 })
        source.asked = [:]
        for p in [0.1, 0.5, 1] { try grid.setTransitionProgress(p) }
        try grid.cancelTransition()
        try grid.transition(to: squares(columns: 5))
        source.asked = [:]
        try grid.setTransitionProgress(0.5)
        try grid.commitTransition()
        #expect(source.asked.isEmpty)
    }

    /// A lazy grid far down lays the target out lazily: as far as the anchor and the viewport need.
    @Test func aLazyGridTransitionsLazily() throws {
        var config = squares()
        config.estimatedSize = Size(width: 100, height: 100)
        let source = CountingSource(Array(repeating: Size(width: 100, height: 100), count: 30_000))
        let grid = Grid(configuration: config, dataSource: source)
        try grid.reload()
        try grid.scroll(to: Point(x: 0, y: 110 * 50))
        let centre = grid.visibleElements().first { $0.frame.contains(Point(x: 160, y: 110 * 50 + 150)) }!
        source.asked = [:]
        var target = config
        target.columns = 5
        try grid.transition(to: target)
        #expect(source.asked.count < 30_000 && source.asked.values.allSatisfy { $0 == 1 })
        try grid.setTransitionProgress(1)
        let now = grid.visibleElements().first { $0.id == centre.id }!
        #expect(now.frame.y + now.frame.height / 2 - grid.contentOffset.y == centre.frame.y + 50 - 110 * 50)
        try grid.commitTransition()
        #expect(grid.isEstimated)
        #expect(grid.visibleElements().contains { $0.id == centre.id })
    }

    @Test func badInputChangesNothing() throws {
        let grid = try self.grid(squares(), at: 400)
        #expect(throws: GridError.noTransition(operation: .progress)) { try grid.setTransitionProgress(0.5) }
        #expect(throws: GridError.noTransition(operation: .commit)) { try grid.commitTransition() }
        #expect(throws: GridError.noTransition(operation: .cancel)) { try grid.cancelTransition() }
        var horizontal = squares()
        horizontal.direction = .horizontal
        #expect(throws: GridError.self) { try grid.transition(to: horizontal) }
        var wider = squares()
        wider.viewport.width = 400
        #expect((try? grid.transition(to: wider)) == nil)
        var none = squares()
        none.columns = 0
        #expect(throws: GridError.invalidOption(name: "columns", value: "0", expected: "1...10000")) { try grid.transition(to: none) }
        #expect(throws: GridError.invalidTransition(operation: .animateTo, what: "duration", value: -1,
                                                    expected: "a finite number of seconds >= 0")) {
            try grid.animate(to: squares(columns: 5), duration: -1)
        }
        #expect(!grid.isTransitioning && grid.contentOffset == Point(x: 0, y: 400))

        try grid.transition(to: squares(columns: 5))
        try grid.setTransitionProgress(0.5)
        let shown = grid.visibleElements()
        for bad in [Double.nan, -0.1, 1.5, .infinity] {
            #expect(throws: GridError.self) { try grid.setTransitionProgress(bad) }
        }
        #expect(throws: GridError.busyTransitioning(operation: .transition)) { try grid.transition(to: squares(columns: 2)) }
        #expect(throws: GridError.busyTransitioning(operation: .animateTo)) { try grid.animate(to: squares(columns: 2), duration: 1) }
        #expect(throws: GridError.busyTransitioning(operation: .reload)) { try grid.reload() }
        #expect(throws: GridError.busyTransitioning(operation: .reloadNew)) { try grid.reloadNew() }
        #expect(throws: GridError.busyTransitioning(operation: .reloadSection)) { try grid.reloadSection(0) }
        #expect(throws: GridError.busyTransitioning(operation: .insert)) { try grid.insertItem(at: GridIndexPath(section: 0, item: 0)) }
        #expect(throws: GridError.busyTransitioning(operation: .scrollTo)) { try grid.scroll(to: .zero) }
        #expect(throws: GridError.busyTransitioning(operation: .scrollTo)) { try grid.scrollToItem(GridIndexPath(section: 0, item: 0)) }
        #expect(throws: GridError.busyTransitioning(operation: .resize)) { try grid.resize(to: Size(width: 320, height: 200)) }
        #expect(throws: GridError.busyTransitioning(operation: .apply)) { try grid.apply([Array(0..<30)]) }
        #expect(throws: GridError.busyTransitioning(operation: .measure)) { try grid.measure(GridIndexPath(section: 0, item: 0), Size(width: 1, height: 1)) }
        #expect(grid.transitionProgress == 0.5 && grid.visibleElements() == shown)
        #expect(GridError.busyTransitioning(operation: .reload).description
                == "reload(): not allowed during a layout transition (call commitTransition() or cancelTransition() first)")
        #expect(GridError.invalidTransition(operation: .progress, what: "progress", value: .nan, expected: "a number from 0 to 1").description
                == "setTransitionProgress(_:): progress nan is invalid (expected a number from 0 to 1)")
    }

    /// Random grids of every layout (rtl, scale, composition included): at 0 the grid shows what
    /// it showed; at 1 what a fresh grid of the target at the anchored offset shows; in between each
    /// element at its two frames interpolated (those of both layouts), and the anchor's centre
    /// where it was on screen unless the clamp moved the offset; cancel and commit as at the ends.
    @Test(arguments: 0..<120) func randomGridsFollowTheRules(seed: Int) throws {
        let random = RandomGrid(seed: UInt64(seed))
        let grid = Grid(configuration: random.configuration, dataSource: random.data)
        guard (try? grid.reload()) != nil else { return }
        var rng = SplitMix64(seed: UInt64(seed) ^ 0x7A4_5111)
        let max = grid.maxOffset
        try grid.scroll(to: Point(x: Double.random(in: 0...1, using: &rng) * max.x, y: Double.random(in: 0...1, using: &rng) * max.y))
        var target = random.configuration
        target.columns = Int.random(in: 1...5, using: &rng)
        target.lanes = Int.random(in: 1...5, using: &rng)
        target.rowHeight = Double(Int.random(in: 30...150, using: &rng))
        target.spacing = Double(Int.random(in: 0...12, using: &rng))
        if Bool.random(using: &rng) { target.layout = LayoutKind.allCases.randomElement(using: &rng)! }
        let before = (grid.visibleElements(), grid.contentOffset)
        let fresh = Grid(configuration: target, dataSource: random.data)
        guard (try? fresh.reload()) != nil else {
            #expect(throws: GridError.self) { try grid.transition(to: target) }
            #expect(!grid.isTransitioning && grid.visibleElements() == before.0)
            return
        }
        let anchorFrame = grid.visibleElements().filter { if case .item = $0.id { true } else { false } }
            .first { $0.frame.contains(Point(x: grid.viewport.x + grid.viewport.width / 2, y: grid.viewport.y + grid.viewport.height / 2)) }
        try grid.transition(to: target)
        #expect(grid.visibleElements() == before.0)
        try grid.setTransitionProgress(1)
        let to = grid.contentOffset
        try fresh.scroll(to: to)
        #expect(fresh.contentOffset == to)
        #expect(grid.visibleElements() == fresh.visibleElements())
        if let anchorFrame, let after = try? fresh.frame(of: { if case .item(let p) = anchorFrame.id { p } else { fatalError() } }()) {
            let vertical = target.direction == .vertical
            let was = vertical ? anchorFrame.frame.y + anchorFrame.frame.height / 2 - before.1.y : anchorFrame.frame.x + anchorFrame.frame.width / 2 - before.1.x
            let now = vertical ? after.y + after.height / 2 - to.y : after.x + after.width / 2 - to.x
            let limit = vertical ? fresh.maxOffset.y : fresh.maxOffset.x
            let offset = vertical ? to.y : to.x
            if offset > 0 && offset < limit { #expect(abs(now - was) <= 1e-9 * Swift.max(1, abs(was)), "seed \(seed)") }
        }
        let p = Double.random(in: 0.05...0.95, using: &rng)
        try grid.setTransitionProgress(p)
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
        for element in grid.visibleElements() where !element.pinned {
            guard let old = grid.layout.frame(of: element.id), let new = fresh.layout.frame(of: element.id) else {
                #expect(element.alpha == p || element.alpha == 1 - p)
                continue
            }
            #expect(element.frame == Rect(x: mix(old.x, new.x), y: mix(old.y, new.y), width: mix(old.width, new.width),
                                          height: mix(old.height, new.height)), "seed \(seed) \(element.id)")
            #expect(element.frame.overlaps(grid.viewport))
        }
        try grid.cancelTransition()
        #expect(grid.visibleElements() == before.0 && grid.contentOffset == before.1)
        try grid.transition(to: target)
        try grid.commitTransition()
        #expect(grid.visibleElements() == fresh.visibleElements())
        #expect(grid.contentSize == fresh.contentSize)
    }
}
