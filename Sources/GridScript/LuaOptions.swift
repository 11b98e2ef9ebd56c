import CLua
import GridLayout

/// Converts configuration values between Lua and `OptionValue`.
enum LuaOptions {
    /// The Lua value at `index` as the value of option `name`: numbers, strings and booleans as
    /// themselves; a table as per-side insets `{top=, left=, bottom=, right=}` (`padding`) or a size
    /// `{w=, h=}` (`loaderSize`).
    static func value(_ L: LuaState, _ index: Int32, for name: String) throws(ScriptError) -> OptionValue {
        switch lua_type(L, index) {
        case LUA_TNUMBER: return .number(lua_tonumberx(L, index, nil))
        case LUA_TSTRING: return .string(String(lua: L, index) ?? "")
        case LUA_TBOOLEAN: return .bool(lua_toboolean(L, index) != 0)
        case LUA_TTABLE:
            if GridConfiguration.option(named: name)?.kind == .size {
                let v = try numbers(L, index, keys: ["w", "h"], option: name)
                return .size(Size(width: v[0], height: v[1]))
            }
            let v = try numbers(L, index, keys: ["top", "left", "bottom", "right"], option: name)
            return .insets(Insets(top: v[0], left: v[1], bottom: v[2], right: v[3]))
        default:
            throw ScriptError("option '\(name)': \(typeName(L, index)) is invalid")
        }
    }

    /// Reads the number fields `keys` of the table at `index` (a missing one is 0); any other key is an error.
    private static func numbers(_ L: LuaState, _ index: Int32, keys: [String], option: String) throws(ScriptError) -> [Double] {
        let table = lua_absindex(L, index)
        var values = [Double](repeating: 0, count: keys.count)
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            let key = lua_type(L, -2) == LUA_TSTRING ? String(lua: L, -2) : nil
            guard let key, let slot = keys.firstIndex(of: key) else {
                let shown = describeValue(L, -2)
                lua_settop(L, -3)
                throw ScriptError("option '\(option)': unexpected key \(shown) (expected \(keys.joined(separator: ", ")))")
            }
            guard lua_type(L, -1) == LUA_TNUMBER else {
                let got = typeName(L, -1)
                lua_settop(L, -3)
                throw ScriptError("option '\(option)': \(key) must be a number, got \(got)")
            }
            values[slot] = lua_tonumberx(L, -1, nil)
            lua_settop(L, -2)  // keep the key for lua_next
        }
        return values
    }

    /// Pushes an option's value.
    static func push(_ L: LuaState, _ value: OptionValue) throws(ScriptError) {
        switch value {
        // NaN is no value (`spacing` when lineSpacing and itemSpacing differ): nil.
        case .number(let n): if n.isNaN { lua_pushnil(L) } else { pushNumber(L, n) }
        case .string(let s): try pushString(L, s)
        case .bool(let b): lua_pushboolean(L, b ? 1 : 0)
        case .insets(let i):
            try createTable(L, 0, 4)
            try setField(L, "top", i.top)
            try setField(L, "left", i.left)
            try setField(L, "bottom", i.bottom)
            try setField(L, "right", i.right)
        case .size(let s):
            try createTable(L, 0, 2)
            try setField(L, "w", s.width)
            try setField(L, "h", s.height)
        }
    }
}
