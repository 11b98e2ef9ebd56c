/// Anchoring and following the end (docs/layout.md, "Live data"): when something before the
/// viewport changes size or position, the offset moves with the first element the viewport
/// showed, so what the user sees stays still; with `followEnd`, a viewport at the content's end
/// stays at the end.
///
/// Every change that replaces the layout takes a `ViewAnchor` before it and asks `anchoredOffset`
/// after it, giving how the old elements' ids map to the new ones: through the change for inserts,
/// removals, moves and snapshots (the item is followed), clamped to the new counts for reloads
/// (which carry no identities). A section laid out late while the viewport scrolls into it is
/// anchored by the lazy layout itself (Grid+Jump.swift): one element, taken only when the window
/// starts past the first section, so that a scroll step stays as cheap as before.
extension Grid {
    /// What the viewport showed before a change.
    struct ViewAnchor {
        /// The elements the viewport showed (with `anchor = .item`), the loader aside, in
        /// `elements(in:)` order, each with its S start less the offset's S: where it was on screen.
        var shown: [(id: ElementID, screen: Double)]
        /// Whether the viewport touched the content's S end (with `followEnd`).
        var atEnd: Bool
    }

    /// What the viewport shows now, for `anchoredOffset` after a change; nil when neither
    /// `anchor = .item` nor `followEnd` asks for anything.
    ///
    /// - Complexity: that of `ContentLayout.elements(in:)` over the viewport (O(log s + m log n + k)); asks nothing.
    func viewAnchor() -> ViewAnchor? {
        let anchoring = configuration.anchor == .item, following = configuration.followEnd
        guard anchoring || following else { return nil }
        let axes = layout.axes
        let start = axes.axisPoint(contentOffset).s
        var shown: [(id: ElementID, screen: Double)] = []
        if anchoring {
            // The loader is not content: it follows the last element wherever that goes. A
            // background is never the anchor: it stands for its whole section, whose start may lie
            // far above the viewport, and its header or items say where the user is better.
            for element in layout.elements(in: viewport) where element.id != .loader {
                if case .background = element.id { continue }
                shown.append((element.id, axes.axisRect(element.frame).s - start))
            }
        }
        var atEnd = false
        if following {
            let end = axes.axisPoint(maxOffset).s
            atEnd = start >= end - Self.endTolerance * Swift.max(1, end)
        }
        return ViewAnchor(shown: shown, atEnd: atEnd)
    }

    /// How close (relative to the offset) to the content's end a viewport counts as at the end.
    static let endTolerance = 1e-12

    /// The offset that keeps `anchor` where it was on screen in `new`: at the new end when the
    /// viewport was at the end (`followEnd`); else the first shown element that `follow` maps to an
    /// element of `new` keeps its screen position; else the offset stays. Not clamped: the caller
    /// moves the viewport there, which clamps.
    ///
    /// - Complexity: O(k) for the k elements shown, each looked up in O(1).
    func anchoredOffset(_ anchor: ViewAnchor?, in new: ContentLayout, following follow: (ElementID, ContentLayout) -> ElementID?) -> Point {
        let offset = contentOffset
        guard let anchor else { return offset }
        let axes = new.axes
        var s: Double?
        if anchor.atEnd {
            s = axes.axisSize(new.contentSize).s - axes.axisSize(new.configuration.viewport).s
        } else if let (id, screen) = firstFollowed(anchor, in: new, follow) {
            s = new.frame(of: id).map { axes.axisRect($0).s - screen }
        }
        guard let s, !s.isNaN else { return offset }
        return axes.direction == .vertical ? Point(x: offset.x, y: s) : Point(x: s, y: offset.y)
    }

    /// The first shown element that still exists in `new` (its new id) and where it was on screen.
    private func firstFollowed(_ anchor: ViewAnchor, in new: ContentLayout,
                               _ follow: (ElementID, ContentLayout) -> ElementID?) -> (ElementID, Double)? {
        for (id, screen) in anchor.shown {
            if let now = follow(id, new), new.frame(of: now) != nil { return (now, screen) }
        }
        return nil
    }

    /// Makes a lazy `new` reach the element the anchor will follow, so that `anchoredOffset` finds
    /// its frame: the frontier moves to it (asking what it asks) when it is not laid out yet.
    func reachAnchor(_ anchor: ViewAnchor?, in new: inout ContentLayout, following follow: (ElementID, ContentLayout) -> ElementID?,
                     from dataSource: any GridDataSource) throws(GridError) {
        guard let anchor, !anchor.atEnd, new.isLazy else { return }
        for (id, _) in anchor.shown {
            guard let now = follow(id, new) else { continue }
            switch now {
            case .item(let path):
                guard let count = try? new.itemCount(inSection: path.section), path.item < count else { continue }
                try new.advance(to: .item(path), from: dataSource)
            case .header(let section), .footer(let section):
                guard section < new.sectionCount else { continue }
                try new.advance(to: .section(section), from: dataSource)
            case .background, .loader:
                continue
            }
            if new.frame(of: now) != nil { return }
        }
    }

    /// How a reload maps ids (it carries no identities): an item keeps its index path, its section
    /// and item clamped to `new`'s counts; a header, footer or loader stays itself.
    static func clamped(_ id: ElementID, in new: ContentLayout) -> ElementID? {
        guard case .item(let path) = id else { return id }
        let sections = new.sectionCount
        guard sections > 0 else { return nil }
        let section = Swift.min(path.section, sections - 1)
        guard let count = try? new.itemCount(inSection: section), count > 0 else { return nil }
        return .item(GridIndexPath(section: section, item: Swift.min(path.item, count - 1)))
    }

    /// Moves the viewport to `offset` after a change that replaced the layout, moving the running
    /// slide's starting frames with it: an element drawn where it was before the change starts
    /// where it was on screen, so an anchored change animates nothing above the anchor.
    func moveViewportKeepingSlide(to offset: Point) {
        let from = contentOffset
        let to = clampedOffset(offset)
        let shift = Point(x: to.x - from.x, y: to.y - from.y)
        if shift != .zero, var animation = motion.animation {
            switch animation.phase {
            case .slide(var transition):
                transition.shift(by: shift)
                animation.phase = .slide(transition)
            case .scroll(let start, let end, var transition):
                transition.shift(by: shift)
                animation.phase = .scroll(from: start, to: end, then: transition)
            case .vanish:
                break
            }
            motion.animation = animation
        }
        moveViewport(to: offset)
    }
}
