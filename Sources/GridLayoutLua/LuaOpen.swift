import CLua
import GridScript

// gridlayout.so, the module for stock lua5.4: this one symbol is all it exports (exports.map).
// It is its own library so that libgridlayout.so, the C ABI, needs no Lua.

/// `require "gridlayout"` from stock lua5.4: the same module gridrepl preloads.
@_cdecl("luaopen_gridlayout")
public func luaopen_gridlayout(_ L: OpaquePointer?) -> Int32 {
    guard let L else { return 0 }
    // A Lua built with other number sizes or another version raises here (no Swift state is live).
    luaL_checkversion(L)
    return GridScript.openModule(L)
}
