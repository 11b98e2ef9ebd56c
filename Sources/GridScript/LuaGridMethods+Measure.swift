import CLua
import GridLayout

/// Sizes learnt late (docs/lua.md, "grid:measure"): `measure`, and the calls that move a lazy
/// layout's frontier, which ask the data source and so run with it resolved.
extension LuaGridMethods {
    /// Runs `body` with `grid.dataSource` resolved when the layout is lazy (moving its frontier
    /// asks for sizes), else directly; engine errors in Lua's words.
    static func lazily(_ L: LuaState, _ object: ScriptGrid, _ name: String, _ body: (Grid) throws(GridError) -> Void) throws(ScriptError) {
        if object.grid.isEstimated {
            try withDataSource(L, object, name, body)
        } else {
            do throws(GridError) { try body(object.grid) } catch { throw ScriptError(error) }
        }
    }

    /// grid:measure(s, i, w, h), or grid:measure{ {s, i, w, h}, ... } for several in one relayout:
    /// the items' real sizes, used instead of the data source's until their section is laid out
    /// again from it.
    static let measure: SwiftLuaFunction = { L in
        scriptMethod(L, "measure") { L, object throws(ScriptError) in
            var items: [(GridIndexPath, Size)] = []
            if lua_type(L, 2) == LUA_TTABLE {
                let count = Int(lua_rawlen(L, 2))
                items.reserveCapacity(count)
                for k in 0..<count {
                    items.append(try entry(L, k + 1))
                }
            } else {
                let path = try indexPath(L, 2, "measure")
                let w = try checkNumber(L, 4, argument: 3, "measure"), h = try checkNumber(L, 5, argument: 4, "measure")
                items.append((path, Size(width: w, height: h)))
            }
            lua_settop(L, 1)
            try withDataSource(L, object, "measure") { grid throws(GridError) in try grid.measure(items) }
            return 0
        }
    }

    /// Entry `k` of measure's table: {s, i, w, h}.
    private static func entry(_ L: LuaState, _ k: Int) throws(ScriptError) -> (GridIndexPath, Size) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_rawgeti(L, 2, lua_Integer(k)) == LUA_TTABLE else {
            throw ScriptError("bad argument #1 to 'measure' (entry \(k): {s, i, w, h} expected, got \(typeName(L, -1)))")
        }
        var values: [Double] = []
        for (field, name) in ["s", "i", "w", "h"].enumerated() {
            lua_rawgeti(L, top + 1, lua_Integer(field + 1))
            guard lua_type(L, -1) == LUA_TNUMBER else {
                throw ScriptError("bad argument #1 to 'measure' (entry \(k): \(name) must be a number, got \(typeName(L, -1)))")
            }
            let n = lua_tonumberx(L, -1, nil)
            if field < 2 && exactInteger(n) == nil {
                throw ScriptError("bad argument #1 to 'measure' (entry \(k): \(name) = \(describeValue(L, -1)) has no integer representation)")
            }
            values.append(n)
            lua_settop(L, -2)
        }
        return (GridIndexPath(section: exactInteger(values[0])! &- 1, item: exactInteger(values[1])! &- 1),
                Size(width: values[2], height: values[3]))
    }
}
