/// Sections that scroll sideways (`scroll = "cross"`; docs/layout.md, "Sections that scroll
/// sideways"): their offsets along C.
///
/// Invariant: `crossOffsets` holds the offset each section was last scrolled to, by section index;
/// a sideways section's `CrossItems.offset` is that offset clamped to the section's range, set when
/// its items are placed (every layout path places them through `LayoutBuilder`, which reads
/// `crossOffsets`) and whenever `setCrossOffset` changes it.
extension ContentLayout {
    /// The sideways items of `section`, or nil when it does not scroll sideways (or is not laid out).
    func crossItems(_ section: Int) -> CrossItems? {
        guard sections.indices.contains(section), case .cross(let items) = sections[section].items else { return nil }
        return items
    }

    /// Whether `section` scrolls sideways: it is laid out, its `scroll` is `cross` and it has items
    /// (`Grid.scrollSection(_:to:)` takes it). Throws for a section out of range.
    ///
    /// - Complexity: O(1).
    public func scrollsSideways(inSection section: Int) throws(GridError) -> Bool {
        try checkSection(section)
        return crossItems(section) != nil
    }

    /// Sets the offset of `section`, a laid-out sideways section, to `offset` as given (already
    /// snapped and clamped by the caller), and keeps it for the layouts made after this one.
    ///
    /// - Complexity: O(1).
    mutating func setCrossOffset(_ section: Int, _ offset: Double) {
        crossOffsets[section] = offset
        guard case .cross(var items) = sections[section].items else { return }
        sections[section].items = .uniform(.none)  // let go of the store's buffers, so changing it copies nothing
        items.offset = items.clamped(offset)
        sections[section].items = .cross(items)
    }

    /// Forgets the offsets of sections past the last one (a layout made afresh from data that has
    /// fewer sections than before).
    mutating func dropCrossOffsetsOfGoneSections() {
        let count = sectionCount
        if crossOffsets.keys.contains(where: { $0 >= count }) { crossOffsets = crossOffsets.filter { $0.key < count } }
    }
}
