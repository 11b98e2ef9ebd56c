import Testing
import GridLayout
import GridLayoutTestSupport

private func path(_ section: Int, _ item: Int) -> GridIndexPath { GridIndexPath(section: section, item: item) }

/// Anchoring (docs/layout.md, "Live data"): what the viewport shows does not move when something
/// before it changes; `anchor = "offset"` keeps the offset; `followEnd` keeps a viewport at the end.
@Suite struct AnchoringTests {
    /// The lane grid of MutationTests (two lanes, rows 60 apart) with 20 items, scrolled to row 2.
    func scrolledLaneGrid(_ data: ListDataSource, options: [(String, OptionValue)] = []) throws -> Grid {
        let grid = try laneGrid(data, options: [("animationDuration", .number(0))] + options)
        try grid.scroll(to: Point(x: 0, y: 130))
        return grid
    }

    @Test func insertsAboveTheViewportMoveTheOffsetWithTheFirstElementShown() throws {
        // One lane: item i at y = 60 i; item 2 is the first shown, 10 above the viewport.
        let data = ListDataSource([items(20)])
        let grid = try scrolledLaneGrid(data, options: [("lanes", .number(1))])
        #expect(drawn(grid).prefix(2) == ["2 0,120", "3 0,180"])
        data.incoming = items(2)
        try grid.insertItem(at: path(0, 0))
        try grid.insertItem(at: path(0, 0))
        // Item 2 is item 4 now, two rows lower: the offset followed it.
        #expect(grid.contentOffset == Point(x: 0, y: 250))
        #expect(drawn(grid).prefix(2) == ["4 0,240", "5 0,300"])
        // A removal above moves it back a row; one below moves nothing.
        try grid.removeItem(at: path(0, 0))
        #expect(grid.contentOffset == Point(x: 0, y: 190))
        try grid.removeItem(at: path(0, 15))
        #expect(grid.contentOffset == Point(x: 0, y: 190))
        // A move from above to below: the first shown (item 3) is item 2 now, a row higher.
        try grid.moveItem(from: path(0, 0), to: path(0, 10), animated: false)
        #expect(grid.contentOffset == Point(x: 0, y: 130))
        #expect(drawn(grid).prefix(2) == ["2 0,120", "3 0,180"])
    }

    @Test func inLanesTheAnchorKeepsItsRowWhenItChangesLane() throws {
        // Two lanes: inserting one item at 0 moves the first shown item (4, lane 0) into lane 1 of
        // the same row: nothing moves along S, and the offset stays.
        let data = ListDataSource([items(20)])
        let grid = try scrolledLaneGrid(data)
        data.incoming = items(1)
        try grid.insertItem(at: path(0, 0))
        #expect(grid.contentOffset == Point(x: 0, y: 130))
        #expect(drawn(grid).prefix(2) == ["4 0,120", "5 110,120"])
    }

    @Test func theOffsetOptionKeepsTheOffset() throws {
        let data = ListDataSource([items(20)])
        let grid = try scrolledLaneGrid(data, options: [("anchor", .string("offset"))])
        data.incoming = items(2)
        try grid.insertItem(at: path(0, 0))
        try grid.insertItem(at: path(0, 0))
        #expect(grid.contentOffset == Point(x: 0, y: 130))
        #expect(drawn(grid).prefix(2) == ["4 0,120", "5 110,120"])
        data.sections[0][0] = size(100, 500)
        try grid.reload()
        #expect(grid.contentOffset == Point(x: 0, y: 130))
    }

    @Test func aReloadKeepsTheSameIndexPathStill() throws {
        let data = ListDataSource([items(20)])
        let grid = try scrolledLaneGrid(data)
        // Item 0 grows by 100: lane 1 takes items 2 and 3, and item 4 (the first shown, 10 above
        // the viewport) is 40 lower, at 160.
        data.sections[0][0] = size(100, 150)
        try grid.reload()
        #expect(grid.contentOffset == Point(x: 0, y: 170))
        #expect(drawn(grid).prefix(2) == ["4 0,160", "5 110,180"])
        // Fewer items than the anchor's index: clamped to the last item, which keeps the anchor's place.
        data.sections[0] = items(3)
        try grid.reload()
        #expect(grid.contentOffset == Point(x: 0, y: 0))  // clamped: the content is 110 long
    }

    @Test func atOffsetZeroPrependedItemsStayAboveTheViewport() throws {
        let data = ListDataSource([items(20)])
        let grid = try laneGrid(data, options: [("animationDuration", .number(0)), ("lanes", .number(1))])
        data.incoming = items(4)
        for _ in 0..<4 { try grid.insertItem(at: path(0, 0)) }
        #expect(grid.contentOffset == Point(x: 0, y: 240))
        #expect(drawn(grid).prefix(2) == ["4 0,240", "5 0,300"])
    }

    @Test func anAnimatedInsertAboveStartsWhereEverythingWasOnScreen() throws {
        let data = ListDataSource([items(20)])
        let grid = try laneGrid(data, options: [("animationDuration", .number(0.25)), ("lanes", .number(1))])
        try grid.scroll(to: Point(x: 0, y: 130))
        let before = onScreen(grid)
        #expect(before == ["2 0,-10", "3 0,50", "4 0,110", "5 0,170"])
        data.incoming = items(1)
        try grid.insertItem(at: path(0, 0))
        // At the start every element is drawn where it was on screen, renumbered by the insert.
        #expect(grid.contentOffset == Point(x: 0, y: 190))
        #expect(onScreen(grid) == ["3 0,-10", "4 0,50", "5 0,110", "6 0,170"])
        try grid.step(0.125)
        #expect(onScreen(grid) == ["3 0,-10", "4 0,50", "5 0,110", "6 0,170"])
        try grid.step(1)
        #expect(onScreen(grid) == ["3 0,-10", "4 0,50", "5 0,110", "6 0,170"])
    }

    /// The items drawn, as "item x,y" on screen (fully opaque items only: an inserted one fades in).
    func onScreen(_ grid: Grid) -> [String] {
        grid.visibleElements().compactMap { e in
            guard case .item(let p) = e.id, e.alpha == 1 else { return nil }
            return "\(p.item) \(formatted(e.frame.x - grid.contentOffset.x)),\(formatted(e.frame.y - grid.contentOffset.y))"
        }
    }

    @Test func followEndKeepsAViewportAtTheEndThere() throws {
        let data = ListDataSource([items(20)])
        let grid = try laneGrid(data, options: [("animationDuration", .number(0)), ("followEnd", .bool(true))])
        try grid.scroll(to: Point(x: 0, y: .infinity))
        #expect(grid.contentOffset == Point(x: 0, y: 390))
        data.incoming = items(2)
        try grid.insertItem(at: path(0, 20))
        try grid.insertItem(at: path(0, 21))
        #expect(grid.contentOffset == Point(x: 0, y: 450))
        // Appended by reloadNew, the same.
        data.sections[0].append(contentsOf: items(2))
        try grid.reloadNew()
        #expect(grid.contentOffset == Point(x: 0, y: 510))
        // Scrolled away from the end, nothing moves (an append is below the viewport).
        try grid.scroll(to: Point(x: 0, y: 100))
        data.sections[0].append(contentsOf: items(2))
        try grid.reloadNew()
        #expect(grid.contentOffset == Point(x: 0, y: 100))
        // A viewport that shrinks at the end stays at the end.
        try grid.scroll(to: Point(x: 0, y: .infinity))
        try grid.resize(to: Size(width: 210, height: 100))
        #expect(grid.contentOffset == Point(x: 0, y: grid.contentSize.height - 100))
    }

    @Test func measureAnchorsUnlessTheOffsetIsKept() throws {
        for mode in ["item", "offset"] {
            let data = ListDataSource([items(20)])
            let grid = try scrolledLaneGrid(data, options: [("anchor", .string(mode))])
            try grid.measure([(path(0, 0), size(100, 110)), (path(0, 1), size(100, 110))])  // row 0 60 longer
            #expect(grid.contentOffset == Point(x: 0, y: mode == "item" ? 190 : 130), "\(mode)")
        }
    }

    @Test func anApplyThatPrependsASectionKeepsTheHeaderShownStill() throws {
        // Two days of five messages, each day under its header; the viewport starts 5 into day 2's header.
        let data = ListDataSource([items(5), items(5)], headers: [size(210, 20), size(210, 20)])
        let grid = try laneGrid(data, options: [("animationDuration", .number(0)), ("lanes", .number(1))])
        try grid.apply([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]])
        let header = try #require(try grid.headerFrame(inSection: 1))
        try grid.scroll(to: Point(x: 0, y: header.y + 5))
        #expect(grid.layout.elements(in: grid.viewport).first?.id == .header(section: 1))
        // An older day arrives above: sections are matched by position, but the anchored header
        // is its day's, now section 2.
        data.sections.insert(items(2), at: 0)
        data.headers.insert(size(210, 20), at: 0)
        let diff = try grid.apply([[11, 12], [1, 2, 3, 4, 5], [6, 7, 8, 9, 10]])
        #expect(diff.inserted.count == 2 && diff.removed.isEmpty && diff.moved.count == 10)
        let moved = try #require(try grid.headerFrame(inSection: 2))
        #expect(grid.contentOffset == Point(x: 0, y: moved.y + 5))
    }

    // MARK: - random grids and changes

    /// One random change to `data` and the grid, and how it maps old ids to new ones.
    enum Change {
        case insert(GridIndexPath, Size, animated: Bool), remove(GridIndexPath, animated: Bool), move(GridIndexPath, GridIndexPath)
        case reload, reloadSection(Int), measure(GridIndexPath, Size)
        /// A refresh: the ids before (each item numbered by its place) and after.
        case apply(old: [[Int]], new: [[Int]])
    }

    @Test(arguments: 0..<8)
    func theAnchorStaysStillThroughRandomChanges(_ part: Int) throws {
        for seed in UInt64(part * 60)..<UInt64(part * 60 + 60) {
            var random = RandomGrid(seed: seed)
            guard random.data.sections.contains(where: { $0.sizes.count > 3 }) else { continue }
            var rng = SplitMix64(seed: seed ^ 0xA5C4_0000)
            random.configuration.animationDuration = Bool.random(using: &rng) ? 0 : 0.2
            if Int.random(in: 0...3, using: &rng) == 0 { random.configuration.stickyHeaders = true }
            let lazy = Int.random(in: 0...3, using: &rng) == 0
            if lazy { random.configuration.estimatedSize = Size(width: 50, height: 50) }
            let keepsOffset = Int.random(in: 0...4, using: &rng) == 0
            if keepsOffset { random.configuration.anchor = .offset }
            let grid = Grid(configuration: random.configuration, dataSource: random.data)
            try grid.reload()
            for step in 0..<6 {
                try grid.scroll(to: randomOffset(grid, &rng))
                let axes = grid.configuration.direction
                func s(_ p: Point) -> Double { axes == .vertical ? p.y : p.x }
                func s(_ r: Rect) -> Double { axes == .vertical ? r.y : r.x }
                var start = s(grid.contentOffset)
                var shown = grid.layout.elements(in: grid.viewport).filter(\.anchorable).map { ($0.id, s($0.frame) - start) }
                var data = grid.dataSource as! ArrayDataSource
                let change = randomChange(&data, vertical: axes == .vertical, &rng)
                let context = "seed \(seed) step \(step) \(change) \(random.configuration.layout) \(random.configuration.direction)"
                var follow: (ElementID) -> ElementID? = { $0 }
                switch change {
                case .insert(let p, let size, let animated):
                    // The item joins the data when the insert starts: a lazy grid laid out first
                    // reads the data as it was.
                    grid.dataSource = InsertingOnStart(base: data, incoming: size)
                    try grid.insertItem(at: p, animated: animated)
                    grid.dataSource = (grid.dataSource as! InsertingOnStart).base
                    follow = { IndexChange.insert(p).after($0) }
                case .remove(let p, let animated):
                    try grid.removeItem(at: p, animated: animated)
                    follow = { IndexChange.remove(p).after($0) }
                case .move(let from, let to):
                    try grid.moveItem(from: from, to: to, animated: false)
                    follow = { IndexChange.move(from: from, to: to).after($0) }
                case .reload:
                    grid.dataSource = data
                    try grid.reload()
                case .reloadSection(let section):
                    grid.dataSource = data
                    try grid.reloadSection(section)
                case .measure(let p, let size):
                    try grid.measure(p, size)
                case .apply(let old, let new):
                    // A reload (the grid then holds no ids; it forgets measures), then the first
                    // apply, which names the items laid out: nothing moves.
                    try grid.reload()
                    let reloaded = grid.contentOffset
                    try grid.apply(old)
                    #expect(grid.contentOffset == reloaded, "\(context): the first apply moved the offset")
                    start = s(grid.contentOffset)
                    shown = grid.layout.elements(in: grid.viewport).filter(\.anchorable).map { ($0.id, s($0.frame) - start) }
                    grid.dataSource = data
                    try grid.apply(new, animated: Bool.random(using: &rng))
                    var place: [Int: GridIndexPath] = [:]
                    for (section, ids) in new.enumerated() {
                        for (item, id) in ids.enumerated() { place[id] = GridIndexPath(section: section, item: item) }
                    }
                    // Items follow their ids; a header or footer its section's first kept item.
                    follow = { id in
                        switch id {
                        case .item(let p): return place[old[p.section][p.item]].map(ElementID.item)
                        case .header(let section), .footer(let section):
                            guard let kept = old[section].lazy.compactMap({ place[$0] }).first else { return id }
                            if case .header = id { return .header(section: kept.section) }
                            return .footer(section: kept.section)
                        case .background, .loader: return id
                        }
                    }
                }
                try grid.step(100)
                let now = s(grid.contentOffset)
                let end = s(grid.maxOffset)
                guard now > 0 && now < end else { continue }  // clamped: the anchor may move
                if keepsOffset {
                    #expect(now == start, "\(context)")
                    continue
                }
                for (id, screen) in shown {
                    guard var mapped = follow(id) else { continue }
                    if case .reload = change, case .item(let p) = mapped {
                        let count = try grid.layout.itemCount(inSection: p.section)
                        guard count > 0 else { continue }
                        mapped = .item(GridIndexPath(section: p.section, item: min(p.item, count - 1)))
                    }
                    guard let frame = grid.layout.frame(of: mapped) else { continue }
                    #expect(abs((s(frame) - now) - screen) <= 1e-9, "\(context): \(id) → \(mapped)")
                    break
                }
            }
        }
    }

    func randomOffset(_ grid: Grid, _ rng: inout SplitMix64) -> Point {
        let max = grid.maxOffset
        let f = Double(Int.random(in: 0...100, using: &rng)) / 100
        return Point(x: (max.x * f).rounded(), y: (max.y * f).rounded())
    }

    func randomChange(_ data: inout ArrayDataSource, vertical: Bool, _ rng: inout SplitMix64) -> Change {
        // A size with its S length times f (its C length kept, so that it fits the section's lanes).
        func scaled(_ size: Size, _ f: Double) -> Size {
            vertical ? Size(width: size.width, height: (size.height * f).rounded()) : Size(width: (size.width * f).rounded(), height: size.height)
        }
        let sections = data.sections.indices.filter { data.sections[$0].sizes.count > 0 }
        let section = sections.randomElement(using: &rng)!
        let count = data.sections[section].sizes.count
        let item = Int.random(in: 0..<count, using: &rng)
        let animated = Bool.random(using: &rng)
        switch Int.random(in: 0...6, using: &rng) {
        case 0:
            // A copy of another item's size (so that it fits the section's lanes) at a random place.
            let at = Int.random(in: 0...count, using: &rng)
            return .insert(GridIndexPath(section: section, item: at), data.sections[section].sizes[item], animated: animated)
        case 1:
            return .remove(GridIndexPath(section: section, item: item), animated: animated)
        case 2:
            return .move(GridIndexPath(section: section, item: item),
                         GridIndexPath(section: section, item: Int.random(in: 0..<count, using: &rng)))
        case 3, 4:
            // New sizes for a few items.
            for _ in 0..<3 {
                let i = Int.random(in: 0..<count, using: &rng)
                data.sections[section].sizes[i] = scaled(data.sections[section].sizes[i], Double(Int.random(in: 1...8, using: &rng)) / 4)
            }
            return Bool.random(using: &rng) ? .reload : .reloadSection(section)
        case 5:
            return .measure(GridIndexPath(section: section, item: item), scaled(data.sections[section].sizes[item], 1.5))
        default:
            // A refresh: one item removed, one inserted elsewhere, one moved, and one resized.
            let old = data.sections.indices.map { s in data.sections[s].sizes.indices.map { s * 1000 + $0 } }
            var new = old
            func take(_ s: Int, _ i: Int) -> (Size, ItemSpan??) {
                let span: ItemSpan?? = data.sections[s].spans.map { $0[i] }
                if data.sections[s].spans != nil { data.sections[s].spans!.remove(at: i) }
                return (data.sections[s].sizes.remove(at: i), span)
            }
            func put(_ s: Int, _ i: Int, _ value: (Size, ItemSpan??)) {
                data.sections[s].sizes.insert(value.0, at: i)
                if data.sections[s].spans != nil { data.sections[s].spans!.insert(value.1 ?? nil, at: i) }
            }
            new[section].remove(at: item)
            _ = take(section, item)
            if !new[section].isEmpty {
                let from = Int.random(in: 0..<new[section].count, using: &rng), to = Int.random(in: 0..<new[section].count, using: &rng)
                new[section].insert(new[section].remove(at: from), at: to)
                put(section, to, take(section, from))
                let at = Int.random(in: 0...new[section].count, using: &rng)
                new[section].insert(99_999, at: at)
                put(section, at, (data.sections[section].sizes[0], nil))
                let i = Int.random(in: 0..<new[section].count, using: &rng)
                data.sections[section].sizes[i] = scaled(data.sections[section].sizes[i], 0.5)
            }
            return .apply(old: old, new: new)
        }
    }
}

/// An `ArrayDataSource` that gets its new item when the insert starts, as a data source whose
/// `insertItem` adds it does.
struct InsertingOnStart: GridDataSource {
    var base: ArrayDataSource
    let incoming: Size

    func numberOfSections() throws -> Int { base.numberOfSections() }
    func numberOfItems(inSection section: Int) throws -> Int { try base.numberOfItems(inSection: section) }
    func sizeForItem(at indexPath: GridIndexPath) throws -> Size { try base.sizeForItem(at: indexPath) }
    func sizesForItems(inSection section: Int) throws -> [Size]? { try base.sizesForItems(inSection: section) }
    func headerSize(inSection section: Int) throws -> Size? { try base.headerSize(inSection: section) }
    func footerSize(inSection section: Int) throws -> Size? { try base.footerSize(inSection: section) }
    func options(forSection section: Int) throws -> SectionOptions? { try base.options(forSection: section) }
    var providesSpans: Bool { base.providesSpans }
    func span(at indexPath: GridIndexPath) throws -> ItemSpan? { try base.span(at: indexPath) }
    func spansForItems(_ items: Range<Int>, inSection section: Int, into spans: UnsafeMutableBufferPointer<ItemSpan?>) throws {
        try base.spansForItems(items, inSection: section, into: spans)
    }
    func showsLoader() throws -> Bool { base.showsLoader() }
    func lanes(inSection section: Int) throws -> Int? { try base.lanes(inSection: section) }
    mutating func insertItem(at indexPath: GridIndexPath) throws {
        base.sections[indexPath.section].sizes.insert(incoming, at: indexPath.item)
        if base.sections[indexPath.section].spans != nil { base.sections[indexPath.section].spans!.insert(nil, at: indexPath.item) }
    }
    mutating func removeItem(at indexPath: GridIndexPath) throws { try base.removeItem(at: indexPath) }
    mutating func moveItem(from: GridIndexPath, to: GridIndexPath) throws { try base.moveItem(from: from, to: to) }
}

private extension GridElement {
    /// What the engine may anchor on: neither the loader nor a section's background.
    var anchorable: Bool {
        switch id {
        case .loader, .background: false
        default: true
        }
    }
}
