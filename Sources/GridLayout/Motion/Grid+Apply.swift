/// `apply(snapshot)`: a refresh given as the items' new identities, performed as one diffed batch
/// (docs/layout.md, "Snapshots").
///
/// The grid holds the identities the last `apply` gave (`HeldSnapshot`), as 64-bit keys. The first
/// `apply` after a reload (or after anything else that changed the items: an insert, a removal, a
/// move, a drop, `reloadNew`, `reloadSection`) names the items laid out, so nothing moves; each
/// later one is compared with it (`SnapshotDiff.compute`) and the layout made again from the data
/// source, which already answers for the new data.
extension Grid {
    /// Gives the items the identities `snapshot` lists (every section's ids, in order: unique in
    /// the grid), compares them with the ones held, and lays everything out again as one batch:
    /// kept items slide to their new frames, inserted ones fade in, removed ones vanish at once.
    /// The observer hears one renumbering, then, once the slide ends (at once when not animated),
    /// every removal (old index paths, descending), every insertion (new index paths, ascending)
    /// and every move (ascending by destination). Returns the diff.
    ///
    /// Throws, changing nothing (the layout, the offset, the ids held), for a duplicate id, ids of
    /// another type than the ones held, or a snapshot whose counts are not the data source's (on
    /// the first `apply` after a reload: the layout's). Refused during a drag; running and queued
    /// mutations are finished first.
    ///
    /// - Complexity: O(n + m log m) to compare the snapshots (n ids in both, m kept items out of
    ///   order; ids other than `Int64` and `Int` are first looked up in a dictionary), then what a
    ///   `reload()` costs and asks, then a loaded-set update. The first `apply` after a reload
    ///   asks only the counts and lays out nothing.
    @discardableResult
    public func apply<ID: Hashable>(_ snapshot: [[ID]], animated: Bool = true) throws(GridError) -> SnapshotDiff {
        try prepareApply(type: ObjectIdentifier(ID.self), typeName: String(describing: ID.self))
        var interner = heldSnapshot?.interner as? SnapshotInterner<ID>
        let keys: (keys: [Int64], starts: [Int])
        if ID.self == Int64.self {
            keys = HeldKeys.flattened(unsafeBitCast(snapshot, to: [[Int64]].self))  // the same type: no conversion
        } else if ID.self == Int.self {
            keys = HeldKeys.flattened(unsafeBitCast(snapshot, to: [[Int]].self).map { $0.map(Int64.init) })
        } else {
            if interner == nil { interner = SnapshotInterner<ID>() }
            keys = HeldKeys.flattened(interner!.keys(for: snapshot))
        }
        return try applyKeys(keys.keys, keys.starts, animated: animated, type: ObjectIdentifier(ID.self),
                             typeName: String(describing: ID.self), interner: interner)
    }

    /// `apply(_:animated:)` of `Int64` ids given one section after the other, section s having
    /// `counts[s]` of them: what the C and Lua faces pass, with no nested arrays to build.
    ///
    /// - Complexity: that of `apply(_:animated:)`.
    @discardableResult
    public func apply(ids: [Int64], counts: [Int], animated: Bool = true) throws(GridError) -> SnapshotDiff {
        try prepareApply(type: ObjectIdentifier(Int64.self), typeName: String(describing: Int64.self))
        var starts = [0]
        starts.reserveCapacity(counts.count + 1)
        for (s, count) in counts.enumerated() {
            guard count >= 0 && count <= ids.count - starts[s] else {
                throw .invalidGiven(at: .section(s), what: "id count", value: String(count), expected: "0...\(ids.count - starts[s]), the ids left")
            }
            starts.append(starts[s] + count)
        }
        guard starts.last! == ids.count else {
            throw .invalidGiven(at: .grid, what: "id count", value: String(ids.count), expected: "\(starts.last!), the sections' counts added up")
        }
        return try applyKeys(ids, starts, animated: animated, type: ObjectIdentifier(Int64.self), typeName: String(describing: Int64.self), interner: nil)
    }

    /// What every `apply` checks first: a data source, no drag, the queue run to its end, ids of
    /// the type held.
    private func prepareApply(type: ObjectIdentifier, typeName: String) throws(GridError) {
        guard dataSource != nil else { throw .noDataSource }
        try refuseDuringTransition(.apply)
        guard motion.drag == nil else { throw .busyDragging(operation: .apply) }
        try settle()
        if let held = heldSnapshot, held.type != type { throw .snapshotIDType(held: held.typeName, given: typeName) }
    }

    /// `apply` of the snapshot's keys, one section after the other (section s from `starts[s]`).
    /// On error nothing changes, and the interner forgets the keys it gave for this snapshot.
    private func applyKeys(_ keys: [Int64], _ starts: [Int], animated: Bool, type: ObjectIdentifier, typeName: String,
                           interner: (any SnapshotKeying)?) throws(GridError) -> SnapshotDiff {
        guard let dataSource else { throw .noDataSource }
        let sections = starts.count - 1
        func count(_ s: Int) -> Int { starts[s + 1] - starts[s] }
        let renumbering: Renumbering, new: ContentLayout, offset: Point
        let change: IndexChange
        let renumberedMeasures: [Int: [Int: Size]]
        do throws(GridError) {
            try checkCounts(sections, count, against: dataSource)
            // Not bound to a name: the held keys keep one owner, so that `commit` changes them in place.
            guard heldSnapshot != nil else {
                // The first apply names the items laid out: its counts must be theirs.
                let counts = layout.itemCounts
                if sections != counts.count { throw GridError.snapshotMismatch(section: nil, count: sections, expected: counts.count, layout: true) }
                for s in 0..<sections where count(s) != counts[s] {
                    throw GridError.snapshotMismatch(section: s, count: count(s), expected: counts[s], layout: true)
                }
                let held = try HeldKeys(keys, starts)
                interner?.commit(removing: [])
                heldSnapshot = HeldSnapshot(keys: held, type: type, typeName: typeName, interner: interner)
                return SnapshotDiff()
            }
            renumbering = try SnapshotDiff.compute(heldSnapshot!.keys, keys, starts)
            change = .renumber(renumbering)
            renumberedMeasures = Grid.renumbered(measures, by: change)  // they follow their items
            let source = measured(dataSource, renumberedMeasures)
            let anchor = viewAnchor()
            let follow = Self.following(renumbering, from: layout)
            let saved = layout
            // While the data source is asked, the grid holds an empty layout (as in a reload).
            layout = ContentLayout(configuration: configuration)
            defer { layout = saved }
            (new, offset) = try laidOutAfresh(from: source, anchor: anchor, following: follow)
        } catch {
            interner?.forgetNew()
            throw error
        }
        let diff = renumbering.diff
        if let interner { interner.commit(removing: diff.removed.map { heldSnapshot!.interned($0) }) }

        let before = layout
        measures = renumberedMeasures
        let isAnimated = animated && configuration.animationDuration > 0
        if isAnimated {
            var slide = Transition(from: before, changes: [change])
            slide.appearing = Set(diff.inserted.map(ElementID.item))
            motion.animation = Animation(phase: .slide(slide), duration: configuration.animationDuration, event: change)
        }
        var kept = heldSnapshot.take()!  // `commit` forgets what the grid holds; these keys go on
        commit(new, renumbering: [change], offset: offset)
        kept.keys.commit(keys, starts, renumbering)
        heldSnapshot = kept
        if !isAnimated { reportApplied(renumbering) }
        return diff
    }

    /// How an `apply` maps the anchor's ids: an item follows its id; a header or footer follows its
    /// section's first kept item (sections are matched by position, but a day prepended above a
    /// chat's day must not make the anchored header another day's); a background (never anchored) and
    /// the loader stay themselves.
    static func following(_ renumbering: Renumbering, from old: ContentLayout) -> (ElementID, ContentLayout) -> ElementID? {
        { id, _ in
            switch id {
            case .item(let path):
                return renumbering.after(path).map(ElementID.item)
            case .header(let section), .footer(let section):
                let count = (try? old.itemCount(inSection: section)) ?? 0
                for item in 0..<count {
                    guard let path = renumbering.after(GridIndexPath(section: section, item: item)) else { continue }
                    if case .header = id { return .header(section: path.section) }
                    return .footer(section: path.section)
                }
                return id
            case .background, .loader:
                return id
            }
        }
    }

    /// Checks the snapshot's counts (`sections`, and `items(s)` for each section) against the data source's.
    private func checkCounts(_ sections: Int, _ items: (Int) -> Int, against dataSource: any GridDataSource) throws(GridError) {
        let sectionCount = try ask(.sections, .grid) { try dataSource.numberOfSections() }
        guard sections == sectionCount else { throw .snapshotMismatch(section: nil, count: sections, expected: sectionCount, layout: false) }
        for s in 0..<sectionCount {
            let count = try ask(.itemCount, .section(s)) { try dataSource.numberOfItems(inSection: s) }
            if items(s) != count { throw .snapshotMismatch(section: s, count: items(s), expected: count, layout: false) }
        }
    }

    /// Tells the observer of an `apply`'s changes, one event each: the removals (old index paths,
    /// last first), the insertions (new index paths, first first), then the moves.
    func reportApplied(_ renumbering: Renumbering) {
        let diff = renumbering.diff
        for path in diff.removed.reversed() { observer?.grid(self, didRemove: path) }
        for path in diff.inserted { observer?.grid(self, didInsert: path) }
        for move in diff.moved { observer?.grid(self, didMove: move.from, to: move.to) }
    }
}

/// The identities an `apply` gave the items: every section's keys (and their table), and the
/// type of the ids they stand for.
struct HeldSnapshot {
    var keys: HeldKeys
    var type: ObjectIdentifier
    var typeName: String
    /// For ids other than `Int64` and `Int`: which key each id has (a `SnapshotInterner<ID>`).
    var interner: (any SnapshotKeying)?

    /// The key of the held item at `path`.
    func interned(_ path: GridIndexPath) -> Int64 { keys.key(at: path) }
}

/// What gives ids other than integers their keys, told whether the `apply` that asked succeeded.
protocol SnapshotKeying: AnyObject {
    /// Forgets the keys given since the last commit (the `apply` that asked for them failed).
    func forgetNew()
    /// Keeps the new keys and forgets those of the removed ids.
    func commit(removing removed: [Int64])
}

/// Keys for ids of any `Hashable` type: each id keeps its key while the grid holds it, and a new
/// id takes a key never given before.
final class SnapshotInterner<ID: Hashable>: SnapshotKeying {
    private var key: [ID: Int64] = [:]
    private var id: [Int64: ID] = [:]
    private var next: Int64 = 0
    /// The keys given since the last `commit`: taken back by `forgetNew` when the `apply` fails.
    private var fresh: [ID] = []

    /// Every id's key, giving new ids new keys.
    func keys(for snapshot: [[ID]]) -> [[Int64]] {
        snapshot.map { section in
            section.map { id in
                if let known = key[id] { return known }
                let new = next
                next += 1
                key[id] = new
                self.id[new] = id
                fresh.append(id)
                return new
            }
        }
    }

    func forgetNew() {
        for id in fresh {
            if let k = key.removeValue(forKey: id) { self.id[k] = nil }
        }
        fresh = []
    }

    func commit(removing removed: [Int64]) {
        fresh = []
        for k in removed {
            if let id = id.removeValue(forKey: k) { key[id] = nil }
        }
    }
}
