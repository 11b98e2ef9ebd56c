import CLua
import ServeCore

/// Reading the served grid into the state the page draws (ServeCore's `ServeState`).
extension ServeView {
    /// Reads the grid through the `read` helper.
    func readState() -> Result<ServeState, GridCallFailure> {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        if var failure = helperCall("read", nil, [], results: 1) {
            failure.message = "cannot read the grid: \(failure.message)"
            return .failure(failure)
        }
        let t = lua_gettop(L)
        func number(_ table: Int32, _ key: String) -> Double {
            lua_getfield(L, table, key)
            defer { lua_settop(L, -2) }
            return lua_type(L, -1) == LUA_TNUMBER ? lua_tonumberx(L, -1, nil) : 0
        }
        func integer(_ table: Int32, _ key: String) -> Int? {
            lua_getfield(L, table, key)
            defer { lua_settop(L, -2) }
            return lua_type(L, -1) == LUA_TNUMBER ? Int(lua_tointegerx(L, -1, nil)) : nil
        }
        func flag(_ table: Int32, _ key: String) -> Bool {
            lua_getfield(L, table, key)
            defer { lua_settop(L, -2) }
            return lua_toboolean(L, -1) != 0
        }
        func string(_ table: Int32, _ key: String) -> String? {
            lua_getfield(L, table, key)
            defer { lua_settop(L, -2) }
            return lua_type(L, -1) == LUA_TSTRING ? Runner.string(L, -1) : nil
        }
        var dragMove: ServeMove?
        if lua_getfield(L, t, "drag") == LUA_TTABLE {
            let n = (1...4).map { i -> Int in
                lua_rawgeti(L, -1, lua_Integer(i))
                defer { lua_settop(L, -2) }
                return Int(lua_tointegerx(L, -1, nil))
            }
            dragMove = ServeMove(from: ServeIndexPath(section: n[0], item: n[1]), to: ServeIndexPath(section: n[2], item: n[3]))
        }
        lua_settop(L, -2)
        var elements: [ServeElement] = []
        lua_getfield(L, t, "visible")
        let list = lua_gettop(L)
        var n: lua_Integer = 1
        while lua_type(L, list) == LUA_TTABLE, lua_rawgeti(L, list, n) == LUA_TTABLE {
            let e = lua_gettop(L)
            let kind = string(e, "kind") ?? "item"
            elements.append(ServeElement(kind: kind, section: integer(e, "section"), item: integer(e, "item"),
                                         x: number(e, "x"), y: number(e, "y"), w: number(e, "w"), h: number(e, "h"),
                                         alpha: number(e, "alpha"), scale: number(e, "scale"),
                                         pinned: flag(e, "pinned"), dragged: flag(e, "dragged"),
                                         label: string(e, "label") ?? "", fill: string(e, "fill")))
            lua_settop(L, e - 1)
            n += 1
        }
        var sideways: [ServeSectionOffset] = []
        lua_getfield(L, t, "sideways")
        var k: lua_Integer = 1
        while lua_type(L, -1) == LUA_TTABLE, lua_rawgeti(L, -1, k) == LUA_TTABLE {
            lua_rawgeti(L, -1, 1)
            lua_rawgeti(L, -2, 2)
            sideways.append(ServeSectionOffset(section: Int(lua_tointegerx(L, -2, nil)), offset: lua_tonumberx(L, -1, nil)))
            lua_settop(L, -4)
            k += 1
        }
        lua_settop(L, t)
        var state = ServeState(
            script: scriptName, generation: generation,
            content: .init(width: number(t, "cw"), height: number(t, "ch")),
            offset: .init(x: number(t, "ox"), y: number(t, "oy")),
            viewport: .init(width: number(t, "width"), height: number(t, "height")),
            direction: string(t, "direction") ?? "vertical", sort: flag(t, "sort"),
            stickyHeaders: flag(t, "stickyHeaders"), overscan: number(t, "overscan"),
            animating: flag(t, "animating"), dragging: dragMove, elements: elements, error: lastError)
        state.ticking = flag(t, "ticking")
        state.layout = string(t, "layout") ?? state.layout
        state.sideways = sideways
        state.edited = editText != nil
        return .success(state)
    }
}
