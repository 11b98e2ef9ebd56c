import CLua
import GridHost
import GridLayout

/// Delivers what the engine reported during a method to the script, once the method's work is
/// done: views for newly loaded elements (`dataSource.view`, `headerView`), departing item views to
/// the reuse pool (after `dataSource.willQueue`), the loader's coming and going
/// (`delegate.loaderShown` then `dataSource.loadMore`, `delegate.loaderHidden`), and page changes
/// (`delegate.pageChanged`, pages counted from 1), renumbered views after an insert, removal or
/// move, and the delegate's `didInsert`, `didRemove`, `didMove`, `dragStarted` and `dragEnded`
/// (index paths counted from 1). Every callback runs under `lua_pcall`; the first
/// error is raised after every event is delivered, so the views stay consistent.
///
/// Events are delivered in the order they happened, by one loop per grid (as the C face's
/// `GridBox.deliver`): a callback that scrolls, resizes, inserts or reloads its own grid queues
/// the events that causes, and the loop delivering delivers them after the one in hand, so
/// that an item's view is attached before a later event detaches it. A nested call delivers
/// nothing (its callbacks' errors are reported by the outer call).
enum LuaEvents {
    /// Delivers the host's pending events; the grid userdata is at stack index `gridIndex`.
    static func deliver(_ L: LuaState, gridIndex: Int32, _ object: ScriptGrid) throws(ScriptError) {
        guard !object.host.pending.isEmpty, !object.host.delivering else { return }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_checkstack(L, 8) != 0 else { throw .noMemory }
        lua_pushcclosure(L, tracebackHandler, 0)
        let handler = lua_gettop(L)
        LuaGrid.pushAttachment(L, gridIndex, .dataSource)
        let dataSource = lua_gettop(L)
        LuaGrid.pushAttachment(L, gridIndex, .delegate)
        let delegate = lua_gettop(L)
        try pushViews(L, gridIndex)
        let views = lua_gettop(L)
        var delivery = Delivery(object: object, c: Context(L: L, handler: handler, dataSource: dataSource, delegate: delegate, views: views))
        do {
            try object.host.deliver(to: &delivery)
        } catch let error as ScriptError {
            throw error
        } catch {
            throw ScriptError(String(describing: error))
        }
    }

    /// Each event as the script's callbacks (`GridHost.deliver` runs the loop).
    struct Delivery: HostDelivery {
        let object: ScriptGrid
        let c: Context
        var isClosed: Bool { false }

        func unloadedItem(_ path: GridIndexPath, view ref: Int32?) throws {
            guard let ref else { return }
            lua_rawgeti(c.L, c.views, lua_Integer(ref))
            defer { lua_settop(c.L, -2) }
            try c.call(c.dataSource, "willQueue", value: -1, about: ElementLocation.item(path).describe(base: 1))
        }
        func unloadedHeader(_ section: Int) throws {
            if let ref = object.headerViews.removeValue(forKey: section) { luaL_unref(c.L, c.views, ref) }
        }
        func loaderHidden() throws { _ = try c.call(c.delegate, "loaderHidden", []) }

        /// An item gets a view from `view` (which may `dequeue()` one), asked with the data's
        /// index path (during a drag the preview shows the dragged item in its target slot).
        func loadedItem(_ element: GridElement, data: GridIndexPath) throws {
            let L = c.L
            // A view callback may scroll the grid, delivering nested events: keep the outer list.
            let outer = object.dequeued
            object.dequeued = []
            defer {
                for ref in object.dequeued ?? [] { luaL_unref(L, c.views, ref) }  // handed out, not used
                object.dequeued = outer
            }
            guard try c.call(c.dataSource, "view", [data.section + 1, data.item + 1], result: true,
                             about: ElementLocation.item(data).describe(base: 1)) else { return }
            defer { lua_settop(L, -2) }
            if lua_type(L, -1) == LUA_TNIL { return }
            // The callback may have moved its own grid: the item must still be loaded as of this
            // event (a later unload or renumbering still pending takes the view along).
            guard object.host.isLoadedForCaller(element.id) else { return }
            // A view that dequeue() handed out during the call is reused; any other is new.
            if let k = object.dequeued?.firstIndex(where: { ref in
                lua_rawgeti(L, c.views, lua_Integer(ref))
                defer { lua_settop(L, -2) }
                return lua_rawequal(L, -1, -2) != 0
            }) {
                object.host.views.attach(object.dequeued!.remove(at: k), to: element.id, isNew: false)
            } else {
                lua_pushvalue(L, -1)
                object.host.views.attach(try makeRef(L, c.views), to: element.id, isNew: true)
            }
        }
        func loadedHeader(_ element: GridElement, section: Int) throws {
            try loadedSupplementary("headerView", .header(section), section, \.headerViews)
        }
        func unloadedFooter(_ section: Int) throws {
            if let ref = object.footerViews.removeValue(forKey: section) { luaL_unref(c.L, c.views, ref) }
        }
        func loadedFooter(_ element: GridElement, section: Int) throws {
            try loadedSupplementary("footerView", .footer(section), section, \.footerViews)
        }
        /// A background has no view in Lua: the data source has no callback for one.
        func unloadedBackground(_ section: Int) throws {}
        func loadedBackground(_ element: GridElement, section: Int) throws {}
        /// A header or footer joined the loaded set: the data source's `headerView`/`footerView`
        /// gives it a view (nil: none), kept by section in `views` until it leaves.
        private func loadedSupplementary(_ callback: String, _ location: ElementLocation, _ section: Int,
                                         _ views: ReferenceWritableKeyPath<ScriptGrid, [Int: Int32]>) throws {
            let L = c.L
            guard try c.call(c.dataSource, callback, [section + 1], result: true, about: location.describe(base: 1)) else { return }
            if lua_type(L, -1) == LUA_TNIL { lua_settop(L, -2); return }
            if let old = object[keyPath: views].removeValue(forKey: section) { luaL_unref(L, c.views, old) }
            object[keyPath: views][section] = try makeRef(L, c.views)
        }
        func loaderShown(_ element: GridElement) throws {
            _ = try c.call(c.delegate, "loaderShown", [])
            _ = try c.call(c.dataSource, "loadMore", [])
        }
        func pageChanged(_ page: Int) throws {
            _ = try c.call(c.delegate, "pageChanged", [page + 1], about: "page \(page + 1)")
        }
        func renumbered(_ change: IndexChange) throws {}
        func ended(_ event: MotionEvent) throws {
            let (name, indices): (String, [Int]) = switch event {
            case .inserted(let p): ("didInsert", [p.section, p.item])
            case .removed(let p): ("didRemove", [p.section, p.item])
            case .moved(let from, let to): ("didMove", [from.section, from.item, to.section, to.item])
            case .dragStarted(let p): ("dragStarted", [p.section, p.item])
            case .dragEnded(let from, let to): ("dragEnded", [from.section, from.item, to.section, to.item])
            }
            _ = try c.call(c.delegate, name, indices.map { $0 + 1 }, about: describe(indices))
        }
        func released(_ ref: Int32) throws { luaL_unref(c.L, c.views, ref) }
    }

    /// The index paths of a delegate call (section, item pairs from 0) as its error names them.
    static func describe(_ indices: [Int]) -> String {
        stride(from: 0, to: indices.count - 1, by: 2)
            .map { ElementLocation.item(GridIndexPath(section: indices[$0], item: indices[$0 + 1])).describe(base: 1) }
            .joined(separator: " to ")
    }

    /// The stack slots a delivery works with.
    struct Context {
        let L: LuaState
        let handler, dataSource, delegate, views: Int32

        /// Calls `table.name(args…)` when the table has such a function; leaves one result on the
        /// stack and returns true, or returns false (leaving nothing) when there is none.
        func call(_ table: Int32, _ name: String, _ args: [Int], result: Bool = false, about: String? = nil) throws(ScriptError) -> Bool {
            guard lua_type(L, table) == LUA_TTABLE else { return false }
            let type = try pushField(L, table, name, handler: handler)
            guard type == LUA_TFUNCTION else {
                lua_settop(L, -2)
                if type == LUA_TNIL { return false }
                throw ScriptError("\(table == delegate ? "delegate" : "dataSource").\(name) must be a function, got \(String(cString: lua_typename(L, type)))")
            }
            for a in args { lua_pushinteger(L, lua_Integer(a)) }
            return try finish(name, nargs: Int32(args.count), result: result, about: about)
        }

        /// Calls `table.name(value at index)`.
        func call(_ table: Int32, _ name: String, value: Int32, about: String? = nil) throws(ScriptError) {
            guard lua_type(L, table) == LUA_TTABLE else { return }
            let index = lua_absindex(L, value)
            let type = try pushField(L, table, name, handler: handler)
            guard type == LUA_TFUNCTION else {
                lua_settop(L, -2)
                return
            }
            lua_pushvalue(L, index)
            _ = try finish(name, nargs: 1, result: false, about: about)
        }

        /// `about` names the element the call is about (Lua's counts), for the error message.
        private func finish(_ name: String, nargs: Int32, result: Bool, about: String?) throws(ScriptError) -> Bool {
            if lua_pcall(L, nargs, result ? 1 : 0, handler) != LUA_OK {
                let message = String(luaAny: L, -1) ?? typeName(L, -1)
                lua_settop(L, -2)
                throw ScriptError(boundedMessage("callback '\(name)' failed\(about.map { " for \($0)" } ?? ""): \(message)"))
            }
            return true
        }
    }

    /// Pushes the grid's `views` table (user value field), creating it on first use.
    static func pushViews(_ L: LuaState, _ gridIndex: Int32) throws(ScriptError) {
        LuaGrid.pushAttachment(L, gridIndex, .views)
        if lua_type(L, -1) != LUA_TTABLE {
            lua_settop(L, -2)
            try createTable(L, 0, 0)
            lua_pushvalue(L, -1)
            LuaGrid.setAttachment(L, gridIndex, .views)
        }
    }
}
