import Testing
import GridLayout
import GridLayoutTestSupport

/// Jumping anywhere (docs/layout.md, "Live data"): a jump lays out only the sections the viewport
/// needs, placed by the estimate; sections laid out later before the viewport shift what follows
/// and the offset with it; once everything is laid out, the frames are a full reload's.
@Suite struct JumpTests {
    typealias Counting = LazyLayoutTests.CountingDataSource

    /// One lane, items 20 thick, sections of 10 items estimated at 10 each: every number below is
    /// worked out by hand in the comments.
    @Test func aJumpThenTheSectionBeforeLaidOutLate() throws {
        var config = GridConfiguration()
        config.lanes = 1
        config.viewport = Size(width: 100, height: 100)
        config.spacing = 0
        config.overscan = 0
        config.estimatedSize = Size(width: 100, height: 10)
        let data = ArrayDataSource(sections: Array(repeating: .init(sizes: Array(repeating: Size(width: 100, height: 20), count: 10)), count: 5))
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        // The first screen: section 0 laid out whole (0...200, one batch), sections 1...4 estimated at 100 each.
        #expect(grid.contentSize.height == 600)
        // 450 is more than two viewports past the frontier (200): a jump, to the section whose
        // estimate holds 450 — section 3, estimated at 400...500 — laid out from 400.
        try grid.scroll(to: Point(x: 0, y: 450))
        #expect(grid.contentOffset.y == 450)
        #expect(grid.visibleElements().map(\.id) == (2...7).map { .item(GridIndexPath(section: 3, item: $0)) })
        #expect(try grid.frame(of: GridIndexPath(section: 3, item: 0)) == Rect(x: 0, y: 400, width: 100, height: 20))
        // The window (section 3, 400...600) and section 4 estimated after it.
        #expect(grid.contentSize.height == 700)
        // Up to 390: section 2, estimated at 300...400, is laid out from 300 and ends at 500; section
        // 3 moves down by 100, and the offset with it (anchor = item): 490.
        try grid.scroll(to: Point(x: 0, y: 390))
        #expect(grid.contentOffset.y == 490)
        #expect(try grid.frame(of: GridIndexPath(section: 3, item: 0)) == Rect(x: 0, y: 500, width: 100, height: 20))
        #expect(try grid.frame(of: GridIndexPath(section: 2, item: 9)) == Rect(x: 0, y: 480, width: 100, height: 20))
        #expect(grid.visibleElements().map(\.id) == [.item(GridIndexPath(section: 2, item: 9))]
                + (0...4).map { .item(GridIndexPath(section: 3, item: $0)) })
        // Everything laid out: sections 1 and 0 before the window (each shift 100, then 0: section
        // 0 starts at 0 as a reload puts it), then section 4; the frames are a full reload's.
        try grid.layOut(through: Rect(x: 0, y: 0, width: 100, height: .infinity))
        #expect(!grid.isEstimated)
        #expect(grid.contentOffset.y == 590)
        #expect(try grid.frame(of: GridIndexPath(section: 3, item: 0)) == Rect(x: 0, y: 600, width: 100, height: 20))
        let full = try ContentLayout(configuration: config, dataSource: data)
        #expect(allElements(of: grid.layout) == allElements(of: full))
        #expect(grid.contentSize == full.contentSize)
    }

    /// Two layouts a jump cannot place, which lay out forward instead: with paging (a section
    /// starts on the page after the last one's end) and with an estimate whose sums pass the
    /// largest extent (Double.leastNonzeroMagnitude wide, scaled to a waterfall column). Both then equal a full reload.
    @Test(arguments: ["paging", "degenerate"])
    func whatTheEstimateCannotPlaceIsNotJumpedTo(_ case: String) throws {
        var config = GridConfiguration()
        config.viewport = Size(width: 100, height: 100)
        if `case` == "paging" {
            config.lanes = 1
            config.paging = true
            config.estimatedSize = Size(width: 100, height: 10)
        } else {
            config.layout = .waterfall
            config.estimatedSize = Size(width: Double.leastNonzeroMagnitude, height: 12.5)
        }
        let data = ArrayDataSource(sections: Array(repeating: .init(sizes: Array(repeating: Size(width: 100, height: 20), count: 10)), count: 50))
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        try grid.scrollToItem(GridIndexPath(section: 40, item: 5))
        #expect(grid.layout.firstLaidOutSection == 0)
        try grid.layOut(through: Rect(x: 0, y: 0, width: 100, height: .infinity))
        let full = try ContentLayout(configuration: config, dataSource: data)
        #expect(allElements(of: grid.layout) == allElements(of: full))
    }

    /// With `anchor = .offset`, the offset stays when the section before is laid out late.
    @Test func anchorOffsetKeepsTheOffset() throws {
        var config = GridConfiguration()
        config.lanes = 1
        config.viewport = Size(width: 100, height: 100)
        config.spacing = 0
        config.overscan = 0
        config.anchor = .offset
        config.estimatedSize = Size(width: 100, height: 10)
        let data = ArrayDataSource(sections: Array(repeating: .init(sizes: Array(repeating: Size(width: 100, height: 20), count: 10)), count: 5))
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        try grid.scroll(to: Point(x: 0, y: 450))
        try grid.scroll(to: Point(x: 0, y: 390))
        #expect(grid.contentOffset.y == 390)
        #expect(grid.visibleElements().first?.id == .item(GridIndexPath(section: 2, item: 4)))
    }

    /// A timeline: 2,000 sections of 500 items. A jump asks the sizes of the sections the viewport
    /// and its overscan need, and of no other.
    @Test func aJumpAsksOnlyTheSectionsTheViewportNeeds() throws {
        let source = Counting(counts: Array(repeating: 500, count: 2000))
        let grid = Grid(configuration: LazyLayoutTests.config(), dataSource: source)
        try grid.reload()
        let first = source.asked
        #expect(source.largest.filter { $0 >= 0 }.count == 1)
        source.largest = Array(repeating: -1, count: 2000)
        try grid.scroll(to: Point(x: 0, y: grid.contentSize.height / 2))
        let asked = source.largest.enumerated().filter { $0.element >= 0 }
        // The middle of the estimate is near the end of section 999's: its items up to the
        // viewport's end and overscan (inside a section the laid-out part is a prefix).
        #expect(asked.map(\.offset) == [999])
        #expect(asked.map(\.element) == [402])
        #expect(source.asked - first == 403)
        #expect(source.bulkCalls == 0)
        // The viewport shows section 1000's items, as laid out from its estimated start.
        let visible = grid.visibleElements()
        #expect(visible.allSatisfy { if case .item(let path) = $0.id { path.section == 999 } else { false } })
        #expect(!visible.isEmpty)

        // scrollToItem to the middle of another far section: that section's items up to it.
        source.largest = Array(repeating: -1, count: 2000)
        try grid.scrollToItem(GridIndexPath(section: 1500, item: 250))
        #expect(source.largest.enumerated().filter { $0.element >= 0 }.map(\.offset) == [1500])
        #expect(grid.visibleElements().contains { $0.id == .item(GridIndexPath(section: 1500, item: 250)) })
        let frame = try grid.frame(of: GridIndexPath(section: 1500, item: 250))
        #expect(frame.y == grid.contentOffset.y)

        // The end: only the last section.
        source.largest = Array(repeating: -1, count: 2000)
        try grid.scrollToEnd()
        #expect(source.largest.enumerated().filter { $0.element >= 0 }.map(\.offset) == [1999])
        #expect(grid.contentOffset.y + 480 == grid.contentSize.height)
        #expect(grid.visibleElements().last?.id == .item(GridIndexPath(section: 1999, item: 499)))

        // reloadSection of a section not laid out asks its count, and no size.
        source.largest = Array(repeating: -1, count: 2000)
        let offset = grid.contentOffset
        try grid.reloadSection(700)
        #expect(source.largest.allSatisfy { $0 == -1 })
        #expect(grid.contentOffset == offset)
    }

    /// `startAt = .end` opens a new grid at its end, asking only what the last screen needs.
    @Test(arguments: [true, false])
    func startAtEndOpensAtTheEnd(lazy: Bool) throws {
        let source = Counting(counts: Array(repeating: 100, count: 50))
        var config = LazyLayoutTests.config(estimate: lazy ? Size(width: 100, height: 100) : nil)
        config.startAt = .end
        let grid = Grid(configuration: config, dataSource: source)
        try grid.reload()
        #expect(grid.contentOffset.y + 480 == grid.contentSize.height)
        #expect(grid.visibleElements().last?.id == .item(GridIndexPath(section: 49, item: 99)))
        let asked = source.largest.enumerated().filter { $0.element >= 0 }.map(\.offset)
        #expect(asked == (lazy ? [49] : Array(0..<50)))
        // A reload of a grid scrolled elsewhere keeps its offset.
        try grid.scroll(to: Point(x: 0, y: 1000))
        try grid.reload()
        #expect(grid.contentOffset.y == 1000)
        // The end in a full layout too.
        let full = try ContentLayout(configuration: config, dataSource: source)
        try grid.scrollToEnd()
        #expect(grid.contentOffset.y == full.contentSize.height - 480 || grid.isEstimated)
    }

    /// Scrolling up a step at a time from a jump: each section before the viewport laid out late
    /// moves what follows it, and the offset by as much, so that what shows stays still (1e-9).
    @Test(arguments: [LayoutKind.lanes, .waterfall, .flow, .justified])
    func scrollingUpFromAJumpKeepsWhatShowsStill(layout: LayoutKind) throws {
        let source = Counting(counts: Array(repeating: 40, count: 300))
        let grid = Grid(configuration: LazyLayoutTests.config(layout, estimate: Size(width: 90, height: 60)), dataSource: source)
        try grid.reload()
        try grid.scroll(to: Point(x: 0, y: grid.contentSize.height * 0.7))
        var shifts = 0, compared = 0
        for _ in 0..<200 {
            let before = grid.visibleElements()
            let offset = grid.contentOffset.y
            let first = grid.layout.firstLaidOutSection
            try grid.scroll(by: 0, -97)
            if grid.layout.firstLaidOutSection < first { shifts += 1 }
            guard grid.contentOffset.y > 0 else { break }  // clamped at the top: moved less
            // Every element that shows before and after is where it was on screen, moved down by
            // the scroll: the offset moved with the sections laid out above (anchor = item).
            for element in grid.visibleElements() {
                guard let old = before.first(where: { $0.id == element.id }) else { continue }
                compared += 1
                #expect(abs((element.frame.y - grid.contentOffset.y) - (old.frame.y - offset) - 97) < 1e-9)
            }
        }
        #expect(shifts > 3 && compared > 100)
    }

    /// The determinism rule with jumps: any sequence of jumps, scrolls, measures, queries and
    /// `reloadSection`, then everything laid out, gives exactly a full reload's frames.
    @Test(arguments: 0..<200)
    func jumpsThenEverythingIsAFullLayout(seed: Int) throws {
        let random = RandomGrid(seed: UInt64(seed) ^ 0x1_0AB5)
        var rng = SplitMix64(seed: UInt64(seed) ^ 0x7E11)
        var config = random.configuration
        config.estimatedSize = Size(width: Double(Int.random(in: 5...150, using: &rng)), height: Double(Int.random(in: 5...150, using: &rng)))
        config.overscan = Double(Int.random(in: 0...60, using: &rng))
        if Bool.random(using: &rng) { config.anchor = .offset }
        var reference = random.data
        let grid = Grid(configuration: config, dataSource: random.data)
        do { try grid.reload() } catch { return }
        let paths = reference.sections.enumerated().flatMap { s, section in section.sizes.indices.map { GridIndexPath(section: s, item: $0) } }
        let vertical = config.direction == .vertical
        for _ in 0..<16 {
            let extent = max(1, vertical ? grid.contentSize.height : grid.contentSize.width)
            let s = Double(Int.random(in: 0...Int(extent), using: &rng))
            do {
                let op = Int.random(in: 0...7, using: &rng)
                switch op {
                case 0, 1:
                    try grid.scroll(to: vertical ? Point(x: 0, y: s) : Point(x: s, y: 0))
                case 2:
                    try grid.scroll(by: vertical ? 0 : -s / 10, vertical ? -s / 10 : 0)
                case 3:
                    guard !paths.isEmpty else { continue }
                    try grid.scrollToItem(paths[Int.random(in: 0..<paths.count, using: &rng)], alignment: .center)
                case 4:
                    guard !paths.isEmpty else { continue }
                    _ = try grid.frame(of: paths[Int.random(in: 0..<paths.count, using: &rng)])
                case 5:
                    guard !paths.isEmpty else { continue }
                    let path = paths[Int.random(in: 0..<paths.count, using: &rng)]
                    let old = reference.sections[path.section].sizes[path.item]
                    let thick = Double(Int.random(in: 20...150, using: &rng))
                    let size = vertical ? Size(width: old.width, height: thick) : Size(width: thick, height: old.height)
                    try grid.measure(path, size)
                    reference.sections[path.section].sizes[path.item] = size
                case 6:
                    // (A complete layout's reloadSection shifts the sections after it, which can
                    // round differently from a full reload: the lazy ones only, which are exact.)
                    guard !reference.sections.isEmpty, grid.isEstimated else { continue }
                    let section = Int.random(in: 0..<reference.sections.count, using: &rng)
                    try grid.reloadSection(section)
                    // reloadSection forgets the section's measures: the data source's sizes again.
                    reference.sections[section] = random.data.sections[section]
                default:
                    try grid.scrollToEnd()
                }
            } catch {
                // Bad random content fails as a full layout does.
                #expect(throws: (any Error).self, "\(error)") { try ContentLayout(configuration: config, dataSource: reference) }
                return
            }
            // What shows is what the layout holds there.
            if !config.stickyHeaders { #expect(grid.visibleElements() == grid.layout.elements(in: grid.viewport)) }
        }
        let size = vertical ? Rect(x: 0, y: 0, width: config.viewport.width, height: .infinity)
                            : Rect(x: 0, y: 0, width: .infinity, height: config.viewport.height)
        try grid.layOut(through: size)
        #expect(!grid.isEstimated)
        let full = try ContentLayout(configuration: config, dataSource: reference)
        #expect(allElements(of: grid.layout) == allElements(of: full))
        #expect(grid.contentSize == full.contentSize)
    }

    /// A data source that answers a NaN size in the section a jump opens: the jump fails with the
    /// error a full reload gives, and the grid stays as it was (window, offset, what shows).
    @Test func aBadSizeMetByAJumpChangesNothing() throws {
        final class Bad: GridDataSource {
            func numberOfSections() -> Int { 2000 }
            func numberOfItems(inSection section: Int) -> Int { 100 }
            func sizeForItem(at path: GridIndexPath) -> Size {
                path.section == 1500 && path.item == 3 ? Size(width: 100, height: .nan) : Size(width: 100, height: 120)
            }
        }
        let grid = Grid(configuration: LazyLayoutTests.config(), dataSource: Bad())
        try grid.reload()
        try grid.scrollToItem(GridIndexPath(section: 700, item: 50))
        let (offset, shown, first) = (grid.contentOffset, grid.visibleElements(), grid.layout.firstLaidOutSection)
        #expect(first == 700)
        #expect(throws: GridError.self) { try grid.scrollToItem(GridIndexPath(section: 1500, item: 10)) }
        #expect(throws: GridError.self) { try grid.frame(of: GridIndexPath(section: 1500, item: 10)) }
        #expect(grid.contentOffset == offset)
        #expect(grid.visibleElements() == shown)
        #expect(grid.layout.firstLaidOutSection == first)
        // The sections before the bad item are reachable.
        #expect(try grid.frame(of: GridIndexPath(section: 1500, item: 2)).height == 120)
    }
}
