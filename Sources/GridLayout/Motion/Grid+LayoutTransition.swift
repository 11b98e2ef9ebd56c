/// Layout transitions (docs/layout.md, "Layout transitions"): the grid shows its layout turning
/// into the layout of other options (a pinch that changes the column count), driven by the caller
/// (`setTransitionProgress`) or by the `step` clock (`animate(to:duration:)`).
///
/// Invariants while one runs: the grid's `layout`, `configuration` and page are those before it
/// (`cancelTransition()` only puts the offset back); `contentOffset` is the two offsets
/// interpolated; nothing asks the data source (the target was laid out as far as it is ever read
/// when the transition began). Calls that would change the layout, the data or the offset are
/// refused with `GridError.busyTransitioning`; queries answer from the grid's own layout.
extension Grid {
    /// Whether a layout transition runs (`transition(to:)` or `animate(to:duration:)`).
    public var isTransitioning: Bool { motion.layoutTransition != nil }

    /// The running layout transition's progress, 0...1 (nil when none runs).
    public var transitionProgress: Double? { motion.layoutTransition?.progress }

    /// The running layout transition's target configuration (nil when none runs).
    public var transitionTarget: GridConfiguration? { motion.layoutTransition?.target.configuration }

    /// Starts a layout transition to `target`: lays out, beside the grid's layout, the layout
    /// `target` gives the same data, and places it so that the anchor (the item whose frame
    /// contains the viewport's centre, else the shown item nearest to it) keeps its centre where it
    /// is on screen; that offset is then clamped to the target's content (with paging, snapped to
    /// a page). At progress 0 (where it starts) the grid shows what it showed. Running mutation
    /// animations end first. Throws, changing nothing: for a `target` that fails `validate()` or
    /// changes `direction`, `width` or `height` (`GridError.invalidOption`), during a drag, while
    /// another transition runs, or when laying the target out fails.
    ///
    /// Each item's size is asked at most once, as a reload asks it (a measured size is used in its
    /// place); a lazy target (`estimatedSize`) is laid out as a reload would lay it out: to the
    /// anchor, over the viewport at the target offset and to the last item the viewport shows now.
    ///
    /// - Complexity: what `reload()` costs and asks for the target: O(n + s) for n items and s sections (lazy: as far as
    ///   said above), plus a search of the viewport, O(log s + m log n + k) for the k elements it shows.
    public func transition(to target: GridConfiguration) throws(GridError) {
        try beginTransition(to: target, operation: .transition)
    }

    /// Moves the running layout transition to `progress` (0...1): `visibleElements()`, the loaded
    /// set and `contentOffset` then show every element of either layout that meets the viewport at
    /// its two frames interpolated linearly, at the two offsets interpolated (an element in one
    /// layout only stays at its frame there and fades: alpha `progress` coming, 1 − `progress`
    /// going). Asks nothing. Throws for a progress that is NaN or outside 0...1, or when no
    /// transition runs, changing nothing.
    ///
    /// - Complexity: a loaded-set update (see `scroll(to:)`) over both layouts: O(log s + m log n + k log k) for the k
    ///   elements of both near the viewport.
    public func setTransitionProgress(_ progress: Double) throws(GridError) {
        guard var running = motion.layoutTransition else { throw .noTransition(operation: .progress) }
        guard progress >= 0 && progress <= 1 else {
            throw .invalidTransition(operation: .progress, what: "progress", value: progress, expected: "a number from 0 to 1")
        }
        running.progress = progress
        show(running)
    }

    /// Ends the running layout transition with its target: the target becomes the grid's layout,
    /// its configuration the grid's `configuration`, and the viewport moves to the anchored offset
    /// (the observer hears the loaded set's change and, with paging, the page). Asks nothing.
    /// Throws when no transition runs.
    ///
    /// - Complexity: a loaded-set update (see `scroll(to:)`).
    public func commitTransition() throws(GridError) {
        guard let running = motion.layoutTransition else { throw .noTransition(operation: .commit) }
        commit(running)
    }

    /// Ends the running layout transition without it: the grid's layout, configuration, offset and
    /// loaded set are what they were before it began. Asks nothing. Throws when no transition runs.
    ///
    /// - Complexity: a loaded-set update (see `scroll(to:)`).
    public func cancelTransition() throws(GridError) {
        guard let running = motion.layoutTransition else { throw .noTransition(operation: .cancel) }
        motion.layoutTransition = nil
        contentOffset = running.fromOffset
        updateLoaded()
    }

    /// Starts a layout transition to `target` (see `transition(to:)`) that runs on the `step`
    /// clock: its progress is the time run over `duration`, eased in and out as every animation,
    /// and it commits when the time is up (at once for a duration of 0). Throws for a duration
    /// that is not a finite number >= 0, and as `transition(to:)` does, changing nothing.
    ///
    /// - Complexity: that of `transition(to:)`; each `step` then costs what `setTransitionProgress` does, and the last
    ///   what `commitTransition()` does.
    public func animate(to target: GridConfiguration, duration: Double) throws(GridError) {
        guard duration.isFinite && duration >= 0 else {
            throw .invalidTransition(operation: .animateTo, what: "duration", value: duration,
                                     expected: "a finite number of seconds >= 0")
        }
        try beginTransition(to: target, operation: .animateTo)
        guard duration > 0, var running = motion.layoutTransition else { return try commitTransition() }
        running.clock = (duration, 0)
        motion.layoutTransition = running
    }

    /// Throws `busyTransitioning` for `operation` while a layout transition runs.
    func refuseDuringTransition(_ operation: GridOperation) throws(GridError) {
        if motion.layoutTransition != nil { throw .busyTransitioning(operation: operation) }
    }

    /// Runs an `animate(to:duration:)` transition's clock forward by `dt`; it commits at its end.
    func advanceLayoutTransition(by dt: Double) {
        guard var running = motion.layoutTransition, var clock = running.clock else { return }
        clock.elapsed += dt
        if clock.elapsed >= clock.duration - Self.clockResolution { return commit(running) }
        running.clock = clock
        running.progress = easeInOut(clock.elapsed / clock.duration)
        show(running)
    }

    /// Makes `running` the grid's transition and shows it at its progress.
    private func show(_ running: LayoutTransition) {
        motion.layoutTransition = running
        contentOffset = running.offset(at: running.progress)
        updateLoaded()
    }

    private func commit(_ running: LayoutTransition) {
        motion.layoutTransition = nil
        configuration = running.target.configuration
        layout = running.target
        moveViewport(to: running.toOffset)
    }

    private func beginTransition(to target: GridConfiguration, operation: GridOperation) throws(GridError) {
        try refuseDuringTransition(operation)
        guard motion.drag == nil else { throw .busyDragging(operation: operation) }
        guard let dataSource else { throw .noDataSource }
        try target.validate()
        try checkKept(target)
        try settle()
        let source = sizing(dataSource)
        let fromOffset = contentOffset
        let anchor = transitionAnchor()
        var new = target.laysOutLazily ? try ContentLayout.lazy(configuration: target, dataSource: source)
                                       : try ContentLayout(configuration: target, dataSource: source)
        if new.isLazy, let anchor { try reach(anchor, in: &new, from: source) }
        var toOffset = anchoredTransitionOffset(anchor, in: new)
        if new.isLazy {
            try cover(&new, at: toOffset, from: source)
            // The items the viewport shows now slide from their frames to the target's: laid out too.
            if let last = layout.elements(in: viewport).last(where: { if case .item = $0.id { true } else { false } }) {
                try reach(last.id, in: &new, from: source)
            }
            toOffset = anchoredTransitionOffset(anchor, in: new)
            try cover(&new, at: toOffset, from: source)
        }
        motion.layoutTransition = LayoutTransition(from: layout, target: new, fromOffset: fromOffset, toOffset: toOffset, anchor: anchor)
        updateLoaded()
    }

    /// Throws `invalidOption` for a target whose direction or viewport is not the grid's: the two
    /// layouts share one viewport, scrolled along one axis.
    private func checkKept(_ target: GridConfiguration) throws(GridError) {
        let current = layout.configuration
        for name in ["direction", "width", "height"] {
            guard let option = GridConfiguration.option(named: name) else { continue }
            let given = option.read(target), kept = option.read(current)
            if given != kept {
                throw .invalidOption(name: name, value: given.description,
                                     expected: "\(kept.description), the grid's: a transition keeps the direction and the viewport")
            }
        }
    }

    /// The element whose centre stays on screen: the item whose frame contains the viewport's
    /// centre, else the shown item nearest to it (the first in element order on a tie), else the
    /// nearest shown header or footer; nil when the viewport shows none.
    func transitionAnchor() -> ElementID? {
        let view = viewport
        let centre = Point(x: view.x + view.width / 2, y: view.y + view.height / 2)
        var best: (id: ElementID, distance: Double, isItem: Bool)?
        for element in layout.elements(in: view) {
            let isItem: Bool
            switch element.id {
            case .item: isItem = true
            case .header, .footer: isItem = false
            case .background, .loader: continue
            }
            let f = element.frame
            let dx = Swift.max(f.x - centre.x, 0, centre.x - f.maxX), dy = Swift.max(f.y - centre.y, 0, centre.y - f.maxY)
            let distance = f.contains(centre) ? -1 : dx * dx + dy * dy
            if let b = best, (b.isItem && !isItem) || (b.isItem == isItem && b.distance <= distance) { continue }
            best = (element.id, distance, isItem)
        }
        return best?.id
    }

    /// The offset at which `anchor`'s centre is, in `new`, where it is on screen now (along S; C
    /// stays), clamped to `new`'s content and, with paging, snapped to a page as the viewport would be.
    func anchoredTransitionOffset(_ anchor: ElementID?, in new: ContentLayout) -> Point {
        var offset = contentOffset
        let axes = new.axes
        if let anchor, let before = layout.frame(of: anchor), let after = new.frame(of: anchor) {
            let was = axes.axisRect(before), now = axes.axisRect(after)
            let screen = was.s + was.sSize / 2 - axes.axisPoint(contentOffset).s
            let s = now.s + now.sSize / 2 - screen
            offset = axes.direction == .vertical ? Point(x: offset.x, y: s) : Point(x: s, y: offset.y)
        }
        // Clamped as the grid clamps its own offset, against the new layout.
        var working = new
        swap(&working, &layout)
        defer { swap(&working, &layout) }
        return clampedOffset(offset)
    }

    /// Moves a lazy `new`'s frontier to `id` (an item or a section's header or footer).
    private func reach(_ id: ElementID, in new: inout ContentLayout, from source: any GridDataSource) throws(GridError) {
        switch id {
        case .item(let path): try new.advance(to: .item(path), from: source)
        case .header(let section), .footer(let section): try new.advance(to: .section(section), from: source)
        case .background, .loader: break
        }
    }
}
