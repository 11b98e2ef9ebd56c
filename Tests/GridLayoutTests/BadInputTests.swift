import Testing
import GridLayout
import GridLayoutTestSupport

/// Bad values give a typed error naming what was wrong and where; a failed reload changes nothing.
@Suite struct BadInputTests {
    func layoutError(_ data: any GridDataSource, _ config: GridConfiguration = GridConfiguration()) -> GridError? {
        do {
            _ = try ContentLayout(configuration: config, dataSource: data)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, -1], [false, true])
    func badItemSizesNameTheCallbackItemAndValue(bad: Double, bulk: Bool) {
        let sizes = ArrayDataSource(sections: [.init(sizes: [size(10, 10)]), .init(sizes: [size(10, 10), size(10, bad)])])
        let error = bulk ? layoutError(sizes) : layoutError(PerItemDataSource(sizes))
        let callback: DataSourceCallback = bulk ? .itemSizes : .itemSize
        if case .invalidSize(callback, .item(let path), let given) = error {
            #expect(path == GridIndexPath(section: 1, item: 1))
            #expect(given.height.isNaN ? bad.isNaN : given.height == bad)
        } else {
            Issue.record("expected invalidSize, got \(String(describing: error))")
        }
        let name = ErrorVocabulary.tests(base: 0).callback(callback)
        let shown = bad.isNaN ? "nan" : bad == .infinity ? "inf" : bad == -.infinity ? "-inf" : "-1"
        #expect(error?.message() == "data source '\(name)' returned 10x\(shown) for item (section 1, item 1) (sizes must be finite and >= 0)")
        #expect(error?.message(base: 1) == "data source '\(name)' returned 10x\(shown) for item (section 2, item 2) (sizes must be finite and >= 0)")
    }

    /// Sizes are checked a batch at a time: with several refused in one batch, far into the
    /// section, the error still names the first of them, in either direction and either path.
    @Test(arguments: [ScrollDirection.vertical, .horizontal], [false, true])
    func theFirstRefusedSizeOfABatchIsNamed(direction: ScrollDirection, bulk: Bool) {
        var sizes = (0..<700).map { size(10 + Double($0 % 7), 20 + Double($0 % 11)) }
        sizes[301] = size(.nan, 10)
        sizes[302] = size(10, -1)
        sizes[650] = size(.infinity, 10)
        var config = GridConfiguration()
        config.direction = direction
        let data = ArrayDataSource(sizes: sizes)
        let error = bulk ? layoutError(data, config) : layoutError(PerItemDataSource(data), config)
        guard case .invalidSize(_, .item(let path), let given) = error else {
            Issue.record("expected invalidSize, got \(String(describing: error))")
            return
        }
        #expect(path == GridIndexPath(section: 0, item: 301))
        #expect(given.width.isNaN && given.height == 10)
        // Past the largest extent across the axis: its own error, for the first such item.
        sizes = (0..<700).map { _ in size(10, 10) }
        let across = GridLimits.maxExtent * 2
        sizes[520] = direction == .vertical ? size(across, 10) : size(10, across)
        sizes[521] = size(-1, -1)
        let tooLarge = layoutError(ArrayDataSource(sizes: sizes), config)
        guard case .extentTooLarge(.item(let at), let end) = tooLarge else {
            Issue.record("expected extentTooLarge, got \(String(describing: tooLarge))")
            return
        }
        #expect(at == GridIndexPath(section: 0, item: 520) && end == across)
    }

    @Test func bulkSizesMustMatchTheCount() {
        struct Short: GridDataSource {
            func numberOfItems(inSection section: Int) -> Int { 3 }
            func sizeForItem(at indexPath: GridIndexPath) -> Size { size(1, 1) }
            func sizesForItems(inSection section: Int) -> [Size]? { [size(1, 1), size(2, 2)] }
        }
        #expect(layoutError(Short())?.message() == "data source 'sizes' returned 2 sizes for section 0, but 'count' returned 3 earlier in the same reload")
    }

    @Test func perItemAndBulkPathsGiveTheSameFrames() throws {
        for seed in UInt64(1)...40 {
            let grid = RandomGrid(seed: seed)
            let bulk = try ContentLayout(configuration: grid.configuration, dataSource: grid.data)
            let each = try ContentLayout(configuration: grid.configuration, dataSource: PerItemDataSource(grid.data))
            #expect(allElements(of: bulk) == allElements(of: each), "seed \(seed)")
        }
    }

    @Test func badHeaderSizeNamesTheHeader() {
        let data = ArrayDataSource(sections: [.init(sizes: [], header: size(320, -5))])
        #expect(layoutError(data)?.message() == "data source 'header' returned 320x-5 for header of section 0 (sizes must be finite and >= 0)")
    }

    @Test func negativeAndAbsurdCounts() {
        struct Counts: GridDataSource {
            var sections = 1, items = 1, lanes: Int? = nil
            func numberOfSections() -> Int { sections }
            func numberOfItems(inSection section: Int) -> Int { items }
            func sizeForItem(at indexPath: GridIndexPath) -> Size { size(1, 1) }
            func lanes(inSection section: Int) -> Int? { lanes }
        }
        #expect(layoutError(Counts(items: -3))?.message() == "data source 'count' returned -3 for section 0 (expected 0...9007199254740992)")
        #expect(layoutError(Counts(sections: -1))?.message() == "data source 'sections' returned -1 (expected 0...1000000)")
        #expect(layoutError(Counts(sections: 2_000_000))?.message() == "data source 'sections' returned 2000000 (expected 0...1000000)")
        #expect(layoutError(Counts(lanes: 0))?.message() == "data source 'lanes' returned 0 for section 0 (expected 1...10000)")
        #expect(layoutError(Counts(items: 200_000_000))?.message()
                == "section 0: its items make 200000000 stored frames, past the limit of 100000000 (same-size lanes, flow and waterfall store none)")
    }

    @Test func justifiedItemWithoutHeightHasNoAspectRatio() throws {
        let config = try configuration([("layout", .string("justified"))])
        let error = layoutError(ArrayDataSource(sizes: [size(100, 50), size(80, 0)]), config)
        #expect(error?.message() == "item (section 0, item 1): size 80x0 has no aspect ratio (justified needs a size > 0 along the scroll axis)")
    }

    @Test func waterfallColumnsThatDoNotFit() throws {
        let config = try configuration([("layout", .string("waterfall")), ("columns", .number(4)),
                                        ("spacing", .number(10)), ("width", .number(25))])
        #expect(layoutError(ArrayDataSource(sizes: [size(1, 1)]), config)?.message()
                == "waterfall: 4 columns with itemSpacing 10 do not fit in 25 (the viewport less padding)")
    }

    @Test func aThrowingCallbackIsNamedWithItsIndexPath() {
        let data = FailingDataSource(base: ArrayDataSource(sizes: Array(repeating: size(10, 10), count: 5)),
                                     failAt: GridIndexPath(section: 0, item: 3))
        #expect(layoutError(data) == .callbackFailed(callback: .itemSize, at: .item(GridIndexPath(section: 0, item: 3)), message: "boom"))
        #expect(layoutError(data)?.message(base: 1) == "data source 'size' failed for item (section 1, item 4): boom")
    }

    @Test func optionsAreCheckedByName() {
        var config = GridConfiguration()
        func error(_ name: String, _ value: OptionValue) -> String? {
            do { try config.set(name, to: value); return nil } catch { return error.message() }
        }
        #expect(error("lanes", .number(0)) == "option 'lanes': 0 is invalid (expected 1...10000)")
        #expect(error("lanes", .number(2.5)) == "option 'lanes': 2.5 is invalid (expected an integer)")
        #expect(error("spacing", .number(-.nan)) == "option 'spacing': nan is invalid (expected a finite number >= 0)")
        #expect(error("width", .number(.infinity)) == "option 'width': inf is invalid (expected a finite number >= 0)")
        #expect(error("layout", .string("grid")) == "option 'layout': 'grid' is invalid (expected one of 'lanes', 'waterfall', 'flow', 'justified')")
        #expect(error("direction", .number(1)) == "option 'direction': 1 is invalid (expected one of 'vertical', 'horizontal')")
        #expect(error("tolerance", .number(1.5)) == "option 'tolerance': 1.5 is invalid (expected a number in 0...1)")
        #expect(error("rowHeight", .number(0)) == "option 'rowHeight': 0 is invalid (expected a finite number > 0)")
        #expect(error("padding", .insets(Insets(top: 1, left: -2))) == "option 'padding': {top=1, left=-2, bottom=0, right=0} is invalid (expected finite sides >= 0)")
        #expect(error("colums", .number(3)) == "unknown option 'colums'")
        #expect(error("paging", .number(1)) == "option 'paging': 1 is invalid (expected a boolean)")
        #expect(error("overscan", .number(-1)) == "option 'overscan': -1 is invalid (expected a finite number >= 0)")
        #expect(error("animationDuration", .number(.infinity)) == "option 'animationDuration': inf is invalid (expected a finite number >= 0)")
        #expect(error("sort", .string("yes")) == "option 'sort': 'yes' is invalid (expected a boolean)")
        #expect(error("dragHysteresis", .number(-2)) == "option 'dragHysteresis': -2 is invalid (expected a finite number >= 0)")
        #expect(error("autoScrollSpeed", .number(-1)) == "option 'autoScrollSpeed': -1 is invalid (expected a finite number >= 0)")
        #expect(error("minColumnWidth", .number(.nan)) == "option 'minColumnWidth': nan is invalid (expected a finite number >= 0)")
        #expect(config == GridConfiguration(), "a rejected option leaves the configuration as it was")
    }

    @Test func everyOptionRoundTrips() throws {
        var config = GridConfiguration()
        let values: [String: OptionValue] = [
            "layout": .string("justified"), "direction": .string("horizontal"), "width": .number(100),
            "height": .number(200), "padding": .insets(Insets(top: 1, left: 2, bottom: 3, right: 4)),
            "inset": .insets(Insets(top: 5, left: 6, bottom: 7, right: 8)),
            // (spacing reads both spacings: all three the same, whatever order they are set in)
            "spacing": .number(5), "lineSpacing": .number(5), "itemSpacing": .number(5), "lanes": .number(6), "columns": .number(7), "order": .string("rtl"),
            "rowHeight": .number(80), "tolerance": .number(0.5), "widow": .string("center"),
            "breakoutCadence": .number(3), "loaderSize": .size(size(30, 20)), "stickyHeaders": .bool(true), "paging": .bool(true),
            "pagingInverseOrder": .bool(true), "overscan": .number(50), "animationDuration": .number(0.5),
            "sort": .bool(true), "dragHysteresis": .number(4), "autoScrollMargin": .number(30), "autoScrollSpeed": .number(900),
            "maxPooledViews": .number(12), "rtl": .bool(true), "scale": .number(2), "estimatedSize": .size(size(90, 70)),
            "anchor": .string("offset"), "followEnd": .bool(true), "startAt": .string("end"),
            "minColumnWidth": .number(120), "stickyFooters": .bool(true), "rows": .string("optimal"),
            "justify": .string("spaceEvenly"), "alignItems": .string("center"), "background": .bool(true),
            "scroll": .string("cross"), "sectionPaging": .string("page"),
        ]
        #expect(Set(values.keys) == Set(GridConfiguration.optionNames))
        for (name, value) in values { try config.set(name, to: value) }
        for (name, value) in values { #expect(try config.value(of: name) == value, "\(name)") }
        try config.set("padding", to: .number(9))
        #expect(config.padding == Insets(all: 9))
    }

    @Test func aFailedReloadLeavesThePreviousLayoutWhole() throws {
        let good = ArrayDataSource(sizes: (0..<50).map { size(100, Double(20 + $0)) })
        let grid = Grid(configuration: try configuration([("lanes", .number(3)), ("height", .number(200))]), dataSource: good)
        try grid.reload()
        try grid.scroll(to: Point(x: 0, y: 300))
        let before = allElements(of: grid.layout)
        let visibleBefore = grid.visibleElements()

        grid.dataSource = FailingDataSource(base: ArrayDataSource(sizes: Array(repeating: size(1, 1), count: 10)),
                                            failAt: GridIndexPath(section: 0, item: 9))
        grid.configuration.lanes = 1
        #expect(throws: GridError.callbackFailed(callback: .itemSize, at: .item(GridIndexPath(section: 0, item: 9)), message: "boom")) {
            try grid.reload()
        }
        #expect(allElements(of: grid.layout) == before)
        #expect(grid.visibleElements() == visibleBefore)
        #expect(grid.contentOffset == Point(x: 0, y: 300))
        #expect(grid.layout.configuration.lanes == 3)
    }

    @Test func outOfRangeQueries() throws {
        let layout = try ContentLayout(configuration: GridConfiguration(), dataSource: ArrayDataSource(sizes: [size(1, 1), size(1, 1)]))
        #expect(throws: GridError.indexPathOutOfRange(GridIndexPath(section: 0, item: 2), itemCount: 2)) {
            try layout.frame(of: GridIndexPath(section: 0, item: 2))
        }
        #expect(GridError.indexPathOutOfRange(GridIndexPath(section: 0, item: 2), itemCount: 2).message()
                == "item (section 0, item 2) is out of range: section 0 has 2 items")
        #expect(GridError.indexPathOutOfRange(GridIndexPath(section: 3, item: 0), itemCount: nil).message(base: 1)
                == "item (section 4, item 1) is out of range: there is no section 4")
        #expect(throws: GridError.indexPathOutOfRange(GridIndexPath(section: 0, item: -1), itemCount: 2)) {
            try layout.frame(of: GridIndexPath(section: 0, item: -1))
        }
        #expect(throws: GridError.indexPathOutOfRange(GridIndexPath(section: 1, item: 0), itemCount: nil)) {
            try layout.frame(of: GridIndexPath(section: 1, item: 0))
        }
        #expect(throws: GridError.sectionOutOfRange(-1, sectionCount: 1)) { try layout.headerFrame(inSection: -1) }
        #expect(GridError.sectionOutOfRange(5, sectionCount: 1).message() == "section 5 is out of range: the grid has 1 section")
    }

    @Test func reloadWithoutADataSource() {
        #expect(throws: GridError.noDataSource) { try Grid().reload() }
    }
}

/// The option descriptor (`GridConfiguration.options`) is the one list of options: names are
/// unique in both spellings, defaults are valid, and setting a value reads it back.
@Suite struct OptionDescriptorTests {
    @Test func namesAreUniqueAndDefaultsValid() throws {
        let options = GridConfiguration.options
        #expect(Set(options.map(\.name)).count == options.count)
        #expect(Set(options.map(\.cName)).count == options.count)
        for option in options {
            #expect(try option.checked(option.defaultValue) == option.defaultValue, "\(option.name)")
            #expect(!option.summary.isEmpty)
            // The C and Python spelling is the name in snake case.
            let snake = option.name.reduce(into: "") { $0 += $1.isUppercase ? "_" + $1.lowercased() : String($1) }
            #expect(option.cName == snake, "\(option.name)")
        }
    }

    @Test func kindsDescribeTheirRanges() throws {
        #expect(GridConfiguration.option(named: "lanes")?.kind == .integer(1...10_000))
        #expect(GridConfiguration.option(named: "order")?.kind == .choice(["shortest", "ltr", "rtl"]))
        #expect(GridConfiguration.option(named: "width")?.kind == .number(.extent))
        #expect(GridConfiguration.option(named: "nope") == nil)
        #expect(throws: GridError.invalidOption(name: "lanes", value: "2.5", expected: "an integer")) {
            _ = try GridConfiguration.option(named: "lanes")!.checked(.number(2.5))
        }
    }
}
