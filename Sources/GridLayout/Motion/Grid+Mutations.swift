/// Inserting, removing and moving items, animated on the grid's clock (docs/layout.md, "Mutations and
/// animation").
///
/// A mutation asked for while an animation runs is queued and starts when the animations before it
/// have ended: none is dropped. Its index paths mean what they would if every mutation asked for
/// before it had already happened, and they are checked against that when it is asked for. The
/// data changes when a mutation starts: the data source's `insertItem` (for data sources that add
/// the item then; others have it already), `removeItem` once the removed item has faded out, and
/// `moveItem`. The grid then lays out the sections concerned again and checks their counts.
extension Grid {
    /// Whether a mutation is running or queued.
    public var isAnimating: Bool { motion.animation != nil || !motion.queue.isEmpty || motion.layoutTransition?.clock != nil }

    /// Inserts the item the data has (or gets from `insertItem`) at `path`: the items after it slide
    /// along while it fades in. With `scroll`, the viewport first moves so that the new item is at
    /// its centre.
    ///
    /// - Complexity: O(s) to check it against the counts planned after the mutations before it, s the sections; a lazy
    ///   layout is first laid out to its end (see `layOut(through:)`). Once it starts (now, unless an animation runs; else
    ///   in `step(_:)`): the data source's `numberOfSections` and `insertItem`, then what `reloadSection` costs and asks of
    ///   the item's section, O(n + s) for its n items (a whole reload when the configuration changed since the last
    ///   layout); O(k log k) to renumber the k loaded elements, O(M) for the M measured sizes held, and a loaded-set update
    ///   (see `scroll(to:)`).
    public func insertItem(at path: GridIndexPath, animated: Bool = true, scroll: Bool = false) throws(GridError) {
        try request(Mutation(change: .insert(path), animated: animated, scroll: scroll))
    }

    /// Removes the item at `path`: it fades and shrinks, then the data source's `removeItem` drops
    /// it from the data, then the items after it slide into place.
    ///
    /// - Complexity: that of `insertItem(at:animated:scroll:)`, with `removeItem` asked in place of `insertItem`. Animated,
    ///   its start costs a loaded-set update, and the data change and the relayout come in the `step(_:)` that ends the fade.
    public func removeItem(at path: GridIndexPath, animated: Bool = true) throws(GridError) {
        try request(Mutation(change: .remove(path), animated: animated, scroll: false))
    }

    /// Moves the item at `from` to `to` (in its own or another section) by way of the data source's
    /// `moveItem`; every item whose frame changes slides to its new one.
    ///
    /// - Complexity: that of `insertItem(at:animated:scroll:)`, with `moveItem` asked in place of `insertItem` and, for a
    ///   move across sections, both sections laid out again: O(n + n' + s) for their n and n' items and the s sections.
    public func moveItem(from: GridIndexPath, to: GridIndexPath, animated: Bool = true) throws(GridError) {
        try request(Mutation(change: .move(from: from, to: to), animated: animated, scroll: false))
    }

    /// Advances the animation clock by `dt` seconds: running animations progress, those that end
    /// make way for the next phase or the next queued mutation (the time left over goes on to it),
    /// and during a drag near the viewport's edge the grid auto-scrolls. A queued mutation that
    /// fails is dropped, the ones after it are rebased on its not having happened (or cancelled,
    /// `MutationRebase`), and every such error is thrown once the rest of the time has run
    /// (`GridError.several` when there is more than one).
    ///
    /// - Complexity: a loaded-set update (see `scroll(to:)`), plus what each phase ending in this step starts: a removal's
    ///   data change, or a queued mutation, costs what `insertItem(at:animated:scroll:)` says it costs once it starts.
    ///   Taking each mutation from a queue of q costs O(q); a failure rebases the rest of the queue, O(q² + s) for s
    ///   sections. During a drag near an edge, the auto-scroll costs what `drag(to:)` does.
    public func step(_ dt: Double) throws(GridError) {
        guard dt.isFinite && dt >= 0 else { throw .invalidTime(dt) }
        var failures: [GridError] = []
        do { try autoScroll(dt) } catch { failures.append(error) }
        do { try advance(by: dt) } catch { failures.append(error) }
        advanceLayoutTransition(by: dt)
        if let failure = GridError.combining(failures) { throw failure }
    }

    /// Times closer than this (seconds) count as equal on the animation clock.
    static let clockResolution = 1e-9

    /// Cancels a drag and runs every animation and queued mutation to its end.
    func settle() throws(GridError) {
        if motion.drag != nil { cancelDrag() }
        guard !motion.isIdle else { return }
        try advance(by: .infinity)
    }

    private func request(_ mutation: Mutation) throws(GridError) {
        guard dataSource != nil else { throw .noDataSource }
        try refuseDuringTransition(mutation.change.operation)
        guard motion.drag == nil else { throw .busyDragging(operation: mutation.change.operation) }
        try completeLayout()  // mutations re-lay out whole sections
        var counts = motion.plannedCounts ?? layout.itemCounts
        try Self.apply(mutation, to: &counts)
        motion.plannedCounts = counts
        motion.queue.append(mutation)
        if motion.animation == nil { try startQueued() }
    }

    /// Checks `mutation` against `counts` (every section's item count) and applies it.
    static func apply(_ mutation: Mutation, to counts: inout [Int]) throws(GridError) {
        func check(_ path: GridIndexPath, _ operation: GridOperation, extra: Int, destination: Bool = false) throws(GridError) {
            guard counts.indices.contains(path.section) else {
                throw .mutationOutOfRange(operation: operation, path, itemCount: nil, sectionCount: counts.count, destination: destination)
            }
            guard path.item >= 0 && path.item < counts[path.section] + extra else {
                throw .mutationOutOfRange(operation: operation, path, itemCount: counts[path.section], sectionCount: counts.count,
                                          destination: destination)
            }
        }
        switch mutation.change {
        case .insert(let path):
            try check(path, .insert, extra: 1)
            guard counts[path.section] < GridLimits.maxItemsPerSection else {
                throw .invalidCount(callback: .itemCount, at: .section(path.section), value: counts[path.section] + 1,
                                    allowed: 0...GridLimits.maxItemsPerSection)
            }
        case .remove(let path):
            try check(path, .remove, extra: 0)
        case .move(let from, let to):
            try check(from, .move, extra: 0)
            try check(to, .move, extra: from.section == to.section ? 0 : 1, destination: true)
        case .renumber:
            break  // never queued: `apply` finishes the queue first
        }
        mutation.change.adjust(&counts)
    }

    /// Runs the clock forward by `time` (infinity: to the end of everything queued).
    private func advance(by time: Double) throws(GridError) {
        var failures: [GridError] = []
        var remaining = time
        while var animation = motion.animation {
            let left = animation.duration - animation.elapsed
            // Within a nanosecond of its end a phase ends: steps that add up to a duration in
            // floating point (0.05 × 4) end it exactly, leaving no sliver of time for the next.
            if remaining < left - Self.clockResolution {
                animation.elapsed += remaining
                motion.animation = animation
                if case .scroll(let from, let to, _) = animation.phase {
                    let t = animation.progress
                    // (inf - x) * 0 is NaN: the ends are taken as they are.
                    func mix(_ a: Double, _ b: Double) -> Double { t <= 0 ? a : (a + (b - a) * t).isNaN ? b : a + (b - a) * t }
                    moveViewport(to: Point(x: mix(from.x, to.x), y: mix(from.y, to.y)))
                }
                break
            }
            remaining = remaining - left < Self.clockResolution ? 0 : remaining - left
            do { try finish(animation) } catch { failures.append(error) }
        }
        updateLoaded()
        if let failure = GridError.combining(failures) { throw failure }
    }

    /// Ends `animation`'s phase: the next phase starts, or the mutation is told done and the next
    /// queued one starts.
    private func finish(_ animation: Animation) throws(GridError) {
        var failures: [GridError] = []
        motion.animation = nil
        switch animation.phase {
        case .scroll(_, let to, let slide):
            moveViewport(to: to)
            motion.animation = Animation(phase: .slide(slide), duration: animation.duration, event: animation.event)
        case .vanish(let path):
            do { try perform(.remove(path), animated: true) } catch {
                failures.append(error)
                failures += rebaseQueue(after: .remove(path))
            }
        case .slide:
            if let event = animation.event { report(event) }
        }
        if motion.animation == nil {
            do { try startQueued() } catch { failures.append(error) }
        }
        if let failure = GridError.combining(failures) { throw failure }
    }

    /// Starts queued mutations until one animates or none is left. One that fails is dropped and
    /// the rest rebased on its not having happened; every error is thrown once the others have started.
    func startQueued() throws(GridError) {
        var failures: [GridError] = []
        while motion.animation == nil && motion.drag == nil && !motion.queue.isEmpty {
            let mutation = motion.queue.removeFirst()
            do { try start(mutation) } catch {
                failures.append(error)
                failures += rebaseQueue(after: mutation.change)
            }
        }
        if motion.isIdle { motion.plannedCounts = nil }
        if let failure = GridError.combining(failures) { throw failure }
    }

    /// Rewrites the queue for `failed` not having happened (`MutationRebase`) and plans the counts
    /// anew from the layout's; returns the errors of the mutations it cancelled.
    private func rebaseQueue(after failed: IndexChange) -> [GridError] {
        let counts = layout.itemCounts
        let (queue, cancelled) = MutationRebase.rebase(motion.queue, after: failed, counts: counts)
        motion.queue = queue
        var planned = counts
        for mutation in queue { try? Self.apply(mutation, to: &planned) }
        motion.plannedCounts = planned
        return cancelled
    }

    private func start(_ mutation: Mutation) throws(GridError) {
        let animated = mutation.animated && configuration.animationDuration > 0
        if animated, case .remove(let path) = mutation.change {
            // A removal's first half: the item fades and shrinks; `finish` performs it.
            motion.animation = Animation(phase: .vanish(path), duration: configuration.animationDuration, event: mutation.change)
            updateLoaded()
        } else {
            try perform(mutation.change, animated: animated, scroll: mutation.scroll)
        }
    }

    /// The data source performs `change`, the sections it touches are laid out again, and the
    /// elements slide to their new frames (an inserted item fading in) or, not animated, jump there
    /// and the observer hears of it at once. An insert with `scroll` moves the viewport to centre
    /// the new item first (held still while it moves, when animated).
    private func perform(_ change: IndexChange, animated: Bool, scroll: Bool = false) throws(GridError) {
        let before = layout
        let after = try relaidOut(change, from: layout)
        // An insert that scrolls to its item places the viewport itself; otherwise it is anchored.
        var target: Point?
        if scroll, case .insert(let path) = change {
            let centred = centredOffset(on: try after.frame(of: path), in: after)
            if centred != contentOffset { target = centred }
        }
        if animated {
            var slide = Transition(from: before, changes: [change])
            if case .insert(let path) = change { slide.appearing = [.item(path)] }
            let phase: Animation.Phase = target.map { .scroll(from: contentOffset, to: $0, then: slide) } ?? .slide(slide)
            motion.animation = Animation(phase: phase, duration: configuration.animationDuration, event: change)
        }
        measures = Grid.renumbered(measures, by: change)  // they follow their items
        // With a target the viewport moves there afterwards (animated: from where it is now).
        commit(after, renumbering: [change],
               offset: target != nil ? contentOffset : anchoredOffset(viewAnchor(), in: after, following: { id, _ in change.after(id) }))
        if !animated {
            if let target { moveViewport(to: target) }
            report(change)
        }
    }

    /// Lets the data source perform `change`, then lays out the sections it touches again, from
    /// `base`, and checks their counts. Returns the new layout without making it the grid's; on
    /// error the grid's layout is as it was. While the data source runs, the grid holds an empty
    /// layout (its callbacks may query the grid, as during a reload).
    func relaidOut(_ change: IndexChange, from base: ContentLayout) throws(GridError) -> ContentLayout {
        guard var dataSource else { throw .noDataSource }
        let operation = change.operation
        var expected = base.itemCounts
        change.adjust(&expected)
        let saved = layout
        layout = ContentLayout(configuration: configuration)
        defer { layout = saved }
        // The data may have been replaced while the mutation waited: its sections must still be
        // the layout's, or changing the data and laying out a section again would reach one it lacks.
        let sectionCount = try ask(.sections, .grid) { try dataSource.numberOfSections() }
        guard sectionCount == base.sectionCount else {
            throw .sectionsChanged(operation: operation, count: sectionCount, expected: base.sectionCount)
        }
        try ask(change.callback, .item(change.path)) { try dataSource.perform(change) }
        self.dataSource = dataSource
        // Measured sizes stay in force, renumbered as the change moves their items.
        let source = measured(dataSource, Grid.renumbered(measures, by: change))
        var working = base
        if configuration != base.configuration {
            working = try ContentLayout(configuration: configuration, dataSource: source, crossOffsets: base.crossOffsets)
        } else {
            for section in change.sections { try working.relayOutSection(section, from: source) }
        }
        for section in change.sections where working.sections.indices.contains(section) {
            let count = working.sections[section].items.count
            if count != expected[section] {
                throw .updateMismatch(operation: operation, at: change.path, section: section, count: count, expected: expected[section])
            }
        }
        guard working.sectionCount == base.sectionCount else {
            throw .sectionsChanged(operation: operation, count: working.sectionCount, expected: base.sectionCount)
        }
        return working
    }

    /// Makes `new` the grid's layout: the loaded elements are renumbered by `changes` first (each
    /// told to the observer), then the viewport moves to `offset` (the caller's anchored offset,
    /// Grid+Anchoring.swift; nil keeps it: a drag's own re-flows are not anchored) with the running
    /// slide, kept within the content, and the loaded set is updated.
    func commit(_ new: ContentLayout, renumbering changes: [IndexChange], offset: Point? = nil) {
        if !changes.isEmpty { heldSnapshot = nil }  // `apply` holds its own snapshot again after committing
        let offset = offset ?? contentOffset
        for change in changes { renumberLoaded(change) }
        layout = new
        moveViewportKeepingSlide(to: offset)
    }

    private func renumberLoaded(_ change: IndexChange) {
        var gone: [ElementID] = []
        var kept: [GridElement] = []
        kept.reserveCapacity(loaded.count)
        for element in loaded {
            if let id = change.after(element.id) {
                var moved = element
                moved.id = id
                kept.append(moved)
            } else {
                gone.append(element.id)
            }
        }
        if !gone.isEmpty {
            loaded.removeAll { gone.contains($0.id) }
            observer?.grid(self, didChangeLoaded: LoadedChange(unloaded: gone, loaded: []))
        }
        kept.sort { $0.id < $1.id }
        loaded = kept
        observer?.grid(self, didRenumber: change)
    }

    /// The offset that centres `frame` in the viewport (clamped later by `moveViewport`).
    private func centredOffset(on frame: Rect, in layout: ContentLayout) -> Point {
        let size = layout.configuration.viewport
        var target = contentOffset
        let content = layout.contentSize
        if layout.axes.direction == .vertical {
            target.y = Swift.min(Swift.max(frame.y + frame.height / 2 - size.height / 2, 0), Swift.max(0, content.height - size.height))
        } else {
            target.x = Swift.min(Swift.max(frame.x + frame.width / 2 - size.width / 2, 0), Swift.max(0, content.width - size.width))
        }
        return target
    }

    private func report(_ change: IndexChange) {
        switch change {
        case .insert(let path): observer?.grid(self, didInsert: path)
        case .remove(let path): observer?.grid(self, didRemove: path)
        case .move(let from, let to): observer?.grid(self, didMove: from, to: to)
        case .renumber(let renumbering): reportApplied(renumbering)
        }
    }
}
