/// The difference between two snapshots of the items' identities (`Grid.apply`, docs/layout.md,
/// "Snapshots"), and how it renumbers the items.
///
/// Every id is a 64-bit key here: the faces turn their own ids into keys (`SnapshotInterner`), so
/// the diff is one algorithm for all of them (`compute`).
public struct SnapshotDiff: Hashable, Sendable {
    /// A kept item whose place changed relative to the others (see `compute`).
    public struct Move: Hashable, Sendable {
        /// Its index path in the old snapshot.
        public var from: GridIndexPath
        /// Its index path in the new snapshot.
        public var to: GridIndexPath

        public init(from: GridIndexPath, to: GridIndexPath) {
            self.from = from
            self.to = to
        }
    }

    /// The items only the old snapshot has, by their old index paths, ascending.
    public var removed: [GridIndexPath]
    /// The items only the new snapshot has, by their new index paths, ascending.
    public var inserted: [GridIndexPath]
    /// The kept items that moved, ascending by their new index paths.
    public var moved: [Move]

    public init(removed: [GridIndexPath] = [], inserted: [GridIndexPath] = [], moved: [Move] = []) {
        self.removed = removed
        self.inserted = inserted
        self.moved = moved
    }

    /// Whether nothing was removed, inserted or moved.
    public var isEmpty: Bool { removed.isEmpty && inserted.isEmpty && moved.isEmpty }
}

/// How one `apply` renumbers the items: every old item's new index path (none: removed) and every
/// new item's old one (none: inserted), with the diff that the observer's events spell out.
/// Immutable, shared by reference: an `IndexChange` that holds it stays cheap to copy.
public final class Renumbering: Hashable, Sendable, CustomStringConvertible {
    /// Every old item's packed new index path (`pack`), or -1 when removed, by its place in the
    /// old snapshot read section after section; `oldStarts[s]` is where section s begins there.
    let forward: [Int]
    let oldStarts: [Int]
    /// Every new item's packed old index path, or -1 when inserted; `newStarts` as `oldStarts`.
    let backward: [Int]
    let newStarts: [Int]
    /// What the snapshots' comparison found.
    public let diff: SnapshotDiff

    init(forward: [Int], oldStarts: [Int], backward: [Int], newStarts: [Int], diff: SnapshotDiff) {
        self.forward = forward
        self.oldStarts = oldStarts
        self.backward = backward
        self.newStarts = newStarts
        self.diff = diff
    }

    /// Items fit in 40 bits and sections in 23 (`GridLimits.maxSections` is below 2^20): a
    /// snapshot holds every id in memory, so no section has 2^40 of them.
    static let itemBits = 40
    static let itemMask = 1 << itemBits - 1
    static func pack(_ section: Int, _ item: Int) -> Int { section << itemBits | item }
    static func unpack(_ packed: Int) -> GridIndexPath {
        GridIndexPath(section: packed >> itemBits, item: packed & itemMask)
    }

    /// Where the item at `path` in the old snapshot is in the new one; nil for a removed item (or
    /// a path the old snapshot lacks).
    ///
    /// - Complexity: O(1).
    public func after(_ path: GridIndexPath) -> GridIndexPath? { Self.look(forward, oldStarts, path) }

    /// Where the item at `path` in the new snapshot was in the old one; nil for an inserted item.
    ///
    /// - Complexity: O(1).
    public func before(_ path: GridIndexPath) -> GridIndexPath? { Self.look(backward, newStarts, path) }

    private static func look(_ table: [Int], _ starts: [Int], _ path: GridIndexPath) -> GridIndexPath? {
        guard path.section >= 0 && path.section < starts.count - 1, path.item >= 0,
              path.item < starts[path.section + 1] - starts[path.section] else { return nil }
        let packed = table[starts[path.section] + path.item]
        return packed < 0 ? nil : unpack(packed)
    }

    /// Every section's item count after.
    var newCounts: [Int] { zip(newStarts.dropFirst(), newStarts).map { $0 - $1 } }
    /// How many sections there are after.
    var newSectionCount: Int { newStarts.count - 1 }

    public static func == (a: Renumbering, b: Renumbering) -> Bool {
        a === b || (a.forward == b.forward && a.backward == b.backward && a.oldStarts == b.oldStarts && a.newStarts == b.newStarts)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(oldStarts)
        hasher.combine(diff)
    }

    public var description: String {
        "apply (\(diff.removed.count) removed, \(diff.inserted.count) inserted, \(diff.moved.count) moved)"
    }
}

/// The keys an `apply` gave the items, and what finds an old key's place in O(1): a table from
/// key to a handle that stays the item's while it is held, and each handle's index path. A diff
/// reads it; only `commit` changes it, once the `apply` has succeeded, in time proportional to the
/// items plus the changes (no key is hashed again unless it is new or gone).
struct HeldKeys {
    /// Every item's key, section after section; section s begins at `starts[s]` (one more entry
    /// than sections: the end).
    private(set) var keys: [Int64]
    private(set) var starts: [Int]
    /// Parallel to `keys`: each item's handle.
    private var handles: [Int]
    private var table: SnapshotTable
    /// Handle → the packed index path of its item; -1 for a free handle.
    private var positions: [Int]
    private var free: [Int] = []

    /// `keys` held (section s from `starts[s]`), each item its own handle; throws
    /// `GridError.duplicateID` for a key given twice.
    ///
    /// - Complexity: O(n) for its n keys, each hashed once.
    init(_ keys: [Int64], _ starts: [Int]) throws(GridError) {
        var table = SnapshotTable(capacity: keys.count)
        var positions: [Int] = []
        positions.reserveCapacity(keys.count)
        for s in 0..<(starts.count - 1) {
            for g in starts[s]..<starts[s + 1] {
                if let first = table.insert(keys[g], positions.count) {
                    throw .duplicateID(Renumbering.unpack(positions[first]), GridIndexPath(section: s, item: g - starts[s]))
                }
                positions.append(Renumbering.pack(s, g - starts[s]))
            }
        }
        self.keys = keys
        self.starts = starts
        handles = Array(0..<keys.count)
        self.table = table
        self.positions = positions
    }

    /// The keys one after the other, and where each section begins.
    static func flattened(_ snapshot: [[Int64]]) -> (keys: [Int64], starts: [Int]) {
        var starts = [0]
        starts.reserveCapacity(snapshot.count + 1)
        for section in snapshot { starts.append(starts.last! + section.count) }
        var keys: [Int64] = []
        keys.reserveCapacity(starts.last!)
        for section in snapshot { keys.append(contentsOf: section) }
        return (keys, starts)
    }

    /// The key of the held item at `path`.
    func key(at path: GridIndexPath) -> Int64 { keys[starts[path.section] + path.item] }

    /// The packed index path of the held item whose key is `key`, or nil.
    func find(_ key: Int64) -> Int? { table.find(key).map { positions[$0] } }

    /// Makes `new` (flattened, `starts` its sections) the keys held, as `renumbering` (their diff
    /// from these) says.
    ///
    /// - Complexity: O(n + c), n the items of both and c the keys removed or inserted (each hashed once).
    mutating func commit(_ new: [Int64], _ newStarts: [Int], _ renumbering: Renumbering) {
        for path in renumbering.diff.removed {
            let g = starts[path.section] + path.item
            table.remove(keys[g])
            positions[handles[g]] = -1
            free.append(handles[g])
        }
        // The kept items' handles and places first, over raw buffers (no per-item uniqueness
        // checks or retains), then the inserted items' new handles.
        let backward = renumbering.backward, oldStarts = starts
        let newHandles = [Int](unsafeUninitializedCapacity: new.count) { newHandles, initialized in
            handles.withUnsafeBufferPointer { handles in
                positions.withUnsafeMutableBufferPointer { positions in
                    backward.withUnsafeBufferPointer { backward in
                        for t in 0..<(newStarts.count - 1) {
                            for g in newStarts[t]..<newStarts[t + 1] {
                                let packed = backward[g]
                                if packed >= 0 {
                                    let handle = handles[oldStarts[packed >> Renumbering.itemBits] + packed & Renumbering.itemMask]
                                    positions[handle] = Renumbering.pack(t, g - newStarts[t])
                                    newHandles[g] = handle
                                } else {
                                    newHandles[g] = -1  // given below
                                }
                            }
                        }
                    }
                }
            }
            initialized = new.count
        }
        handles = newHandles
        for path in renumbering.diff.inserted {
            let g = newStarts[path.section] + path.item
            let handle: Int
            if let reused = free.popLast() { handle = reused } else { handle = positions.count; positions.append(0) }
            _ = table.insert(new[g], handle)
            positions[handle] = Renumbering.pack(path.section, path.item)
            handles[g] = handle
        }
        keys = new
        starts = newStarts
    }
}

extension SnapshotDiff {
    /// Compares `new` (flattened, `newStarts` its sections) with the keys `held` and returns how
    /// the items renumber, the diff included.
    ///
    /// The algorithm is Heckel's, made exact by hashing, with a cursor for the common case: each
    /// new key is first compared with the old key after the last one matched (equal while the
    /// order holds: no hashing), else looked up in the held table. An item whose key only one side
    /// has is removed or inserted, so the removals and insertions are the fewest there can be. An
    /// old item matched twice, or a new key given twice, is a duplicate. Sections are matched by
    /// position. A kept item that changed section moves; within a section, the kept items that
    /// stay are a longest subsequence whose old order is the new order (`StayingRuns`: found over
    /// runs of consecutive items, not item by item), and the others move: no fewer single-item
    /// moves can put the section in its new order.
    ///
    /// Throws `GridError.duplicateID`, naming both index paths, when `new` holds a key twice.
    ///
    /// - Complexity: O(n + r log r), n the items of both snapshots and r the runs of items kept in
    ///   order (a few per change); a key is hashed only where the order breaks (about twice per change).
    static func compute(_ held: HeldKeys, _ new: [Int64], _ newStarts: [Int]) throws(GridError) -> Renumbering {
        let oldStarts = held.starts
        var forward = [Int](repeating: -1, count: held.keys.count)
        var backward = [Int](repeating: -1, count: new.count)
        // Raw buffers, and the scan in a function of its own: a closure's captured variables would
        // be checked for exclusive access at every use, which costs more than the scan itself.
        let scan = held.keys.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                forward.withUnsafeMutableBufferPointer { forward in
                    backward.withUnsafeMutableBufferPointer { backward in
                        Self.scan(held, old: old, oldStarts: oldStarts, new: new, newStarts: newStarts, forward: forward, backward: backward)
                    }
                }
            }
        }
        if let duplicate = scan.duplicate { throw duplicate }
        var removed: [GridIndexPath] = []
        for s in 0..<(oldStarts.count - 1) {
            for o in oldStarts[s]..<oldStarts[s + 1] where forward[o] < 0 { removed.append(GridIndexPath(section: s, item: o - oldStarts[s])) }
        }
        return Renumbering(forward: forward, oldStarts: oldStarts, backward: backward, newStarts: newStarts,
                           diff: SnapshotDiff(removed: removed, inserted: scan.inserted, moved: scan.moved))
    }

    /// `compute`'s pass over the new keys: fills `forward` and `backward`, and returns the inserted
    /// and moved items, or the first duplicate found.
    private static func scan(_ held: HeldKeys, old: UnsafeBufferPointer<Int64>, oldStarts: [Int], new: UnsafeBufferPointer<Int64>,
                             newStarts: [Int], forward: UnsafeMutableBufferPointer<Int>, backward: UnsafeMutableBufferPointer<Int>)
        -> (inserted: [GridIndexPath], moved: [Move], duplicate: GridError?) {
        let oldSections = oldStarts.count - 1
        var inserted: [GridIndexPath] = [], moved: [Move] = []
        var insertedKeys: [Int64: GridIndexPath] = [:]  // to find a new key given twice
        // The items kept within one section, in new order, as runs of consecutive old item numbers.
        var runs = StayingRuns()
        var crossing: [Int] = []  // new places of the items kept from other sections
        for t in 0..<(newStarts.count - 1) {
            runs.removeAll()
            crossing.removeAll(keepingCapacity: true)
            var runStart = 0, runLength = 0, runFirst = 0
            // The cursor: the old item after the last one matched (its section, its place).
            var cursorSection = t, cursor = t < oldSections ? oldStarts[t] : old.count
            var cursorEnd = t < oldSections ? oldStarts[t + 1] : old.count
            let base = newStarts[t]
            for g in base..<newStarts[t + 1] {
                let key = new[g]
                var s = 0, i = 0
                if cursor < cursorEnd && old[cursor] == key {
                    s = cursorSection
                    i = cursor - oldStarts[s]
                } else if let packed = held.find(key) {
                    s = packed >> Renumbering.itemBits
                    i = packed & Renumbering.itemMask
                } else {
                    let path = GridIndexPath(section: t, item: g - base)
                    if let first = insertedKeys.updateValue(path, forKey: key) { return ([], [], .duplicateID(first, path)) }
                    inserted.append(path)
                    continue
                }
                let o = oldStarts[s] + i
                if forward[o] >= 0 { return ([], [], .duplicateID(Renumbering.unpack(forward[o]), GridIndexPath(section: t, item: g - base))) }
                forward[o] = Renumbering.pack(t, g - base)
                backward[g] = Renumbering.pack(s, i)
                if s != cursorSection {
                    cursorSection = s
                    cursorEnd = oldStarts[s + 1]
                }
                cursor = o + 1
                if s == t {
                    // The current run grows while the old item numbers follow on (no array touched).
                    if runLength > 0 && runStart + runLength == i {
                        runLength += 1
                    } else {
                        if runLength > 0 { runs.add(start: runStart, length: runLength, first: runFirst) }
                        (runStart, runLength, runFirst) = (i, 1, g)
                    }
                } else {
                    crossing.append(g)
                }
            }
            if runLength > 0 { runs.add(start: runStart, length: runLength, first: runFirst) }
            // The staying items outside a heaviest increasing chain of runs move, as do those that
            // came from other sections; listed in new order.
            let stays = runs.chain()
            var leaving = crossing
            for r in 0..<runs.count where !stays[r] {
                // The run's items: from its first, the staying items whose old numbers it holds.
                var g = runs.first[r], left = runs.length[r]
                while left > 0 {
                    let packed = backward[g]
                    if packed >= 0 && packed >> Renumbering.itemBits == t {
                        let i = packed & Renumbering.itemMask
                        if i >= runs.start[r] && i < runs.start[r] + runs.length[r] {
                            leaving.append(g)
                            left -= 1
                        }
                    }
                    g += 1
                }
            }
            if leaving.count > crossing.count { leaving.sort() }
            for g in leaving {
                moved.append(Move(from: Renumbering.unpack(backward[g]), to: GridIndexPath(section: t, item: g - base)))
            }
        }
        return (inserted, moved, nil)
    }
}

/// A section's staying items (kept, from the same section) in new order, as runs of consecutive
/// old item numbers (i, i + 1, ...): the unit of a longest increasing subsequence. Old item numbers
/// are distinct integers, so any other item is below or above a whole run: a longest increasing
/// subsequence takes a run whole or not at all, and is a heaviest increasing chain of runs, each
/// weighing its length. Found over the runs alone, it costs O(r log r) for r runs: a few per
/// change, however many items stay in place.
struct StayingRuns {
    /// Each run's first old item number, its length, and the new place of its first item.
    private(set) var start: [Int] = [], length: [Int] = [], first: [Int] = []
    var count: Int { start.count }

    mutating func removeAll() {
        start.removeAll(keepingCapacity: true)
        length.removeAll(keepingCapacity: true)
        first.removeAll(keepingCapacity: true)
    }

    /// The next run: old item numbers `start ..< start + length`, the first at new place `first`.
    mutating func add(start: Int, length: Int, first: Int) {
        self.start.append(start)
        self.length.append(length)
        self.first.append(first)
    }

    /// For each run, whether it belongs to one heaviest chain whose starts increase: a longest
    /// increasing subsequence of the items. A Fenwick tree over the runs' ranks by start holds
    /// the heaviest chain ending below each rank.
    ///
    /// - Complexity: O(r log r).
    func chain() -> [Bool] {
        let r = count
        guard r > 1 else { return [Bool](repeating: true, count: r) }
        var rank = [Int](repeating: 0, count: r)
        for (k, run) in start.indices.sorted(by: { start[$0] < start[$1] }).enumerated() { rank[run] = k + 1 }
        // Two arrays, not one of tuples: an array of a tuple type makes the runtime build its
        // metadata on first use, which memcheck reports as a leak.
        var treeWeight = [Int](repeating: 0, count: r + 1), treeRun = [Int](repeating: -1, count: r + 1)
        var previous = [Int](repeating: -1, count: r)
        var best = (weight: 0, run: -1)
        for k in 0..<r {
            var below = (weight: 0, run: -1)  // the heaviest chain of runs ranked below run k
            var i = rank[k] - 1
            while i > 0 {
                if treeWeight[i] > below.weight { below = (treeWeight[i], treeRun[i]) }
                i -= i & -i
            }
            let here = (weight: below.weight + length[k], run: k)
            previous[k] = below.run
            if here.weight > best.weight { best = here }
            i = rank[k]
            while i <= r {
                if here.weight > treeWeight[i] { (treeWeight[i], treeRun[i]) = (here.weight, here.run) }
                i += i & -i
            }
        }
        var result = [Bool](repeating: false, count: r)
        var k = best.run
        while k >= 0 {
            result[k] = true
            k = previous[k]
        }
        return result
    }
}

/// An open-addressing hash table (linear probing) from 64-bit keys to non-negative values: a
/// fraction of what a `Dictionary` costs per key, which is most of a diff's hashing.
struct SnapshotTable {
    private var keys: [Int64]
    private var values: [Int]  // -1: an empty slot
    private var count = 0
    private var mask: Int
    private var shift: UInt64

    /// An empty table with room for `capacity` keys at most half full.
    init(capacity: Int) {
        var bits = 4
        while 1 << bits < 2 * capacity { bits += 1 }
        keys = [Int64](repeating: 0, count: 1 << bits)
        values = [Int](repeating: -1, count: 1 << bits)
        mask = 1 << bits - 1
        shift = UInt64(64 - bits)
    }

    private func slot(_ key: Int64) -> Int {
        // Fibonacci hashing: the multiply spreads consecutive keys; its high bits are the best mixed.
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Inserts `key`; returns the value it already had (nothing is inserted then).
    mutating func insert(_ key: Int64, _ value: Int) -> Int? {
        if 2 * (count + 1) > keys.count { grow() }
        var i = slot(key)
        while values[i] >= 0 {
            if keys[i] == key { return values[i] }
            i = (i + 1) & mask
        }
        keys[i] = key
        values[i] = value
        count += 1
        return nil
    }

    /// The value of `key`, or nil.
    func find(_ key: Int64) -> Int? {
        var i = slot(key)
        while values[i] >= 0 {
            if keys[i] == key { return values[i] }
            i = (i + 1) & mask
        }
        return nil
    }

    /// Removes `key` (if present), moving back the keys after it that it displaced, so that
    /// lookups never need tombstones.
    mutating func remove(_ key: Int64) {
        var i = slot(key)
        while values[i] >= 0 && keys[i] != key { i = (i + 1) & mask }
        guard values[i] >= 0 else { return }
        values[i] = -1
        count -= 1
        var j = i
        while true {
            j = (j + 1) & mask
            guard values[j] >= 0 else { return }
            let home = slot(keys[j])
            // keys[j] may move to the hole at i unless its home lies cyclically in (i, j].
            let stays = i <= j ? (i < home && home <= j) : (i < home || home <= j)
            if !stays {
                keys[i] = keys[j]
                values[i] = values[j]
                values[j] = -1
                i = j
            }
        }
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        self = SnapshotTable(capacity: oldKeys.count)
        for (k, value) in zip(oldKeys, oldValues) where value >= 0 { _ = insert(k, value) }
    }
}
