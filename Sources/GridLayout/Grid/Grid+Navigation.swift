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
    /// The search asks `elements(in:)` for regions beyond the edge that double in depth: first the
    /// beam (the strip as wide as the item), then, only when no item lies in the beam anywhere, a band
    /// around the item's centre. Each region holds every candidate it could have to rank before the
    /// ones left outside it, so the search stops as soon as its best is better than anything outside.
    ///
    /// - Complexity: next and previous: O(e) for e empty sections skipped (after `frame(of:)`, which
    ///   validates the path). Up, down, left and right: O(q (log s + m log n) + k), q ≤ 44 regions
    ///   (doublings up to the largest extent, fewer when a candidate is near), k the elements of the
    ///   last region (the ones before are inside it, at most as many again). A lazy layout is laid out
    ///   through each region along the scroll axis first (see `layOut(through:)`): towards the content's
    ///   end, as far as the answer needs, or to the end when there is none.
    public func neighbor(of path: GridIndexPath, _ direction: NavigationDirection) throws(GridError) -> GridIndexPath? {
        let current = try frame(of: path)
        let vertical: Bool, forward: Bool
        switch direction {
        case .next: return try indexNeighbor(of: path, step: 1)
        case .previous: return try indexNeighbor(of: path, step: -1)
        case .down: (vertical, forward) = (true, true)
        case .up: (vertical, forward) = (true, false)
        case .right: (vertical, forward) = (false, true)
        case .left: (vertical, forward) = (false, false)
        }
        // The region beyond the edge `depth` deep, across from `lo` to `hi`, in screen coordinates.
        let edge = vertical ? (forward ? current.maxY : current.y) : (forward ? current.maxX : current.x)
        func region(depth: Double, _ lo: Double, _ hi: Double) -> Rect {
            let near = forward ? edge : edge - depth
            return vertical ? Rect(x: lo, y: near, width: hi - lo, height: depth) : Rect(x: near, y: lo, width: depth, height: hi - lo)
        }
        let (c0, c1) = vertical ? (current.x, current.maxX) : (current.y, current.maxY)
        let centre = (c0 + c1) / 2
        // Every frame ends within `maxExtent` of the origin, and items may lie past the content's
        // sides (insets, rtl), so a region this deep from any edge, this wide, holds them all.
        let limit = 4 * GridLimits.maxExtent
        let start = Swift.max(vertical ? current.height : current.width, c1 - c0, 16)

        var best: (path: GridIndexPath, inBeam: Bool, first: Double, second: Double)?
        func consider(_ elements: [GridElement]) {
            for element in elements {
                guard case .item(let candidate) = element.id, candidate != path,
                      let (gap, overlap, across) = Self.separation(of: element.frame, from: current, direction) else { continue }
                let inBeam = overlap > 0
                let key = inBeam ? (gap, across) : (13 * gap * gap + across * across, 0)
                if let b = best {
                    if b.inBeam && !inBeam { continue }
                    if b.inBeam == inBeam && (b.first, b.second, b.path) < (key.0, key.1, candidate) { continue }
                }
                best = (candidate, inBeam, key.0, key.1)
            }
        }
        // The beam: a candidate in it with gap g overlaps the strip of any depth > g with positive
        // area, and one with a larger gap lies wholly past it. So the first strip that holds a
        // candidate holds the best one in the beam: every candidate outside has a gap at least the
        // depth, larger than that of every one inside, and one in the beam wins over any outside it.
        if c1 > c0 {
            var depth = start
            while depth <= 2 * limit {
                consider(try elements(in: region(depth: depth, c0, c1)))
                if best != nil { return best?.path }
                depth *= 2
            }
        }
        // Nothing in the beam anywhere: the band `depth` deep and √13·depth either side of the centre
        // holds every candidate with gap < depth and distance across < √13·depth (its centre inside,
        // and it has positive area); any other scores 13·gap² + across² >= 13·depth². The search stops
        // when the best found scores less.
        var depth = start
        while depth <= 2 * limit {
            let half = 13.0.squareRoot() * depth
            consider(try elements(in: region(depth: depth, centre - half, centre + half)))
            if let b = best, b.first < 13 * depth * depth { return b.path }
            depth *= 2
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
