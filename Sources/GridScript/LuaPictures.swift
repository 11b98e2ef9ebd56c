import CLua
import GridHost
import GridLayout

/// The Lua face of the pictures (GridHost's `TextPicture` and `SVGPicture`, shared with C and
/// Python): the host's limits as their budget, `dataSource.style` as their style source, and
/// their errors in Lua's words.
enum LuaPictures {
    /// gridrepl's `--timeout` and `--max-memory` (none for stock Lua hosts).
    static var budget: PictureBudget {
        let interruption = GridScript.interruption, memoryLeft = GridScript.memoryLeft
        return PictureBudget(shouldStop: interruption, memoryLeft: memoryLeft.map { left in { left()?.bytes } })
    }

    /// `ElementQuery` (GridHost) within the host's limits, its failures as Lua errors.
    static func elements(of grid: Grid, in rect: Rect, layout: ContentLayout? = nil) throws(ScriptError) -> [GridElement] {
        do { return try ElementQuery.elements(of: grid, in: rect, layout: layout, budget: budget) } catch {
            throw scriptError(error, function: "elements")
        }
    }

    /// A picture's failure in Lua's words; `function` is the method that failed.
    static func scriptError(_ error: any Error, function: String) -> ScriptError {
        switch error {
        case let error as ScriptError: return error
        case PictureError.noMemory: return .noMemory
        case PictureError.tooManyElements(let count):
            let what = count.map { "\($0) elements is more than \(SVGPicture.maxElements)" } ?? "more than \(SVGPicture.maxElements) elements"
            return ScriptError("\(function): \(what); draw the viewport only with {viewport = true}")
        case GridError.interrupted(let reason): return ScriptError(reason, kind: .interrupted)
        case let error as GridError: return ScriptError(boundedMessage(error.message(in: .lua)), kind: error.kind)
        default: return ScriptError("\(function): \(error)")
        }
    }

    /// Runs `body` (a picture of the grid at stack index 1) with `grid.dataSource.style` as its
    /// style source, or none when the data source has no `style`. The grid counts as busy
    /// meanwhile: a `style` callback cannot reload, mutate or draw it.
    static func withStyle(_ L: LuaState, _ object: ScriptGrid, _ function: String,
                          _ body: (StyleSource?) throws -> String) throws(ScriptError) -> String {
        // Not from inside a callback of the same grid: a style that drew the grid would ask
        // itself again, without end.
        do throws(GridError) { try object.host.requireIdle(function) } catch { throw ScriptError(error) }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_checkstack(L, 8) != 0 else { throw .noMemory }
        lua_pushcclosure(L, tracebackHandler, 0)
        let handler = lua_gettop(L)
        var callback: Int32?
        LuaGrid.pushAttachment(L, 1, .dataSource)
        if lua_type(L, -1) == LUA_TTABLE {
            let type: Int32
            do { type = try pushField(L, lua_gettop(L), "style", handler: handler) } catch {
                throw ScriptError("\(function): reading dataSource.style failed: \(error.message)")
            }
            guard type == LUA_TFUNCTION || type == LUA_TNIL else {
                throw ScriptError("\(function): dataSource.style must be a function, got \(String(cString: lua_typename(L, type)))")
            }
            if type == LUA_TFUNCTION { callback = lua_gettop(L) }
        }
        let style: StyleSource? = callback.map { index in { path in try ask(L, index, handler: handler, path) } }
        var result = ""
        var failure: (any Error)?
        do throws(GridError) {
            try object.host.asking(function) { () throws(GridError) in
                do { result = try body(style) } catch { failure = error }
            }
        } catch { failure = error }
        if let failure {
            switch failure {
            case GridError.callbackFailed, GridError.invalidStyle:
                let error = failure as! GridError
                throw ScriptError(boundedMessage(LuaGridMethods.withTraceback(L, error.message(in: .lua))), kind: error.kind)
            default:
                throw scriptError(failure, function: function)
            }
        }
        return result
    }

    /// `style(section, item)` (from 1) for the data's item at `path`: nil, or a table with only
    /// `label` (a string or a number) and `fill` (a string; the pictures check the colour).
    private static func ask(_ L: LuaState, _ function: Int32, handler: Int32, _ path: GridIndexPath) throws -> ItemStyle? {
        guard lua_checkstack(L, 6) != 0 else { throw ScriptError.noMemory }
        let at = ElementLocation.item(path)
        lua_pushvalue(L, function)
        lua_pushinteger(L, lua_Integer(path.section + 1))
        lua_pushinteger(L, lua_Integer(path.item + 1))
        if lua_pcall(L, 2, 1, handler) != LUA_OK {
            let message = boundedMessage(String(luaAny: L, -1) ?? "(error object is a \(typeName(L, -1)) value)")
            lua_settop(L, -2)
            throw GridError.callbackFailed(callback: .style, at: at, message: message)
        }
        let answer = lua_gettop(L)
        defer { lua_settop(L, answer - 1) }
        func wrong(_ field: String, _ index: Int32, _ expected: String) -> GridError {
            .invalidStyle(callback: .style, at: at, field: field, value: describeValue(L, index), expected: expected)
        }
        switch lua_type(L, answer) {
        case LUA_TNIL: return nil
        case LUA_TTABLE: break
        default: throw wrong("", answer, "a table {label = ..., fill = ...} or nil")
        }
        var style = ItemStyle()
        lua_pushnil(L)
        while lua_next(L, answer) != 0 {  // raw: reading the answer runs no code
            let key = lua_type(L, -2) == LUA_TSTRING ? String(lua: L, -2) : nil
            switch key {
            case "label":
                switch lua_type(L, -1) {
                case LUA_TSTRING: style.label = String(lua: L, -1)
                case LUA_TNUMBER: style.label = describeValue(L, -1)
                case LUA_TNIL: break
                default: throw wrong("label", -1, "a string")
                }
            case "fill":
                guard lua_type(L, -1) == LUA_TSTRING, let fill = String(lua: L, -1) else { throw wrong("fill", -1, "a string: a CSS colour") }
                style.fill = fill
            default:
                throw GridError.invalidStyle(callback: .style, at: at, field: "key", value: describeValue(L, -2), expected: "only label and fill")
            }
            lua_settop(L, -2)
        }
        return style
    }
}
