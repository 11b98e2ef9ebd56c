import Testing
import GridLayout
import GridLayoutTestSupport

/// Sections that scroll sideways (`scroll = "cross"`, docs/layout.md, "Sections that scroll
/// sideways"). Every expected frame below is computed by hand.
@Suite struct CrossScrollingTests {
    /// Viewport 150 × 300, padding 10, lineSpacing 5, itemSpacing 10, grid lanes 1.
    /// Section 0 scrolls sideways in 2 lines, inset {top 3, left 4, bottom 7, right 6}, header 20
    /// thick, footer 10; items 40 thick and 60, 50, 70, 40, 30 long (C).
    ///   header (0, 10, 150, 20); items from S = 30 + 5 + 3 = 38, C from 10 + 4 = 14; line 1 at
    ///   38 + 40 + 5 = 83. item 0 → line 0 at C 14 (ends 74); item 1 → line 1 at 14 (ends 64);
    ///   item 2 → line 1 at 74 (ends 144); item 3 → line 0 at 84 (ends 124); item 4 → line 0 at 134
    ///   (ends 164). Lines end at S 123, + inset 7 = 130, footer at 135…145.
    ///   The items' range across C is 14…134 (150 − 10 − 6): the offset goes up to 164 − 134 = 30.
    /// Section 1: one item 100 × 50 at (10, 150). Content 150 × 210.
    /// Horizontal: the same with x and y exchanged.
    static func grid(horizontal: Bool = false, paging: SectionPaging = .none, rtl: Bool = false,
                     secondOptions: SectionOptions? = nil) throws -> Grid {
        var config = GridConfiguration()
        config.direction = horizontal ? .horizontal : .vertical
        config.viewport = horizontal ? size(300, 150) : size(150, 300)
        config.padding = Insets(top: 10, left: 10, bottom: 10, right: 10)
        config.lanes = 1
        config.lineSpacing = 5
        config.itemSpacing = 10
        config.rtl = rtl
        func sz(c: Double, s: Double) -> Size { horizontal ? size(s, c) : size(c, s) }
        let inset = horizontal ? Insets(top: 4, left: 3, bottom: 6, right: 7) : Insets(top: 3, left: 4, bottom: 7, right: 6)
        let options = SectionOptions([.init("scroll", .string("cross")), .init("lanes", .number(2)),
                                      .init("inset", .insets(inset)), .init("sectionPaging", .string(paging.rawValue))])
        let data = ArrayDataSource(sections: [
            .init(sizes: [60, 50, 70, 40, 30].map { sz(c: $0, s: 40) }, header: sz(c: 0, s: 20), footer: sz(c: 0, s: 10), options: options),
            .init(sizes: [sz(c: 100, s: 50)], options: secondOptions),
        ])
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        return grid
    }

    /// (c, s, cSize, sSize) as a frame of the vertical grid, exchanged for the horizontal one.
    static func r(_ c: Double, _ s: Double, _ cSize: Double, _ sSize: Double, _ horizontal: Bool) -> Rect {
        horizontal ? rect(s, c, sSize, cSize) : rect(c, s, cSize, sSize)
    }

    static func path(_ s: Int, _ i: Int) -> GridIndexPath { GridIndexPath(section: s, item: i) }

    @Test(arguments: [false, true])
    func framesInTwoLinesWithAHeaderAFooterAndAnInset(horizontal: Bool) throws {
        let grid = try Self.grid(horizontal: horizontal)
        let h = horizontal
        #expect(try grid.headerFrame(inSection: 0) == Self.r(0, 10, 150, 20, h))
        #expect(try grid.frame(of: Self.path(0, 0)) == Self.r(14, 38, 60, 40, h))
        #expect(try grid.frame(of: Self.path(0, 1)) == Self.r(14, 83, 50, 40, h))
        #expect(try grid.frame(of: Self.path(0, 2)) == Self.r(74, 83, 70, 40, h))
        #expect(try grid.frame(of: Self.path(0, 3)) == Self.r(84, 38, 40, 40, h))
        #expect(try grid.frame(of: Self.path(0, 4)) == Self.r(134, 38, 30, 40, h))
        #expect(try grid.footerFrame(inSection: 0) == Self.r(0, 135, 150, 10, h))
        #expect(try grid.frame(of: Self.path(1, 0)) == Self.r(10, 150, 100, 50, h))
        #expect(grid.contentSize == (h ? size(210, 150) : size(150, 210)))
        #expect(try grid.sectionOffset(0) == 0)
        #expect(try grid.sectionOffset(1) == 0)
    }

    @Test(arguments: [false, true])
    func offsetsMoveTheItemsAloneAndAreClamped(horizontal: Bool) throws {
        let grid = try Self.grid(horizontal: horizontal)
        let h = horizontal
        try grid.scrollSection(0, to: 12)
        #expect(try grid.sectionOffset(0) == 12)
        #expect(try grid.frame(of: Self.path(0, 3)) == Self.r(72, 38, 40, 40, h))
        #expect(try grid.frame(of: Self.path(0, 0)) == Self.r(2, 38, 60, 40, h))
        // The header, the footer, the other section and the grid's offset do not move.
        #expect(try grid.headerFrame(inSection: 0) == Self.r(0, 10, 150, 20, h))
        #expect(try grid.footerFrame(inSection: 0) == Self.r(0, 135, 150, 10, h))
        #expect(try grid.frame(of: Self.path(1, 0)) == Self.r(10, 150, 100, 50, h))
        #expect(grid.contentOffset == .zero)
        try grid.scrollSection(0, to: 100)
        #expect(try grid.sectionOffset(0) == 30)
        #expect(try grid.frame(of: Self.path(0, 4)) == Self.r(104, 38, 30, 40, h))  // the last item ends at the range's end
        try grid.scrollSection(0, to: -5)
        #expect(try grid.sectionOffset(0) == 0)
    }

    /// Item starts less the range's start are 0, 0, 60, 70 and 120; the end, 30, is a stop too.
    @Test func offsetsSnapToItemsAndTheEnd() throws {
        let items = try Self.grid(paging: .item)
        try items.scrollSection(0, to: 10)  // 0 is 10 away, the end 20
        #expect(try items.sectionOffset(0) == 0)
        try items.scrollSection(0, to: 20)  // the end is 10 away, 0 is 20
        #expect(try items.sectionOffset(0) == 30)
        try items.scrollSection(0, to: 15)  // a tie: the lower
        #expect(try items.sectionOffset(0) == 0)
        try items.scrollSection(0, to: 70)  // 70, clamped to 30
        #expect(try items.sectionOffset(0) == 30)
        // Snapping a snapped offset leaves it.
        try items.scrollSection(0, to: 30)
        #expect(try items.sectionOffset(0) == 30)
        try items.scrollSection(0, to: 0)
        #expect(try items.sectionOffset(0) == 0)
    }

    /// 8 items 50 long, 10 apart, from C 14: starts 14, 74, …, 434; range 14…134 (120 long); the
    /// offset goes up to 484 − 134 = 350.
    static func wide(_ paging: SectionPaging) throws -> Grid {
        var config = GridConfiguration()
        config.viewport = size(150, 300)
        config.padding = Insets(top: 10, left: 10, bottom: 10, right: 10)
        config.spacing = 10
        config.sectionPaging = paging
        config.scroll = .cross
        config.inset = Insets(top: 0, left: 4, bottom: 0, right: 6)
        let grid = Grid(configuration: config, dataSource: ArrayDataSource(sizes: Array(repeating: size(50, 40), count: 8)))
        try grid.reload()
        return grid
    }

    @Test func aWideSectionSnapsToItemStartsAndPages() throws {
        let grid = try Self.wide(.item)
        #expect(grid.contentSize == size(150, 60))
        try grid.scrollSection(0, to: 95)  // 60 is 35 away, 120 is 25
        #expect(try grid.sectionOffset(0) == 120)
        #expect(try grid.frame(of: Self.path(0, 2)) == rect(14, 10, 50, 40))
        try grid.scrollSection(0, to: 1000)
        #expect(try grid.sectionOffset(0) == 350)
        #expect(try grid.frame(of: Self.path(0, 7)) == rect(84, 10, 50, 40))
        try grid.scrollSection(0, to: 335)  // the end is 15 away, 360 25, 300 35
        #expect(try grid.sectionOffset(0) == 350)
        let pages = try Self.wide(.page)
        try pages.scrollSection(0, to: 59)
        #expect(try pages.sectionOffset(0) == 0)
        try pages.scrollSection(0, to: 61)
        #expect(try pages.sectionOffset(0) == 120)
        try pages.scrollSection(0, to: 250)  // 240 is 10 away
        #expect(try pages.sectionOffset(0) == 240)
        try pages.scrollSection(0, to: 310)  // the end, 350, is 40 away; 360 (clamped) 50
        #expect(try pages.sectionOffset(0) == 350)
        let free = try Self.wide(.none)
        try free.scrollSection(0, to: 95)
        #expect(try free.sectionOffset(0) == 95)
    }

    /// Items of one size (`itemsHaveSameSize`) scroll sideways too: stored, not a same-size grid.
    /// Width 100, padding 10, spacing 10: 30 × 40 items at x 10, 50, …, 170; offsets up to 110.
    @Test func sameSizeItemsScrollSideways() throws {
        var config = GridConfiguration()
        config.viewport = size(100, 200)
        config.padding = Insets(top: 10, left: 10, bottom: 10, right: 10)
        config.spacing = 10
        config.lanes = 1
        config.scroll = .cross
        let grid = Grid(configuration: config, dataSource: UniformDataSource(counts: [5, 2], size: size(30, 40)))
        try grid.reload()
        #expect(try grid.frame(of: Self.path(0, 4)) == rect(170, 10, 30, 40))
        #expect(try grid.frame(of: Self.path(1, 1)) == rect(50, 60, 30, 40))
        try grid.scrollSection(0, to: 1e9)
        #expect(try grid.sectionOffset(0) == 110)
        #expect(try grid.frame(of: Self.path(0, 4)) == rect(60, 10, 30, 40))
        #expect(grid.layout.storedItemCount == 7)
    }

    @Test func visibleAndIndexPathAtSeeTheItemsWhereTheyAre() throws {
        let grid = try Self.grid()
        try grid.scrollSection(0, to: 30)
        // Item 0 now covers C −16…44, item 4 104…134: all five meet the viewport (0…150).
        let items = grid.visibleElements().compactMap { e -> GridIndexPath? in if case .item(let p) = e.id { return p } else { return nil } }
        #expect(items == [0, 1, 2, 3, 4].map { Self.path(0, $0) } + [Self.path(1, 0)])
        #expect(try grid.indexPath(at: Point(x: 60, y: 50)) == Self.path(0, 3))  // item 3 at C 54…94
        #expect(try grid.indexPath(at: Point(x: 50, y: 50)) == nil)  // between item 0 (ends 44) and item 3
        #expect(try grid.indexPath(at: Point(x: 100, y: 50)) == nil)  // between item 3 and item 4 (from 104)
        try grid.scrollSection(0, to: 0)
        #expect(try grid.indexPath(at: Point(x: 50, y: 50)) == Self.path(0, 0))
        // Item 4 at C 134…164 still meets the viewport's 0…150.
        #expect(try grid.elements(in: rect(140, 0, 10, 300)).map(\.id).contains(.item(Self.path(0, 4))))
    }

    /// At offset 30, line 1 holds item 0 (C −16…44), 3 (54…94) and 4 (104…134); line 2 (S 83…123)
    /// item 1 (−16…34) and 2 (44…114).
    @Test func neighborSeesTheItemsWhereTheOffsetPutsThem() throws {
        let grid = try Self.grid()
        try grid.scrollSection(0, to: 30)
        #expect(try grid.neighbor(of: Self.path(0, 3), .left) == Self.path(0, 0))
        #expect(try grid.neighbor(of: Self.path(0, 3), .right) == Self.path(0, 4))
        #expect(try grid.neighbor(of: Self.path(0, 4), .right) == nil)
        #expect(try grid.neighbor(of: Self.path(0, 3), .down) == Self.path(0, 2))
        #expect(try grid.neighbor(of: Self.path(0, 2), .down) == Self.path(1, 0))
        try grid.scrollSection(0, to: 0)
        // At 0 item 3 (84…124) is past item 2 (74…144 in line 2)'s start: down from item 0 (14…74)
        // is item 1 (14…64), in the beam and nearest.
        #expect(try grid.neighbor(of: Self.path(0, 0), .down) == Self.path(0, 1))
        #expect(try grid.neighbor(of: Self.path(0, 4), .left) == Self.path(0, 3))
    }

    @Test func rtlMirrorsTheSectionAndItsOffset() throws {
        let grid = try Self.grid(rtl: true)
        // Mirrored within the content's width 150: x' = 150 − x − w.
        #expect(try grid.frame(of: Self.path(0, 0)) == rect(76, 38, 60, 40))
        try grid.scrollSection(0, to: 30)
        // C 104…134 mirrored: 16…46; the items move right as the offset grows.
        #expect(try grid.frame(of: Self.path(0, 4)) == rect(16, 38, 30, 40))
    }

    @Test func offsetsLastAcrossReloadsAndResizesWhileTheSectionExists() throws {
        let grid = try Self.grid()
        try grid.scrollSection(0, to: 25)
        try grid.reload()
        #expect(try grid.sectionOffset(0) == 25)
        // Wider: range 14…184, nothing to scroll; narrower again: back at 25.
        try grid.resize(to: size(200, 300))
        #expect(try grid.sectionOffset(0) == 0)
        try grid.resize(to: size(150, 300))
        #expect(try grid.sectionOffset(0) == 25)
        // The section gone, its offset goes with it.
        let full = grid.dataSource as! ArrayDataSource
        grid.dataSource = ArrayDataSource(sections: [])
        try grid.reload()
        grid.dataSource = full
        try grid.reload()
        #expect(try grid.sectionOffset(0) == 0)
    }

    @Test func scrollToItemScrollsTheGridAndTheSection() throws {
        let grid = try Self.grid()
        try grid.resize(to: size(150, 60))
        try grid.scrollToItem(Self.path(0, 4), alignment: .end)
        #expect(try grid.sectionOffset(0) == 30)  // 164 − 134
        #expect(grid.contentOffset == Point(x: 0, y: 18))  // item 4 ends at S 78: 78 − 60
        try grid.scrollToItem(Self.path(0, 1), alignment: .start)
        #expect(try grid.sectionOffset(0) == 0)
        #expect(grid.contentOffset == Point(x: 0, y: 83))
        try grid.scrollToItem(Self.path(0, 2), alignment: .center)
        // Item 2's centre at C 109; the range's centre 74: offset 35, clamped to 30.
        #expect(try grid.sectionOffset(0) == 30)
        try grid.scrollSection(0, to: 0)
        try grid.scrollToItem(Self.path(0, 3), alignment: .nearest)  // 84…124 is inside 14…134: stays
        #expect(try grid.sectionOffset(0) == 0)
        try grid.scrollToItem(Self.path(0, 4), alignment: .nearest)  // 134…164 passes 134: 30
        #expect(try grid.sectionOffset(0) == 30)
    }

    @Test func badCallsChangeNothing() throws {
        let grid = try Self.grid()
        try grid.scrollSection(0, to: 10)
        #expect(throws: GridError.notSideways(section: 1)) { try grid.scrollSection(1, to: 5) }
        #expect(throws: GridError.sectionOutOfRange(2, sectionCount: 2)) { try grid.scrollSection(2, to: 5) }
        #expect(throws: GridError.sectionOutOfRange(-1, sectionCount: 2)) { try grid.sectionOffset(-1) }
        #expect(throws: GridError.invalidSectionOffset(section: 0, .infinity)) { try grid.scrollSection(0, to: .infinity) }
        #expect(throws: GridError.invalidSectionOffset(section: 0, -.infinity)) { try grid.scrollSection(0, to: -.infinity) }
        let nan = #expect(throws: GridError.self) { try grid.scrollSection(0, to: .nan) }
        #expect(nan?.message(base: 1) == "scrollSection: offset nan for section 1 is invalid (expected a finite number)")
        #expect(try grid.sectionOffset(0) == 10)
        #expect(GridError.notSideways(section: 1).message(base: 1)
                == "scrollSection: section 2 does not scroll sideways (it needs the option 'scroll' = 'cross' and items)")
        #expect(GridError.invalidSectionOffset(section: 0, .nan).kind == .invalidArgument)
        #expect(GridError.notSideways(section: 0).kind == .wrongState)
    }

    @Test func loadedElementsFollowTheSectionOffset() throws {
        final class Recorder: GridObserver {
            var changes: [LoadedChange] = []
            func grid(_ grid: Grid, didChangeLoaded change: LoadedChange) { changes.append(change) }
        }
        // Narrow: range 14…84 (viewport 100), items 0…2 and part of 3 show at offset 0.
        let grid = try Self.grid()
        let recorder = Recorder()
        grid.observer = recorder
        try grid.resize(to: size(100, 300))
        recorder.changes.removeAll()
        #expect(!grid.loaded.map(\.id).contains(.item(Self.path(0, 4))))  // C 134…164
        try grid.scrollSection(0, to: 60)  // item 4 comes in at 74…104; item 0 at −46…14 stays
        #expect(recorder.changes.count == 1)
        #expect(recorder.changes[0].loaded.map(\.id) == [.item(Self.path(0, 4))])
        #expect(recorder.changes[0].unloaded.isEmpty)
        try grid.scrollSection(0, to: 80)  // item 0 at −66…−6 and item 1 at −66…−16 leave
        #expect(recorder.changes.count == 2)
        #expect(Set(recorder.changes[1].unloaded) == [.item(Self.path(0, 0)), .item(Self.path(0, 1))])
        #expect(recorder.changes[1].loaded.isEmpty)
    }

    @Test func appendedItemsLayTheSectionOutAgainAtItsOffset() throws {
        let grid = try Self.grid(secondOptions: SectionOptions([.init("scroll", .string("cross"))]))
        var data = grid.dataSource as! ArrayDataSource
        // Section 1, one line: item 0 at C 10…110; 4 more of 100: up to 10 + 5·110 − 10 = 550.
        try grid.scrollSection(1, to: 0)
        data.sections[1].sizes += Array(repeating: size(100, 50), count: 4)
        grid.dataSource = data
        try grid.reloadNew()
        try grid.scrollSection(1, to: 300)
        #expect(try grid.frame(of: Self.path(1, 3)) == rect(40, 150, 100, 50))  // 340 − 300
        let fresh = try Self.grid(secondOptions: SectionOptions([.init("scroll", .string("cross"))]))
        fresh.dataSource = data
        try fresh.reload()
        try fresh.scrollSection(1, to: 300)
        #expect(allElements(of: grid.layout) == allElements(of: fresh.layout))
        #expect(grid.layout.storedItemCount == 10)
    }

    /// Section 0's five items at offset 30 stand at C −16 (item 0), −16 (1), 44 (2), 54 (3) and 104
    /// (4); section 1's item at (10, 150). With moves across sections allowed, a drag still stays
    /// in a sideways section, and no other item enters one.
    @Test func dragsReorderWithinASidewaysSectionOnly() throws {
        let grid = try Self.grid()
        var data = grid.dataSource as! ArrayDataSource
        data.movesAcrossSections = true
        data.sections[1].sizes.append(size(100, 50))
        grid.dataSource = data
        grid.configuration.sort = true
        grid.configuration.animationDuration = 0
        try grid.reload()
        try grid.scrollSection(0, to: 30)
        #expect(try grid.beginDrag(at: Point(x: 60, y: 50)) == Self.path(0, 3))
        try grid.drag(to: Point(x: 60, y: 175))  // over section 1's first item
        try grid.endDrag()
        #expect(try grid.layout.itemCount(inSection: 0) == 5)
        #expect(try grid.layout.itemCount(inSection: 1) == 2)
        #expect(try grid.beginDrag(at: Point(x: 20, y: 175)) == Self.path(1, 0))
        try grid.drag(to: Point(x: 60, y: 50))  // over the carousel
        try grid.endDrag()
        #expect(try grid.layout.itemCount(inSection: 0) == 5)
        #expect(try grid.layout.itemCount(inSection: 1) == 2)
        // Within the section, the dragged item moves: item 1 (C −16…34, line 1) to item 4's place.
        #expect(try grid.beginDrag(at: Point(x: 20, y: 100)) == Self.path(0, 1))
        try grid.drag(to: Point(x: 134, y: 60))
        try grid.endDrag()
        let moved = (grid.dataSource as! ArrayDataSource).sections[0].sizes
        #expect(moved.map(\.width) != [60, 50, 70, 40, 30])
        #expect(moved.count == 5 && Set(moved.map(\.width)) == [60, 50, 70, 40, 30])
        #expect(try grid.sectionOffset(0) <= 30)
    }

    /// Random sideways sections (1 to 3 lines, items of random lengths and thicknesses) in grids of
    /// every direction, with random offsets: the queries equal a scan of every frame, a lazy
    /// layout laid out to its end equals the full one, and reloadSection keeps the offsets.
    @Test(arguments: 0..<60)
    func queriesEqualAScanOfShiftedFrames(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed &* 7919 &+ 11)
        func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        var config = GridConfiguration()
        config.direction = int(0...1) == 0 ? .vertical : .horizontal
        config.viewport = size(Double(int(120...300)), Double(int(120...300)))
        config.padding = Insets(top: Double(int(0...10)), left: Double(int(0...10)), bottom: Double(int(0...10)), right: Double(int(0...10)))
        config.spacing = Double(int(0...8))
        config.rtl = int(0...3) == 0
        config.stickyHeaders = int(0...2) == 0
        config.background = int(0...2) == 0
        let vertical = config.direction == .vertical
        func sz(c: Int, s: Int) -> Size { vertical ? size(Double(c), Double(s)) : size(Double(s), Double(c)) }
        var sections: [ArrayDataSource.Section] = []
        for _ in 0..<int(1...6) {
            let cross = int(0...2) > 0
            let count = int(0...40)
            let sizes = (0..<count).map { _ in sz(c: int(0...120), s: int(0...60)) }
            var entries: [SectionOptions.Entry] = []
            if cross {
                entries = [.init("scroll", .string("cross")), .init("lanes", .number(Double(int(1...3)))),
                           .init("sectionPaging", .string(SectionPaging.allCases[int(0...2)].rawValue)),
                           .init("inset", .insets(Insets(top: Double(int(0...6)), left: Double(int(0...6)), bottom: Double(int(0...6)), right: Double(int(0...6)))))]
            }
            sections.append(.init(sizes: sizes, header: int(0...1) == 0 ? nil : sz(c: 0, s: int(0...30)),
                                  footer: int(0...2) == 0 ? sz(c: 0, s: int(0...20)) : nil,
                                  options: entries.isEmpty ? nil : SectionOptions(entries)))
        }
        let data = ArrayDataSource(sections: sections)
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        for s in 0..<sections.count where sections[s].options != nil && !sections[s].sizes.isEmpty {
            try grid.scrollSection(s, to: Double(int(0...600)))
        }
        let content = grid.contentSize
        for _ in 0..<6 {
            let probe = rect(Double(int(-50...Int(content.width))), Double(int(-50...Int(content.height))), Double(int(1...200)), Double(int(1...200)))
            #expect(try grid.elements(in: probe) == bruteForceElements(of: grid.layout, in: probe), "seed \(seed), \(probe)")
            let point = Point(x: probe.x + 0.5, y: probe.y + 0.5)
            #expect(try grid.indexPath(at: point) == bruteForceIndexPath(of: grid.layout, at: point))
        }
        // The same data laid out lazily, then to its end, at the same offsets.
        var lazyConfig = config
        lazyConfig.estimatedSize = size(40, 40)
        let lazy = Grid(configuration: lazyConfig, dataSource: data)
        try lazy.reload()
        for s in 0..<sections.count { try? lazy.scrollSection(s, to: try grid.sectionOffset(s)) }
        try lazy.layOut(through: rect(-1e6, -1e6, 2e6, 2e6))
        #expect(allElements(of: lazy.layout) == allElements(of: grid.layout), "seed \(seed)")
        // Laying a section out again keeps every offset.
        let offsets = try (0..<sections.count).map { try grid.sectionOffset($0) }
        try grid.reloadSection(0)
        #expect(try (0..<sections.count).map { try grid.sectionOffset($0) } == offsets)
    }
}
