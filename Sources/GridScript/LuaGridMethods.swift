import CLua
import GridHost
import GridLayout

/// The grid's methods (docs/lua.md). Lua counts sections and items from 1.
enum LuaGridMethods {
    static var names: [String] { all.map(\.0) }

    /// Pushes a table of every method.
    static func pushTable(_ L: LuaState) throws(ScriptError) {
        try createTable(L, 0, all.count)
        for (name, function) in all {
            do throws(ScriptError) {
                try protect(gl_pushswiftclosure_p(L, function, 0))
                try setField(L, -2, name)
            } catch {
                lua_settop(L, -2)
                throw error
            }
        }
    }

    /// Runs a method body with the grid at index 1 (checked, named `name` in the error); the body
    /// checks its own arguments, and engine errors read with Lua's 1-based counts.
    @inline(__always)
    static func scriptMethod(_ L: LuaState?, _ name: String, _ body: (LuaState, ScriptGrid) throws(ScriptError) -> Int32) -> Int32 {
        luaFunction(L) { L throws(ScriptError) in try body(L, try LuaGrid.check(L, 1, name)) }
    }

    /// Runs `body` (a layout operation of the engine) with `grid.dataSource` resolved for the
    /// engine, then delivers the events it caused. A callback cannot re-enter a layout operation of
    /// the same grid. Engine errors about callbacks carry a traceback.
    /// With `required` false, a grid without a data source runs `body` without one.
    static func withDataSource(_ L: LuaState, _ object: ScriptGrid, _ name: String, required: Bool = true,
                               _ body: (Grid) throws(GridError) -> Void) throws(ScriptError) {
        do throws(GridError) { try object.host.requireIdle(name) } catch { throw ScriptError(error) }
        let top = lua_gettop(L)
        LuaGrid.pushAttachment(L, 1, .dataSource)
        guard lua_type(L, -1) == LUA_TTABLE else {
            lua_settop(L, top)
            if !required {
                do throws(GridError) { try body(object.grid) } catch { throw ScriptError(error) }
                return try LuaEvents.deliver(L, gridIndex: 1, object)
            }
            throw ScriptError("\(name): the grid has no dataSource (set grid.dataSource to a table of callbacks)", kind: .wrongState)
        }
        let dataSource: LuaDataSource
        do throws(ScriptError) {
            dataSource = try LuaDataSource.resolve(L, table: lua_gettop(L))
        } catch {
            lua_settop(L, top)
            throw ScriptError("\(name): \(error.message)")
        }
        object.grid.dataSource = dataSource
        var failure: GridError?
        do throws(GridError) { try object.host.asking(name) { () throws(GridError) in try body(object.grid) } } catch { failure = error }
        object.grid.dataSource = nil
        object.accountBytes()
        lua_settop(L, top)
        if let failure {
            let words = dataSource.errorVocabulary
            switch failure {
            case .callbackFailed, .invalidSize, .invalidCount, .noAspectRatio:
                throw ScriptError(boundedMessage(withTraceback(L, failure.message(in: words))), kind: failure.kind)
            default:
                throw ScriptError(boundedMessage(failure.message(in: words)), kind: failure.kind)
            }
        }
        try LuaEvents.deliver(L, gridIndex: 1, object)
    }

    /// grid:reload(): lays everything out from grid.dataSource; on error the previous layout stays.
    static let reload: SwiftLuaFunction = { L in
        scriptMethod(L, "reload") { L, object throws(ScriptError) in
            lua_settop(L, 1)
            try withDataSource(L, object, "reload") { grid throws(GridError) in try grid.reload() }
            return 0
        }
    }

    /// An error about a callback keeps the traceback of the callback that raised it; one about a
    /// value a callback returned gets the traceback of the script that called reload.
    static func withTraceback(_ L: LuaState, _ message: String) -> String {
        if message.contains("\nstack traceback:\n") { return message }
        return traceback(L, message, level: 1)
    }

    /// grid:reloadNew(): lays out only the items and sections appended since the last layout.
    static let reloadNew: SwiftLuaFunction = { L in
        scriptMethod(L, "reloadNew") { L, object throws(ScriptError) in
            lua_settop(L, 1)
            try withDataSource(L, object, "reloadNew") { grid throws(GridError) in try grid.reloadNew() }
            return 0
        }
    }

    /// grid:reloadSection(s): lays out section s again and moves the sections after it.
    static let reloadSection: SwiftLuaFunction = { L in
        scriptMethod(L, "reloadSection") { L, object throws(ScriptError) in
            let section = try checkInteger(L, 2, argument: 1, "reloadSection")
            lua_settop(L, 1)
            try withDataSource(L, object, "reloadSection") { grid throws(GridError) in try grid.reloadSection(section &- 1) }
            return 0
        }
    }

    static let contentSize: SwiftLuaFunction = { L in
        scriptMethod(L, "contentSize") { L, object throws(ScriptError) in
            let size = object.grid.contentSize
            pushNumber(L, size.width)
            pushNumber(L, size.height)
            return 2
        }
    }

    static let offset: SwiftLuaFunction = { L in
        scriptMethod(L, "offset") { L, object throws(ScriptError) in
            pushNumber(L, object.grid.contentOffset.x)
            pushNumber(L, object.grid.contentOffset.y)
            return 2
        }
    }

    /// Pushes a rect as four numbers x, y, w, h.
    static func pushRect(_ L: LuaState, _ r: Rect) -> Int32 {
        pushNumber(L, r.x)
        pushNumber(L, r.y)
        pushNumber(L, r.width)
        pushNumber(L, r.height)
        return 4
    }

    static let frame: SwiftLuaFunction = { L in
        scriptMethod(L, "frame") { L, object throws(ScriptError) in
            let path = try indexPath(L, 2, "frame")
            var r = Rect(x: 0, y: 0, width: 0, height: 0)
            try lazily(L, object, "frame") { grid throws(GridError) in r = try grid.frame(of: path) }
            return pushRect(L, r)
        }
    }

    static let headerFrame: SwiftLuaFunction = { L in
        sectionFrame(L, "headerFrame") { (grid, section) throws(GridError) in try grid.headerFrame(inSection: section) }
    }
    static let footerFrame: SwiftLuaFunction = { L in
        sectionFrame(L, "footerFrame") { (grid, section) throws(GridError) in try grid.footerFrame(inSection: section) }
    }

    static let backgroundFrame: SwiftLuaFunction = { L in
        sectionFrame(L, "backgroundFrame") { (grid, section) throws(GridError) in try grid.backgroundFrame(inSection: section) }
    }

    /// `grid:headerFrame(s)`, `grid:footerFrame(s)` and `grid:backgroundFrame(s)`: the section's element's frame, or nil.
    private static func sectionFrame(_ L: LuaState?, _ name: String,
                                     _ frame: @escaping (Grid, Int) throws(GridError) -> Rect?) -> Int32 {
        scriptMethod(L, name) { L, object throws(ScriptError) in
            let section = try checkInteger(L, 2, argument: 1, name)
            var found: Rect?
            try lazily(L, object, name) { grid throws(GridError) in found = try frame(grid, section &- 1) }
            guard let r = found else { lua_pushnil(L); return 1 }
            return pushRect(L, r)
        }
    }

    /// grid:estimated(): true while the content size counts items not laid out yet at
    /// `estimatedSize` (the frontier has not reached the end).
    static let estimated: SwiftLuaFunction = { L in
        scriptMethod(L, "estimated") { L, object throws(ScriptError) in
            lua_pushboolean(L, object.grid.isEstimated ? 1 : 0)
            return 1
        }
    }

    static let loaderFrame: SwiftLuaFunction = { L in
        scriptMethod(L, "loaderFrame") { L, object throws(ScriptError) in
            guard let r = object.grid.loaderFrame else { lua_pushnil(L); return 1 }
            return pushRect(L, r)
        }
    }

    static let sectionCount: SwiftLuaFunction = { L in
        scriptMethod(L, "sectionCount") { L, object throws(ScriptError) in
            lua_pushinteger(L, lua_Integer(object.grid.layout.sectionCount))
            return 1
        }
    }

    static let itemCount: SwiftLuaFunction = { L in
        scriptMethod(L, "itemCount") { L, object throws(ScriptError) in
            let section = try checkInteger(L, 2, argument: 1, "itemCount")
            do throws(GridError) {
                lua_pushinteger(L, lua_Integer(try object.grid.layout.itemCount(inSection: section &- 1)))
                return 1
            } catch {
                throw ScriptError(error)
            }
        }
    }

    /// Pushes an array of element tables {kind=, section=, item=, x=, y=, w=, h=, alpha=, scale=},
    /// with `label=` and `fill=` (when there is one) from `labels`, one for each element, if given.
    /// Honours the host's interruption check (a long list takes a while); on error pushes nothing.
    static func pushElements(_ L: LuaState, _ elements: [GridElement], labels: [ElementLabel]? = nil) throws(ScriptError) {
        let top = lua_gettop(L)
        do throws(ScriptError) {
            var interrupt = InterruptCheck()
            try createTable(L, elements.count, 0)
            for (n, element) in elements.enumerated() {
                try interrupt.tick(16)
                try createTable(L, 0, 9)
                switch element.id {
                case .item(let path):
                    try setField(L, "kind", "item")
                    try setField(L, "section", integer: path.section + 1)
                    try setField(L, "item", integer: path.item + 1)
                case .header(let section):
                    try setField(L, "kind", "header")
                    try setField(L, "section", integer: section + 1)
                    if element.pinned { try setField(L, "pinned", true: ()) }
                case .footer(let section):
                    try setField(L, "kind", "footer")
                    try setField(L, "section", integer: section + 1)
                    if element.pinned { try setField(L, "pinned", true: ()) }
                case .background(let section):
                    try setField(L, "kind", "background")
                    try setField(L, "section", integer: section + 1)
                case .loader:
                    try setField(L, "kind", "loader")
                }
                try setField(L, "x", element.frame.x)
                try setField(L, "y", element.frame.y)
                try setField(L, "w", element.frame.width)
                try setField(L, "h", element.frame.height)
                try setField(L, "alpha", element.alpha)
                try setField(L, "scale", element.scale)
                if element.dragged { try setField(L, "dragged", true: ()) }
                if let label = labels?[n] {
                    try setField(L, "label", label.text)
                    if let fill = label.fill { try setField(L, "fill", fill) }
                }
                try rawSet(L, -2, n + 1)
            }
        } catch {
            lua_settop(L, top)
            throw error
        }
    }

    static let visible: SwiftLuaFunction = { L in
        scriptMethod(L, "visible") { L, object throws(ScriptError) in
            try pushElements(L, object.grid.visibleElements())
            return 1
        }
    }

    static let elements: SwiftLuaFunction = { L in
        scriptMethod(L, "elements") { L, object throws(ScriptError) in
            let x = try checkNumber(L, 2, argument: 1, "elements"), y = try checkNumber(L, 3, argument: 2, "elements")
            let w = try checkNumber(L, 4, argument: 3, "elements"), h = try checkNumber(L, 5, argument: 4, "elements")
            let rect = Rect(x: x, y: y, width: w, height: h)
            var answering: ContentLayout?
            if !x.isNaN && !y.isNaN && !w.isNaN && !h.isNaN {
                try lazily(L, object, "elements") { grid throws(GridError) in answering = try grid.layout(answering: rect) }
            }
            try pushElements(L, try LuaPictures.elements(of: object.grid, in: rect, layout: answering))
            return 1
        }
    }

    static let indexPathAt: SwiftLuaFunction = { L in
        scriptMethod(L, "indexPathAt") { L, object throws(ScriptError) in
            let x = try checkNumber(L, 2, argument: 1, "indexPathAt"), y = try checkNumber(L, 3, argument: 2, "indexPathAt")
            var found: GridIndexPath?
            try lazily(L, object, "indexPathAt") { grid throws(GridError) in found = try grid.indexPath(at: Point(x: x, y: y)) }
            guard let path = found else { lua_pushnil(L); return 1 }
            lua_pushinteger(L, lua_Integer(path.section + 1))
            lua_pushinteger(L, lua_Integer(path.item + 1))
            return 2
        }
    }

    /// grid:neighbor(s, i, dir): the item a focus moves to ("up", "down", "left", "right", "next",
    /// "previous"), as s, i; nil at an edge.
    static let neighbor: SwiftLuaFunction = { L in
        scriptMethod(L, "neighbor") { L, object throws(ScriptError) in
            let path = try indexPath(L, 2, "neighbor")
            let names = NavigationDirection.allCases.map(\.rawValue)
            guard lua_type(L, 4) == LUA_TSTRING, let name = String(lua: L, 4), let direction = NavigationDirection(rawValue: name) else {
                throw ScriptError("bad argument #3 to 'neighbor' (expected one of \(names.map { "'\($0)'" }.joined(separator: ", ")), got \(describeValue(L, 4)))"
                                  + (String(lua: L, 4).map { Suggestion.didYouMean($0, among: names) } ?? ""))
            }
            var found: GridIndexPath?
            try lazily(L, object, "neighbor") { grid throws(GridError) in found = try grid.neighbor(of: path, direction) }
            guard let next = found else { lua_pushnil(L); return 1 }
            lua_pushinteger(L, lua_Integer(next.section + 1))
            lua_pushinteger(L, lua_Integer(next.item + 1))
            return 2
        }
    }

    static let scrollTo: SwiftLuaFunction = { L in
        scriptMethod(L, "scrollTo") { L, object throws(ScriptError) in
            let x = try checkNumber(L, 2, argument: 1, "scrollTo"), y = try checkNumber(L, 3, argument: 2, "scrollTo")
            try moving(L, object, "scrollTo") { grid throws(GridError) in try grid.scroll(to: Point(x: x, y: y)) }
            return 0
        }
    }

    static let scrollBy: SwiftLuaFunction = { L in
        scriptMethod(L, "scrollBy") { L, object throws(ScriptError) in
            let dx = try checkNumber(L, 2, argument: 1, "scrollBy"), dy = try checkNumber(L, 3, argument: 2, "scrollBy")
            try moving(L, object, "scrollBy") { grid throws(GridError) in try grid.scroll(by: dx, dy) }
            return 0
        }
    }

    static let draw: SwiftLuaFunction = { L in
        scriptMethod(L, "draw") { L, object throws(ScriptError) in
            let options = try PictureOptions(L, 2, argument: 1, "draw")
            let size = TextPicture.terminalSize()
            let picture = try LuaPictures.withStyle(L, object, "draw") { style in
                try TextPicture.render(object.grid, columns: options.columns ?? size.columns, rows: options.rows ?? size.rows,
                                       base: 1, style: style, budget: LuaPictures.budget)
            }
            if options.returnText {
                try pushString(L, picture)
                return 1
            }
            writeStdout(picture)
            return 0
        }
    }

    /// grid:svg([opts]) returns the picture; grid:svg(path[, opts]) writes it to the file.
    static let svg: SwiftLuaFunction = { L in
        scriptMethod(L, "svg") { L, object throws(ScriptError) in
            var path: String?
            switch lua_type(L, 2) {
            case LUA_TSTRING:
                guard GridScript.writesFiles else {
                    throw ScriptError("svg: writing a file is not allowed in the sandbox (grid:svg() returns the picture)")
                }
                path = String(lua: L, 2)
            case LUA_TNONE, LUA_TNIL, LUA_TTABLE: break
            default: throw ScriptError("bad argument #1 to 'svg' (string or table expected, got \(typeName(L, 2)))")
            }
            let options = path == nil ? try PictureOptions(L, 2, argument: 1, "svg") : try PictureOptions(L, 3, argument: 2, "svg")
            let text = try LuaPictures.withStyle(L, object, "svg") { style in
                try SVGPicture.render(object.grid, viewportOnly: options.viewportOnly, base: 1, style: style, budget: LuaPictures.budget)
            }
            guard let path else {
                try pushString(L, text)
                return 1
            }
            try writeFile(path, text)
            return 0
        }
    }
}
