import CLua
import GridLayout
#if canImport(Glibc)
import Glibc
#endif

/// The keys the grid reads from a script's `dataSource` and `delegate` tables, and the check of a
/// table as it is assigned: a function under a key the grid never reads is most likely a
/// misspelt callback (`hedaer`), which would otherwise be ignored in silence. The check warns on
/// standard error (Lua's `warn` is off unless `-W` or `warn("@on")`, so it would stay silent
/// too) and never fails the assignment: a misspelling costs a line, not the script.
enum LuaTableKeys {
    /// What the grid reads from `dataSource`: the data source callbacks, the views' callbacks and
    /// the deprecated `move`.
    static let dataSource = DataSourceCallback.allCases.map { ErrorVocabulary.luaName($0) }
        + ["view", "headerView", "footerView", "willQueue", "loadMore", "move"]
    /// What the grid and gridrepl's views read from `delegate`.
    static let delegate = ["pageChanged", "loaderShown", "loaderHidden", "didInsert", "didRemove", "didMove",
                           "dragStarted", "dragEnded", "tick"]

    /// The warnings for the table at `index` assigned as `grid.NAME`, in key order. A data
    /// source may carry functions of its own, so one of its keys is warned about only when a
    /// known key is near it; a delegate holds callbacks only, so every unknown function key is.
    static func warnings(_ L: LuaState, _ index: Int32, name: String) -> [String] {
        let known = name == "delegate" ? delegate : dataSource
        let table = lua_absindex(L, index)
        var unknown: [String] = []
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            // The type test comes first: converting a number key in place would derail lua_next.
            if lua_type(L, -2) == LUA_TSTRING, lua_type(L, -1) == LUA_TFUNCTION, let key = String(lua: L, -2),
               !known.contains(key) {
                unknown.append(key)
            }
            lua_settop(L, -2)
        }
        return unknown.sorted().compactMap { key in
            let near = Suggestion.didYouMean(key, among: known)
            if near.isEmpty && name != "delegate" { return nil }
            let list = near.isEmpty ? " (its keys: \(known.joined(separator: ", ")))" : near
            return "gridlayout: warning: grid.\(name).\(key) is not a \(name) key and is never called\(list)"
        }
    }

    /// Writes the warnings for the table at `index` to standard error.
    static func warn(_ L: LuaState, _ index: Int32, name: String) {
        for line in warnings(L, index, name: name) {
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        }
    }
}
