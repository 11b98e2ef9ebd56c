/// Jumping anywhere (docs/layout.md, "Live data"): scrolling to the end, the anchor that keeps
/// what shows still when sections before the viewport are laid out late, and queries far from
/// the laid-out window (ContentLayout+Jump.swift).
extension Grid {
    /// Scrolls to the content's S end. With `estimatedSize` only the last sections are laid out
    /// (those the last screen and its overscan need), not the ones before them.
    ///
    /// - Complexity: that of `scroll(to:)`; a lazy layout jumps to the last section and lays out
    ///   back from the end as far as the viewport and its overscan reach.
    public func scrollToEnd() throws(GridError) {
        try scroll(to: endOffset)
    }

    /// The offset that scrolls to the content's S end (clamped when used).
    var endOffset: Point {
        let c = layout.axes.axisPoint(contentOffset).c
        return layout.axes.direction == .vertical ? Point(x: c, y: .infinity) : Point(x: .infinity, y: c)
    }

    /// `offset` within [0, maxOffset] on each axis (NaN keeps the current coordinate).
    func clamped(_ offset: Point) -> Point { layout.clamped(offset, current: contentOffset) }

    /// With `anchor = .item`, the first element a viewport at `offset` shows (as laid out now),
    /// whose move the offset follows (`anchored`); nil with `anchor = .offset`.
    func anchorElement(at offset: Point) -> GridElement? {
        layout.configuration.anchor == .item ? layout.anchorElement(at: offset) : nil
    }

    /// `offset` moved along S by how far `anchor` moved (see `ContentLayout.anchored`).
    func anchored(_ offset: Point, _ anchor: GridElement?) -> Point { layout.anchored(offset, anchor) }

    /// The layout that answers `target` exactly: the grid's, moved as far as it needs (see
    /// `advance`), or, when that would jump away from the viewport, a copy of it that jumped (the
    /// grid's layout stays with the viewport; the copy's frames are placed by the same estimate a
    /// scroll there would use).
    func layout(answering target: LazyTarget) throws(GridError) -> ContentLayout {
        guard layout.jumps(to: target) else { return try advance(target) }
        guard let dataSource else { throw .noDataSource }
        var copy = layout
        try copy.advance(to: target, from: sizing(dataSource))
        return copy
    }

    /// Moves the grid's layout until it answers `target` (a jump included), leaving the viewport
    /// to the caller, which scrolls right after (`scrollToItem`, `resize`).
    /// A jump that fails leaves the layout as it was (the window where it was, not opened elsewhere
    /// half laid out).
    func advanceUnderViewport(_ target: LazyTarget) throws(GridError) {
        guard layout.isLazy, !layout.reaches(target) else { return }
        guard let dataSource else { throw .noDataSource }
        // Kept only for a jump, which drops the window's buffers anyway: holding the layout twice
        // otherwise would make each step copy the buffers it appends to.
        let original = layout.jumps(to: target) ? layout : nil
        if let failure = withLayoutTakenOut({ (working) throws(GridError) in try working.advance(to: target, from: sizing(dataSource)) }) {
            if let original { layout = original } else { try? moveViewportLazily(to: contentOffset) }
            throw failure
        }
    }
}

extension ContentLayout {
    /// `offset` within [0, content − viewport] on each axis (NaN keeps `current`'s coordinate).
    func clamped(_ offset: Point, current: Point) -> Point {
        let content = contentSize, size = configuration.viewport
        let x = offset.x.isNaN ? current.x : offset.x, y = offset.y.isNaN ? current.y : offset.y
        return Point(x: Swift.min(Swift.max(x, 0), Swift.max(0, content.width - size.width)),
                     y: Swift.min(Swift.max(y, 0), Swift.max(0, content.height - size.height)))
    }

    /// The first element a viewport at `offset` shows, whose move the offset follows when a
    /// section before it is laid out late (`anchor = .item`). Only a window that starts past section
    /// 0 moves (a section before it laid out, or the window laid out again from the start): nil
    /// otherwise, so that a scroll step asks nothing more.
    func anchorElement(at offset: Point) -> GridElement? {
        guard let lazy, lazy.first > 0 else { return nil }
        let size = configuration.viewport
        return elements(in: Rect(x: offset.x, y: offset.y, width: size.width, height: size.height)).first
    }

    /// `offset` moved along S by how far `anchor` moved since it was taken (unchanged without one,
    /// or when it is no longer laid out: a jump dropped it).
    func anchored(_ offset: Point, _ anchor: GridElement?) -> Point {
        guard let anchor, let frame = frame(of: anchor.id) else { return offset }
        let delta = axes.axisRect(frame).s - axes.axisRect(anchor.frame).s
        guard delta != 0, delta.isFinite else { return offset }
        return axes.direction == .vertical ? Point(x: offset.x, y: offset.y + delta) : Point(x: offset.x + delta, y: offset.y)
    }
}
