import CLua
import GridHost
import GridLayout
import Synchronization

/// The Swift side of a grid userdata: the engine's grid in its host (events, views, the
/// re-entrancy guard: `GridHost`) and what only the Lua face tracks.
final class ScriptGrid {
    let host = GridHost<Int32>()
    var grid: Grid { host.grid }
    /// Header views, as references (`luaL_ref`) into the grid's `views` table (item views are the
    /// host's `views`, references too).
    var headerViews: [Int: Int32] = [:]
    var footerViews: [Int: Int32] = [:]
    /// The views `dequeue()` handed out during the running `view` callback (nil outside one).
    var dequeued: [Int32]?
    /// The keys `grid:apply` gave the ids of the last snapshot applied (LuaGridMethods+Apply.swift).
    var snapshotKeys = LuaSnapshotKeys()

    /// The bytes of stored frames this grid's layout holds, as counted in `GridScript.engineBytes`.
    private var accountedBytes = 0

    deinit { GridScript.engineBytesCounter.subtract(accountedBytes, ordering: .relaxed) }

    /// Brings `GridScript.engineBytes` up to date after a layout operation.
    func accountBytes() {
        let bytes = grid.layout.storedBytes
        GridScript.engineBytesCounter.add(bytes - accountedBytes, ordering: .relaxed)
        accountedBytes = bytes
    }
}

/// The grid userdata: a full userdata holding a retained `ScriptGrid`, whose user value 1 is a
/// table with the `dataSource` and `delegate` tables and the views (kept there so the collector
/// sees them), at integer keys in its array part (`Slot`): reading and writing them allocates
/// nothing, so cannot raise.
enum LuaGrid {
    static let metatableName = "gridlayout.Grid"

    /// The keys of the user value table.
    enum Slot: lua_Integer {
        case dataSource = 1, delegate, views
        init?(_ name: String) {
            switch name {
            case "dataSource": self = .dataSource
            case "delegate": self = .delegate
            case "views": self = .views
            default: return nil
            }
        }
    }

    /// Pushes a new grid userdata for `object`.
    /// The metatable and the attachment table are made first: once the userdata holds the
    /// retained object, nothing can fail before its metatable (whose `__gc` releases it) is set.
    static func push(_ L: LuaState, _ object: ScriptGrid) throws(ScriptError) {
        try pushMetatable(L)
        try createTable(L, Int(Slot.views.rawValue), 0)
        for slot in 1...Slot.views.rawValue {  // the array part's slots exist from now on
            lua_pushboolean(L, 0)
            lua_rawseti(L, -2, slot)
        }
        try protect(gl_newuserdata_p(L, MemoryLayout<UnsafeMutableRawPointer?>.size))
        let slot = lua_touserdata(L, -1)!
        slot.storeBytes(of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer?.self)
        lua_rotate(L, -3, 1)  // userdata, metatable, table
        lua_setiuservalue(L, -3, 1)
        lua_setmetatable(L, -2)
    }

    /// The grid at `index`; `function` names the caller in the error for anything else.
    static func check(_ L: LuaState, _ index: Int32, _ function: String) throws(ScriptError) -> ScriptGrid {
        guard let slot = luaL_testudata(L, index, metatableName),
              let object = slot.load(as: UnsafeMutableRawPointer?.self) else {
            throw ScriptError("bad self to '\(function)' (\(metatableName) expected, got \(typeName(L, index)); call it as grid:\(function)(...))")
        }
        return Unmanaged<ScriptGrid>.fromOpaque(object).takeUnretainedValue()
    }

    /// Pushes the shared metatable, creating it on first use.
    static func pushMetatable(_ L: LuaState) throws(ScriptError) {
        try protect(gl_newmetatable_p(L, metatableName))
        guard lua_getfield(L, -1, "__gc") == LUA_TNIL else {  // made before
            lua_settop(L, -2)
            return
        }
        lua_settop(L, -2)
        do throws(ScriptError) {
            try LuaGridMethods.pushTable(L)
            try protect(gl_pushswiftclosure_p(L, index, 1))
            try setField(L, -2, "__index")
            try protect(gl_pushswiftclosure_p(L, newIndex, 0))
            try setField(L, -2, "__newindex")
            try protect(gl_pushswiftclosure_p(L, toString, 0))
            try setField(L, -2, "__tostring")
            lua_pushcclosure(L, collect, 0)  // a light C function: allocates nothing
            try setField(L, -2, "__gc")  // last: a complete metatable has __gc
        } catch {
            lua_settop(L, -2)
            throw error
        }
    }

    /// Pushes the user value field `key` (`dataSource`, `delegate` or `views`) of the grid at
    /// `index` (nil when unset). Allocates nothing.
    static func pushAttachment(_ L: LuaState, _ index: Int32, _ slot: Slot) {
        lua_getiuservalue(L, index, 1)
        if lua_rawgeti(L, -1, slot.rawValue) == LUA_TBOOLEAN {
            lua_settop(L, -2)
            lua_pushnil(L)
        }
        lua_rotate(L, -2, -1)
        lua_settop(L, -2)
    }

    /// Sets the user value field `slot` to the value on top (popped; nil clears it). Allocates nothing.
    static func setAttachment(_ L: LuaState, _ index: Int32, _ slot: Slot) {
        let index = lua_absindex(L, index)
        if lua_type(L, -1) == LUA_TNIL {
            lua_settop(L, -2)
            lua_pushboolean(L, 0)
        }
        lua_getiuservalue(L, index, 1)
        lua_rotate(L, -2, 1)
        lua_rawseti(L, -2, slot.rawValue)
        lua_settop(L, -2)
    }

    /// `grid.key`: a method (upvalue 2), `dataSource`, `delegate`, or a configuration option.
    private static let index: SwiftLuaFunction = { L in
        luaFunction(L) { L throws(ScriptError) in
            lua_pushvalue(L, 2)
            if lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL { return 1 }
            guard let key = lua_type(L, 2) == LUA_TSTRING ? String(lua: L, 2) : nil else { return 1 }
            if key == "dataSource" || key == "delegate" {
                pushAttachment(L, 1, Slot(key)!)
                return 1
            }
            let object = try check(L, 1, "__index")
            guard let value = try? object.grid.configuration.value(of: key) else {
                // A near miss of a method's name gives a method that says so when called
                // (`grid:relaod()`); any other name that is not a field reads nil.
                if let near = Suggestion.nearest(key, among: LuaGridMethods.names + LuaModule.fieldNames),
                   LuaGridMethods.names.contains(near) {
                    lua_pushvalue(L, 2)
                    try protect(gl_pushswiftclosure_p(L, unknownMethod, 1))
                } else {
                    lua_pushnil(L)
                }
                return 1
            }
            try LuaOptions.push(L, value)
            return 1
        }
    }

    /// What `grid.NAME` gives for a near miss of a method's name: raises `unknown method 'NAME'
    /// (did you mean 'METHOD'?)` (its upvalue is NAME).
    private static let unknownMethod: SwiftLuaFunction = { L in
        luaFunction(L) { L throws(ScriptError) in
            let name = String(lua: L, lua_upvalueindex(2)) ?? "?"
            throw ScriptError("unknown method '\(name)'" + Suggestion.didYouMean(name, among: LuaGridMethods.names))
        }
    }

    /// `grid.key = value`: `dataSource` and `delegate` take a table or nil; options are checked
    /// now and take effect at the next reload.
    private static let newIndex: SwiftLuaFunction = { L in
        luaFunction(L) { L throws(ScriptError) in
            let object = try check(L, 1, "__newindex")
            guard let key = lua_type(L, 2) == LUA_TSTRING ? String(lua: L, 2) : nil else {
                throw ScriptError("grid fields are named by strings, got \(typeName(L, 2))")
            }
            try set(L, object, gridIndex: 1, key: key, valueIndex: 3)
            return 0
        }
    }

    /// Sets the field `key` of the grid at `gridIndex` to the value at `valueIndex`.
    static func set(_ L: LuaState, _ object: ScriptGrid, gridIndex: Int32, key: String, valueIndex: Int32) throws(ScriptError) {
        if key == "dataSource" || key == "delegate" {
            let type = lua_type(L, valueIndex)
            guard type == LUA_TTABLE || type == LUA_TNIL else {
                throw ScriptError("grid.\(key) must be a table or nil, got \(typeName(L, valueIndex))")
            }
            if type == LUA_TTABLE { LuaTableKeys.warn(L, valueIndex, name: key) }
            lua_pushvalue(L, valueIndex)
            setAttachment(L, gridIndex, Slot(key)!)
            return
        }
        guard GridConfiguration.optionNames.contains(key) else {
            throw ScriptError("unknown option '\(key)'" + Suggestion.didYouMean(key, among: LuaModule.fieldNames))
        }
        try setOption(object, key, try LuaOptions.value(L, valueIndex, for: key))
    }

    /// Sets option `key` (an engine name) of the grid's configuration to `value`, the error
    /// naming the nearest choice for a misspelt one.
    static func setOption(_ object: ScriptGrid, _ key: String, _ value: OptionValue) throws(ScriptError) {
        do {
            try object.grid.configuration.set(key, to: value)
        } catch {
            // A misspelt choice (`layout = "masonry"`, `order = "shortst"`): the nearest one.
            var hint = ""
            if case .string(let given) = value, case .choice(let cases)? = GridConfiguration.option(named: key)?.kind {
                hint = Suggestion.didYouMean(given, among: cases)
            }
            throw ScriptError(error.message(in: .lua) + hint, kind: error.kind)
        }
    }

    private static let toString: SwiftLuaFunction = { L in
        luaFunction(L) { L throws(ScriptError) in
            let grid = try check(L, 1, "__tostring").grid
            let c = grid.configuration
            try pushString(L, "\(metatableName): \(c.layout.rawValue) \(c.direction.rawValue) \(c.viewport), \(Wording.counted(grid.layout.sectionCount, "section"))")
            return 1
        }
    }

    /// Releases the Swift object; never raises.
    private static let collect: @convention(c) (LuaState?) -> Int32 = { L in
        guard let L, let slot = luaL_testudata(L, 1, metatableName),
              let object = slot.load(as: UnsafeMutableRawPointer?.self) else { return 0 }
        Unmanaged<ScriptGrid>.fromOpaque(object).release()
        slot.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
        return 0
    }
}
