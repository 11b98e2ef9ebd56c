import CLua
import FoundationEssentials
import GridHost

/// What the page draws, as JSON: the engine's answer for the current viewport.
struct ServeState: Encodable {
    struct Size: Encodable { var width: Double; var height: Double }
    struct Point: Encodable { var x: Double; var y: Double }

    /// The script, for the page's title.
    var script: String
    /// Counts the script's runs: a new one is a new grid.
    var generation: Int
    var content: Size
    var offset: Point
    var viewport: Size
    var direction: String
    var sort: Bool
    var stickyHeaders: Bool
    var overscan: Double
    var animating: Bool
    /// The drag in progress: where the item is in the data, and its target slot.
    var dragging: Move?
    /// `visible()`: the elements overlapping the viewport (with the overscan), in its order.
    var elements: [ServeElement]
    /// The last failure of a script run or of the server's own grid calls.
    var error: String?
    /// After a drag's "begin": the item picked up (null: none there, or `canMove` said no).
    var picked: IndexPath??
    /// After a drag's "end": where the item went, when it moved.
    var moved: Move?

    enum CodingKeys: String, CodingKey {
        case script, generation, content, offset, viewport, direction, sort, stickyHeaders, overscan
        case animating, dragging, elements, error, picked, moved
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(script, forKey: .script)
        try c.encode(generation, forKey: .generation)
        try c.encode(content, forKey: .content)
        try c.encode(offset, forKey: .offset)
        try c.encode(viewport, forKey: .viewport)
        try c.encode(direction, forKey: .direction)
        try c.encode(sort, forKey: .sort)
        try c.encode(stickyHeaders, forKey: .stickyHeaders)
        try c.encode(overscan, forKey: .overscan)
        try c.encode(animating, forKey: .animating)
        try c.encode(dragging, forKey: .dragging)  // null when none
        try c.encode(elements, forKey: .elements)
        try c.encode(error, forKey: .error)
        if let picked { try c.encode(picked, forKey: .picked) }  // only after "begin"; null inside
        try c.encodeIfPresent(moved, forKey: .moved)
    }
}

struct IndexPath: Encodable, Equatable {
    var section: Int
    var item: Int
}

struct Move: Encodable, Equatable {
    var from: IndexPath
    var to: IndexPath
}

/// An element of `visible()` (sections and items from 1; `section` absent for the loader, `item`
/// for headers and the loader), with its label and fill.
struct ServeElement: Encodable {
    var kind: String
    var section: Int?
    var item: Int?
    var x: Double
    var y: Double
    var w: Double
    var h: Double
    var alpha: Double
    var scale: Double
    var pinned: Bool
    var dragged: Bool
    var label: String
    var fill: String?
}

/// A style's fill as the page may use it: a CSS colour by the pictures' own check (`svg()`
/// refuses anything else), else nil, the default colour. Nothing else reaches the page's styles.
func fillColour(_ fill: String) -> String? {
    CSSColour.isValid(fill) ? fill : nil
}

extension ServeView {
    /// Reads the grid through the `read` helper.
    func readState() -> Result<ServeState, ServeFailure> {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        if let error = helperCall("read", nil, [], results: 1) {
            return .failure(ServeFailure(message: "cannot read the grid: \(error)"))
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
        var dragMove: Move?
        if lua_getfield(L, t, "drag") == LUA_TTABLE {
            let n = (1...4).map { i -> Int in
                lua_rawgeti(L, -1, lua_Integer(i))
                defer { lua_settop(L, -2) }
                return Int(lua_tointegerx(L, -1, nil))
            }
            dragMove = Move(from: IndexPath(section: n[0], item: n[1]), to: IndexPath(section: n[2], item: n[3]))
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
                                         label: string(e, "label") ?? "", fill: string(e, "fill").flatMap(fillColour)))
            lua_settop(L, e - 1)
            n += 1
        }
        return .success(ServeState(
            script: scriptName, generation: generation,
            content: .init(width: number(t, "cw"), height: number(t, "ch")),
            offset: .init(x: number(t, "ox"), y: number(t, "oy")),
            viewport: .init(width: number(t, "width"), height: number(t, "height")),
            direction: string(t, "direction") ?? "vertical", sort: flag(t, "sort"),
            stickyHeaders: flag(t, "stickyHeaders"), overscan: number(t, "overscan"),
            animating: flag(t, "animating"), dragging: dragMove, elements: elements, error: lastError))
    }
}
