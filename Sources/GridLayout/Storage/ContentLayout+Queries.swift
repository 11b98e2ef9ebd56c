/// Queries: a frame by index costs O(1); a search by rectangle or point costs O(log n + k) for k
/// elements returned in the usual case, and each says when it reads more (see `FrameStore`, `UniformGrid`).
extension ContentLayout {
    /// How many sections the content has (a lazy layout's too: counted at its reload).
    public var sectionCount: Int { lazy?.counts.count ?? sections.count }

    /// How many items `section` has (laid out or not). Throws for a section out of range.
    ///
    /// - Complexity: O(1): the counts are kept (a lazy layout's since its reload).
    public func itemCount(inSection section: Int) throws(GridError) -> Int {
        if let lazy {
            guard lazy.counts.indices.contains(section) else { throw .sectionOutOfRange(section, sectionCount: lazy.counts.count) }
            return lazy.counts[section]
        }
        try checkSection(section)
        return sections[section].items.count
    }

    /// The item's frame. Throws for an index path out of range, and in a lazy layout for an item
    /// past the frontier (`Grid.frame(of:)` moves the frontier first).
    ///
    /// - Complexity: O(1): a stored frame is read by index, a same-size one computed from it; asks nothing.
    public func frame(of path: GridIndexPath) throws(GridError) -> Rect {
        if let lazy {
            guard lazy.counts.indices.contains(path.section) else { throw .indexPathOutOfRange(path, itemCount: nil) }
            guard path.item >= 0 && path.item < lazy.counts[path.section] else {
                throw .indexPathOutOfRange(path, itemCount: lazy.counts[path.section])
            }
            guard reaches(.item(path)) else {
                throw .indexPathOutOfRange(path, itemCount: sections.indices.contains(path.section) ? sections[path.section].items.count : 0)
            }
        }
        guard sections.indices.contains(path.section) else { throw .indexPathOutOfRange(path, itemCount: nil) }
        let items = sections[path.section].items
        guard path.item >= 0 && path.item < items.count else { throw .indexPathOutOfRange(path, itemCount: items.count) }
        return user(axes.rect(items[path.item]))
    }

    /// The section's header frame, or nil when it has none. Throws for a section out of range.
    ///
    /// - Complexity: O(1).
    public func headerFrame(inSection section: Int) throws(GridError) -> Rect? {
        try checkSection(section)
        return sections[section].header.map { user(axes.rect($0)) }
    }

    /// The section's footer frame, or nil when it has none. Throws for a section out of range.
    ///
    /// - Complexity: O(1).
    public func footerFrame(inSection section: Int) throws(GridError) -> Rect? {
        try checkSection(section)
        return sections[section].footer.map { user(axes.rect($0)) }
    }

    /// The section's background frame, or nil when it has none (`background` off for it, no
    /// elements, or in a lazy layout not laid out whole). Throws for a section out of range.
    ///
    /// - Complexity: O(1).
    public func backgroundFrame(inSection section: Int) throws(GridError) -> Rect? {
        try checkSection(section)
        return background(section).map { user(axes.rect($0)) }
    }

    /// The section's background in S/C terms: along S the section's extent (from its header, or
    /// its items' area with the inset, to its footer, or that area's end), across C the content
    /// less the padding. Derived, never stored: a section's frames and style say everything.
    /// Nil when the section's style has no background, it has no elements, or a lazy layout has
    /// not laid it out whole (its end is not known until its last item is placed).
    @inline(__always)
    func background(_ section: Int) -> AxisRect? {
        guard sections[section].style.background, !sections[section].isEmpty else { return nil }
        if let lazy, section < lazy.first || lazy.open?.section == section { return nil }
        let padding = axes.padding(configuration.padding)
        let c = axes.axisSize(configuration.viewport).c
        let (start, end) = (sections[section].sStart, sections[section].sEnd)
        return AxisRect(s: start, c: padding.cStart, sSize: end - start, cSize: Swift.max(0, c - padding.cStart - padding.cEnd))
    }

    /// The element's frame (a header's in its place, never pinned), or nil when it does not exist.
    ///
    /// - Complexity: O(1), as `frame(of:)` for an index path.
    public func frame(of id: ElementID) -> Rect? {
        switch id {
        case .item(let path): return try? frame(of: path)
        case .header(let section): return sections.indices.contains(section) ? sections[section].header.map { user(axes.rect($0)) } : nil
        case .footer(let section): return sections.indices.contains(section) ? sections[section].footer.map { user(axes.rect($0)) } : nil
        case .background(let section): return sections.indices.contains(section) ? background(section).map { user(axes.rect($0)) } : nil
        case .loader: return loaderFrame
        }
    }

    /// Every section's item count.
    ///
    /// - Complexity: O(s), s the sections, to collect them; O(1) for a lazy layout, which keeps them in an array.
    public var itemCounts: [Int] { lazy?.counts ?? sections.map(\.items.count) }

    /// The loader's frame, or nil when the data source does not show it.
    public var loaderFrame: Rect? { loader.map { user(axes.rect($0)) } }

    /// A frame as the engine reports it (`rtl`: mirrored along x, x' = content width − x − w;
    /// then `scale`: its edges snapped). Unchanged without them. Edges are mirrored and snapped,
    /// not the origin and width, so that frames that touch still touch exactly.
    @inline(__always)
    func user(_ r: Rect) -> Rect {
        guard configuration.rtl || configuration.scale > 0 else { return r }
        return reported(r, engineContentSize.width)
    }

    /// `user(_:)` for a frame in the engine's frame, with the content width given.
    func reported(_ r: Rect, _ width: Double) -> Rect {
        let r = configuration.rtl ? Self.mirror(r, width) : r
        let scale = configuration.scale
        guard scale > 0 else { return r }
        let x0 = (r.x * scale).rounded() / scale, x1 = ((r.x + r.width) * scale).rounded() / scale
        let y0 = (r.y * scale).rounded() / scale, y1 = ((r.y + r.height) * scale).rounded() / scale
        return Rect(x: x0, y: y0, width: Self.span(x0, x1), height: Self.span(y0, y1))
    }

    /// The width from edge `a` to edge `b`: b − a, moved by an ulp when a plus it would pass `b`
    /// (multiples of 1/3 are not exact), so that a frame never overlaps the neighbour that starts
    /// at `b`, and reaches it exactly whenever a width can.
    static func span(_ a: Double, _ b: Double) -> Double {
        var w = b - a
        if a + w > b {
            w = w.nextDown
        } else if a + w < b, a + w.nextUp <= b {
            w = w.nextUp
        }
        return w
    }

    /// A rectangle (or a point's) as the engine sees it: mirrored back with `rtl`, else unchanged.
    @inline(__always)
    func engineRect(_ r: Rect) -> Rect {
        guard configuration.rtl else { return r }
        return Self.mirror(r, engineContentSize.width)
    }

    /// How far beyond a reported rectangle, along x and y, the engine's frames of the elements
    /// that overlap it may lie: the mirror's rounding and `scale`'s half a pixel, with room.
    /// `x`, `y`: the largest |x| and |y| of the query, as frames that overlap it have edges near
    /// them (snapping rounds x·scale, whose own rounding is a few ulps of x where that passes 1/scale).
    func querySlack(x: Double, y: Double) -> (x: Double, y: Double) {
        let scale = configuration.scale
        func snap(_ v: Double) -> Double { scale > 0 ? Swift.max(1 / scale, 4 * Swift.max(Swift.abs(v), 1).ulp) : 0 }
        return (configuration.rtl ? mirrorSlack(around: x) + snap(x) : snap(x), snap(y))
    }

    @inline(__always)
    static func mirror(_ r: Rect, _ width: Double) -> Rect {
        let x0 = width - (r.x + r.width), x1 = width - r.x
        return Rect(x: x0, y: r.y, width: span(x0, x1), height: r.height)
    }

    /// How far a mirrored edge may stray from the exact mirror (a few ulps of the content's width,
    /// which bounds every x): queries widen the engine's rectangle along x by it and then test
    /// the reported frames exactly.
    /// Elements may lie beyond the content's width (items wider than the viewport, or insets and
    /// padding past it): the mirror's rounding is that of the larger of the width and the query's
    /// own x magnitude.
    func mirrorSlack(around magnitude: Double) -> Double {
        4 * Swift.max(engineContentSize.width, Swift.abs(magnitude), 1).ulp
    }

    /// Every element whose frame overlaps `rect` with positive area: per section its background,
    /// its header, its items in ascending order, its footer; the loader last.
    ///
    /// - Complexity: O(log s + m log n + k), s the sections, m those the rectangle crosses along the scroll axis, n the items
    ///   of the largest of them and k the elements returned. A same-size section is arithmetic, O(k) (a paged one O(k + p),
    ///   p the pages crossed). A stored section reads its items from the first 16-item block whose running maximum S end
    ///   passes the rectangle's start up to the rectangle's end: besides the k, the items beside the rectangle across the
    ///   axis and, after an item far longer than those that follow it (a tall waterfall item beside short ones), every item
    ///   from that item's block on. Waterfall `ltr` and `rtl` search their c columns one by one and sort what they find:
    ///   O(c log n + k log k) for such a section. Asks nothing.
    public func elements(in rect: Rect) -> [GridElement] {
        var result: [GridElement] = []
        result.reserveCapacity(64)  // a screenful in one allocation, not five as the array grows
        let r = axes.axisRect(engineRect(rect))
        appendBuffered(to: &result) { forEachElement(in: r, user: rect, $0) }
        return result
    }

    /// Appends to `result` the elements `produce` hands to its argument, through a buffer on the
    /// stack copied over 14 at a time: `Array.append` checks the array's uniqueness for every
    /// element (a runtime call, and the registers saved and reloaded around it), a large part of a
    /// query's cost.
    @inline(__always)
    func appendBuffered(to result: inout [GridElement], _ produce: ((GridElement) -> Void) -> Void) {
        // 14 elements: the most that fit in the 1 KiB that is stack-allocated without a check.
        withUnsafeTemporaryAllocation(of: GridElement.self, capacity: 1024 / MemoryLayout<GridElement>.stride) { buffer in
            var count = 0
            produce { element in
                if count == buffer.count {
                    result.append(contentsOf: buffer)
                    count = 0
                }
                buffer.initializeElement(at: count, to: element)
                count += 1
            }
            result.append(contentsOf: UnsafeMutableBufferPointer(rebasing: buffer[..<count]))
            // GridElement is a trivial type: the copies need no deinitializing.
        }
    }

    /// The item whose frame contains `point` (left/top edges included, right/bottom excluded), or nil.
    ///
    /// - Complexity: O(log s + log n + c), s the sections, n the items of the section at the point and c the items read: the
    ///   scan of `elements(in:)` over a rectangle around the point, which reads every item whose S extent holds the point,
    ///   across the lanes (and more after a long item), and does not stop at the one found. Asks nothing.
    public func indexPath(at point: Point) -> GridIndexPath? {
        let (s, c) = axes.axisPoint(point)
        var found: GridIndexPath?
        guard configuration.rtl || configuration.scale > 0 else {
            forEachItem(s: s, s.nextUp, c: c, c.nextUp) { path, _ in
                if found == nil { found = path }
            }
            return found
        }
        // Mirrored or snapped: the candidates around the point as the engine sees it, then the
        // reported frames decide. An axis without slack takes the point's own ulp.
        let width = engineContentSize.width
        let e = engineRect(Rect(x: point.x, y: point.y, width: 0, height: 0))
        let slack = querySlack(x: Swift.max(Swift.abs(point.x), Swift.abs(e.x)), y: Swift.abs(point.y))
        let (dx, dy) = (slack.x, slack.y)
        let xRange = dx > 0 ? (e.x - dx, e.x + dx) : (e.x, e.x.nextUp)
        let yRange = dy > 0 ? (e.y - dy, e.y + dy) : (e.y, e.y.nextUp)
        let (sRange, cRange) = axes.direction == .vertical ? (yRange, xRange) : (xRange, yRange)
        forEachItem(s: sRange.0, sRange.1, c: cRange.0, cRange.1) { path, frame in
            if found == nil && reported(axes.rect(frame), width).contains(point) { found = path }
        }
        return found
    }

    /// Calls `body` with every element overlapping `r` with positive area, in `elements(in:)` order.
    /// A `pinned` header or `pinnedFooter` is reported at its pinned frame instead of its own (see
    /// `pinnedHeader`, `pinnedFooter`).
    /// `r` is `user` in the engine's frame (see `user(_:)`); `body` gets the frames it reports.
    /// Mirrored, the engine's rectangle is widened by the slack and the reported frames are
    /// tested against `user` exactly.
    func forEachElement(in r: AxisRect, user: Rect, pinned: PinnedElement? = nil, pinnedFooter: PinnedElement? = nil,
                        _ body: (GridElement) -> Void) {
        guard configuration.rtl || configuration.scale > 0 else {
            return forEachEngineElement(in: r, pinned: pinned, pinnedFooter: pinnedFooter, body)
        }
        let width = engineContentSize.width, slack = querySlack(x: Swift.max(Swift.abs(user.x), Swift.abs(user.maxX)),
                                                                y: Swift.max(Swift.abs(user.y), Swift.abs(user.maxY)))
        let (sSlack, cSlack) = axes.direction == .vertical ? (slack.y, slack.x) : (slack.x, slack.y)
        let wide = AxisRect(s: r.s - sSlack, c: r.c - cSlack, sSize: r.sSize + 2 * sSlack, cSize: r.cSize + 2 * cSlack)
        forEachEngineElement(in: wide, pinned: pinned, pinnedFooter: pinnedFooter) { element in
            var element = element
            element.frame = reported(element.frame, width)
            if element.frame.overlaps(user) { body(element) }
        }
    }

    private func forEachEngineElement(in r: AxisRect, pinned: PinnedElement?, pinnedFooter: PinnedElement?,
                                      _ body: (GridElement) -> Void) {
        let (lo, hi, cLo, cHi) = (r.s, r.sEnd, r.c, r.cEnd)
        let axes = self.axes  // a local: closures that read self.axes copied the whole layout per item
        func overlaps(_ e: AxisRect) -> Bool {
            Swift.min(e.sEnd, hi) > Swift.max(e.s, lo) && Swift.min(e.cEnd, cHi) > Swift.max(e.c, cLo)
        }
        // A header or footer: at its pinned frame when `pin` is its own, else at `frame` (passed, not
        // read from its SectionFrames: passing that copied its 329 bytes per section).
        func edge(_ id: ElementID, _ section: Int, _ frame: AxisRect?, _ pin: PinnedElement?) {
            if let pin, pin.section == section {
                if overlaps(pin.frame) { body(GridElement(id: id, frame: axes.rect(pin.frame), pinned: true)) }
            } else if let frame, overlaps(frame) {
                body(GridElement(id: id, frame: axes.rect(frame)))
            }
        }
        func background(_ section: Int) {
            if let frame = self.background(section), overlaps(frame) {
                body(GridElement(id: .background(section: section), frame: axes.rect(frame)))
            }
        }
        let range = sectionRange(lo, hi)
        // A pinned header whose section ends before the rectangle (it is being pushed out across
        // the spacing before the next section) still comes first.
        if let pinned, pinned.section < range.lowerBound {
            edge(.header(section: pinned.section), pinned.section, sections[pinned.section].header, pinned)
        }
        for section in range {
            background(section)
            edge(.header(section: section), section, sections[section].header, pinned)
            sections[section].items.forEachFrame(s: lo, hi, c: cLo, cHi) { item, frame in
                body(GridElement(id: .item(GridIndexPath(section: section, item: item)), frame: axes.rect(frame)))
            }
            edge(.footer(section: section), section, sections[section].footer, pinnedFooter)
        }
        if let loader, overlaps(loader) {
            body(GridElement(id: .loader, frame: axes.rect(loader)))
        }
    }

    /// Calls `body` with every item overlapping the S- and C-intervals, ascending.
    private func forEachItem(s lo: Double, _ hi: Double, c cLo: Double, _ cHi: Double, _ body: (GridIndexPath, AxisRect) -> Void) {
        for section in sectionRange(lo, hi) {
            sections[section].items.forEachFrame(s: lo, hi, c: cLo, cHi) { body(GridIndexPath(section: section, item: $0), $1) }
        }
    }

    /// The sections whose S extent overlaps (lo, hi) with positive length: sections stack along S,
    /// so both bounds are binary searches.
    private func sectionRange(_ lo: Double, _ hi: Double) -> Range<Int> {
        guard lo < hi else { return 0..<0 }
        var low = 0, high = sections.count
        while low < high {
            let mid = (low + high) >> 1
            if sections[mid].sEnd > lo { high = mid } else { low = mid + 1 }
        }
        let first = low
        high = sections.count
        while low < high {
            let mid = (low + high) >> 1
            if sections[mid].sStart >= hi { high = mid } else { low = mid + 1 }
        }
        return first..<Swift.max(first, low)
    }

    func checkSection(_ section: Int) throws(GridError) {
        guard sections.indices.contains(section) else { throw .sectionOutOfRange(section, sectionCount: sectionCount) }
    }

    /// Items with a stored frame, over all sections (same-size sections store none).
    ///
    /// - Complexity: O(s), s the sections: each store's count is added up.
    public var storedItemCount: Int {
        sections.reduce(0) { total, section in
            total + section.items.storedCount
        }
    }

    /// Bytes the stored frames and their index take (a fixed few per section come on top).
    ///
    /// - Complexity: O(s), s the sections: each store's size is added up.
    public var storedBytes: Int {
        sections.reduce(0) { total, section in
            total + (section.items.store?.bytes ?? 0)
        }
    }
}
