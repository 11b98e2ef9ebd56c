import CLua
import GridHost
import GridLayout

/// The visible elements labelled for a host's view of a grid (`GridViewHost.pushLabelledVisible`):
/// labelled by GridHost's `ElementLabel`, as `draw()` and `svg()` label them, but with the data
/// source's `style` asked leniently. A view shows what it can: a style that fails, or answers
/// something the pictures would refuse, keeps the defaults instead of raising (`draw()` and
/// `svg()` name such errors); a label that is not a string or a number is left out, and a fill
/// reaches the view only if it is a CSS colour.
enum LuaViewLabels {
    /// `visible(grid)`: `grid:visible()` with `label` (and, for a styled item, `fill`) on each
    /// element.
    static let visible: SwiftLuaFunction = { L in
        LuaGridMethods.scriptMethod(L, "visible") { L, object throws(ScriptError) in
            lua_settop(L, 1)
            let elements = object.grid.visibleElements()
            let grid = object.grid
            func label(_ element: GridElement, _ style: StyleSource?) -> ElementLabel {
                (try? ElementLabel.of(element, in: grid, base: 1, style: style)) ?? ElementLabel(text: ElementLabel.standard(element.id, base: 1))
            }
            var labels: [ElementLabel] = []
            // From inside a callback of the same grid the style is not asked: it could draw or
            // label the grid, asking itself again.
            if object.host.busy == nil, let function = pushStyle(L) {
                let style = lenient(L, function)
                // The grid is busy while the style runs: a style cannot reload or mutate it meanwhile.
                try? object.host.asking("visible") { () throws(GridError) in labels = elements.map { label($0, style) } }
            } else {
                labels = elements.map { label($0, nil) }
            }
            lua_settop(L, 1)
            try LuaGridMethods.pushElements(L, elements, labels: labels)
            return 1
        }
    }

    /// Pushes `grid.dataSource.style` (the grid at stack index 1) and answers its stack index, or
    /// answers nil (pushing nothing) when there is none or reading it fails.
    private static func pushStyle(_ L: LuaState) -> Int32? {
        let top = lua_gettop(L)
        guard lua_checkstack(L, 6) != 0 else { return nil }
        LuaGrid.pushAttachment(L, 1, .dataSource)
        guard lua_type(L, -1) == LUA_TTABLE,
              let type = try? pushField(L, lua_gettop(L), "style", handler: 0), type == LUA_TFUNCTION else {
            lua_settop(L, top)
            return nil
        }
        return lua_gettop(L)
    }

    /// `style(section, item)` (from 1) at stack index `function`, answering nil for anything a
    /// view cannot use: a failure, an answer that is not a table, a label that is not a string
    /// or a number, a fill that is not a CSS colour. Reads the answer raw: runs no other code.
    private static func lenient(_ L: LuaState, _ function: Int32) -> StyleSource {
        { path in
            guard lua_checkstack(L, 6) != 0 else { return nil }
            let top = lua_gettop(L)
            defer { lua_settop(L, top) }
            lua_pushvalue(L, function)
            lua_pushinteger(L, lua_Integer(path.section + 1))
            lua_pushinteger(L, lua_Integer(path.item + 1))
            guard lua_pcall(L, 2, 1, 0) == LUA_OK, lua_type(L, -1) == LUA_TTABLE else { return nil }
            let answer = lua_gettop(L)
            func field(_ key: String) -> Int32 {
                guard (try? pushString(L, key)) != nil else { lua_pushnil(L); return LUA_TNIL }
                return lua_rawget(L, answer)
            }
            var style = ItemStyle()
            let label = field("label")
            if label == LUA_TSTRING || label == LUA_TNUMBER { style.label = String(lua: L, -1) }
            if field("fill") == LUA_TSTRING, let fill = String(lua: L, -1), CSSColour.isValid(fill) { style.fill = fill }
            return style
        }
    }
}
