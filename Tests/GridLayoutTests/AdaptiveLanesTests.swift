import Testing
import GridLayout
import GridLayoutTestSupport

private func path(_ section: Int, _ item: Int) -> GridIndexPath { GridIndexPath(section: section, item: item) }

/// Adaptive lanes (`minColumnWidth`, docs/layout.md, "Adaptive lanes"): as many lanes or columns
/// as fit at least m wide, n = max(1, ⌊(R + itemSpacing) / (m + itemSpacing)⌋), R the items' C
/// range. Every number below is worked out by hand in the comments.
@Suite struct AdaptiveLanesTests {
    /// A grid of 7 items 100×50 (lanes) or 100×100 (waterfall), itemSpacing and lineSpacing 10.
    func grid(_ layout: LayoutKind, width: Double = 320, horizontal: Bool = false, minColumnWidth: Double = 100,
              padding: Insets = Insets(), sections: [ArrayDataSource.Section]? = nil) throws -> Grid {
        var config = GridConfiguration()
        config.layout = layout
        config.direction = horizontal ? .horizontal : .vertical
        config.viewport = horizontal ? Size(width: 480, height: width) : Size(width: width, height: 480)
        config.spacing = 10
        config.padding = padding
        config.minColumnWidth = minColumnWidth
        config.lanes = 7  // both lose to minColumnWidth
        config.columns = 7
        let item = horizontal ? Size(width: 50, height: 100) : Size(width: 100, height: layout == .waterfall ? 100 : 50)
        let data = ArrayDataSource(sections: sections ?? [.init(sizes: Array(repeating: item, count: 7), lanes: 5)])
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        return grid
    }

    /// R = 320: (320 + 10) / (100 + 10) = 3 lanes exactly (not `lanes` = 7, nor the data source's
    /// 5). Lanes keep their items' own width: x = lane · (100 + 10); the 7 items fill rows of 3.
    @Test func lanesAsManyAsFit() throws {
        let grid = try grid(.lanes)
        let frames = try (0..<7).map { try grid.frame(of: path(0, $0)) }
        #expect(frames == [rect(0, 0, 100, 50), rect(110, 0, 100, 50), rect(220, 0, 100, 50),
                           rect(0, 60, 100, 50), rect(110, 60, 100, 50), rect(220, 60, 100, 50),
                           rect(0, 120, 100, 50)])
        #expect(grid.contentSize == size(320, 170))
    }

    /// Waterfall at R = 440: (440 + 10) / 110 = 4.09…, 4 columns of (440 − 3·10) / 4 = 102.5, each
    /// item scaled to 102.5 × 102.5.
    @Test func waterfallColumnsWidenToFill() throws {
        let grid = try grid(.waterfall, width: 440)
        #expect(try grid.frame(of: path(0, 0)) == rect(0, 0, 102.5, 102.5))
        #expect(try grid.frame(of: path(0, 3)) == rect(337.5, 0, 102.5, 102.5))
        #expect(try grid.frame(of: path(0, 4)) == rect(0, 112.5, 102.5, 102.5))
        #expect(try grid.frame(of: path(0, 6)) == rect(225, 112.5, 102.5, 102.5))
        #expect(grid.contentSize == size(440, 215))
    }

    /// A resize recomputes the count: 320 → 3 columns of 100; 550 → (560 / 110 = 5.09) 5 columns of
    /// (550 − 40) / 5 = 102; 90 → (100 / 110 < 1) one column of 90.
    @Test func aResizeChangesTheColumnCount() throws {
        let grid = try grid(.waterfall)
        #expect(try grid.frame(of: path(0, 3)) == rect(0, 110, 100, 100))
        try grid.resize(to: size(550, 480))
        #expect(try grid.frame(of: path(0, 3)) == rect(336, 0, 102, 102))
        #expect(try grid.frame(of: path(0, 5)) == rect(0, 112, 102, 102))
        try grid.resize(to: size(90, 480))
        #expect(try grid.frame(of: path(0, 1)) == rect(0, 100, 90, 90))
        #expect(grid.contentSize == size(90, 7 * 90 + 6 * 10))
    }

    /// Horizontal: C is y. R = 320 as above: 3 lanes along y at 0, 110, 220; lines 60 apart along x.
    @Test func horizontal() throws {
        let grid = try grid(.lanes, horizontal: true)
        #expect(try grid.frame(of: path(0, 2)) == rect(0, 220, 50, 100))
        #expect(try grid.frame(of: path(0, 3)) == rect(60, 0, 50, 100))
        #expect(grid.contentSize == size(170, 320))
    }

    /// The padding and a section's inset narrow R: padding 15 each side leaves 290, (300 / 110)
    /// 2 columns of (290 − 10) / 2 = 140. A section's own `minColumnWidth` of 50 wins in that
    /// section alone; its inset of 20 each side leaves 250: (260 / 60) 4 columns of (250 − 30) / 4 = 55.
    @Test func paddingInsetAndASectionsOwn() throws {
        let item = Size(width: 100, height: 100)
        let own = SectionOptions([.init("minColumnWidth", .number(50)), .init("inset", .insets(Insets(top: 0, left: 20, bottom: 0, right: 20)))])
        let grid = try grid(.waterfall, padding: Insets(top: 0, left: 15, bottom: 0, right: 15),
                            sections: [.init(sizes: Array(repeating: item, count: 2)),
                                       .init(sizes: Array(repeating: item, count: 4), options: own)])
        #expect(try grid.frame(of: path(0, 0)) == rect(15, 0, 140, 140))
        #expect(try grid.frame(of: path(0, 1)) == rect(165, 0, 140, 140))
        // Section 1 starts 10 after section 0's end (140): items at 150, x = 15 + 20 + k · 65.
        #expect(try grid.frame(of: path(1, 0)) == rect(35, 150, 55, 55))
        #expect(try grid.frame(of: path(1, 3)) == rect(230, 150, 55, 55))
    }

    /// A width so small that more lanes fit than any grid may have (no spacing: 320 / 1e-300):
    /// `GridLimits.maxLanes`, 10,000 lanes, 7 of them used.
    @Test func atMostTheLargestLaneCount() throws {
        var config = GridConfiguration()
        config.viewport = Size(width: 320, height: 480)
        config.spacing = 0
        config.minColumnWidth = 1e-300
        let grid = Grid(configuration: config, dataSource: ArrayDataSource(sizes: Array(repeating: size(1, 1), count: 10_001)))
        try grid.reload()
        #expect(try grid.frame(of: path(0, 9_999)) == rect(9_999, 0, 1, 1))
        #expect(try grid.frame(of: path(0, 10_000)) == rect(0, 1, 1, 1))
    }

    /// 0 is off (`lanes` and the data source's lanes as before); a negative, NaN or infinite width
    /// is an error naming the option, and as a section key naming the section; nothing changes.
    @Test func offAndBadValues() throws {
        let grid = try grid(.lanes, minColumnWidth: 0)
        // The data source's 5 lanes: item 4 in lane 4, item 5 back in lane 0.
        #expect(try grid.frame(of: path(0, 4)) == rect(440, 0, 100, 50))
        #expect(try grid.frame(of: path(0, 5)) == rect(0, 60, 100, 50))
        for bad in [-1, Double.nan, .infinity] {
            var config = grid.configuration
            #expect(throws: GridError.invalidOption(name: "minColumnWidth", value: OptionValue.number(bad).description,
                                                    expected: "a finite number >= 0")) {
                try config.set("minColumnWidth", to: .number(bad))
            }
        }
        let data = ArrayDataSource(sections: [.init(sizes: [size(10, 10)], options: SectionOptions([.init("minColumnWidth", .number(-5))]))])
        let bad = Grid(configuration: grid.configuration, dataSource: data)
        #expect(throws: GridError.invalidSectionOption(section: 0, key: "minColumnWidth", value: "-5", expected: "a finite number >= 0")) {
            try bad.reload()
        }
    }
}
