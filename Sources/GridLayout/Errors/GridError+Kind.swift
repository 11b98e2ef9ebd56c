extension GridError {
    /// The class of a failure: what a host needs to react to one without reading its message (an
    /// HTTP status, an exit code, whether a retry can help). Every case of `GridError` belongs to
    /// exactly one kind; the message still says what was wrong and where.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// The caller gave a value the call cannot take: an option out of its range or unknown,
        /// an offset, a time, a drag point or a measured size that is not a finite number, data
        /// given whole (bulk sections) with a bad value.
        case invalidArgument
        /// The caller named a section or an item that does not exist (or will not when a queued
        /// mutation runs).
        case outOfRange
        /// The call does not fit the grid's state: no data source, sorting off, a drag call out
        /// of turn, a mutation during a drag, `reloadNew` on content that was not only appended,
        /// `measure` in a same-size grid, a layout transition's call out of turn, a queued mutation cancelled by an earlier failure, a call
        /// from inside one of the grid's own data source callbacks.
        case wrongState
        /// The data source failed or answered something the layout cannot use: a callback that
        /// raised, a bad size, count, span, section option or style, counts that contradict
        /// earlier ones or what a mutation implies.
        case dataSource
        /// The options, the viewport and the sizes leave a layout no room: waterfall columns or
        /// justified rows that do not fit, a section without room for its items, a justified
        /// item without an aspect ratio.
        case noRoom
        /// The work would pass a limit: the engine's (stored frames, content extent, items shown
        /// at once) or the host's memory budget.
        case limit
        /// The host's `GridBudget.shouldStop` stopped the call (a timeout, Ctrl-C).
        case interrupted
    }

    /// The class of this failure. `.several` takes its first failure's kind: the failures are in
    /// the order they happened, and the later ones usually follow from the first.
    public var kind: Kind {
        switch self {
        case .invalidOption, .unknownOption, .invalidOffset, .invalidSectionOffset, .invalidTime, .invalidTransition, .invalidPoint, .invalidMeasure, .invalidGiven,
             .duplicateID, .snapshotMismatch, .snapshotIDType:
            return .invalidArgument
        case .indexPathOutOfRange, .sectionOutOfRange, .mutationOutOfRange, .measureOutOfRange:
            return .outOfRange
        case .noDataSource, .notReloaded, .sortingOff, .notSideways, .dragState, .busyDragging, .busyTransitioning, .noTransition, .notAppended, .measureSameSize, .mutationCancelled,
             .reentered:
            return .wrongState
        case .invalidSize, .invalidCount, .callbackFailed, .updateMismatch, .sectionsChanged, .inconsistent,
             .invalidSpan, .invalidSectionOption, .invalidStyle:
            return .dataSource
        case .columnsDoNotFit, .noRoomForRows, .noRoomForItems, .noAspectRatio:
            return .noRoom
        case .tooManyStoredItems, .extentTooLarge, .tooManyShown, .overBudget:
            return .limit
        case .interrupted:
            return .interrupted
        case .several(let errors):
            return errors.first?.kind ?? .wrongState  // never reached: .several holds two or more
        }
    }
}
