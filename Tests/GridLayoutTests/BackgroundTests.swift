import Testing
import GridLayout
import GridLayoutTestSupport

/// Section backgrounds (`background`, docs/layout.md, "Section backgrounds"): one element per
/// section with elements, along S from its first element's start to its last element's end (the
/// inset included around items), across C the content less the padding. Every expected frame
/// below is computed by hand.
@Suite struct BackgroundTests {
    /// Width 320, padding 10 on every side, lanes 2, lineSpacing 5, itemSpacing 10, inset
    /// {top 5, bottom 15}, items 100 × 50 (lanes at x 10 and 120):
    ///   section 0: header (0, 10, 320, 20); items at 30 + 5 + 5 = 40: (10, 40), (120, 40),
    ///              (10, 95); they end at 145, the inset's 15 follows (160), footer at 165…195.
    ///              Background (10, 10, 300, 185).
    ///   section 1: no header: 195 + 5 = 200, items at 205: (10, 205), (120, 205), ending at 255,
    ///              + 15 = 270. Background (10, 200, 300, 70).
    ///   section 2: nothing: no background.
    ///   section 3: a footer alone at 275…300. Background (10, 275, 300, 25). Content 310.
    /// Horizontal: the same with x and y swapped.
    func grid(horizontal: Bool = false, background: Bool = true, options: [SectionOptions?] = [nil, nil, nil, nil],
              rtl: Bool = false, padding: Insets = Insets(top: 10, left: 10, bottom: 10, right: 10)) throws -> Grid {
        var config = GridConfiguration()
        config.direction = horizontal ? .horizontal : .vertical
        config.viewport = horizontal ? Size(width: 400, height: 320) : Size(width: 320, height: 400)
        config.padding = horizontal ? Insets(top: padding.left, left: padding.top, bottom: padding.right, right: padding.bottom) : padding
        config.lanes = 2
        config.lineSpacing = 5
        config.itemSpacing = 10
        config.inset = horizontal ? Insets(top: 0, left: 5, bottom: 0, right: 15) : Insets(top: 5, left: 0, bottom: 15, right: 0)
        config.background = background
        config.rtl = rtl
        func size(c: Double, s: Double) -> Size { horizontal ? Size(width: s, height: c) : Size(width: c, height: s) }
        let item = size(c: 100, s: 50)
        let data = ArrayDataSource(sections: [
            .init(sizes: [item, item, item], header: size(c: 320, s: 20), footer: size(c: 320, s: 30), options: options[0]),
            .init(sizes: [item, item], options: options[1]),
            .init(sizes: [], options: options[2]),
            .init(sizes: [], footer: size(c: 320, s: 25), options: options[3]),
        ])
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        return grid
    }

    /// (x, y, w, h) for the vertical case, swapped for the horizontal one.
    func r(_ c: Double, _ s: Double, _ cSize: Double, _ sSize: Double, horizontal: Bool) -> Rect {
        horizontal ? rect(s, c, sSize, cSize) : rect(c, s, cSize, sSize)
    }

    @Test(arguments: [false, true])
    func framesWithAndWithoutHeaderFooterAndInset(horizontal: Bool) throws {
        let grid = try grid(horizontal: horizontal)
        #expect(try grid.backgroundFrame(inSection: 0) == r(10, 10, 300, 185, horizontal: horizontal))
        #expect(try grid.backgroundFrame(inSection: 1) == r(10, 200, 300, 70, horizontal: horizontal))
        #expect(try grid.backgroundFrame(inSection: 2) == nil)
        #expect(try grid.backgroundFrame(inSection: 3) == r(10, 275, 300, 25, horizontal: horizontal))
        #expect(grid.contentSize == (horizontal ? Size(width: 310, height: 320) : Size(width: 320, height: 310)))
        // The other frames are those of the grid without backgrounds.
        #expect(try grid.frame(of: GridIndexPath(section: 0, item: 2)) == r(10, 95, 100, 50, horizontal: horizontal))
        #expect(try grid.footerFrame(inSection: 0) == r(0, 165, 320, 30, horizontal: horizontal))
        #expect(try grid.frame(of: GridIndexPath(section: 1, item: 1)) == r(120, 205, 100, 50, horizontal: horizontal))
        #expect(throws: GridError.self) { try grid.backgroundFrame(inSection: 4) }
    }

    /// `visible()` lists a section's background first, before its header.
    @Test(arguments: [false, true])
    func listedFirstInItsSection(horizontal: Bool) throws {
        let grid = try grid(horizontal: horizontal)
        let ids = grid.visibleElements().map(\.id)
        let item = { (s: Int, i: Int) in ElementID.item(GridIndexPath(section: s, item: i)) }
        #expect(ids == [.background(section: 0), .header(section: 0), item(0, 0), item(0, 1), item(0, 2), .footer(section: 0),
                        .background(section: 1), item(1, 0), item(1, 1), .background(section: 3), .footer(section: 3)])
        #expect(grid.visibleElements().first == GridElement(id: .background(section: 0), frame: r(10, 10, 300, 185, horizontal: horizontal)))
        // A rectangle inside section 1's inset below its items meets its background alone.
        #expect(grid.layout.elements(in: r(0, 260, 320, 5, horizontal: horizontal)).map(\.id) == [.background(section: 1)])
        // Never an item: indexPath(at:) ignores backgrounds.
        #expect(try grid.indexPath(at: horizontal ? Point(x: 262, y: 300) : Point(x: 300, y: 262)) == nil)
    }

    /// Off, the elements are exactly those without the option.
    @Test func offListsNone() throws {
        let grid = try grid(background: false)
        #expect(grid.visibleElements().count == 8)
        #expect(!grid.visibleElements().contains { if case .background = $0.id { true } else { false } })
        #expect(try grid.backgroundFrame(inSection: 0) == nil)
    }

    /// Right to left: mirrored like everything else. Padding left 20, right 10: C from 20 to 310,
    /// mirrored to x = 320 − 310 = 10, 290 wide.
    @Test func rightToLeft() throws {
        let grid = try grid(rtl: true, padding: Insets(top: 10, left: 20, bottom: 10, right: 10))
        #expect(try grid.backgroundFrame(inSection: 0) == rect(10, 10, 290, 185))
        #expect(try grid.backgroundFrame(inSection: 1) == rect(10, 200, 290, 70))
        let ltr = try self.grid(padding: Insets(top: 10, left: 20, bottom: 10, right: 10))
        #expect(try ltr.backgroundFrame(inSection: 1) == rect(20, 200, 290, 70))
    }

    /// As a section key alone: only section 1 has one; and a section may turn the grid's off.
    @Test func asASectionKey() throws {
        let on = SectionOptions([.init("background", .bool(true))]), off = SectionOptions([.init("background", .bool(false))])
        let grid = try grid(background: false, options: [nil, on, on, nil])
        #expect(try (0...3).map { try grid.backgroundFrame(inSection: $0) } == [nil, rect(10, 200, 300, 70), nil, nil])
        #expect(grid.visibleElements().filter { if case .background = $0.id { true } else { false } }.map(\.id) == [.background(section: 1)])
        let most = try self.grid(options: [off, nil, nil, nil])
        #expect(try most.backgroundFrame(inSection: 0) == nil)
        #expect(try most.backgroundFrame(inSection: 3) == rect(10, 275, 300, 25))
    }

    /// Bad values name the option, and the section for a section key; the previous layout stays.
    @Test func badValuesAreErrors() throws {
        var config = GridConfiguration()
        #expect(throws: GridError.self) { try config.set("background", to: .number(3)) }
        do {
            try config.set("background", to: .number(3))
        } catch {
            #expect("\(error)".contains("background"))
            #expect("\(error)".contains("3"))
        }
        let grid = try grid()
        let before = grid.visibleElements()
        grid.dataSource = ArrayDataSource(sections: [.init(sizes: [Size(width: 10, height: 10)],
                                                           options: SectionOptions([.init("background", .number(3))]))])
        do {
            try grid.reload()
            Issue.record("a bad section key was taken")
        } catch {
            #expect("\(error)".contains("background"))
        }
        #expect(grid.visibleElements() == before)
    }

    /// One lane of 100 × 50 items, no spacing, backgrounds on: `counts` items per section, in a
    /// viewport 100 wide and `height` tall, with `adjust` applied to the configuration.
    func oneLane(_ counts: [Int], height: Double, _ adjust: (inout GridConfiguration) -> Void = { _ in }) throws -> (Grid, ArrayDataSource) {
        var config = GridConfiguration()
        config.viewport = Size(width: 100, height: height)
        config.lanes = 1
        config.spacing = 0
        config.background = true
        adjust(&config)
        let data = ArrayDataSource(sections: counts.map { .init(sizes: Array(repeating: Size(width: 100, height: 50), count: $0)) })
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        return (grid, data)
    }

    /// Animations: a background slides with its section. Lanes 1, items 100 × 50, no spacing:
    /// section 0 holds 2 items (0…100), section 1 one (100…150). Inserting an item into section 0
    /// moves section 1's background from 100 to 150; half-way (eased 0.5) it is at 125.
    @Test func slidesWithItsSection() throws {
        let (grid, data) = try oneLane([2, 1], height: 400) { $0.animationDuration = 1 }
        #expect(try grid.backgroundFrame(inSection: 1) == rect(0, 100, 100, 50))
        var grown = data
        grown.sections[0].sizes.append(Size(width: 100, height: 50))
        grid.dataSource = grown
        try grid.insertItem(at: GridIndexPath(section: 0, item: 2), animated: true)
        try grid.step(0.5)
        let mid = grid.visibleElements().first { $0.id == .background(section: 1) }
        #expect(mid?.frame == rect(0, 125, 100, 50))
        // Section 0's grows from 100 to 150 tall: 125 half-way.
        #expect(grid.visibleElements().first?.frame == rect(0, 0, 100, 125))
        try grid.step(1)
        #expect(try grid.backgroundFrame(inSection: 1) == rect(0, 150, 100, 50))
    }

    /// The anchor is never a background: lanes 1, ten items 100 × 50, the viewport at 120 shows
    /// the background (from 0) first, then item 2 (100…150, at −20 on screen). Inserting an item
    /// at 0 moves item 2 (now 3) to 150: the offset follows it to 170, where the background alone
    /// would have kept it at 120.
    @Test func theAnchorSkipsBackgrounds() throws {
        let (grid, data) = try oneLane([10], height: 100) { $0.anchor = .item }
        try grid.scroll(to: Point(x: 0, y: 120))
        #expect(grid.visibleElements().first?.id == .background(section: 0))
        var grown = data
        grown.sections[0].sizes.insert(Size(width: 100, height: 50), at: 0)
        grid.dataSource = grown
        try grid.insertItem(at: GridIndexPath(section: 0, item: 0), animated: false)
        #expect(grid.contentOffset == Point(x: 0, y: 170))
    }

    /// Lazy layout: a section's background only once the section is laid out whole, and then
    /// the full layout's. One section of 400 items 100 × 50 in one lane, estimated 100 × 50.
    @Test func lazyOnlyWhenTheSectionIsWhole() throws {
        let (grid, _) = try oneLane([400, 1], height: 100) { $0.estimatedSize = Size(width: 100, height: 50) }
        #expect(!grid.visibleElements().contains { $0.id == .background(section: 0) })
        #expect(try grid.backgroundFrame(inSection: 0) == rect(0, 0, 100, 20_000))
        #expect(grid.visibleElements().first?.id == .background(section: 0))
    }
}
