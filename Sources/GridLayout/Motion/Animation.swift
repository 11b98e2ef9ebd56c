/// An insert, removal or move asked for and not started yet.
struct Mutation {
    var change: IndexChange
    var animated: Bool
    /// For an insert: scroll the new item to the viewport's centre first.
    var scroll: Bool
}

/// What runs on the grid's animation clock (`Grid.step`): one phase of one mutation, a drag's
/// re-flow, or a drop.
struct Animation {
    enum Phase {
        /// Elements slide from an earlier layout to the current one.
        case slide(Transition)
        /// A removal's first half: the item fades and shrinks in place; then the data source drops it.
        case vanish(GridIndexPath)
        /// An insert with scroll: the viewport moves first, the elements held where they were
        /// (`then` at progress 0), then they slide.
        case scroll(from: Point, to: Point, then: Transition)
    }

    var phase: Phase
    var duration: Double
    var elapsed: Double = 0
    /// The mutation told to the observer when the last phase ends (nil for a drag's re-flow or drop).
    var event: IndexChange?

    /// The eased fraction done.
    var progress: Double { easeInOut(elapsed / duration) }
}

/// The grid's mutation and drag state (Grid+Mutations.swift, Grid+Drag.swift).
struct MotionState {
    /// Mutations waiting for the running animation to end, oldest first.
    var queue: [Mutation] = []
    var animation: Animation?
    var drag: DragSession?
    /// Every section's item count after every mutation asked for, while any is pending: what new
    /// requests are checked against.
    var plannedCounts: [Int]?
    /// The running layout transition (Grid+LayoutTransition.swift); while it runs, no animation,
    /// queued mutation or drag does.
    var layoutTransition: LayoutTransition?

    var isIdle: Bool { animation == nil && queue.isEmpty && drag == nil }
}
