/// Where in the content a bad value came from.
public enum ElementLocation: Hashable, Sendable {
    case grid
    case section(Int)
    case item(GridIndexPath)
    case header(Int)
    case footer(Int)
    case loader

    /// Describes the location with sections and items counted from `base` (0 for Swift and C, 1 for Lua).
    public func describe(base: Int) -> String {
        switch self {
        case .grid: return "grid"
        case .section(let s): return "section \(s &+ base)"
        case .item(let p): return "item (section \(p.section &+ base), item \(p.item &+ base))"
        case .header(let s): return "header of section \(s &+ base)"
        case .footer(let s): return "footer of section \(s &+ base)"
        case .loader: return "loader"
        }
    }
}

/// Everything that can go wrong in the engine. Each case carries what was wrong and where, as
/// facts (the callback, the operation, the option, the index path, the value), so that each face
/// words it in its own names and index base (`message(in:)` with its `ErrorVocabulary`).
public enum GridError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A configuration option (by its engine name) has a value outside its range or of the wrong kind.
    case invalidOption(name: String, value: String, expected: String)
    /// A configuration option with this name does not exist.
    case unknownOption(name: String)
    /// A data source callback gave a size that is NaN, infinite or negative.
    case invalidSize(callback: DataSourceCallback, at: ElementLocation, Size)
    /// A data source callback gave a number outside `allowed`.
    case invalidCount(callback: DataSourceCallback, at: ElementLocation, value: Int, allowed: ClosedRange<Int>)
    /// A justified item has a zero S size, so it has no aspect ratio.
    case noAspectRatio(GridIndexPath, Size)
    /// Waterfall columns with their spacing need more room than the viewport less padding (`length`);
    /// `section` when the section's own options (`options(forSection:)`) made them.
    case columnsDoNotFit(columns: Int, spacing: Double, length: Double, section: Int? = nil)
    /// Justified rows have no room: the viewport less padding is `length`; `section` as above.
    case noRoomForRows(length: Double, section: Int? = nil)
    /// A section's items have no room across the scroll axis: the viewport less padding and the
    /// section's inset is `length`, below 0 (every layout).
    case noRoomForItems(length: Double, section: Int)
    /// A section would take the stored frames past `GridLimits.maxStoredItems` (`count`: the
    /// stored frames there would be, over all sections).
    case tooManyStoredItems(section: Int, count: Int)
    /// A data source callback raised an error.
    case callbackFailed(callback: DataSourceCallback, at: ElementLocation, message: String)
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
    case notAppended(callback: DataSourceCallback, at: ElementLocation, value: String, previous: String)
    /// An insert, removal or move named an index path that will not exist when it runs (it is
    /// checked against the counts after every mutation asked for before it). `itemCount` is nil
    /// when the section does not exist; `destination` for a move's `to`.
    case mutationOutOfRange(operation: GridOperation, GridIndexPath, itemCount: Int?, sectionCount: Int, destination: Bool = false)
    /// After an insert, removal or move the data source's count for `section` is not the one the
    /// mutation implies (`expected`).
    case updateMismatch(operation: GridOperation, at: GridIndexPath, section: Int, count: Int, expected: Int)
    /// When an insert, removal or move started, the data source had `count` sections where the
    /// layout has `expected` (the data was replaced while the mutation waited).
    case sectionsChanged(operation: GridOperation, count: Int, expected: Int)
    /// A data source answer that disagrees with an earlier one the work in progress relies on (a
    /// count that changed within one call, or under a drag): `callback` returned `value` for `at`.
    case inconsistent(callback: DataSourceCallback, at: ElementLocation, value: Int, earlier: EarlierAnswer)
    /// A `step` time that is NaN, infinite or negative.
    case invalidTime(Double)
    /// A drag point that is NaN or infinite.
    case invalidPoint(Point)
    /// A frame or a scroll to an element asked of a grid that has never laid out its data
    /// (no `reload()` yet): `at` is what was asked for.
    case notReloaded(at: ElementLocation)
    /// `beginDrag` on a grid whose `sort` option is off.
    case sortingOff
    /// `scrollSection` of a section that does not scroll sideways (`scroll` is not `cross` for it,
    /// or it has no items).
    case notSideways(section: Int)
    /// `scrollSection` to an offset that is not a finite number.
    case invalidSectionOffset(section: Int, Double)
    /// A drag call out of turn: `beginDrag` during a drag, or `dragTo`/`endDrag` without one.
    case dragState(operation: GridOperation, dragging: Bool)
    /// An insert, removal or move asked for during a drag.
    case busyDragging(operation: GridOperation)
    /// A call that changes the layout, the data or the offset while a layout transition runs
    /// (`transition(to:)`), or a second transition.
    case busyTransitioning(operation: GridOperation)
    /// `setTransitionProgress`, `commitTransition` or `cancelTransition` with no layout transition running.
    case noTransition(operation: GridOperation)
    /// A transition's progress or duration that is not a number in its range.
    case invalidTransition(operation: GridOperation, what: String, value: Double, expected: String)
    /// A queued insert, removal or move (`change`, as it was asked for) that was cancelled because
    /// a mutation before it failed (see `MutationCancellation`).
    case mutationCancelled(IndexChange, reason: MutationCancellation)
    /// Laying out the content would take `at` (a section, the loader or the content) to `end`,
    /// past `GridLimits.maxExtent`.
    case extentTooLarge(at: ElementLocation, end: Double)
    /// A viewport of S length `window` (with its overscan) would hold about `items` items of the
    /// same-size section `section`, past `GridLimits.maxShownItems`.
    case tooManyShown(section: Int, items: Double, window: Double)
    /// Several failures of one call, in the order they happened (queued mutations that failed or
    /// were cancelled during one `step`). Never nested, never fewer than two.
    case several([GridError])
    /// Storing `items` frames for `at` needs about `bytes` where `available` are left under the
    /// host's `GridBudget` (`limit` names it); refused before allocating.
    case overBudget(at: ElementLocation, items: Int, bytes: Int, available: Int, limit: String)
    /// The host's `GridBudget.shouldStop` gave this reason; the operation changed nothing.
    case interrupted(String)
    /// `span` gave a span below 1 for the item.
    case invalidSpan(GridIndexPath, value: Int)
    /// `section(s)` gave an unknown key or a bad value for one of the section's options.
    case invalidSectionOption(section: Int, key: String, value: String, expected: String)
    /// `measure` gave a size that is NaN, infinite or negative for the item.
    case invalidMeasure(GridIndexPath, Size)
    /// `measure` named an item that does not exist (`itemCount` nil: no such section).
    case measureOutOfRange(GridIndexPath, Size, itemCount: Int?, sectionCount: Int)
    /// `measure` in a grid whose data source says every item has the same size.
    case measureSameSize(GridIndexPath, Size)
    /// A data source callback that styles the pictures (`style`) gave `field` a value the
    /// pictures cannot use (`field` empty: the answer itself is of the wrong kind): `value` as
    /// the face shows it, `expected` what would do.
    case invalidStyle(callback: DataSourceCallback, at: ElementLocation, field: String, value: String, expected: String)
    /// `call` (as the face names it) was made from inside one of the same grid's data source
    /// callbacks, which may not reload, reconfigure, mutate, scroll or draw it.
    case reentered(call: String)
    /// Data a face was given whole (bulk sections, not a callback) has `what` of `value` at `at`;
    /// `expected` says what would do.
    case invalidGiven(at: ElementLocation, what: String, value: String, expected: String)
    /// `apply` was given a snapshot holding one id at both index paths (in snapshot order).
    case duplicateID(GridIndexPath, GridIndexPath)
    /// `apply` was given a snapshot with `count` sections (`section` nil) or `count` ids in
    /// `section`, where the data source says `expected`; `layout` when it is the first `apply`
    /// after a reload, whose counts must be the laid-out ones.
    case snapshotMismatch(section: Int?, count: Int, expected: Int, layout: Bool)
    /// `apply` was given ids of type `given` where the grid holds ids of type `held` (each face
    /// names its types).
    case snapshotIDType(held: String, given: String)

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

    /// The message in a face's words.
    public func message(in words: ErrorVocabulary) -> String {
        let base = words.base
        func callback(_ c: DataSourceCallback) -> String { "'\(words.callback(c))'" }
        func operation(_ o: GridOperation) -> String { words.operation(o) }
        // "call reload()": Swift's names carry their parentheses already.
        func call(_ o: GridOperation) -> String { let name = words.operation(o); return name.hasSuffix(")") ? name : name + "()" }
        switch self {
        case let .invalidOption(name, value, expected):
            return "option '\(words.option(name))': \(value) is invalid (expected \(expected))"
        case let .unknownOption(name):
            return "unknown option '\(name)'"
        case let .invalidSize(c, at, size):
            return "data source \(callback(c)) returned \(size) for \(at.describe(base: base)) (sizes must be finite and >= 0)"
        case let .invalidCount(c, at, value, allowed):
            let whereTo = at == .grid ? "" : " for \(at.describe(base: base))"
            return "data source \(callback(c)) returned \(value)\(whereTo) (expected \(allowed.lowerBound)...\(allowed.upperBound))"
        case let .noAspectRatio(path, size):
            return "\(ElementLocation.item(path).describe(base: base)): size \(size) has no aspect ratio (justified needs a size > 0 along the scroll axis)"
        case let .columnsDoNotFit(columns, spacing, length, section):
            let which = section.map { "section \($0 &+ base): " } ?? ""
            let room = section == nil ? "the viewport less padding" : "the viewport less padding and the section's inset"
            return "waterfall: \(which)\(columns) columns with \(words.option("itemSpacing")) \(formatNumber(spacing)) do not fit in \(formatNumber(length)) (\(room))"
        case let .noRoomForRows(length, section):
            let which = section.map { "section \($0 &+ base): " } ?? ""
            let room = section == nil ? "the viewport less padding" : "the viewport less padding and the section's inset"
            return "justified: \(which)no room for a row (\(room) is \(formatNumber(length)))"
        case let .noRoomForItems(length, section):
            return "section \(section &+ base): no room for its items (the viewport less padding and the section's inset is \(formatNumber(length)))"
        case let .tooManyStoredItems(section, count):
            return "section \(section &+ base): its items make \(count) stored frames, past the limit of \(GridLimits.maxStoredItems) (same-size lanes, flow and waterfall store none)"
        case let .callbackFailed(c, at, message):
            return "data source \(callback(c)) failed for \(at.describe(base: base)): \(message)"
        case let .indexPathOutOfRange(path, count):
            let where_ = ElementLocation.item(path).describe(base: base)
            if let count { return "\(where_) is out of range: section \(path.section &+ base) has \(counted(count, "item"))" }
            return "\(where_) is out of range: there is no section \(path.section &+ base)"
        case let .sectionOutOfRange(section, count):
            return "section \(section &+ base) is out of range: the grid has \(counted(count, "section"))"
        case let .invalidOffset(p):
            return "offset \(p) is invalid (NaN)"
        case .noDataSource:
            return "no data source is set"
        case let .notAppended(c, at, value, previous):
            let whereTo = at == .grid ? "" : " for \(at.describe(base: base))"
            return "\(operation(.reloadNew)): data source \(callback(c)) returned \(value)\(whereTo) where the layout has \(previous); \(operation(.reloadNew)) only lays out items appended at the end: call \(call(.reload))"
        case let .mutationOutOfRange(o, path, count, sections, destination):
            let item = (destination ? "destination " : "") + ElementLocation.item(path).describe(base: base)
            guard let count else { return "\(operation(o)): \(item) is out of range: the grid has \(counted(sections, "section"))" }
            let allowed = o == .insert || destination ? count + 1 : count
            let range = allowed == 0 ? "none" : "\(base)...\(allowed - 1 + base)"
            let taker = destination ? "the destination" : operation(o)
            return "\(operation(o)): \(item) is out of range: section \(path.section &+ base) has \(counted(count, "item")) (\(taker) takes items \(range))"
        case let .updateMismatch(o, path, section, count, expected):
            let hint: String
            switch o {
            case .insert: hint = "add the item to the data before \(operation(.insert)), or in the data source's \(callback(.insertItem))"
            case .remove: hint = "the data source's \(callback(.removeItem)) must drop the item"
            default: hint = "the data source's \(callback(.moveItem)) must move the item"
            }
            return "\(operation(o)) \(ElementLocation.item(path).describe(base: base)): data source \(callback(.itemCount)) returned \(count) for section \(section &+ base) afterwards, expected \(expected) (\(hint)); the layout is unchanged"
        case let .sectionsChanged(o, count, expected):
            return "\(operation(o)): data source \(callback(.sections)) returned \(count) where the layout has \(expected) (the data changed under a pending mutation); the layout is unchanged: call \(call(.reload))"
        case let .inconsistent(c, at, value, earlier):
            let whereTo = at == .grid ? "" : " for \(at.describe(base: base))"
            let shown = c == .itemSizes ? "\(value) sizes" : String(value)
            let before: String
            switch earlier {
            case .sameCall(let n): before = "\(n) earlier in the same reload"
            case .other(let other, let n): before = "\(callback(other)) returned \(n) earlier in the same reload"
            case .whenDragBegan(let n): before = "\(n)\(c == .itemSizes ? " items" : "") when the drag began"
            }
            return "data source \(callback(c)) returned \(shown)\(whereTo), but \(before)"
        case let .invalidTime(dt):
            return "\(operation(.step)): time \(formatNumber(dt)) is invalid (expected a finite number of seconds >= 0)"
        case let .invalidPoint(p):
            return "drag point \(p) is invalid (expected finite numbers)"
        case let .notSideways(section):
            return "\(operation(.scrollSection)): section \(section &+ base) does not scroll sideways (it needs the option '\(words.option("scroll"))' = 'cross' and items)"
        case let .invalidSectionOffset(section, offset):
            return "\(operation(.scrollSection)): offset \(formatNumber(offset)) for section \(section &+ base) is invalid (expected a finite number)"
        case let .notReloaded(at):
            return "\(at.describe(base: base)): the grid has not been reloaded yet (call \(call(.reload)) first)"
        case .sortingOff:
            return "\(operation(.beginDrag)): sorting is off (set the option '\(words.option("sort"))' to true)"
        case let .dragState(o, dragging):
            return dragging ? "\(operation(o)): a drag is already in progress (call \(operation(.endDrag)) first)"
                            : "\(operation(o)): no drag is in progress (call \(operation(.beginDrag)) first)"
        case let .busyDragging(o):
            return "\(operation(o)): not allowed during a drag (call \(operation(.endDrag)) first)"
        case let .busyTransitioning(o):
            return "\(operation(o)): not allowed during a layout transition (call \(call(.commit)) or \(call(.cancel)) first)"
        case let .noTransition(o):
            return "\(operation(o)): no layout transition is running (call \(call(.transition)) first)"
        case let .invalidTransition(o, what, value, expected):
            return "\(operation(o)): \(what) \(formatNumber(value)) is invalid (expected \(expected))"
        case let .mutationCancelled(change, reason):
            return "\(change.describe(words)): cancelled: \(reason.message(in: words))"
        case let .extentTooLarge(at, end):
            let what = at == .grid ? "the content" : at.describe(base: base)
            return "\(what) would end at \(formatNumber(end)), past the largest content extent of \(formatNumber(GridLimits.maxExtent)) points (2^40, where frames stay exact to 1/4096 point)"
        case let .tooManyShown(section, items, window):
            return "section \(section &+ base): a viewport \(formatNumber(window)) points long (with its overscan) would hold about \(items < 9e18 ? String(Int64(items.rounded(.up))) : formatNumber(items)) of its items, more than \(GridLimits.maxShownItems) (items this thin or this many cannot be shown)"
        case let .several(errors):
            var parts = errors.prefix(Self.severalShown).map { $0.message(in: words) }
            if errors.count > Self.severalShown { parts.append("and \(errors.count - Self.severalShown) more") }
            return "\(errors.count) errors: " + parts.joined(separator: "; ")
        case let .overBudget(at, items, bytes, available, limit):
            return "\(at.describe(base: base)): \(items) items need about \(bytes) bytes of frames, more than the \(available) bytes left under \(limit)"
        case let .interrupted(reason):
            return reason
        case let .invalidSpan(path, value):
            return "data source \(callback(.span)) returned \(value) for \(ElementLocation.item(path).describe(base: base)) (expected an integer >= 1, or all lanes)"
        case let .invalidMeasure(path, size):
            return "\(operation(.measure)): size \(size) for \(ElementLocation.item(path).describe(base: base)) is invalid (sizes must be finite and >= 0)"
        case let .measureOutOfRange(path, size, count, sections):
            let item = ElementLocation.item(path).describe(base: base)
            guard let count else { return "\(operation(.measure)): \(item) (size \(size)) is out of range: the grid has \(sections) sections" }
            return "\(operation(.measure)): \(item) (size \(size)) is out of range: section \(path.section &+ base) has \(count) items"
        case let .measureSameSize(path, size):
            return "\(operation(.measure)): size \(size) for \(ElementLocation.item(path).describe(base: base)) cannot be used: the data source says every item has the same size (\(callback(.sameSize)))"
        case let .invalidSectionOption(section, key, value, expected):
            guard SectionOptions.keys.contains(key) else {
                let known = SectionOptions.keys.map { words.option($0) }
                return "data source \(callback(.sectionOptions)) returned an unknown key '\(key)' for section \(section &+ base) (expected one of \(known.joined(separator: ", ")))"
                    + Suggestion.didYouMean(key, among: known + SectionOptions.keys.filter { !known.contains($0) })
            }
            // A misspelt choice (`justify = 'centre'`): the nearest of the option's names.
            var hint = ""
            if case .choice(let cases)? = GridConfiguration.option(named: key)?.kind, value.count > 2,
               value.hasPrefix("'"), value.hasSuffix("'") {
                hint = Suggestion.didYouMean(String(value.dropFirst().dropLast()), among: cases)
            }
            return "data source \(callback(.sectionOptions)) returned \(words.option(key)) = \(value) for section \(section &+ base) (expected \(expected))" + hint
        case let .invalidStyle(c, at, field, value, expected):
            let what = field.isEmpty ? value : "\(field) \(value)"
            return "data source \(callback(c)) returned \(what) for \(at.describe(base: base)) (expected \(expected))"
        case let .reentered(call):
            return "\(call): called from inside a data source callback of the same grid"
        case let .invalidGiven(at, what, value, expected):
            return "\(at.describe(base: base)): \(what) \(value) is invalid (expected \(expected))"
        case let .duplicateID(first, second):
            return "\(operation(.apply)): the id of \(ElementLocation.item(second).describe(base: base)) is also the id of \(ElementLocation.item(first).describe(base: base)) (ids must be unique in the grid)"
        case let .snapshotMismatch(section, count, expected, layout):
            let source = layout ? "the layout has \(expected) (the first \(operation(.apply)) after a reload names the items it laid out)"
                                : "data source \(callback(section == nil ? .sections : .itemCount)) returned \(expected)"
            guard let section else { return "\(operation(.apply)): the snapshot has \(counted(count, "section")) where \(source)" }
            return "\(operation(.apply)): the snapshot's section \(section &+ base) has \(counted(count, "id")) where \(source)"
        case let .snapshotIDType(held, given):
            return "\(operation(.apply)): ids of type \(given) given where the grid holds ids of type \(held) (a reload forgets them)"
        }
    }

    /// The message in Swift's words.
    public var description: String { message(in: .swift) }
}

/// Why a queued mutation was cancelled: a mutation before it failed, so the data is not what the
/// queued one's index paths assumed.
public enum MutationCancellation: Hashable, Sendable {
    /// It names an item that would exist only if `failed` had happened (the item it would have inserted).
    case itemNeverExisted(failed: IndexChange)
    /// Rebased on `failed` not having happened it becomes `rebased`, which is out of range.
    case outOfRange(failed: IndexChange, rebased: IndexChange)

    public func message(in words: ErrorVocabulary) -> String {
        switch self {
        case let .itemNeverExisted(failed):
            return "it names an item that exists only if the earlier \(failed.describe(words)) had succeeded"
        case let .outOfRange(failed, rebased):
            return "with the earlier \(failed.describe(words)) failed it becomes \(rebased.describe(words)), which is out of range"
        }
    }
}

/// What a data source answered before, that a later answer contradicts (`GridError.inconsistent`).
public enum EarlierAnswer: Hashable, Sendable {
    /// The same question got this answer earlier in the same reload (a full one, a section's, or
    /// a mutation's).
    case sameCall(Int)
    /// Another callback answered this earlier in the same call (the count a bulk `sizes` must match).
    case other(DataSourceCallback, Int)
    /// The count when the drag began (a drag's preview is the data's counts, with the item moved).
    case whenDragBegan(Int)
}

/// "1 item", "2 items": a count with its noun.
func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
