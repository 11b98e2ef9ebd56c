/// Spatial navigation: the item a focus moves to from another (docs/layout.md, "Spatial navigation").
extension Grid {
    /// The item a focus at `path` moves to in `direction`, or nil at an edge. Throws for an index path
    /// out of range (as `frame(of:)`).
    ///
    /// Up, down, left and right compare the reported frames (after `rtl` and `scale`) of items only,
    /// and only items with positive area: the spatial queries never return an item that covers
    /// nothing, and such an item shows nothing to focus. A candidate lies wholly beyond the current
    /// item's edge: its near edge at or past the current far edge. Candidates overlapping the current
    /// item across the direction with positive length (in the beam) win over the others; among them
    /// the smallest gap, then the smallest distance between centres across, then the lower index path;
    /// among the others the smallest 13·gap² + across², then the lower index path. `next` and
    /// `previous` follow index order across sections, skipping empty ones.
    ///
    /// This part queries the whole half-plane beyond the edge with `elements(in:)` and keeps the best
    /// candidate: every candidate lies in it, so none is missed.
    ///
    /// - Complexity: next and previous: O(e) for e empty sections skipped (after `frame(of:)`, which
    ///   validates the path). Up, down, left and right: that of `elements(in:)` over the half-plane,
    ///   O(log s + m log n + k) with k the elements beyond the edge. A lazy layout is first laid out
    ///   through the half-plane's extent along the scroll axis: to the content's end for a move
    ///   towards it (the answer may lie past the frontier), every item asked as `layOut(through:)` says.
    public func neighbor(of path: GridIndexPath, _ direction: NavigationDirection) throws(GridError) -> GridIndexPath? {
        let current = try frame(of: path)
        // Far enough past every frame: content ends at or before `maxExtent`.
        let far = 2 * GridLimits.maxExtent
        let half: Rect
        switch direction {
        case .next: return try indexNeighbor(of: path, step: 1)
        case .previous: return try indexNeighbor(of: path, step: -1)
        case .down: half = Rect(x: -far, y: current.maxY, width: 2 * far, height: far)
        case .up: half = Rect(x: -far, y: -far, width: 2 * far, height: far + current.y)
        case .right: half = Rect(x: current.maxX, y: -far, width: far, height: 2 * far)
        case .left: half = Rect(x: -far, y: -far, width: far + current.x, height: 2 * far)
        }
        var best: (path: GridIndexPath, inBeam: Bool, first: Double, second: Double)?
        for element in try elements(in: half) {
            guard case .item(let candidate) = element.id, candidate != path,
                  let (gap, overlap, across) = Self.separation(of: element.frame, from: current, direction) else { continue }
            let inBeam = overlap > 0
            // In the beam: gap, then distance across; outside it, one weighted distance.
            let key = inBeam ? (gap, across) : (13 * gap * gap + across * across, 0)
            if let b = best {
                if b.inBeam && !inBeam { continue }
                if b.inBeam == inBeam && (b.first, b.second, b.path) < (key.0, key.1, candidate) { continue }
            }
            best = (candidate, inBeam, key.0, key.1)
        }
        return best?.path
    }

    /// For a frame wholly beyond `current` in `direction` (up, down, left or right) with positive
    /// area: its gap along the direction (near edge minus the current far edge, >= 0), its overlap with
    /// the current frame across it, and the distance between their centres across it; nil otherwise.
    static func separation(of frame: Rect, from current: Rect, _ direction: NavigationDirection)
        -> (gap: Double, overlap: Double, across: Double)? {
        guard frame.width > 0 && frame.height > 0 else { return nil }
        let gap: Double, vertical: Bool
        switch direction {
        case .down: (gap, vertical) = (frame.y - current.maxY, true)
        case .up: (gap, vertical) = (current.y - frame.maxY, true)
        case .right: (gap, vertical) = (frame.x - current.maxX, false)
        case .left: (gap, vertical) = (current.x - frame.maxX, false)
        case .next, .previous: return nil
        }
        guard gap >= 0 else { return nil }
        let (a0, a1, b0, b1) = vertical ? (frame.x, frame.maxX, current.x, current.maxX)
                                        : (frame.y, frame.maxY, current.y, current.maxY)
        return (gap, Swift.min(a1, b1) - Swift.max(a0, b0), Swift.abs((a0 + a1) / 2 - (b0 + b1) / 2))
    }

    /// The item `step` (1 or -1) away from `path` in index order, skipping empty sections; nil past
    /// either end.
    private func indexNeighbor(of path: GridIndexPath, step: Int) throws(GridError) -> GridIndexPath? {
        var section = path.section, item = path.item + step
        while true {
            let count = try layout.itemCount(inSection: section)
            if item >= 0 && item < count { return GridIndexPath(section: section, item: item) }
            section += step
            guard section >= 0 && section < layout.sectionCount else { return nil }
            item = step > 0 ? 0 : try layout.itemCount(inSection: section) - 1
        }
    }
}
