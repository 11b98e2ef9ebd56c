import CLua
import GridLayout

/// `grid:apply{ {id, ...}, ... }` (docs/lua.md, "grid:apply"): a refresh given as the items' new
/// identities, diffed against the ones held and performed as one batch.
extension LuaGridMethods {
    /// grid:apply(snapshot[, animated]): every section's ids (integers or strings, unique in the
    /// grid); returns `{removed = {{s, i}, ...}, inserted = {...}, moved = {{from = {s, i}, to = {s, i}}, ...}}`.
    static let apply: SwiftLuaFunction = { L in
        scriptMethod(L, "apply") { L, object throws(ScriptError) in
            let snapshot = try readSnapshot(L)
            let animated = try flag(L, 3, argument: 2, "apply", default: true)
            lua_settop(L, 1)
            var diff = SnapshotDiff()
            do throws(ScriptError) {
                try withDataSource(L, object, "apply") { grid throws(GridError) in diff = try grid.apply(snapshot, animated: animated) }
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

    /// The snapshot at argument 2: a table of sections, each a table of ids.
    private static func readSnapshot(_ L: LuaState) throws(ScriptError) -> [[LuaSnapshotID]] {
        guard lua_type(L, 2) == LUA_TTABLE else {
            throw ScriptError("bad argument #1 to 'apply' (table of sections expected, got \(typeName(L, 2)))")
        }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let sections = Int(lua_rawlen(L, 2))
        var snapshot: [[LuaSnapshotID]] = []
        snapshot.reserveCapacity(sections)
        for s in stride(from: 1, through: sections, by: 1) {
            guard lua_rawgeti(L, 2, lua_Integer(s)) == LUA_TTABLE else {
                throw ScriptError("bad argument #1 to 'apply' (section \(s): table of ids expected, got \(typeName(L, -1)))")
            }
            let section = lua_gettop(L)
            let count = Int(lua_rawlen(L, section))
            var ids: [LuaSnapshotID] = []
            ids.reserveCapacity(count)
            for i in stride(from: 1, through: count, by: 1) {
                switch lua_rawgeti(L, section, lua_Integer(i)) {
                case LUA_TNUMBER:
                    var isInteger: Int32 = 0
                    let n = lua_tointegerx(L, -1, &isInteger)
                    guard isInteger != 0 else {
                        throw ScriptError("bad argument #1 to 'apply' (id at {\(s), \(i)}: \(describeValue(L, -1)) has no integer representation)")
                    }
                    ids.append(.integer(n))
                case LUA_TSTRING:
                    ids.append(.string(String(lua: L, -1) ?? ""))
                default:
                    throw ScriptError("bad argument #1 to 'apply' (id at {\(s), \(i)}: integer or string expected, got \(typeName(L, -1)))")
                }
                lua_settop(L, section)
            }
            snapshot.append(ids)
            lua_settop(L, top)
        }
        return snapshot
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

/// A Lua id: an integer or a string (1 and "1" are different ids).
enum LuaSnapshotID: Hashable {
    case integer(Int64)
    case string(String)
}
