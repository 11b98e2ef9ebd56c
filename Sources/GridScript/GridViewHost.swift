import CLua

/// `grid:view()`: a live view of the grid is the host's to give (gridrepl's is a full-screen
/// terminal view), so the module only asks the host for it. A host that has one installs
/// `handler`; elsewhere (stock lua5.4 through libgridlayout.so, Python) `grid:view()` raises
/// `missingMessage`.
public enum GridViewHost {
    /// Shows the grid userdata at stack index `gridIndex` of `L` until the user closes the view;
    /// returns nil, or an error message that `grid:view()` raises. It runs inside the Lua call of
    /// `grid:view()`, so it may call into `L` (through `lua_pcall` only: a Lua error must not
    /// unwind through Swift frames) and must leave the stack as it found it.
    public typealias Handler = (_ L: OpaquePointer, _ gridIndex: Int32) -> String?

    /// The host's view, or nil (then `grid:view()` raises `missingMessage`). One per process.
    nonisolated(unsafe) public static var handler: Handler?

    static let missingMessage = "grid:view() needs gridrepl's terminal view; this host has none (run the script with gridrepl, or draw the grid with grid:draw())"

    /// Whether the value at `index` is a grid of this module.
    public static func isGrid(_ L: OpaquePointer, _ index: Int32) -> Bool {
        luaL_testudata(L, index, LuaGrid.metatableName) != nil
    }

    /// Pushes the `dataSource` or `delegate` (nil when unset) of the grid at `index`, read raw:
    /// no Lua code runs, so a host's tab completion may call it at any time. Returns false
    /// (pushing nothing) for another name or a value that is not a grid.
    public static func pushAttachment(_ L: OpaquePointer, _ index: Int32, _ name: String) -> Bool {
        guard name == "dataSource" || name == "delegate", isGrid(L, index), let slot = LuaGrid.Slot(name) else { return false }
        LuaGrid.pushAttachment(L, index, slot)
        return true
    }

    /// Pushes `visible(grid)`, a Lua function for a host's view of a grid: `grid:visible()` with
    /// each element's `label` (and a styled item's `fill`) as every face labels them (GridHost's
    /// `ElementLabel`), the data source's `style` asked leniently: what a style gets wrong keeps
    /// the defaults rather than raising. Returns false (pushing nothing) when Lua has no memory
    /// for the function.
    public static func pushLabelledVisible(_ L: OpaquePointer) -> Bool {
        gl_pushswiftclosure_p(L, LuaViewLabels.visible, 0) == LUA_OK
    }

    /// grid:view(): hands the grid to the host's view.
    static let view: SwiftLuaFunction = { L in
        LuaGridMethods.scriptMethod(L, "view") { L, _ throws(ScriptError) in
            lua_settop(L, 1)
            guard let handler else { throw ScriptError(missingMessage) }
            if let message = handler(L, 1) { throw ScriptError(message) }
            lua_settop(L, 1)
            return 0
        }
    }
}
