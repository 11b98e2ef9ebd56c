/// Drag reordering (`sort`): pick an item up, move it, drop it into another slot.
///
/// Drag points are in viewport coordinates, as a touch or a pointer gives them: while the grid
/// auto-scrolls under a point that stays put, the item stays under it. During the drag the grid's
/// layout is a preview of the data with the item moved to its target slot (made again, for the
/// sections concerned, when the target changes) and the other items slide to their new frames;
/// the data changes once, when the drag ends.
extension Grid {
    /// The dragged item's index path in the data, and the slot it would drop into; nil without a drag.
    public var drag: (from: GridIndexPath, to: GridIndexPath)? { motion.drag.map { ($0.origin, $0.target) } }

    /// The data's index path of the item shown at `path`: they differ during a drag, whose preview
    /// shows the dragged item in its target slot.
    ///
    /// - Complexity: O(1).
    public func dataIndexPath(_ path: GridIndexPath) -> GridIndexPath {
        guard let drag = motion.drag else { return path }
        return drag.change.before(path) ?? path
    }

    /// Picks up the item under `point` (viewport coordinates). Returns its index path, or nil (and
    /// starts no drag) when no item is there or the data source's `canMoveItem` says no. Running
    /// and queued mutations are finished first. Throws when `sort` is off or a drag is in progress.
    /// An item of a section that scrolls sideways moves within its section only, and no other item
    /// moves into such a section.
    ///
    /// - Complexity: after the cost of the mutations it finishes, that of `ContentLayout.indexPath(at:)` to find the item
    ///   and O(s) for the s sections: it asks `canMoveItem(at:)` once and `canMoveItem(fromSection:toSection:)` for every
    ///   other section that does not scroll sideways (none when the item's own does), then `providesSpans`, the item's `sizeForItem` (unless measured) and, with spans, its `span(at:)`.
    ///   A lazy layout is first laid out to its end (see `layOut(through:)`). Then a loaded-set update (see `scroll(to:)`).
    @discardableResult
    public func beginDrag(at point: Point) throws(GridError) -> GridIndexPath? {
        guard configuration.sort else { throw .sortingOff }
        try refuseDuringTransition(.beginDrag)
        guard motion.drag == nil else { throw .dragState(operation: .beginDrag, dragging: true) }
        try check(point)
        guard self.dataSource != nil else { throw .noDataSource }
        try settle()  // may change the data source (a value): read it after
        try completeLayout()  // a drag's preview re-lays out whole sections
        guard let dataSource = dataSource.map(sizing) else { throw .noDataSource }
        let content = Point(x: contentOffset.x + point.x, y: contentOffset.y + point.y)
        guard let path = layout.indexPath(at: content),
              try ask(.canMove, .item(path), { try dataSource.canMoveItem(at: path) }) else { return nil }
        // A section that scrolls sideways keeps its items and takes no others: its offset and its
        // lines belong to its own items (its drags reorder within it).
        let sideways = layout.crossItems(path.section) != nil
        var sections: [Int] = []
        for section in 0..<layout.sectionCount {
            if section == path.section {
                sections.append(section)
            } else if !sideways, layout.crossItems(section) == nil,
                      try ask(.canMoveToSection, .section(section), { try dataSource.canMoveItem(fromSection: path.section, toSection: section) }) {
                sections.append(section)
            }
        }
        let itemSize: Size
        if let size = measures[path.section]?[path.item] {
            itemSize = size
        } else {
            itemSize = try ask(.itemSize, .item(path)) { try dataSource.sizeForItem(at: path) }
        }
        let itemSpan = dataSource.providesSpans ? try ask(.span, .item(path)) { try dataSource.span(at: path) } : nil
        let frame = try layout.frame(of: path)
        motion.drag = DragSession(origin: path, target: path, point: point,
                                  grab: Point(x: content.x - frame.x, y: content.y - frame.y),
                                  frameSize: frame.size, itemSize: itemSize, itemSpan: itemSpan, base: layout, sections: sections)
        updateLoaded()
        observer?.grid(self, didBeginDrag: path)
        return path
    }

    /// Moves the dragged item with `point` (viewport coordinates), clamped to the sections it may
    /// go to. When another slot's centre is nearer the item's centre than its target's by more than
    /// `dragHysteresis`, that slot becomes the target and the other items re-flow around it.
    ///
    /// - Complexity: a search for the nearest slot, in rounds over a square that doubles from the item's size until it
    ///   holds a slot (usually one; at most about log2 of the content's extent over the item's size), each that of
    ///   `ContentLayout.elements(in:)` for the k elements in the square, plus O(k · d) to keep the slots of the d sections
    ///   the item may go to. A new target lays the one or two sections concerned out again from the layout the drag began
    ///   with, O(n + s) for their n items and the s sections, asking what `reloadSection` asks of each, and renumbers the
    ///   L loaded elements, O(L log L). Then a loaded-set update (see `scroll(to:)`).
    public func drag(to point: Point) throws(GridError) {
        guard motion.drag != nil else { throw .dragState(operation: .dragTo, dragging: false) }
        try check(point)
        let previous = motion.drag!.point
        motion.drag!.point = point
        do {
            try followDrag()
        } catch {
            motion.drag?.point = previous  // a failed call changes nothing: the drag goes on as it was
            throw error
        }
        updateLoaded()
    }

    /// Drops the item into its target slot: the data source's `moveItem(from:to:)` is called once,
    /// unless the slot is where the item started, and the item slides from where it was dropped into
    /// the slot. On error the item goes back to where it started and the layout is the data's.
    ///
    /// - Complexity: a search of the loaded area for where its elements are drawn; when the item moved, the data source's
    ///   `numberOfSections` and `moveItem(from:to:)`, what `reloadSection` costs and asks of the one or two sections
    ///   concerned (O(n + s), n their items and s the sections) and O(M) for the M measured sizes held; then a loaded-set
    ///   update (see `scroll(to:)`).
    public func endDrag() throws(GridError) {
        guard let drag = motion.drag else { throw .dragState(operation: .endDrag, dragging: false) }
        var starts = drawnStates(renumbered: [])
        starts[.item(drag.target)] = ElementState(frame: draggedFrame(drag))
        let preview = layout
        motion.drag = nil
        motion.animation = nil
        var final = preview
        if drag.target != drag.origin {
            do {
                final = try relaidOut(drag.change, from: drag.base)
            } catch {
                motion.drag = drag
                cancelDrag()
                throw error
            }
        }
        let duration = configuration.animationDuration
        if duration > 0 {
            motion.animation = Animation(phase: .slide(Transition(from: preview, changes: [], starts: starts)), duration: duration)
        }
        if drag.target != drag.origin { measures = Grid.renumbered(measures, by: drag.change) }
        commit(final, renumbering: [])
        observer?.grid(self, didEndDrag: drag.origin, to: drag.target)
        if motion.animation == nil { try startQueued() }
    }

    /// Ends the drag without moving anything: the preview gives way to the layout it began from.
    func cancelDrag() {
        guard let drag = motion.drag else { return }
        motion.drag = nil
        motion.animation = nil
        commit(drag.base, renumbering: [.move(from: drag.target, to: drag.origin)])
        observer?.grid(self, didEndDrag: drag.origin, to: drag.origin)
    }

    /// Auto-scroll for `dt` seconds when the drag point is within `autoScrollMargin` of the
    /// viewport's leading or trailing edge along S (faster nearer the edge), then follows the drag.
    /// With paging, the travel adds up over steps until it reaches the next page.
    func autoScroll(_ dt: Double) throws(GridError) {
        guard let drag = motion.drag, dt > 0 else { return }
        let axes = layout.axes
        let s = axes.axisPoint(drag.point).s
        let extent = axes.axisSize(layout.configuration.viewport).s
        let margin = configuration.autoScrollMargin
        guard margin > 0 else { return }
        var velocity = 0.0
        if s < margin {
            velocity = -Swift.min(1, (margin - s) / margin)
        } else if s > extent - margin {
            velocity = Swift.min(1, (s - (extent - margin)) / margin)
        }
        guard velocity != 0 else { return }
        let before = contentOffset
        let delta = velocity * configuration.autoScrollSpeed * dt + drag.scrollCarry
        moveViewport(to: axes.direction == .vertical ? Point(x: before.x, y: before.y + delta) : Point(x: before.x + delta, y: before.y))
        if contentOffset != before {
            motion.drag!.scrollCarry = 0
            try followDrag()
        } else if layout.configuration.paging {
            motion.drag!.scrollCarry = Swift.max(-extent, Swift.min(delta, extent))
        }
    }

    private func check(_ point: Point) throws(GridError) {
        guard point.x.isFinite && point.y.isFinite else { throw .invalidPoint(point) }
    }

    /// Retargets the drag when another slot is nearer than the target by more than the hysteresis.
    private func followDrag() throws(GridError) {
        guard let drag = motion.drag, let slot = layout.frame(of: .item(drag.target)) else { return }
        let centre = Self.centre(draggedFrame(drag))
        let current = Self.distance(centre, Self.centre(slot))
        guard let (nearest, distance) = nearestSlot(to: centre, drag), nearest != drag.target,
              distance < current - configuration.dragHysteresis else { return }
        try retarget(to: nearest)
    }

    /// The item slot nearest `point` among the drag's sections (ties: the first in order): a search
    /// of a square around the point that doubles until it finds one, O(log n + k) a round.
    private func nearestSlot(to point: Point, _ drag: DragSession) -> (GridIndexPath, Double)? {
        let content = layout.contentSize
        var radius = Swift.max(drag.frameSize.width, drag.frameSize.height, 1)
        let limit = 2 * Swift.max(content.width, content.height, radius)
        while true {
            var best: (GridIndexPath, Double)?
            for element in layout.elements(in: Rect(x: point.x - radius, y: point.y - radius, width: 2 * radius, height: 2 * radius)) {
                guard case .item(let path) = element.id, drag.sections.contains(path.section) else { continue }
                let d = Self.distance(point, Self.centre(element.frame))
                if best == nil || d < best!.1 { best = (path, d) }
            }
            // A slot found within the square may lose to one outside it only beyond `radius`.
            if let best, best.1 <= radius { return best }
            if radius >= limit { return best }
            radius *= 2
        }
    }

    /// Makes the preview with the item at `target` the grid's layout; the items slide from where they
    /// are drawn now.
    private func retarget(to target: GridIndexPath) throws(GridError) {
        guard var drag = motion.drag, let dataSource = dataSource.map(sizing) else { return }
        var preview = drag.base
        let source = ReorderedDataSource(base: measured(dataSource, measures), origin: drag.origin, target: target, itemSize: drag.itemSize,
                                         itemSpan: drag.itemSpan, began: drag.base)
        for section in Set([drag.origin.section, target.section]).sorted() {
            try preview.relayOutSection(section, from: source)
        }
        let changes: [IndexChange] = [.move(from: drag.target, to: drag.origin), .move(from: drag.origin, to: target)]
        let starts = motion.animation == nil ? [:] : drawnStates(renumbered: changes)
        let duration = configuration.animationDuration
        motion.animation = duration > 0
            ? Animation(phase: .slide(Transition(from: layout, changes: changes, starts: starts)), duration: duration) : nil
        drag.target = target
        motion.drag = drag
        commit(preview, renumbering: changes)
    }

    /// Where the loaded elements (but a dragged one) are drawn now, keyed by their ids after `changes`.
    private func drawnStates(renumbered changes: [IndexChange]) -> [ElementID: ElementState] {
        var drawn: [GridElement] = []
        displayedElements(in: loadedArea, into: &drawn)
        var states: [ElementID: ElementState] = [:]
        for element in drawn where !element.dragged && !element.pinned {
            if let id = changes.after(element.id) {
                states[id] = ElementState(frame: element.frame, alpha: element.alpha, scale: element.scale)
            }
        }
        return states
    }

    /// The dragged item's frame: under the point as it was grabbed, clamped to its sections' extent
    /// along S and to the content across.
    func draggedFrame(_ drag: DragSession) -> Rect {
        let axes = layout.axes
        // Clamped in the engine's frame (`rtl` mirrors it), where the sections' extents are.
        var frame = axes.axisRect(layout.engineRect(Rect(x: contentOffset.x + drag.point.x - drag.grab.x, y: contentOffset.y + drag.point.y - drag.grab.y,
                                                   width: drag.frameSize.width, height: drag.frameSize.height)))
        let first = layout.sections[drag.sections.first!], last = layout.sections[drag.sections.last!]
        frame.s = Swift.max(first.sStart, Swift.min(frame.s, last.sEnd - frame.sSize))
        let contentC = axes.axisSize(layout.engineContentSize).c
        frame.c = Swift.max(0, Swift.min(frame.c, contentC - frame.cSize))
        return layout.user(axes.rect(frame))
    }

    /// Puts the dragged item where the drag holds it into `result[first...]` (sorted by id).
    func placeDragged(_ drag: DragSession, in area: Rect, from first: Int, into result: inout [GridElement]) {
        let id = ElementID.item(drag.target)
        if let i = result[first...].firstIndex(where: { $0.id == id }) { result.remove(at: i) }
        let frame = draggedFrame(drag)
        guard frame.overlaps(area) else { return }
        let i = result[first...].firstIndex { id < $0.id } ?? result.count
        result.insert(GridElement(id: id, frame: frame, dragged: true), at: i)
    }

    private static func centre(_ r: Rect) -> Point { Point(x: r.x + r.width / 2, y: r.y + r.height / 2) }

    private static func distance(_ a: Point, _ b: Point) -> Double {
        let dx = a.x - b.x, dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
