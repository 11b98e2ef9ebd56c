import CLua
import GridLayout

/// `grid:apply{ {id, ...}, ... }` (docs/lua.md, "grid:apply"): a refresh given as the items' new
/// identities, diffed against the ones held and performed as one batch.
extension LuaGridMethods {
    /// grid:apply(snapshot[, animated]): every section's ids (integers or strings, unique in the
    /// grid); returns `{removed = {{s, i}, ...}, inserted = {...}, moved = {{from = {s, i}, to = {s, i}}, ...}}`.
    static let apply: SwiftLuaFunction = { L in
        scriptMethod(L, "apply") { L, object throws(ScriptError) in
            let (keys, counts, next) = try readSnapshot(L, object)
            let animated = try flag(L, 3, argument: 2, "apply", default: true)
            lua_settop(L, 1)
            var diff = SnapshotDiff()
            do throws(ScriptError) {
                try withDataSource(L, object, "apply") { grid throws(GridError) in diff = try grid.apply(ids: keys, counts: counts, animated: animated) }
                object.snapshotKeys.commit(keys, next)
            } catch {
                // The snapshot's own faults are a bad argument, as Lua words them.
                if let kind = error.kind, kind == .invalidArgument, error.message.hasPrefix("apply: ") {
                    throw ScriptError("bad argument #1 to 'apply' (\(error.message.dropFirst("apply: ".count)))", kind: kind)
                }
                throw error
            }
            try pushDiff(L, diff)
            return 1
        }
    }

    /// The snapshot at argument 2 (a table of sections, each a table of ids) as the engine's keys.
    private static func readSnapshot(_ L: LuaState, _ object: ScriptGrid) throws(ScriptError) -> (keys: [Int64], counts: [Int], state: LuaSnapshotKeys.Next?) {
        guard lua_type(L, 2) == LUA_TTABLE else {
            throw ScriptError("bad argument #1 to 'apply' (table of sections expected, got \(typeName(L, 2)))")
        }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let sections = Int(lua_rawlen(L, 2))
        var keys: [Int64] = [], counts: [Int] = []
        counts.reserveCapacity(sections)
        var strings: [(place: Int, id: String)] = []
        for s in stride(from: 1, through: sections, by: 1) {
            guard lua_rawgeti(L, 2, lua_Integer(s)) == LUA_TTABLE else {
                throw ScriptError("bad argument #1 to 'apply' (section \(s): table of ids expected, got \(typeName(L, -1)))")
            }
            let section = lua_gettop(L)
            let count = Int(lua_rawlen(L, section))
            keys.reserveCapacity(keys.count + count)
            for i in stride(from: 1, through: count, by: 1) {
                switch lua_rawgeti(L, section, lua_Integer(i)) {
                case LUA_TNUMBER:
                    var isInteger: Int32 = 0
                    keys.append(lua_tointegerx(L, -1, &isInteger))
                    guard isInteger != 0 else {
                        throw ScriptError("bad argument #1 to 'apply' (id at {\(s), \(i)}: \(describeValue(L, -1)) has no integer representation)")
                    }
                case LUA_TSTRING:
                    strings.append((keys.count, String(lua: L, -1) ?? ""))
                    keys.append(0)
                default:
                    throw ScriptError("bad argument #1 to 'apply' (id at {\(s), \(i)}: integer or string expected, got \(typeName(L, -1)))")
                }
                lua_settop(L, section)
            }
            counts.append(count)
            lua_settop(L, top)
        }
        let state = object.snapshotKeys.key(&keys, strings: strings)
        return (keys, counts, state)
    }

    /// Pushes the diff as a table (index paths from 1).
    private static func pushDiff(_ L: LuaState, _ diff: SnapshotDiff) throws(ScriptError) {
        func pushPath(_ path: GridIndexPath) throws(ScriptError) {
            try createTable(L, 2, 0)
            lua_pushinteger(L, lua_Integer(path.section + 1))
            try rawSet(L, -2, 1)
            lua_pushinteger(L, lua_Integer(path.item + 1))
            try rawSet(L, -2, 2)
        }
        try createTable(L, 0, 3)
        for (key, paths) in [("removed", diff.removed), ("inserted", diff.inserted)] {
            try createTable(L, paths.count, 0)
            for (k, path) in paths.enumerated() {
                try pushPath(path)
                try rawSet(L, -2, k + 1)
            }
            try setField(L, -2, key)
        }
        try createTable(L, diff.moved.count, 0)
        for (k, move) in diff.moved.enumerated() {
            try createTable(L, 0, 2)
            try pushPath(move.from)
            try setField(L, -2, "from")
            try pushPath(move.to)
            try setField(L, -2, "to")
            try rawSet(L, -2, k + 1)
        }
        try setField(L, -2, "moved")
    }
}

/// How `grid:apply` turns Lua ids (integers or strings; 1 and "1" are different ids) into the
/// engine's 64-bit keys. An integer is its own key, unless a string has that key; a string (or such
/// an integer) takes a key no id of the snapshot or of the ids held uses. A grid whose ids are all
/// integers so hashes nothing.
struct LuaSnapshotKeys {
    /// The keys of the last snapshot applied (the ids the grid holds, unless it forgot them).
    private var held: [Int64] = []
    /// The string ids held, and the integers whose own key a string had: their keys.
    private var strings: [String: Int64] = [:]
    private var overrides: [Int64: Int64] = [:]
    /// The next key to try for a string.
    private var fresh = Int64.min

    /// The state after a successful apply of keys given by `key`.
    struct Next {
        var strings: [String: Int64]
        var overrides: [Int64: Int64]
        var fresh: Int64
    }

    /// Turns `keys` (every id one section after the other: integers as read, strings' places
    /// still 0) into the engine's keys: `strings` lists the string ids with their places. Returns
    /// the state to `commit` once the apply has succeeded (nil: nothing but integers, none of them
    /// overridden).
    ///
    /// - Complexity: O(1) per integer of a grid that never held a string; otherwise O(n) more to
    ///   gather the keys in use, and a dictionary look-up per id.
    func key(_ keys: inout [Int64], strings given: [(place: Int, id: String)]) -> Next? {
        guard !given.isEmpty || !strings.isEmpty || !overrides.isEmpty else { return nil }
        var next = Next(strings: [:], overrides: [:], fresh: fresh)
        // The keys strings and overridden integers had: an integer may not take one as its own.
        var reserved = Set(strings.values)
        reserved.formUnion(overrides.values)
        var inUse: Set<Int64>?  // every held key and every integer given: a new key avoids them
        let held = self.held
        func newKey() -> Int64 {
            if inUse == nil { inUse = Set(held).union(keys) }
            while inUse!.contains(next.fresh) || reserved.contains(next.fresh) { next.fresh &+= 1 }
            defer { next.fresh &+= 1 }
            reserved.insert(next.fresh)
            return next.fresh
        }
        var isString = [Bool](repeating: false, count: keys.count)
        for (place, _) in given { isString[place] = true }
        for g in keys.indices where !isString[g] {
            let n = keys[g]
            if let k = next.overrides[n] ?? overrides[n] {
                keys[g] = k
                next.overrides[n] = k
            } else if reserved.contains(n) {
                let k = newKey()
                keys[g] = k
                next.overrides[n] = k
            }
        }
        for (place, id) in given {
            let k = next.strings[id] ?? strings[id] ?? newKey()  // a string given twice keeps one key: a duplicate
            keys[place] = k
            next.strings[id] = k
        }
        return next
    }

    /// Records the keys of an apply that succeeded.
    mutating func commit(_ keys: [Int64], _ next: Next?) {
        held = keys
        strings = next?.strings ?? [:]
        overrides = next?.overrides ?? [:]
        if let next { fresh = next.fresh }
    }
}
