/// The difference between two snapshots of the items' identities (`Grid.apply`, docs/layout.md,
/// "Snapshots"), and how it renumbers the items.
///
/// Every id is a 64-bit key here: the faces turn their own ids into keys (`SnapshotInterner`), so
/// the diff is one algorithm for all of them.
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
    static func pack(_ section: Int, _ item: Int) -> Int { section << itemBits | item }
    static func unpack(_ packed: Int) -> GridIndexPath {
        GridIndexPath(section: packed >> itemBits, item: packed & (1 << itemBits - 1))
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

extension SnapshotDiff {
    /// Compares `new` with `old` (both: every section's keys; `oldTable` indexes `old`) and returns
    /// the diff, the renumbering and the table of `new` (for the next comparison).
    ///
    /// The algorithm is Heckel's, made exact by hashing: one table of the new keys (which finds a
    /// duplicate), one lookup of each old key in it and of each new key in the old table. An item
    /// whose key only one side has is removed or inserted, so the removals and insertions are the
    /// fewest there can be. Sections are matched by position. A kept item that changed section
    /// moves; within a section, the kept items that stay are a longest subsequence whose old order
    /// is the new order (patience sorting, which appends in O(1) while the order holds), and the
    /// others move: no fewer single-item moves can put the section in its new order.
    ///
    /// Throws `GridError.duplicateID`, naming both index paths, when `new` holds a key twice.
    ///
    /// - Complexity: O(n + m log m), n the items of both snapshots and m the kept items out of order.
    static func compute(old: [[Int64]], oldTable: SnapshotTable, new: [[Int64]]) throws(GridError) -> (Renumbering, SnapshotTable) {
        let newTable = try SnapshotTable(new)
        var removed: [GridIndexPath] = [], inserted: [GridIndexPath] = [], moved: [Move] = []
        var forward: [[Int]] = []
        forward.reserveCapacity(old.count)
        for (s, keys) in old.enumerated() {
            var row = [Int](repeating: -1, count: keys.count)
            for (i, key) in keys.enumerated() {
                if let packed = newTable.find(key) { row[i] = packed } else { removed.append(GridIndexPath(section: s, item: i)) }
            }
            forward.append(row)
        }
        var backward: [[Int]] = []
        backward.reserveCapacity(new.count)
        var order = LongestIncreasing()
        for (t, keys) in new.enumerated() {
            var row = [Int](repeating: -1, count: keys.count)
            // The items kept within section t, in new order: their new and old item numbers.
            var stayingNew: [Int] = [], stayingOld: [Int] = []
            for (j, key) in keys.enumerated() {
                guard let packed = oldTable.find(key) else {
                    inserted.append(GridIndexPath(section: t, item: j))
                    continue
                }
                row[j] = packed
                if packed >> Renumbering.itemBits == t {
                    stayingNew.append(j)
                    stayingOld.append(packed & (1 << Renumbering.itemBits - 1))
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
        let diff = SnapshotDiff(removed: removed, inserted: inserted, moved: moved)
        return (Renumbering(forward: forward, backward: backward, diff: diff), newTable)
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

/// An open-addressing hash table from a snapshot's keys to their packed index paths
/// (`Renumbering.pack`): a fraction of what a `Dictionary` costs per key, which is most of a diff.
struct SnapshotTable {
    private var keys: [Int64]
    private var values: [Int]  // -1: an empty slot
    private let mask: Int
    private let shift: UInt64

    /// The table of `snapshot`'s keys; throws `GridError.duplicateID` for a key it holds twice.
    init(_ snapshot: [[Int64]]) throws(GridError) {
        let count = snapshot.reduce(0) { $0 + $1.count }
        var bits = 4
        while 1 << bits < 2 * count { bits += 1 }  // at most half full
        keys = [Int64](repeating: 0, count: 1 << bits)
        values = [Int](repeating: -1, count: 1 << bits)
        mask = 1 << bits - 1
        shift = UInt64(64 - bits)
        for (s, section) in snapshot.enumerated() {
            for (i, key) in section.enumerated() {
                let packed = Renumbering.pack(s, i)
                if let first = insert(key, packed) {
                    throw .duplicateID(Renumbering.unpack(first), GridIndexPath(section: s, item: i))
                }
            }
        }
    }

    private func slot(_ key: Int64) -> Int {
        // Fibonacci hashing: the multiply spreads consecutive keys; its high bits are the best mixed.
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Inserts `key`; returns the value it already had (nothing is inserted then).
    private mutating func insert(_ key: Int64, _ value: Int) -> Int? {
        var i = slot(key)
        while values[i] >= 0 {
            if keys[i] == key { return values[i] }
            i = (i + 1) & mask
        }
        keys[i] = key
        values[i] = value
        return nil
    }

    /// The packed index path of `key`, or nil.
    func find(_ key: Int64) -> Int? {
        var i = slot(key)
        while values[i] >= 0 {
            if keys[i] == key { return values[i] }
            i = (i + 1) & mask
        }
        return nil
    }
}
