import Testing
import GridLayout
import GridLayoutTestSupport

private func item(_ section: Int, _ item: Int, _ frame: Rect) -> GridElement {
    GridElement(id: .item(GridIndexPath(section: section, item: item)), frame: frame)
}

private func header(_ section: Int, _ frame: Rect, pinned: Bool = false) -> GridElement {
    GridElement(id: .header(section: section), frame: frame, pinned: pinned)
}

private func loader(_ frame: Rect) -> GridElement { GridElement(id: .loader, frame: frame) }

/// Sticky headers: the current section (the last with elements whose start ≤ the offset) has its
/// header reported `pinned` at min(max(own S, offset), next section's start − header S size).
/// Every expected frame below is computed by hand.
@Suite struct StickyHeaderTests {
    /// Fixture A: vertical lanes, 1 lane, viewport 100×60, padding 5, spacing 10, loader 44×44.
    ///   section 0 (start 5):  header (0,5,100,20); items (5,35,90,30) (5,75,90,30) (5,115,90,30); end 145
    ///   section 1 (start 155): header (0,155,100,20); items (5,185,90,30) (5,225,90,30); end 255
    ///   loader (28,265,44,44); content 100×314; max offset 254.
    func gridA(sticky: Bool = true) throws -> Grid {
        let config = try configuration([("width", .number(100)), ("height", .number(60)), ("lanes", .number(1)),
                                        ("padding", .number(5)), ("spacing", .number(10)),
                                        ("stickyHeaders", .bool(sticky))])
        let data = ArrayDataSource(sections: [
            .init(sizes: Array(repeating: size(90, 30), count: 3), header: size(100, 20)),
            .init(sizes: Array(repeating: size(90, 30), count: 2), header: size(100, 20)),
        ], showLoader: true)
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        return grid
    }

    func visible(_ grid: Grid, at s: Double) throws -> [GridElement] {
        try grid.scroll(to: Point(x: 0, y: s))
        #expect(grid.contentOffset == Point(x: 0, y: s))
        return grid.visibleElements()
    }

    @Test func fixtureAFrames() throws {
        let grid = try gridA()
        #expect(grid.contentSize == size(100, 314))
        #expect(try grid.headerFrame(inSection: 0) == rect(0, 5, 100, 20))
        #expect(try grid.headerFrame(inSection: 1) == rect(0, 155, 100, 20))
        #expect(try grid.frame(of: GridIndexPath(section: 1, item: 1)) == rect(5, 225, 90, 30))
        #expect(grid.loaderFrame == rect(28, 265, 44, 44))
    }

    @Test func beforeTheFirstSectionStartsNothingIsPinned() throws {
        // Offset 0 < section 0's start (5): no current section; the header is in its place, unpinned.
        let grid = try gridA()
        #expect(try visible(grid, at: 0) == [header(0, rect(0, 5, 100, 20)), item(0, 0, rect(5, 35, 90, 30))])
    }

    @Test func offsetExactlyAtTheFirstSectionStart() throws {
        let grid = try gridA()
        #expect(try visible(grid, at: 5) == [header(0, rect(0, 5, 100, 20), pinned: true), item(0, 0, rect(5, 35, 90, 30))])
    }

    @Test func headerFollowsTheOffsetInsideItsSection() throws {
        let grid = try gridA()
        #expect(try visible(grid, at: 50) == [
            header(0, rect(0, 50, 100, 20), pinned: true), item(0, 0, rect(5, 35, 90, 30)), item(0, 1, rect(5, 75, 90, 30)),
        ])
    }

    @Test func nextSectionPushesTheHeaderOut() throws {
        let grid = try gridA()
        // 135 = 155 − 20: the last offset where the header is still at the viewport's start.
        #expect(try visible(grid, at: 135) == [
            header(0, rect(0, 135, 100, 20), pinned: true), item(0, 2, rect(5, 115, 90, 30)),
            header(1, rect(0, 155, 100, 20)), item(1, 0, rect(5, 185, 90, 30)),
        ])
        #expect(try visible(grid, at: 140) == [
            header(0, rect(0, 135, 100, 20), pinned: true), item(0, 2, rect(5, 115, 90, 30)),
            header(1, rect(0, 155, 100, 20)), item(1, 0, rect(5, 185, 90, 30)),
        ])
    }

    @Test func offsetInTheSpacingBetweenSectionsKeepsThePushedHeaderFirst() throws {
        // 150: section 0 ended at 145, section 1 starts at 155; section 0 is still current and its
        // pinned header (135..155) is the only element of section 0 in view.
        let grid = try gridA()
        #expect(try visible(grid, at: 150) == [
            header(0, rect(0, 135, 100, 20), pinned: true),
            header(1, rect(0, 155, 100, 20)), item(1, 0, rect(5, 185, 90, 30)),
        ])
    }

    @Test func offsetExactlyAtASectionBoundary() throws {
        let grid = try gridA()
        #expect(try visible(grid, at: 155) == [header(1, rect(0, 155, 100, 20), pinned: true), item(1, 0, rect(5, 185, 90, 30))])
    }

    @Test func lastSectionIsPushedOutByItsOwnEnd() throws {
        let grid = try gridA()
        #expect(try visible(grid, at: 200) == [
            header(1, rect(0, 200, 100, 20), pinned: true), item(1, 0, rect(5, 185, 90, 30)), item(1, 1, rect(5, 225, 90, 30)),
        ])
        // The section ends at 255, so the header stops at 235; the loader is not a section.
        #expect(try visible(grid, at: 250) == [
            header(1, rect(0, 235, 100, 20), pinned: true), item(1, 1, rect(5, 225, 90, 30)), loader(rect(28, 265, 44, 44)),
        ])
        #expect(try visible(grid, at: 254) == [
            header(1, rect(0, 235, 100, 20), pinned: true), item(1, 1, rect(5, 225, 90, 30)), loader(rect(28, 265, 44, 44)),
        ])
    }

    @Test func elementsInRectAndHeaderFrameAreUnaffected() throws {
        let grid = try gridA()
        try grid.scroll(to: Point(x: 0, y: 140))
        #expect(try grid.elements(in: grid.viewport) == [
            item(0, 2, rect(5, 115, 90, 30)), header(1, rect(0, 155, 100, 20)), item(1, 0, rect(5, 185, 90, 30)),
        ])
        #expect(grid.layout.elements(in: rect(0, 0, 100, 30)) == [header(0, rect(0, 5, 100, 20))])
        #expect(try grid.headerFrame(inSection: 0) == rect(0, 5, 100, 20))
        #expect(try grid.headerFrame(inSection: 1) == rect(0, 155, 100, 20))
    }

    @Test func withoutStickyHeadersNothingIsPinned() throws {
        let grid = try gridA(sticky: false)
        #expect(try visible(grid, at: 140) == [
            item(0, 2, rect(5, 115, 90, 30)), header(1, rect(0, 155, 100, 20)), item(1, 0, rect(5, 185, 90, 30)),
        ])
        #expect(try visible(grid, at: 200) == [item(1, 0, rect(5, 185, 90, 30)), item(1, 1, rect(5, 225, 90, 30))])
    }

    /// Fixture B: two tiny sections. Viewport 100×100, no padding or spacing, 1 lane.
    ///   s0: header (0,0,100,20), item (0,20,100,10); end 30
    ///   s1: header (0,30,100,20), item (0,50,100,10); end 60
    ///   s2: header (0,60,100,20), 10 items 100×30 at 80 + 30k; end 380 = content; max offset 280.
    func gridB() throws -> Grid {
        let config = try configuration([("width", .number(100)), ("height", .number(100)), ("stickyHeaders", .bool(true))])
        let data = ArrayDataSource(sections: [
            .init(sizes: [size(100, 10)], header: size(100, 20)),
            .init(sizes: [size(100, 10)], header: size(100, 20)),
            .init(sizes: Array(repeating: size(100, 30), count: 10), header: size(100, 20)),
        ])
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        #expect(grid.contentSize == size(100, 380))
        return grid
    }

    @Test func offsetZeroWithoutPaddingPinsTheFirstHeaderInItsOwnPlace() throws {
        // Section 0 starts at 0 ≤ 0: it is current, so its header is reported pinned (at its own place).
        let grid = try gridB()
        #expect(try visible(grid, at: 0) == [
            header(0, rect(0, 0, 100, 20), pinned: true), item(0, 0, rect(0, 20, 100, 10)),
            header(1, rect(0, 30, 100, 20)), item(1, 0, rect(0, 50, 100, 10)),
            header(2, rect(0, 60, 100, 20)), item(2, 0, rect(0, 80, 100, 30)),
        ])
    }

    @Test func tinySectionHeaderIsPushedByTheNextOne() throws {
        let grid = try gridB()
        // s0 is current; its header may go no further than 30 − 20 = 10.
        #expect(try visible(grid, at: 15) == [
            header(0, rect(0, 10, 100, 20), pinned: true), item(0, 0, rect(0, 20, 100, 10)),
            header(1, rect(0, 30, 100, 20)), item(1, 0, rect(0, 50, 100, 10)),
            header(2, rect(0, 60, 100, 20)), item(2, 0, rect(0, 80, 100, 30)), item(2, 1, rect(0, 110, 100, 30)),
        ])
        // s1 is current from 30; its header stops at 60 − 20 = 40.
        #expect(try visible(grid, at: 35) == [
            header(1, rect(0, 35, 100, 20), pinned: true), item(1, 0, rect(0, 50, 100, 10)),
            header(2, rect(0, 60, 100, 20)), item(2, 0, rect(0, 80, 100, 30)), item(2, 1, rect(0, 110, 100, 30)),
        ])
        #expect(try visible(grid, at: 45) == [
            header(1, rect(0, 40, 100, 20), pinned: true), item(1, 0, rect(0, 50, 100, 10)),
            header(2, rect(0, 60, 100, 20)), item(2, 0, rect(0, 80, 100, 30)), item(2, 1, rect(0, 110, 100, 30)),
            item(2, 2, rect(0, 140, 100, 30)),
        ])
        #expect(try visible(grid, at: 60) == [
            header(2, rect(0, 60, 100, 20), pinned: true), item(2, 0, rect(0, 80, 100, 30)),
            item(2, 1, rect(0, 110, 100, 30)), item(2, 2, rect(0, 140, 100, 30)),
        ])
        // Last section at the max offset: 280 < 380 − 20, so it stays at the offset.
        #expect(try visible(grid, at: 280) == [
            header(2, rect(0, 280, 100, 20), pinned: true), item(2, 6, rect(0, 260, 100, 30)),
            item(2, 7, rect(0, 290, 100, 30)), item(2, 8, rect(0, 320, 100, 30)), item(2, 9, rect(0, 350, 100, 30)),
        ])
    }

    /// Fixture C: viewport 100×50, no padding or spacing.
    ///   s0: header (0,0,100,20), items (0,20,100,30) (0,50,100,30); end 80
    ///   s1: nothing (takes no room)
    ///   s2: header only (0,80,100,20); end 100
    ///   s3: header (0,100,100,20), 5 items 100×30 at 120 + 30k; end 270 = content; max 220.
    func gridC() throws -> Grid {
        let config = try configuration([("width", .number(100)), ("height", .number(50)), ("stickyHeaders", .bool(true))])
        let data = ArrayDataSource(sections: [
            .init(sizes: Array(repeating: size(100, 30), count: 2), header: size(100, 20)),
            .init(sizes: []),
            .init(sizes: [], header: size(100, 20)),
            .init(sizes: Array(repeating: size(100, 30), count: 5), header: size(100, 20)),
        ])
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        #expect(grid.contentSize == size(100, 270))
        return grid
    }

    @Test func emptySectionIsSkippedAndHeaderOnlySectionPushes() throws {
        let grid = try gridC()
        // s0 is current; the next section with elements is s2 (start 80): limit 80 − 20 = 60.
        #expect(try visible(grid, at: 70) == [
            header(0, rect(0, 60, 100, 20), pinned: true), item(0, 1, rect(0, 50, 100, 30)),
            header(2, rect(0, 80, 100, 20)), header(3, rect(0, 100, 100, 20)),
        ])
    }

    @Test func sectionWithAHeaderAndNoItems() throws {
        let grid = try gridC()
        #expect(try visible(grid, at: 80) == [
            header(2, rect(0, 80, 100, 20), pinned: true), header(3, rect(0, 100, 100, 20)), item(3, 0, rect(0, 120, 100, 30)),
        ])
        // s2 is still current at 85, but s3 (start 100) holds its header at 100 − 20 = 80.
        #expect(try visible(grid, at: 85) == [
            header(2, rect(0, 80, 100, 20), pinned: true), header(3, rect(0, 100, 100, 20)), item(3, 0, rect(0, 120, 100, 30)),
        ])
        #expect(try visible(grid, at: 100) == [header(3, rect(0, 100, 100, 20), pinned: true), item(3, 0, rect(0, 120, 100, 30))])
    }

    @Test func currentSectionWithoutAHeaderPinsNothing() throws {
        // s0: header (0,0,100,20), items 20..50, 50..80; s1 (no header): items 80..110, 110..140, 140..170.
        let config = try configuration([("width", .number(100)), ("height", .number(50)), ("stickyHeaders", .bool(true))])
        let data = ArrayDataSource(sections: [
            .init(sizes: Array(repeating: size(100, 30), count: 2), header: size(100, 20)),
            .init(sizes: Array(repeating: size(100, 30), count: 3)),
        ])
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        #expect(try visible(grid, at: 65) == [
            header(0, rect(0, 60, 100, 20), pinned: true), item(0, 1, rect(0, 50, 100, 30)),
            item(1, 0, rect(0, 80, 100, 30)), item(1, 1, rect(0, 110, 100, 30)),
        ])
        #expect(try visible(grid, at: 90) == [item(1, 0, rect(0, 80, 100, 30)), item(1, 1, rect(0, 110, 100, 30))])
    }

    @Test func sectionOfOneZeroSizeItemIsStillTheCurrentSection() throws {
        // s0: header 0..20, item 30..60 (spacing 10); s1: no header, one item of S size 0 at 70 (ends
        // at 70); s2: header 80..100, item 110..140. At 75 the current section is s1 (it has an
        // item and starts at 70 ≤ 75): no header is pinned, and s0's header must not appear.
        let config = try configuration([("width", .number(100)), ("height", .number(50)), ("spacing", .number(10)),
                                        ("stickyHeaders", .bool(true))])
        let data = ArrayDataSource(sections: [
            .init(sizes: [size(100, 30)], header: size(100, 20)),
            .init(sizes: [size(100, 0)]),
            .init(sizes: [size(100, 30)], header: size(100, 20)),
        ])
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        #expect(try grid.frame(of: GridIndexPath(section: 1, item: 0)) == rect(0, 70, 100, 0))
        #expect(try grid.headerFrame(inSection: 2) == rect(0, 80, 100, 20))
        let actual = try visible(grid, at: 75)
        #expect(actual == [header(2, rect(0, 80, 100, 20)), item(2, 0, rect(0, 110, 100, 30))])
    }

    /// Fixture E: horizontal, viewport 50×100, 1 lane, no padding or spacing.
    ///   s0: header (0,0,20,100), items (20,0,30,100) (50,0,30,100) (80,0,30,100); end 110
    ///   s1: header (110,0,20,100), items (130,0,30,100) (160,0,30,100); end 190 = content; max 140.
    @Test func horizontalDirection() throws {
        let config = try configuration([("direction", .string("horizontal")), ("width", .number(50)),
                                        ("height", .number(100)), ("stickyHeaders", .bool(true))])
        let data = ArrayDataSource(sections: [
            .init(sizes: Array(repeating: size(30, 100), count: 3), header: size(20, 100)),
            .init(sizes: Array(repeating: size(30, 100), count: 2), header: size(20, 100)),
        ])
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        #expect(grid.contentSize == size(190, 100))
        func at(_ x: Double) throws -> [GridElement] {
            try grid.scroll(to: Point(x: x, y: 0))
            #expect(grid.contentOffset == Point(x: x, y: 0))
            return grid.visibleElements()
        }
        #expect(try at(0) == [header(0, rect(0, 0, 20, 100), pinned: true), item(0, 0, rect(20, 0, 30, 100))])
        #expect(try at(60) == [
            header(0, rect(60, 0, 20, 100), pinned: true), item(0, 1, rect(50, 0, 30, 100)), item(0, 2, rect(80, 0, 30, 100)),
        ])
        #expect(try at(100) == [
            header(0, rect(90, 0, 20, 100), pinned: true), item(0, 2, rect(80, 0, 30, 100)),
            header(1, rect(110, 0, 20, 100)), item(1, 0, rect(130, 0, 30, 100)),
        ])
        #expect(try at(110) == [header(1, rect(110, 0, 20, 100), pinned: true), item(1, 0, rect(130, 0, 30, 100))])
        #expect(try at(140) == [
            header(1, rect(140, 0, 20, 100), pinned: true), item(1, 0, rect(130, 0, 30, 100)), item(1, 1, rect(160, 0, 30, 100)),
        ])
        #expect(try grid.elements(in: grid.viewport) == [item(1, 0, rect(130, 0, 30, 100)), item(1, 1, rect(160, 0, 30, 100))])
    }

    /// Waterfall, flow and justified with a header each: the pinned header follows the same rule.
    @Test func otherLayouts() throws {
        // Two sections, header S 20, viewport 100×60, no padding or spacing.
        // waterfall, 2 columns (column 50): items 50×50 → S 50; section 0: 4 items, rows 20..70, 70..120.
        // flow: items 50×50, two per line: same frames.  justified (rowHeight 50, tolerance 0): items
        // 50×50 (AR 1), W/T = 2 → two per row, thickness 100/2 = 50: same frames.
        for layout in ["waterfall", "flow", "justified"] {
            let config = try configuration([("layout", .string(layout)), ("width", .number(100)), ("height", .number(60)),
                                            ("columns", .number(2)), ("rowHeight", .number(50)), ("tolerance", .number(0)),
                                            ("stickyHeaders", .bool(true))])
            let data = ArrayDataSource(sections: [
                .init(sizes: Array(repeating: size(50, 50), count: 4), header: size(100, 20)),
                .init(sizes: Array(repeating: size(50, 50), count: 4), header: size(100, 20)),
            ])
            let grid = Grid(configuration: config, dataSource: data)
            try grid.reload()
            // s0: 0..120; s1: header 120..140, rows 140..190, 190..240; content 240.
            #expect(grid.contentSize == size(100, 240), "\(layout)")
            try grid.scroll(to: Point(x: 0, y: 75))
            #expect(grid.visibleElements() == [
                header(0, rect(0, 75, 100, 20), pinned: true),
                item(0, 2, rect(0, 70, 50, 50)), item(0, 3, rect(50, 70, 50, 50)),
                header(1, rect(0, 120, 100, 20)),
            ], "\(layout)")
            try grid.scroll(to: Point(x: 0, y: 110))
            #expect(grid.visibleElements() == [
                header(0, rect(0, 100, 100, 20), pinned: true),
                item(0, 2, rect(0, 70, 50, 50)), item(0, 3, rect(50, 70, 50, 50)),
                header(1, rect(0, 120, 100, 20)),
                item(1, 0, rect(0, 140, 50, 50)), item(1, 1, rect(50, 140, 50, 50)),
            ], "\(layout)")
            try grid.scroll(to: Point(x: 0, y: 180))
            #expect(grid.visibleElements() == [
                header(1, rect(0, 180, 100, 20), pinned: true),
                item(1, 0, rect(0, 140, 50, 50)), item(1, 1, rect(50, 140, 50, 50)),
                item(1, 2, rect(0, 190, 50, 50)), item(1, 3, rect(50, 190, 50, 50)),
            ], "\(layout)")
        }
    }

    /// Random grids of every layout and direction, checked against a model of the contract built
    /// from the layout's own frames (`allElements`), at many offsets.
    @Test func randomGridsMatchTheModel() throws {
        var pinnedSeen = 0, checked = 0
        for seed in UInt64(0)..<150 {
            var random = RandomGrid(seed: seed)
            random.configuration.stickyHeaders = true
            random.configuration.rtl = false  // the model pins at the left; RtlGoldenTests mirror it
            random.configuration.scale = 0    // the model pins unsnapped; ScaleGoldenTests snap it
            // The model takes a section's end from its frames: without insets, that is its end.
            for i in random.data.sections.indices {
                random.data.sections[i].options?.entries.removeAll { $0.name == "inset" }
            }
            let grid = Grid(configuration: random.configuration, dataSource: random.data)
            try grid.reload()
            let vertical = random.configuration.direction == .vertical
            let maxS = vertical ? grid.maxOffset.y : grid.maxOffset.x
            var offsets: [Double] = [0, maxS]
            for k in 1..<12 { offsets.append((maxS * Double(k) / 12).rounded()) }
            // Every section start and the points just around the header push-out limits.
            for e in allElements(of: grid.layout) {
                if case .header = e.id {
                    let s = vertical ? e.frame.y : e.frame.x
                    offsets += [s, s - 1, s + 1]
                }
            }
            for o in offsets where o >= 0 && o <= maxS {
                try grid.scroll(to: vertical ? Point(x: 0, y: o) : Point(x: o, y: 0))
                let expected = modelVisible(grid.layout, grid.viewport)
                let actual = grid.visibleElements()
                #expect(actual == expected, "seed \(seed) offset \(o)")
                pinnedSeen += actual.filter(\.pinned).count
                checked += 1
            }
        }
        #expect(pinnedSeen > 100)
        #expect(checked > 1000)
    }
}

/// The contract's sticky-header rule, computed from the frames alone.
func modelVisible(_ layout: ContentLayout, _ viewport: Rect) -> [GridElement] {
    let vertical = layout.configuration.direction == .vertical
    func s(_ r: Rect) -> Double { vertical ? r.y : r.x }
    func sEnd(_ r: Rect) -> Double { vertical ? r.y + r.height : r.x + r.width }
    let o = s(viewport)
    var extents: [(section: Int, start: Double, end: Double, header: Rect?, footer: Rect?)] = []
    for section in 0..<layout.sectionCount {
        let header = try! layout.headerFrame(inSection: section)
        let footer = try! layout.footerFrame(inSection: section)
        let frames = (header.map { [$0] } ?? []) + (try! itemFrames(layout, section: section)) + (footer.map { [$0] } ?? [])
        guard !frames.isEmpty else { continue }
        extents.append((section, frames.map(s).min()!, frames.map(sEnd).max()!, header, footer))
    }
    var pinned: (section: Int, frame: Rect)?
    if let k = extents.lastIndex(where: { $0.start <= o }), let h = extents[k].header {
        var limit = k + 1 < extents.count ? extents[k + 1].start : extents[k].end
        // Its own footer pushes it out too.
        if let footer = extents[k].footer { limit = min(limit, s(footer)) }
        let at = min(max(s(h), o), limit - (sEnd(h) - s(h)))
        var frame = h
        if vertical { frame.y = at } else { frame.x = at }
        pinned = (extents[k].section, frame)
    }
    return allElements(of: layout).compactMap { element in
        var e = element
        if case .header(let section) = e.id, let pinned, pinned.section == section {
            e.frame = pinned.frame
            e.pinned = true
        }
        return e.frame.overlaps(viewport) ? e : nil
    }
}
