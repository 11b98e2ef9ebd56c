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
    /// A data source answer that disagrees with an earlier one the work in progress relies on (a
    /// count that changed within one reload or under a drag): `callback` returned `value` for
    /// `at`, but `earlier` says what it or another callback answered before, and when.
    case inconsistent(callback: String, at: ElementLocation, value: String, earlier: String)
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
        case let .inconsistent(callback, at, value, earlier):
            let whereTo = at == .grid ? "" : " for \(at.describe(base: base))"
            return "data source '\(callback)' returned \(value)\(whereTo), but \(earlier)"
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
        }
    }

    public var description: String { message(base: 0) }
}
