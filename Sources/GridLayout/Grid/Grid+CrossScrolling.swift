/// Sections that scroll sideways (docs/layout.md, "Sections that scroll sideways"): each has its
/// own offset along C, kept across reloads while the section exists.
extension Grid {
    /// The offset along the cross axis of `section`: how far its items have scrolled sideways; 0 for
    /// a section that does not scroll sideways. Throws for a section out of range. A lazy layout is
    /// laid out through the section first (its items are placed whole).
    ///
    /// - Complexity: O(1) once the section is laid out.
    public func sectionOffset(_ section: Int) throws(GridError) -> Double {
        try layOutSection(section)
        return layout.crossItems(section)?.offset ?? 0
    }

    /// Scrolls `section`'s items sideways to `offset` along the cross axis, snapped as the section's
    /// `sectionPaging` says and clamped to 0…its C length less the items' range; the grid's own offset
    /// does not move. Elements that come into the loaded area, or leave it, are reported as for a
    /// scroll. Throws for a section out of range, one that does not scroll sideways (`scroll` is
    /// not `"cross"` for it, or it has no items), an offset that is not a finite number, and while a
    /// layout transition runs (as every scroll does).
    ///
    /// - Complexity: O(log n) for n the section's items (`item` snapping), then a loaded-set update
    ///   (see `scroll(to:)`).
    public func scrollSection(_ section: Int, to offset: Double) throws(GridError) {
        guard offset.isFinite else { throw .invalidSectionOffset(section: section, offset) }
        try refuseDuringTransition(.scrollSection)
        try layOutSection(section)
        guard let items = layout.crossItems(section) else { throw .notSideways(section: section) }
        layout.setCrossOffset(section, items.snapped(offset, layout.sections[section].style.sectionPaging))
        updateLoaded()
    }

    /// Checks `section` and, in a lazy layout, moves the frontier through it.
    private func layOutSection(_ section: Int) throws(GridError) {
        let count = layout.sectionCount
        guard section >= 0 && section < count else { throw .sectionOutOfRange(section, sectionCount: count) }
        if layout.isLazy { try advance(.section(section)) }
    }

    /// The section offset that shows `item` (its frame in S/C terms with the section's offset
    /// applied) as `alignment` says, along C within the items' range, clamped.
    func crossOffset(showing item: AxisRect, in items: CrossItems, _ alignment: ScrollAlignment) -> Double {
        let stored = item.c + items.offset  // the item's C position at offset 0
        let (lo, hi) = (items.rangeStart, items.rangeEnd)
        let offset: Double
        switch alignment {
        case .start: offset = stored - lo
        case .center: offset = stored + item.cSize / 2 - (lo + hi) / 2
        case .end: offset = stored + item.cSize - hi
        case .nearest:
            if item.c < lo || item.cSize > hi - lo { offset = stored - lo }
            else if item.c + item.cSize > hi { offset = stored + item.cSize - hi }
            else { offset = items.offset }
        }
        return items.clamped(offset)
    }
}
