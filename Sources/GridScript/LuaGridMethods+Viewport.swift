import CLua
import GridHost
import GridLayout

/// The viewport's methods: scrolling to items and pages, resizing, and view reuse.
extension LuaGridMethods {
    /// Runs an engine operation that moves the viewport, then delivers the events it caused.
    /// A lazy layout's frontier may move with it: then the data source is resolved (`withDataSource`).
    static func moving(_ L: LuaState, _ object: ScriptGrid, _ name: String, _ body: (Grid) throws(GridError) -> Void) throws(ScriptError) {
        if object.grid.isEstimated { return try withDataSource(L, object, name, body) }
        do throws(GridError) { try body(object.grid) } catch { throw ScriptError(error) }
        try LuaEvents.deliver(L, gridIndex: 1, object)
    }

    /// grid:scrollToItem(s, i[, align]): align is "start" (default), "center", "end" or "nearest".
    static let scrollToItem: SwiftLuaFunction = { L in
        scriptMethod(L, "scrollToItem") { L, object throws(ScriptError) in
            let path = try indexPath(L, 2, "scrollToItem")
            var alignment = ScrollAlignment.start
            if lua_type(L, 4) > LUA_TNIL {
                let names = ScrollAlignment.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                guard lua_type(L, 4) == LUA_TSTRING, let name = String(lua: L, 4), let a = ScrollAlignment(rawValue: name) else {
                    throw ScriptError("bad argument #3 to 'scrollToItem' (expected one of \(names), got \(describeValue(L, 4)))"
                                      + (String(lua: L, 4).map { Suggestion.didYouMean($0, among: ScrollAlignment.allCases.map(\.rawValue)) } ?? ""))
                }
                alignment = a
            }
            try moving(L, object, "scrollToItem") { grid throws(GridError) in
                try grid.scrollToItem(path, alignment: alignment)
            }
            return 0
        }
    }

    /// grid:sectionOffset(s): how far section s's items have scrolled sideways (0 when it does not scroll sideways).
    static let sectionOffset: SwiftLuaFunction = { L in
        scriptMethod(L, "sectionOffset") { L, object throws(ScriptError) in
            let section = try checkInteger(L, 2, argument: 1, "sectionOffset")
            var offset = 0.0
            try lazily(L, object, "sectionOffset") { grid throws(GridError) in offset = try grid.sectionOffset(section &- 1) }
            lua_pushnumber(L, offset)
            return 1
        }
    }

    /// grid:scrollSection(s, c): scrolls section s's items sideways to c (snapped by sectionPaging, clamped).
    static let scrollSection: SwiftLuaFunction = { L in
        scriptMethod(L, "scrollSection") { L, object throws(ScriptError) in
            let section = try checkInteger(L, 2, argument: 1, "scrollSection")
            let offset = try checkNumber(L, 3, argument: 2, "scrollSection")
            try moving(L, object, "scrollSection") { grid throws(GridError) in try grid.scrollSection(section &- 1, to: offset) }
            return 0
        }
    }

    /// grid:scrollToEnd(): scrolls to the content's end (with estimatedSize, laying out only the last sections).
    static let scrollToEnd: SwiftLuaFunction = { L in
        scriptMethod(L, "scrollToEnd") { L, object throws(ScriptError) in
            lua_settop(L, 1)
            try moving(L, object, "scrollToEnd") { grid throws(GridError) in try grid.scrollToEnd() }
            return 0
        }
    }

    /// grid:resize(w, h): a new viewport size; re-lays out when the layout depends on it.
    static let resize: SwiftLuaFunction = { L in
        scriptMethod(L, "resize") { L, object throws(ScriptError) in
            let w = try checkNumber(L, 2, argument: 1, "resize"), h = try checkNumber(L, 3, argument: 2, "resize")
            lua_settop(L, 1)
            try withDataSource(L, object, "resize") { grid throws(GridError) in try grid.resize(to: Size(width: w, height: h)) }
            return 0
        }
    }

    /// grid:page(): the page the offset is on, from 1.
    static let page: SwiftLuaFunction = { L in
        scriptMethod(L, "page") { L, object throws(ScriptError) in
            lua_pushinteger(L, lua_Integer(object.grid.currentPage + 1))
            return 1
        }
    }

    /// grid:pageCount(): how many pages the content spans.
    static let pageCount: SwiftLuaFunction = { L in
        scriptMethod(L, "pageCount") { L, object throws(ScriptError) in
            lua_pushinteger(L, lua_Integer(object.grid.pageCount))
            return 1
        }
    }

    /// grid:dequeue(): a view from the reuse pool (the oldest queued), or nil.
    static let dequeue: SwiftLuaFunction = { L in
        scriptMethod(L, "dequeue") { L, object throws(ScriptError) in
            guard let ref = object.host.views.dequeue() else {
                lua_pushnil(L)
                return 1
            }
            try LuaEvents.pushViews(L, 1)
            lua_rawgeti(L, -1, lua_Integer(ref))
            if object.dequeued != nil {
                object.dequeued!.append(ref)  // released or reused when the view callback returns
            } else {
                luaL_unref(L, -2, ref)  // handed out for good
            }
            return 1
        }
    }

    /// grid:stats(): {created=, reused=, live=, pooled=} for item views (header views are not pooled
    /// and not counted).
    static let stats: SwiftLuaFunction = { L in
        scriptMethod(L, "stats") { L, object throws(ScriptError) in
            try createTable(L, 0, 4)
            try setField(L, "created", integer: object.host.views.created)
            try setField(L, "reused", integer: object.host.views.reused)
            try setField(L, "live", integer: object.host.views.liveCount)
            try setField(L, "pooled", integer: object.host.views.pooled)
            return 1
        }
    }
}
