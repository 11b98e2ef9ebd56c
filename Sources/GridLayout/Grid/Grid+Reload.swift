/// Incremental reloads (docs/layout.md, "Reloading"), transactional like `reload()`: on
/// error the previous layout and offset stay, whole. See ContentLayout+Incremental.swift.
extension Grid {
    /// Lays out only what was appended since the last layout: new items at the end of the last
    /// section and new sections, asking nothing about what is laid out already. O(new items).
    /// Throws `GridError.notAppended` when the content shrank (fewer sections, or fewer items in the
    /// last section) or `itemsHaveSameSize` changed: call `reload()` then.
    ///
    /// A configuration changed since the last layout takes effect here too: the grid then lays out
    /// everything (a `reload()`).
    ///
    /// - Complexity: after the cost of the mutations it finishes, O(a + t + lanes), a the appended items and t the new
    ///   sections (a justified section's unfinished last row is laid out again with them), then a loaded-set update (see
    ///   `scroll(to:)`): it never passes over the items laid out before. It asks `numberOfSections`, `providesSpans`,
    ///   `itemsHaveSameSize`, the last section's `numberOfItems`, the appended items' sizes as a reload asks them (a batch
    ///   at a time once the section has items), everything a reload asks of each new section, and `showsLoader`. A lazy
    ///   layout is first laid out to its end (see `layOut(through:)`); a changed configuration makes it a `reload()`.
    public func reloadNew() throws(GridError) {
        try refuseDuringTransition(.reloadNew)
        // A lazy layout is laid out to its end first (its frontier must reach the appended items).
        try changeLayout { layout, dataSource throws(GridError) in
            try layout.advance(to: .end, from: dataSource)
            try layout.layOutAppended(from: dataSource)
        }
    }

    /// Lays out section `section` again (its count, header, lanes and sizes) and moves the sections
    /// after it by the change in its extent, without asking about them. Throws for a section out
    /// of range. A changed configuration makes it a `reload()`, as for `reloadNew()`.
    ///
    /// - Complexity: after the cost of the mutations it finishes, O(n + s), n the section's items and s the sections (each
    ///   later one moves by an offset, in O(1)), asking what a reload asks of that one section; then a loaded-set update
    ///   (see `scroll(to:)`). In a lazy layout it asks the section's count first: a section past the frontier is only
    ///   counted again, O(s); the open section is laid out again from its start to the frontier; then the frontier moves
    ///   past the viewport if the change uncovered it (see `layOut(through:)`).
    public func reloadSection(_ section: Int) throws(GridError) {
        guard section >= 0 && section < layout.sectionCount else { throw .sectionOutOfRange(section, sectionCount: layout.sectionCount) }
        try refuseDuringTransition(.reloadSection)
        let kept = measures
        measures[section] = nil
        do {
            try changeLayout { layout, dataSource throws(GridError) in try layout.relayOutSectionLazily(section, from: dataSource) }
        } catch {
            measures = kept
            throw error
        }
    }

    /// Applies `change` to the layout in place. While it runs, the grid holds an empty layout: the
    /// data source's callbacks may query the grid (they see no elements) without touching the
    /// layout being changed, and the layout's buffers have one owner, so appending copies nothing.
    private func changeLayout(_ change: (inout ContentLayout, any GridDataSource) throws(GridError) -> Void) throws(GridError) {
        guard let dataSource else { throw .noDataSource }
        try settle()
        guard configuration == layout.configuration else { return try reload() }
        try configuration.validate()  // a grid never reloaded holds a layout made without checking
        // Reloads carry no identities: the anchor is the same index path, clamped to the new counts.
        let anchor = viewAnchor()
        var working = layout
        // A lazy layout moves its frontier before the change, and that is not undone by the change's
        // own undo: keep the layout as it was to put back on failure. (Not for a complete layout:
        // a second owner would make the change copy every buffer it appends to.)
        let original: ContentLayout? = working.isLazy ? working : nil
        layout = ContentLayout(configuration: configuration)
        let offset: Point
        do {
            var failed = true
            defer { layout = failed ? original ?? working : working }
            let source = sizing(dataSource)
            try change(&working, source)
            try reachAnchor(anchor, in: &working, following: Self.clamped, from: source)
            offset = anchoredOffset(anchor, in: working, following: Self.clamped)
            try cover(&working, at: offset, from: source)
            failed = false
        }
        heldSnapshot = nil  // appended items or a section laid out again: the ids `apply` held may be stale
        // Keeps the offset within the new content (and its loaded area laid out, should the cover
        // above have jumped).
        try moveViewportLazily(to: offset)
    }
}
