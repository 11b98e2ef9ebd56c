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
    /// Old section → old item → the packed new index path (`pack`), or -1 when removed.
    let forward: [[Int]]
    /// New section → new item → the packed old index path, or -1 when inserted.
    let backward: [[Int]]
    /// What the snapshots' comparison found.
    public let diff: SnapshotDiff

    init(forward: [[Int]], backward: [[Int]], diff: SnapshotDiff) {
        self.forward = forward
        self.backward = backward
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
    public func after(_ path: GridIndexPath) -> GridIndexPath? { Self.look(forward, path) }

    /// Where the item at `path` in the new snapshot was in the old one; nil for an inserted item.
    ///
    /// - Complexity: O(1).
    public func before(_ path: GridIndexPath) -> GridIndexPath? { Self.look(backward, path) }

    private static func look(_ table: [[Int]], _ path: GridIndexPath) -> GridIndexPath? {
        guard table.indices.contains(path.section), table[path.section].indices.contains(path.item) else { return nil }
        let packed = table[path.section][path.item]
        return packed < 0 ? nil : unpack(packed)
    }

    /// Every section's item count before and after.
    var oldCounts: [Int] { forward.map(\.count) }
    var newCounts: [Int] { backward.map(\.count) }

    public static func == (a: Renumbering, b: Renumbering) -> Bool {
        a === b || (a.forward == b.forward && a.backward == b.backward)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(forward.count)
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
    private(set) var keys: [[Int64]]
    /// Parallel to `keys`: each item's handle.
    private var handles: [[Int]]
    private var table: SnapshotTable
    /// Handle → the packed index path of its item; -1 for a free handle.
    private var positions: [Int]
    private var free: [Int] = []

    /// The keys of `snapshot`, each its own handle; throws `GridError.duplicateID` for a key
    /// given twice.
    ///
    /// - Complexity: O(n) for its n keys, each hashed once.
    init(_ snapshot: [[Int64]]) throws(GridError) {
        let count = snapshot.reduce(0) { $0 + $1.count }
        var table = SnapshotTable(capacity: count)
        var positions: [Int] = []
        positions.reserveCapacity(count)
        var handles: [[Int]] = []
        handles.reserveCapacity(snapshot.count)
        for (s, section) in snapshot.enumerated() {
            handles.append(Array(positions.count..<(positions.count + section.count)))
            for (i, key) in section.enumerated() {
                if let first = table.insert(key, positions.count) {
                    throw .duplicateID(Renumbering.unpack(positions[first]), GridIndexPath(section: s, item: i))
                }
                positions.append(Renumbering.pack(s, i))
            }
        }
        keys = snapshot
        self.handles = handles
        self.table = table
        self.positions = positions
    }

    /// The packed index path of the held item whose key is `key`, or nil.
    func find(_ key: Int64) -> Int? { table.find(key).map { positions[$0] } }

    /// Makes `new` the keys held, as `renumbering` (their diff from these) says.
    ///
    /// - Complexity: O(n + c), n the items of both and c the keys removed or inserted (each hashed once).
    mutating func commit(_ new: [[Int64]], _ renumbering: Renumbering) {
        for path in renumbering.diff.removed {
            let handle = handles[path.section][path.item]
            table.remove(keys[path.section][path.item])
            positions[handle] = -1
            free.append(handle)
        }
        var newHandles: [[Int]] = []
        newHandles.reserveCapacity(new.count)
        for (t, row) in renumbering.backward.enumerated() {
            var section = [Int](repeating: 0, count: row.count)
            for (j, packed) in row.enumerated() {
                let handle: Int
                if packed >= 0 {
                    handle = handles[packed >> Renumbering.itemBits][packed & Renumbering.itemMask]
                } else {
                    if let reused = free.popLast() { handle = reused } else { handle = positions.count; positions.append(0) }
                    _ = table.insert(new[t][j], handle)
                }
                positions[handle] = Renumbering.pack(t, j)
                section[j] = handle
            }
            newHandles.append(section)
        }
        keys = new
        handles = newHandles
    }
}

extension SnapshotDiff {
    /// Compares `new` with the keys `held` and returns how the items renumber, the diff included.
    ///
    /// The algorithm is Heckel's, made exact by hashing, with a cursor for the common case: each
    /// new key is first compared with the old key after the last one matched (equal while the
    /// order holds: no hashing), else looked up in the held table. An item whose key only one side
    /// has is removed or inserted, so the removals and insertions are the fewest there can be. An
    /// old item matched twice, or a new key given twice, is a duplicate. Sections are matched by
    /// position. A kept item that changed section moves; within a section, the kept items that
    /// stay are a longest subsequence whose old order is the new order (patience sorting, which
    /// appends in O(1) while the order holds), and the others move: no fewer single-item moves can
    /// put the section in its new order.
    ///
    /// Throws `GridError.duplicateID`, naming both index paths, when `new` holds a key twice.
    ///
    /// - Complexity: O(n + m log m), n the items of both snapshots and m the kept items out of
    ///   order; a key is hashed only where the order breaks (about twice per change).
    static func compute(_ held: HeldKeys, _ new: [[Int64]]) throws(GridError) -> Renumbering {
        let old = held.keys
        var forward = old.map { [Int](repeating: -1, count: $0.count) }
        var backward: [[Int]] = []
        backward.reserveCapacity(new.count)
        var inserted: [GridIndexPath] = [], moved: [Move] = []
        var insertedKeys: [Int64: GridIndexPath] = [:]  // to find a new key given twice
        var order = LongestIncreasing()
        for (t, keys) in new.enumerated() {
            var row = [Int](repeating: -1, count: keys.count)
            var cursorSection = t, cursorItem = 0
            // The items kept within section t, in new order: their new and old item numbers.
            var stayingNew: [Int] = [], stayingOld: [Int] = []
            for (j, key) in keys.enumerated() {
                var found: Int?
                if cursorSection < old.count && cursorItem < old[cursorSection].count && old[cursorSection][cursorItem] == key {
                    found = Renumbering.pack(cursorSection, cursorItem)
                } else {
                    found = held.find(key)
                }
                guard let packed = found else {
                    let path = GridIndexPath(section: t, item: j)
                    if let first = insertedKeys.updateValue(path, forKey: key) { throw .duplicateID(first, path) }
                    inserted.append(path)
                    continue
                }
                let s = packed >> Renumbering.itemBits, i = packed & Renumbering.itemMask
                if forward[s][i] >= 0 { throw .duplicateID(Renumbering.unpack(forward[s][i]), GridIndexPath(section: t, item: j)) }
                forward[s][i] = Renumbering.pack(t, j)
                row[j] = packed
                (cursorSection, cursorItem) = (s, i + 1)
                if s == t {
                    stayingNew.append(j)
                    stayingOld.append(i)
                }
            }
            let stays = order.members(stayingOld)
            var k = 0
            for (j, packed) in row.enumerated() where packed >= 0 {
                if k < stayingNew.count && stayingNew[k] == j {
                    k += 1
                    if stays[k - 1] { continue }
                }
                moved.append(Move(from: Renumbering.unpack(packed), to: GridIndexPath(section: t, item: j)))
            }
            backward.append(row)
        }
        var removed: [GridIndexPath] = []
        for (s, row) in forward.enumerated() {
            for (i, packed) in row.enumerated() where packed < 0 { removed.append(GridIndexPath(section: s, item: i)) }
        }
        return Renumbering(forward: forward, backward: backward, diff: SnapshotDiff(removed: removed, inserted: inserted, moved: moved))
    }
}

/// A longest strictly increasing subsequence, by patience sorting; its buffers are reused from one
/// call to the next.
struct LongestIncreasing {
    private var tails: [Int] = []  // tails[l]: the index ending the best subsequence of length l + 1
    private var previous: [Int] = []

    /// For each element of `values` (distinct), whether it belongs to one longest increasing subsequence.
    ///
    /// - Complexity: O(n + m log n), m the elements that do not extend the longest run so far.
    mutating func members(_ values: [Int]) -> [Bool] {
        tails.removeAll(keepingCapacity: true)
        previous.removeAll(keepingCapacity: true)
        previous.reserveCapacity(values.count)
        for (k, value) in values.enumerated() {
            if let last = tails.last, values[last] >= value {
                var low = 0, high = tails.count - 1  // the first tail not below value
                while low < high {
                    let mid = (low + high) / 2
                    if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
                }
                previous.append(low > 0 ? tails[low - 1] : -1)
                tails[low] = k
            } else {
                previous.append(tails.last ?? -1)
                tails.append(k)
            }
        }
        var result = [Bool](repeating: false, count: values.count)
        var k = tails.last ?? -1
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
