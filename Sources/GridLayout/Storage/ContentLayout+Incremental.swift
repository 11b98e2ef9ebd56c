/// Incremental reloads (docs/layout.md, "Reloading"): the layout is changed in place, and
/// when a callback fails or returns a bad value it is left exactly as it was.
///
/// `layOutAppended` (`Grid.reloadNew`) costs O(new items + new sections), plus O(lanes) to resume a
/// placer: it never passes over the items laid out before, and it changes the last section's store
/// in place (copy-on-write never copies it, as long as nobody else holds this layout).
/// `relayOutSection` (`Grid.reloadSection`) costs O(the section's items + sections): the sections
/// after it move by a per-store S offset (`FrameStore.sOffset`), not item by item.
extension ContentLayout {
    /// Lays out what the data source appended since this layout was made: items at the end of the
    /// last section, then new sections; the loader is placed again after them. It asks for the
    /// section count, `sameSize`, the last section's count and its new items' sizes, one at a time
    /// (`sizeForItem`, never the bulk `sizesForItems`, which would hand over every item), and
    /// everything about new sections, as `reload` would; nothing about earlier sections.
    ///
    /// Items appended to a section continue its placer exactly where it stopped (lane and column
    /// ends, flow's open line, justified's open row — whose widow frames are dropped first and laid
    /// out again with the new items), so the frames are identical to a full reload's. A same-size
    /// section is made again at its new count, O(1). A section that had no items is laid out like a
    /// new one (its header stays).
    ///
    /// Throws `GridError.notAppended` when the content is not the old content plus appended items:
    /// fewer sections, fewer items in the last section, or `sameSize` changed (a full reload would
    /// lay out the earlier sections differently).
    mutating func layOutAppended(from dataSource: any GridDataSource) throws(GridError) {
        let oldCount = sections.count
        var builder = LayoutBuilder(continuing: self, dataSource: dataSource, cursor: sectionsEnd, hasElements: hasElements)
        let sectionCount = try ask(.sections, .grid) { try dataSource.numberOfSections() }
        try builder.check(sectionCount, .sections, .grid, 0...GridLimits.maxSections)
        guard sectionCount >= oldCount else {
            throw .notAppended(callback: .sections, at: .grid, value: String(sectionCount), previous: String(oldCount))
        }
        var sameSize = false
        if sectionCount > 0 {
            sameSize = try ask(.sameSize, .grid) { try dataSource.itemsHaveSameSize() }
            if let old = self.sameSize, old != sameSize {
                throw .notAppended(callback: .sameSize, at: .grid, value: String(sameSize), previous: String(old))
            }
            builder.sameSize = sameSize
        }
        builder.lastSection = sectionCount - 1
        // The one change made in place; undone if anything after it fails.
        let undo = oldCount > 0 ? try appendItems(toSection: oldCount - 1, with: &builder, sameSize: sameSize) : nil
        let sectionsHaveElements: Bool
        do {
            if undo != nil { try builder.checkExtent(.section(oldCount - 1)) }
            builder.sections.reserveCapacity(sectionCount - oldCount)
            for section in oldCount..<sectionCount {
                try builder.addSection(section, sameSize: sameSize)
            }
            sectionsHaveElements = builder.hasElements  // the loader does not count: it goes last
            try builder.placeLoader()
        } catch {
            if let undo { self.undo(undo) }
            throw error
        }
        sections.append(contentsOf: builder.sections)
        loader = builder.loader
        engineContentSize = axes.size(AxisSize(s: builder.contentS(lastEnd: builder.cursor), c: builder.viewportC))
        self.sameSize = builder.sameSize
        hasElements = sectionsHaveElements
        storedItems = builder.storedItems
    }

    /// Lays out section `section` again, asking its count, header, lanes and sizes as `reload` does,
    /// and moves every later section (and the loader) along S by the change in its extent, asking
    /// nothing about them. `sameSize` is the layout's (not asked again). The spacing rules hold
    /// after it: a section that becomes empty (or stops being so) adds or drops the spacing that
    /// would follow it.
    ///
    /// Later frames move by an S offset, so they equal a full reload's exactly when the sums
    /// involved are exact in floating point (integer or half sizes, for instance); otherwise they
    /// may differ in the last bits.
    mutating func relayOutSection(_ section: Int, from dataSource: any GridDataSource) throws(GridError) {
        guard sections.indices.contains(section) else { throw .sectionOutOfRange(section, sectionCount: sections.count) }
        let (start, hadBefore) = cursorBefore(section)
        var builder = LayoutBuilder(continuing: self, dataSource: dataSource, cursor: start, hasElements: hadBefore)
        builder.storedItems -= sections[section].items.storedCount
        try builder.addSection(section, sameSize: sameSize ?? false)

        // Moving later sections by an offset is exact to well under a point because every position
        // stays below GridLimits.maxExtent (checked by the builder and below).
        let spacing = configuration.lineSpacing
        let old = (end: sections[section].sEnd, followed: hadBefore || !sections[section].isEmpty)
        let new = builder.sections[0]
        let followed = builder.hasElements
        // Where the next element starts, before and after: that is how far everything after moves.
        let delta = (new.sEnd + (followed ? spacing : 0)) - (old.end + (old.followed ? spacing : 0))
        // Paged sections after it realign to pages: they may end up to a page further.
        let page = ContentLayout.pageLength(configuration, axes) ?? 0
        let newContent = axes.axisSize(engineContentSize).s + delta + (page > 0 && delta != 0 ? page : 0)
        guard newContent <= GridLimits.maxExtent else { throw .extentTooLarge(at: .grid, end: newContent) }

        // Nothing can fail from here on.
        sections[section] = new
        checkpoints[section] = nil  // its frames are new: its placer states are not theirs
        // Empty sections before the next element sit at the end of the elements before them (no
        // spacing): at the section's new end. From the next element on, everything moves by delta;
        // with paging, a paged section's items start on the first page after their new area start:
        // it is placed again, with the arithmetic LayoutBuilder uses (a shift would round
        // differently: 1021 + 5e-324 - 1021 is 0, not 5e-324, and that is a page), and what
        // follows it moves by the change in its end.
        var elementAfter = false
        var moveBy = delta
        var previousEnd = new.sEnd
        var previousHasElements = followed
        for later in (section + 1)..<sections.count {
            // The open lazy section is not empty even before its first item: its store and placer
            // were made for it (a floored store for spans) and move with it.
            if sections[later].isEmpty && lazy?.open?.section != later {
                if elementAfter { sections[later].shift(by: moveBy) } else { sections[later] = .empty(at: new.sEnd) }
                continue
            }
            elementAfter = true
            if case .paged(var pages) = sections[later].items {
                let oldEnd = sections[later].sEnd
                let start = previousEnd + (previousHasElements ? spacing : 0)
                let style = sections[later].style
                var cursor = start
                var header = sections[later].header
                if header != nil {
                    header!.s = cursor
                    cursor += header!.sSize
                    if pages.count > 0 { cursor += style.lineSpacing }
                }
                if pages.count > 0 { cursor += style.inset.sStart }
                pages.realign(areaStart: cursor)
                var end = Swift.max(cursor, pages.sEnd) + (pages.count > 0 ? style.inset.sEnd : 0)
                var footer = sections[later].footer
                if footer != nil {
                    footer!.s = end + style.lineSpacing
                    end = footer!.sEnd
                }
                sections[later] = SectionFrames(header: header, items: .paged(pages), sStart: start, sEnd: end,
                                                continuation: sections[later].continuation, footer: footer, style: style)
                moveBy = sections[later].sEnd - oldEnd
            } else if sections[later].items.count == 0 && lazy?.open?.section != later {
                // (An open lazy section without items yet has a placer in its store's
                // coordinates: it moves by the offset, below.)
                // A header or footer alone is placed again too (its end decides the page of a paged
                // section after it, and a shift rounds differently: a 5e-324 header at 10 ends at 10,
                // moved by -10 it ends at 0, laid out at 0 it ends at 5e-324).
                let oldEnd = sections[later].sEnd
                let start = previousEnd + (previousHasElements ? spacing : 0)
                var (header, footer, end) = (sections[later].header, sections[later].footer, start)
                if header != nil {
                    header!.s = start
                    end = header!.sEnd
                }
                if footer != nil {
                    footer!.s = header == nil ? end : end + sections[later].style.lineSpacing
                    end = footer!.sEnd
                }
                sections[later] = SectionFrames(header: header, items: sections[later].items, sStart: start, sEnd: end,
                                                continuation: sections[later].continuation, footer: footer, style: sections[later].style)
                moveBy = sections[later].sEnd - oldEnd
            } else {
                sections[later].shift(by: moveBy)
            }
            previousEnd = sections[later].sEnd
            previousHasElements = true
        }
        if loader != nil {
            if ContentLayout.pageLength(configuration, axes) != nil {
                let elements = sections.contains { !$0.isEmpty }
                loader = ContentLayout.loaderRect(after: elements ? sectionsEnd : nil, cursor: 0, configuration: configuration, axes: axes)
            } else {
                loader?.s += moveBy
            }
        }
        hasElements = followed || elementAfter
        storedItems = builder.storedItems
        let end = loader?.sEnd ?? sectionsEnd
        engineContentSize = axes.size(AxisSize(s: builder.contentS(lastEnd: end), c: builder.viewportC))
    }

    /// The S end of the last section's elements (the start padding when there are none): where the
    /// next section, or the loader, follows.
    var sectionsEnd: Double {
        sections.last?.sEnd ?? axes.padding(configuration.padding).sStart
    }

    /// How to put the last section back as it was. (Like `Continuation`, its cases differ in size:
    /// see bindings/c/tests/valgrind.supp for what valgrind reports of the release build.)
    private enum Undo {
        /// Replace it with this (which holds no large buffers: a section without items, or a same-size one).
        case replace(Int, SectionFrames)
        /// Drop the frames appended after `before`, put back `tail` (the frames the continuation
        /// dropped: justified's widow row), the continuation, the S end and the footer.
        case truncate(Int, before: FrameStore.Mark, tail: [AxisRect], continuation: Continuation?, sEnd: Double, footer: AxisRect?)
    }

    /// Adds the items appended to `section` (the last), continuing its layout in place; moves the
    /// builder's cursor to the section's new end. Returns how to undo it (nil: nothing changed).
    private mutating func appendItems(toSection section: Int, with builder: inout LayoutBuilder, sameSize: Bool) throws(GridError) -> Undo? {
        let oldCount = sections[section].items.count
        let count = try builder.itemCount(section)
        guard count >= oldCount else {
            throw .notAppended(callback: .itemCount, at: .section(section), value: String(count), previous: String(oldCount))
        }
        guard count > oldCount else { return nil }
        // Read the section's parts one by one: a copy of the whole would share the store's buffers
        // and make the appends below copy them.
        switch sections[section].continuation {
        case nil:
            // No items yet, or a sideways section (laid out whole again: its lines' thickness may
            // change): laid out as a new section would be, after its header (if any), and its
            // footer placed again after them. A section that was empty is asked for its options.
            let old = sections[section]
            builder.storedItems -= old.items.storedCount  // a sideways section's frames are placed again
            var start = old.sStart
            let style: SectionStyle
            if old.isEmpty {
                builder.openElement()
                start = builder.cursor
                style = try builder.sectionStyle(section)
            } else {
                builder.cursor = old.header?.sEnd ?? old.sStart
                style = old.style
            }
            var frames = try builder.addItems(section, count: count, header: old.header, start: start, sameSize: sameSize, style: style)
            if let footer = old.footer { builder.placeFooter(footer.sSize, in: &frames) }
            sections[section] = frames
            return .replace(section, old)

        case .uniform(let item, let lanes)?:
            let old = sections[section]
            guard let extent = old.items.sameSizeExtent,
                  let grown = try builder.sameSizeItems(item: item, lanes: lanes, count: count,
                                                        area: builder.itemArea(sStart: extent.areaStart, old.style), style: old.style),
                  let end = grown.sameSizeExtent?.sEnd
            else { preconditionFailure("a same-size section's grid depends on its item size, not its count") }
            _ = try builder.checkShown(grown, section)
            sections[section].items = grown
            builder.cursor = end + old.style.inset.sEnd
            sections[section].sEnd = builder.cursor
            if let footer = old.footer {
                builder.placeFooter(footer.sSize, in: &sections[section])
            }
            return .replace(section, old)

        case .placer(var placer, let before, let same, let spanned)?:
            // The store's kind was chosen for the spans the data source gave then.
            guard spanned == builder.spans else {
                throw .notAppended(callback: .span, at: .section(section), value: String(builder.spans), previous: String(spanned))
            }
            let oldContinuation = sections[section].continuation
            let oldEnd = sections[section].sEnd
            let oldFooter = sections[section].footer
            guard case .stored(var store) = sections[section].items else { preconditionFailure("a placer without a store") }
            sections[section].items = .uniform(.none)  // hand the store's buffers over to `store`
            sections[section].continuation = nil
            let tail = store.frames(from: before.count)
            store.truncate(to: before)
            do {
                try builder.addStored(count - oldCount, section)
                let sizes: LayoutBuilder.ItemSizes = same.map { .same($0) } ?? .each
                let (mark, end) = try placer.resume(section, oldCount..<count, sizes, spans: spanned, builder, into: &store)
                sections[section].continuation = .placer(placer, before: mark, sameSize: same, spanned: spanned)
                sections[section].sEnd = store.sOffset + end + sections[section].style.inset.sEnd
            } catch {
                store.truncate(to: before)
                for frame in tail { store.append(frame) }
                sections[section].items = .stored(store)
                sections[section].continuation = oldContinuation
                throw error
            }
            sections[section].items = .stored(store)
            builder.cursor = sections[section].sEnd
            if let footer = oldFooter { builder.placeFooter(footer.sSize, in: &sections[section]) }
            return .truncate(section, before: before, tail: tail, continuation: oldContinuation, sEnd: oldEnd, footer: oldFooter)
        }
    }

    private mutating func undo(_ undo: Undo) {
        switch undo {
        case let .replace(section, old):
            sections[section] = old
        case let .truncate(section, before, tail, continuation, sEnd, footer):
            guard case .stored(var store) = sections[section].items else { preconditionFailure("a placer without a store") }
            sections[section].items = .uniform(.none)
            store.truncate(to: before)
            for frame in tail { store.append(frame) }
            sections[section].items = .stored(store)
            sections[section].continuation = continuation
            sections[section].sEnd = sEnd
            sections[section].footer = footer
        }
    }
}

extension PlacerState {
    /// Places items `range` of `section`, continuing where the placer stopped; returns the store's
    /// mark before `finish` (where the next continuation resumes) and the items' S end.
    mutating func resume(_ section: Int, _ range: Range<Int>, _ sizes: LayoutBuilder.ItemSizes, spans: Bool, _ builder: LayoutBuilder,
                         into store: inout FrameStore) throws(GridError) -> (FrameStore.Mark, Double) {
        func go<P: ItemPlacer>(_ placer: P, _ wrap: (P) -> PlacerState) throws(GridError) -> (PlacerState, FrameStore.Mark, Double) {
            var placer = placer
            try builder.feed(&placer, section, range, sizes, spans: spans, into: &store)
            let mark = store.mark()
            let end = placer.finish(into: &store)
            return (wrap(placer), mark, end)
        }
        let (state, mark, end) = switch self {
        case .lanes(let p): try go(p, PlacerState.lanes)
        case .waterfall(let p): try go(p, PlacerState.waterfall)
        case .flow(let p): try go(p, PlacerState.flow)
        case .justified(let p): try go(p, PlacerState.justified)
        }
        self = state
        return (mark, end)
    }
}
