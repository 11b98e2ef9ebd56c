/// Where in the content a bad value came from.
public enum ElementLocation: Hashable, Sendable {
    case grid
    case section(Int)
    case item(GridIndexPath)
    case header(Int)
    case loader

    /// Describes the location with sections and items counted from `base` (0 for Swift and C, 1 for Lua).
    public func describe(base: Int) -> String {
        switch self {
        case .grid: return "grid"
        case .section(let s): return "section \(s &+ base)"
        case .item(let p): return "item (section \(p.section &+ base), item \(p.item &+ base))"
        case .header(let s): return "header of section \(s &+ base)"
        case .loader: return "loader"
        }
    }
}

/// Everything that can go wrong in the engine. Each case carries what was wrong and where, so that a
/// binding can render it in its own conventions (`message(base:)`).
public enum GridError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A configuration option has a value outside its range or of the wrong kind.
    case invalidOption(name: String, value: String, expected: String)
    /// A configuration option with this name does not exist.
    case unknownOption(name: String)
    /// A data source callback (`size`, `sizes`, `header`) gave a size that is NaN, infinite or negative.
    case invalidSize(callback: String, at: ElementLocation, Size)
    /// A data source callback (`sections`, `count`, `lanes`) gave a number outside `allowed`.
    case invalidCount(callback: String, at: ElementLocation, value: Int, allowed: ClosedRange<Int>)
    /// A justified item has a zero S size, so it has no aspect ratio.
    case noAspectRatio(GridIndexPath, Size)
    /// The configuration cannot lay out this content (for example columns wider than the viewport).
    case doesNotFit(String)
    /// A data source callback raised an error.
    case callbackFailed(callback: String, at: ElementLocation, message: String)
    /// No item exists at this index path.
    case indexPathOutOfRange(GridIndexPath, itemCount: Int?)
    /// No section with this index exists.
    case sectionOutOfRange(Int, sectionCount: Int)
    /// An offset that is NaN.
    case invalidOffset(Point)
    /// No data source is set.
    case noDataSource
    /// `reloadNew` was given content that is not the laid-out content plus items appended at the end
    /// (a count that shrank, `sameSize` that changed): `value` is what `callback` returned,
    /// `previous` what the layout has. Only `reload()` lays that out.
    case notAppended(callback: String, at: ElementLocation, value: String, previous: String)
    /// An insert, removal or move named an index path that will not exist when it runs (it is
    /// checked against the counts after every mutation asked for before it). `itemCount` is nil
    /// when the section does not exist.
    case mutationOutOfRange(operation: String, GridIndexPath, itemCount: Int?, sectionCount: Int)
    /// After an insert, removal or move the data source's count for `section` is not the one the
    /// mutation implies (`expected`).
    case updateMismatch(operation: String, at: GridIndexPath, section: Int, count: Int, expected: Int)
    /// When an insert, removal or move started, the data source had `count` sections where the
    /// layout has `expected` (the data was replaced while the mutation waited).
    case sectionsChanged(operation: String, count: Int, expected: Int)
    /// A `step` time that is NaN, infinite or negative.
    case invalidTime(Double)
    /// A drag point that is NaN or infinite.
    case invalidPoint(Point)
    /// `beginDrag` on a grid whose `sort` option is off.
    case sortingOff
    /// A drag call out of turn: `beginDrag` during a drag, or `dragTo`/`endDrag` without one.
    case dragState(operation: String, dragging: Bool)
    /// An insert, removal or move asked for during a drag.
    case busyDragging(operation: String)
    /// A queued insert, removal or move (`change`, as it was asked for) that was cancelled because
    /// a mutation before it failed (see `MutationCancellation`).
    case mutationCancelled(IndexChange, reason: MutationCancellation)
    /// Laying out the content would take `at` (a section, the loader or the content) to `end`,
    /// past `GridLimits.maxExtent`.
    case extentTooLarge(at: ElementLocation, end: Double)
    /// Several failures of one call, in the order they happened (queued mutations that failed or
    /// were cancelled during one `step`). Never nested, never fewer than two.
    case several([GridError])

    /// The failures `errors` make together: nil for none, the one, or `.several` (flattened).
    public static func combining(_ errors: [GridError]) -> GridError? {
        let flat = errors.flatMap { error -> [GridError] in
            if case .several(let inner) = error { return inner }
            return [error]
        }
        return flat.count <= 1 ? flat.first : .several(flat)
    }

    /// The most messages `.several` spells out; the rest are counted.
    static let severalShown = 8

    /// The message with sections and items counted from `base`.
    public func message(base: Int = 0) -> String {
        switch self {
        case let .invalidOption(name, value, expected):
            return "option '\(name)': \(value) is invalid (expected \(expected))"
        case let .unknownOption(name):
            return "unknown option '\(name)'"
        case let .invalidSize(callback, at, size):
            return "data source '\(callback)' returned \(size) for \(at.describe(base: base)) (sizes must be finite and >= 0)"
        case let .invalidCount(callback, at, value, allowed):
            let whereTo = at == .grid ? "" : " for \(at.describe(base: base))"
            return "data source '\(callback)' returned \(value)\(whereTo) (expected \(allowed.lowerBound)...\(allowed.upperBound))"
        case let .noAspectRatio(path, size):
            return "\(ElementLocation.item(path).describe(base: base)): size \(size) has no aspect ratio (justified needs a size > 0 along the scroll axis)"
        case let .doesNotFit(why):
            return why
        case let .callbackFailed(callback, at, message):
            return "data source '\(callback)' failed for \(at.describe(base: base)): \(message)"
        case let .indexPathOutOfRange(path, count):
            let where_ = ElementLocation.item(path).describe(base: base)
            if let count { return "\(where_) is out of range: section \(path.section &+ base) has \(count) items" }
            return "\(where_) is out of range: there is no section \(path.section &+ base)"
        case let .sectionOutOfRange(section, count):
            return "section \(section &+ base) is out of range: the grid has \(count) sections"
        case let .invalidOffset(p):
            return "offset \(p) is invalid (NaN)"
        case .noDataSource:
            return "no data source is set"
        case let .notAppended(callback, at, value, previous):
            let whereTo = at == .grid ? "" : " for \(at.describe(base: base))"
            return "reloadNew: data source '\(callback)' returned \(value)\(whereTo) where the layout has \(previous); reloadNew only lays out items appended at the end: call reload()"
        case let .mutationOutOfRange(operation, path, count, sections):
            let item = ElementLocation.item(path).describe(base: base)
            guard let count else { return "\(operation): \(item) is out of range: the grid has \(sections) sections" }
            let allowed = operation == "insert" || operation == "move to" ? count + 1 : count
            let range = allowed == 0 ? "none" : "\(base)...\(allowed - 1 + base)"
            return "\(operation): \(item) is out of range: section \(path.section &+ base) has \(count) items (\(operation) takes items \(range))"
        case let .updateMismatch(operation, path, section, count, expected):
            let hint: String
            switch operation {
            case "insert": hint = "add the item to the data before insert, or in the data source's 'insert'"
            case "remove": hint = "the data source's 'remove' must drop the item"
            default: hint = "the data source's 'move' must move the item"
            }
            return "\(operation) \(ElementLocation.item(path).describe(base: base)): data source 'count' returned \(count) for section \(section &+ base) afterwards, expected \(expected) (\(hint)); the layout is unchanged"
        case let .sectionsChanged(operation, count, expected):
            return "\(operation): data source 'sections' returned \(count) where the layout has \(expected) (the data changed under a pending mutation); the layout is unchanged: call reload()"
        case let .invalidTime(dt):
            return "step: time \(formatNumber(dt)) is invalid (expected a finite number of seconds >= 0)"
        case let .invalidPoint(p):
            return "drag point \(p) is invalid (expected finite numbers)"
        case .sortingOff:
            return "beginDrag: sorting is off (set the option 'sort' to true)"
        case let .dragState(operation, dragging):
            return dragging ? "\(operation): a drag is already in progress (call endDrag first)"
                            : "\(operation): no drag is in progress (call beginDrag first)"
        case let .busyDragging(operation):
            return "\(operation): not allowed during a drag (call endDrag first)"
        case let .extentTooLarge(at, end):
            let what = at == .grid ? "the content" : at.describe(base: base)
            return "\(what) would end at \(formatNumber(end)), past the largest content extent of \(formatNumber(GridLimits.maxExtent)) points (2^40, where frames stay exact to 1/4096 point)"
        case let .mutationCancelled(change, reason):
            return "\(change.describe(base: base)): cancelled: \(reason.message(base: base))"
        case let .several(errors):
            var parts = errors.prefix(Self.severalShown).map { $0.message(base: base) }
            if errors.count > Self.severalShown { parts.append("and \(errors.count - Self.severalShown) more") }
            return "\(errors.count) errors: " + parts.joined(separator: "; ")
        }
    }

    public var description: String { message(base: 0) }
}

/// Why a queued mutation was cancelled: a mutation before it failed, so the data is not what the
/// queued one's index paths assumed.
public enum MutationCancellation: Hashable, Sendable {
    /// It names an item that would exist only if `failed` had happened (the item it would have inserted).
    case itemNeverExisted(failed: IndexChange)
    /// Rebased on `failed` not having happened it becomes `rebased`, which is out of range.
    case outOfRange(failed: IndexChange, rebased: IndexChange)

    public func message(base: Int) -> String {
        switch self {
        case let .itemNeverExisted(failed):
            return "it names an item that exists only if the earlier \(failed.describe(base: base)) had succeeded"
        case let .outOfRange(failed, rebased):
            return "with the earlier \(failed.describe(base: base)) failed it becomes \(rebased.describe(base: base)), which is out of range"
        }
    }
}
