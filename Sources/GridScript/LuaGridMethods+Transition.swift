import CLua
import GridLayout

/// Layout transitions (docs/layout.md, "Layout transitions"): grid:transition{options} returns an
/// object whose progress, commit and cancel drive the grid's running transition;
/// grid:animateTo({options}, duration) runs one on the step clock.
extension LuaGridMethods {
    /// grid:transition{options}: starts a transition to the grid's options with these changed;
    /// returns t, with t:progress(p), t:commit() and t:cancel().
    static let transition: SwiftLuaFunction = { L in
        scriptMethod(L, "transition") { L, object throws(ScriptError) in
            let target = try targetConfiguration(L, object, argument: 1, "transition")
            lua_settop(L, 1)
            try withDataSource(L, object, "transition") { grid throws(GridError) in try grid.transition(to: target) }
            try createTable(L, 0, 3)
            for (name, function) in [("progress", progress), ("commit", commit), ("cancel", cancel)] {
                lua_pushvalue(L, 1)  // the grid, the closure's upvalue
                try protect(gl_pushswiftclosure_p(L, function, 1))
                try setField(L, -2, name)
            }
            return 1
        }
    }

    /// grid:animateTo({options}, duration): a transition to those options on the step clock,
    /// committed when `duration` seconds have run.
    static let animateTo: SwiftLuaFunction = { L in
        scriptMethod(L, "animateTo") { L, object throws(ScriptError) in
            let target = try targetConfiguration(L, object, argument: 1, "animateTo")
            let duration = try checkNumber(L, 3, argument: 2, "animateTo")
            lua_settop(L, 1)
            try withDataSource(L, object, "animateTo") { grid throws(GridError) in try grid.animate(to: target, duration: duration) }
            return 0
        }
    }

    /// t:progress(p): the running transition at p (0...1).
    private static let progress: SwiftLuaFunction = { L in
        transitionMethod(L, "progress") { L, object throws(ScriptError) in
            let p = try checkNumber(L, 2, argument: 1, "progress")
            try withDataSource(L, object, "progress", required: false) { grid throws(GridError) in try grid.setTransitionProgress(p) }
        }
    }

    /// t:commit(): the target becomes the grid's layout and options.
    private static let commit: SwiftLuaFunction = { L in
        transitionMethod(L, "commit") { L, object throws(ScriptError) in
            try withDataSource(L, object, "commit", required: false) { grid throws(GridError) in try grid.commitTransition() }
        }
    }

    /// t:cancel(): the grid as it was before the transition.
    private static let cancel: SwiftLuaFunction = { L in
        transitionMethod(L, "cancel") { L, object throws(ScriptError) in
            try withDataSource(L, object, "cancel", required: false) { grid throws(GridError) in try grid.cancelTransition() }
        }
    }

    /// Runs a method of a transition object (`t:name(...)`): its grid, the closure's upvalue, takes
    /// the place of `t` at index 1, where the grid's own methods have their grid.
    private static func transitionMethod(_ L: LuaState?, _ name: String,
                                         _ body: (LuaState, ScriptGrid) throws(ScriptError) -> Void) -> Int32 {
        luaFunction(L) { L throws(ScriptError) in
            guard lua_type(L, 1) == LUA_TTABLE else {
                throw ScriptError("bad self to '\(name)' (transition expected, got \(typeName(L, 1)); call it as t:\(name)(...))")
            }
            lua_pushvalue(L, lua_upvalueindex(2))
            lua_copy(L, -1, 1)
            lua_settop(L, -2)
            try body(L, try LuaGrid.check(L, 1, name))
            return 0
        }
    }

    /// The grid's configuration with the options of the table at index 2 set (checked as
    /// `grid.NAME = value` checks them; `spacing` before `lineSpacing` and `itemSpacing`, as in
    /// gl.new); the grid's own configuration is left as it was.
    private static func targetConfiguration(_ L: LuaState, _ object: ScriptGrid, argument: Int32,
                                            _ name: String) throws(ScriptError) -> GridConfiguration {
        guard lua_type(L, 2) == LUA_TTABLE else {
            throw ScriptError("bad argument #\(argument) to '\(name)' (table of options expected, got \(typeName(L, 2)))")
        }
        var entries: [(String, OptionValue)] = []
        lua_pushnil(L)
        while lua_next(L, 2) != 0 {
            guard lua_type(L, -2) == LUA_TSTRING, let key = String(lua: L, -2),
                  GridConfiguration.optionNames.contains(key) else {
                let shown = lua_type(L, -2) == LUA_TSTRING ? String(lua: L, -2) ?? "?" : describeValue(L, -2)
                lua_settop(L, -3)
                throw ScriptError("\(name): unknown option '\(shown)'" + Suggestion.didYouMean(shown, among: GridConfiguration.optionNames))
            }
            let value: OptionValue
            do { value = try LuaOptions.value(L, -1, for: key) } catch {
                lua_settop(L, -3)
                throw error
            }
            entries.append((key, value))
            lua_settop(L, -2)  // keep the key for lua_next
        }
        entries.sort { ($0.0 == "spacing" ? 0 : 1, $0.0) < ($1.0 == "spacing" ? 0 : 1, $1.0) }
        let saved = object.grid.configuration
        defer { object.grid.configuration = saved }
        for (key, value) in entries { try LuaGrid.setOption(object, key, value) }
        return object.grid.configuration
    }
}
