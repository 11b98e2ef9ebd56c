import Testing
import GridLayout
import GridLayoutTestSupport

private func path(_ section: Int, _ item: Int) -> GridIndexPath { GridIndexPath(section: section, item: item) }

/// Faults 10 and 11 of the reliability pass: content that would overflow to infinity, or pass the
/// extent where Doubles stop resolving a fraction of a point, is refused with an error naming the
/// limit, and the previous layout stays; content below it is exact.
@Suite struct ExtentLimitTests {
    func grid(_ options: [(String, OptionValue)], _ source: any GridDataSource) throws -> Grid {
        Grid(configuration: try configuration([("width", .number(300)), ("height", .number(300))] + options), dataSource: source)
    }

    @Test func sizesThatAddUpToInfinityAreRefused() throws {
        let data = ArrayDataSource(sizes: [size(100, 1e308), size(100, 1e308)])
        let g = try grid([("lanes", .number(1))], data)
        let error = GridError.extentTooLarge(at: .section(0), end: .infinity)
        #expect(throws: error) { try g.reload() }
        #expect(error.message(base: 1) == "section 1 would end at inf, past the largest content extent of 1099511627776 points (2^40, where frames stay exact to 1/4096 point)")
        #expect(g.contentSize == size(300, 0))
    }

    @Test func aWaterfallItemOfNoWidthToSpeakOfIsRefused() throws {
        let g = try grid([("layout", .string("waterfall")), ("columns", .number(2))], ArrayDataSource(sizes: [size(.leastNonzeroMagnitude, 10)]))
        #expect(throws: GridError.extentTooLarge(at: .section(0), end: .infinity)) { try g.reload() }
    }

    @Test func aFailedReloadKeepsTheLayoutBefore() throws {
        let data = ListDataSource([items(4)])
        let g = try grid([("lanes", .number(2))], data)
        try g.reload()
        let before = g.visibleElements()
        data.sections[0][3] = size(100, 2e12)
        // Item 3 goes to lane 1, at y = 50.
        #expect(throws: GridError.extentTooLarge(at: .section(0), end: 2e12 + 50)) { try g.reload() }
        #expect(throws: GridError.extentTooLarge(at: .section(0), end: 2e12 + 50)) { try g.reloadSection(0) }
        #expect(g.visibleElements() == before)
        #expect(g.contentSize == size(300, 100))
        // Appended items that pass it: reloadNew refuses them and keeps the section as it was.
        data.sections[0][3] = size(100, 50)
        try g.reload()
        data.sections[0].append(size(100, 2e12))
        #expect(throws: GridError.extentTooLarge(at: .section(0), end: 2e12 + 100)) { try g.reloadNew() }
        #expect(g.contentSize == size(300, 100))
        #expect(try g.frame(of: path(0, 3)) == Rect(x: 100, y: 50, width: 100, height: 50))
    }

    @Test func aSameSizeGridOf2To53ItemsIsRefusedNamingTheLimit() throws {
        let g = try grid([("lanes", .number(3))], UniformDataSource(counts: [1 << 53], size: size(100, 100)))
        do {
            try g.reload()
            Issue.record("expected the reload to fail")
        } catch {
            guard case .extentTooLarge(.section(0), let end) = error else { Issue.record("\(error)"); return }
            #expect(end > GridLimits.maxExtent)
        }
    }

    @Test func theLargestSameSizeGridsAreExactToThePoint() throws {
        // 3 × 10^10 items in rows of 3, 100 points apart: 10^12 points, just under the limit.
        let n = 30_000_000_000
        let g = try grid([("lanes", .number(3))], UniformDataSource(counts: [n], size: size(100, 100)))
        try g.reload()
        #expect(g.contentSize == size(300, 1e12))
        try g.scrollToItem(path(0, n - 300))
        #expect(g.viewport.y == 1e12 - 10_000)
        #expect(g.visibleElements().count == 9)
        #expect(try g.indexPath(at: Point(x: g.viewport.x + 1, y: g.viewport.y + 1)) == path(0, n - 300))
        #expect(try g.frame(of: path(0, n - 1)) == Rect(x: 200, y: 1e12 - 100, width: 100, height: 100))
        #expect(try g.frame(of: path(0, n - 300)) == Rect(x: 0, y: 1e12 - 10_000, width: 100, height: 100))
    }

    @Test func theViewportIsBoundedToo() throws {
        var config = GridConfiguration()
        #expect(throws: GridError.invalidOption(name: "width", value: "1e+300", expected: "a number in 0...1099511627776 (the largest content extent)")) {
            try config.set("width", to: .number(1e300))
            try config.validate()
        }
    }

    @Test func paddingThatPassesTheLimitIsRefused() throws {
        let g = try grid([("padding", .number(6e11))], ArrayDataSource(sizes: []))
        #expect(throws: GridError.extentTooLarge(at: .grid, end: 1.2e12)) { try g.reload() }
    }
}

/// The loaded set of a viewport over a same-size section is listed item by item: a section of
/// 2^53 items 1e-300 thick (within the extent limit) would list them all. Such a section is
/// refused when a viewport could hold more than `GridLimits.maxShownItems` of its items, at
/// reload and at a resize that lengthens the viewport.
@Suite struct ShownItemsLimitTests {
    @Test func aSectionTooDenseToShowIsRefusedNamingTheLimit() throws {
        let grid = Grid(configuration: try configuration([("width", .number(300)), ("height", .number(300)), ("lanes", .number(3))]),
                        dataSource: UniformDataSource(counts: [1 << 53], size: size(100, 1e-300)))
        do {
            try grid.reload()
            Issue.record("expected the reload to fail")
        } catch {
            guard case .tooManyShown(section: 0, let items, window: 300) = error else { Issue.record("\(error)"); return }
            #expect(items == Double(1 << 53))
            #expect(error.message(base: 1) == "section 1: a viewport 300 points long (with its overscan) would hold about 9007199254740992 of its items, more than 1000000 (items this thin or this many cannot be shown)")
        }
        #expect(grid.contentSize == size(300, 0))
    }

    @Test func theBoundIsTheWindowOverThePitchTimesTheLanes() throws {
        // 100 points a row (90 + 10), 3 lanes: a 300-point window overlaps at most 3 + 2 rows.
        let config = try configuration([("width", .number(300)), ("height", .number(300)), ("lanes", .number(3)), ("spacing", .number(10))])
        let grid = Grid(configuration: config, dataSource: UniformDataSource(counts: [1_000_000_000], size: size(90, 90)))
        try grid.reload()
        // A resize that lengthens the viewport past the bound is refused, and changes nothing.
        let long = GridLimits.maxShownItems * 40  // rows of 100 points: ~1.2M items in view
        #expect(throws: GridError.tooManyShown(section: 0, items: Double((long / 100 + 2) * 3), window: Double(long))) {
            try grid.resize(to: size(300, Double(long)))
        }
        #expect(grid.viewport.height == 300)
        try grid.resize(to: size(300, 30_000))  // 302 rows, 906 items: fine
        #expect(grid.visibleElements().count == 900)
    }
}
