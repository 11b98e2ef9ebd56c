import CLua
import GridLayout

/// Mutations, the animation clock and drag reordering (docs/layout.md, "Mutations and animation").
/// Each runs with `grid.dataSource` resolved, as its `insert`, `remove`, `move`, `canMove` and
/// `canMoveToSection` callbacks (and size callbacks, for the sections laid out again) may be called.
extension LuaGridMethods {
    /// grid:insert(s, i[, animated[, scroll]]): the item the data has (or its `insert` callback adds)
    /// at s, i; `animated` defaults to true; `scroll` brings it to the viewport's centre first.
    static let insert: SwiftLuaFunction = { L in
        scriptMethod(L, "insert") { L, object throws(ScriptError) in
            let path = try indexPath(L, 2, "insert")
            let animated = try flag(L, 4, argument: 3, "insert", default: true)
            let scroll = try flag(L, 5, argument: 4, "insert", default: false)
            lua_settop(L, 1)
            try withDataSource(L, object, "insert") { grid throws(GridError) in
                try grid.insertItem(at: path, animated: animated, scroll: scroll)
            }
            return 0
        }
    }

    /// grid:remove(s, i[, animated]): fades the item out, then calls `dataSource.remove(s, i)`.
    static let remove: SwiftLuaFunction = { L in
        scriptMethod(L, "remove") { L, object throws(ScriptError) in
            let path = try indexPath(L, 2, "remove")
            let animated = try flag(L, 4, argument: 3, "remove", default: true)
            lua_settop(L, 1)
            try withDataSource(L, object, "remove") { grid throws(GridError) in try grid.removeItem(at: path, animated: animated) }
            return 0
        }
    }

    /// grid:move(s, i, toS, toI[, animated]): calls `dataSource.move(s, i, toI, toS)`, then slides.
    static let move: SwiftLuaFunction = { L in
        scriptMethod(L, "move") { L, object throws(ScriptError) in
            let from = try indexPath(L, 2, "move")
            let to = try indexPath(L, 4, "move")
            let animated = try flag(L, 6, argument: 5, "move", default: true)
            lua_settop(L, 1)
            try withDataSource(L, object, "move") { grid throws(GridError) in try grid.moveItem(from: from, to: to, animated: animated) }
            return 0
        }
    }

    /// grid:step(dt): advances the animation clock by dt seconds.
    static let step: SwiftLuaFunction = { L in
        scriptMethod(L, "step") { L, object throws(ScriptError) in
            let dt = try checkNumber(L, 2, argument: 1, "step")
            lua_settop(L, 1)
            try withDataSource(L, object, "step", required: false) { grid throws(GridError) in try grid.step(dt) }
            return 0
        }
    }

    /// grid:animating(): whether a mutation is running or queued.
    static let animating: SwiftLuaFunction = { L in
        scriptMethod(L, "animating") { L, object throws(ScriptError) in
            lua_pushboolean(L, object.grid.isAnimating ? 1 : 0)
            return 1
        }
    }

    /// grid:beginDrag(x, y): picks up the item under the point (viewport coordinates); returns its
    /// s, i, or nil when there is none or `canMove` says no.
    static let beginDrag: SwiftLuaFunction = { L in
        scriptMethod(L, "beginDrag") { L, object throws(ScriptError) in
            let point = try checkPoint(L, "beginDrag")
            lua_settop(L, 1)
            var picked: GridIndexPath?
            try withDataSource(L, object, "beginDrag") { grid throws(GridError) in picked = try grid.beginDrag(at: point) }
            guard let picked else {
                lua_pushnil(L)
                return 1
            }
            lua_pushinteger(L, lua_Integer(picked.section + 1))
            lua_pushinteger(L, lua_Integer(picked.item + 1))
            return 2
        }
    }

    /// grid:dragTo(x, y): moves the dragged item with the point; the others re-flow around its slot.
    static let dragTo: SwiftLuaFunction = { L in
        scriptMethod(L, "dragTo") { L, object throws(ScriptError) in
            let point = try checkPoint(L, "dragTo")
            lua_settop(L, 1)
            try withDataSource(L, object, "dragTo") { grid throws(GridError) in try grid.drag(to: point) }
            return 0
        }
    }

    /// grid:endDrag(): drops the item into its slot; `dataSource.move` is called once if it moved.
    static let endDrag: SwiftLuaFunction = { L in
        scriptMethod(L, "endDrag") { L, object throws(ScriptError) in
            lua_settop(L, 1)
            try withDataSource(L, object, "endDrag") { grid throws(GridError) in try grid.endDrag() }
            return 0
        }
    }

    /// grid:dragging(): s, i, toS, toI of the dragged item (where it is in the data, and its target
    /// slot), or nil without a drag.
    static let dragging: SwiftLuaFunction = { L in
        scriptMethod(L, "dragging") { L, object throws(ScriptError) in
            guard let drag = object.grid.drag else {
                lua_pushnil(L)
                return 1
            }
            for n in [drag.from.section, drag.from.item, drag.to.section, drag.to.item] { lua_pushinteger(L, lua_Integer(n + 1)) }
            return 4
        }
    }

    /// The index path at arguments `index`, `index + 1` (counted from 1 in Lua).
    static func indexPath(_ L: LuaState, _ index: Int32, _ function: String) throws(ScriptError) -> GridIndexPath {
        let section = try checkInteger(L, index, argument: index - 1, function)
        let item = try checkInteger(L, index + 1, argument: index, function)
        return GridIndexPath(section: section &- 1, item: item &- 1)
    }

    /// An optional boolean argument.
    static func flag(_ L: LuaState, _ index: Int32, argument: Int32, _ function: String, default value: Bool) throws(ScriptError) -> Bool {
        switch lua_type(L, index) {
        case LUA_TNONE, LUA_TNIL: return value
        case LUA_TBOOLEAN: return lua_toboolean(L, index) != 0
        default: throw ScriptError("bad argument #\(argument) to '\(function)' (boolean expected, got \(typeName(L, index)))")
        }
    }

    private static func checkPoint(_ L: LuaState, _ function: String) throws(ScriptError) -> Point {
        Point(x: try checkNumber(L, 2, argument: 1, function), y: try checkNumber(L, 3, argument: 2, function))
    }
}
