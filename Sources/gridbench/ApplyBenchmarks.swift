// apply(snapshot) (docs/layout.md, "Snapshots"): a refresh of n ids with about 1 % changed,
// against a full reload of the same data in the same process, from C (gl_grid_apply over
// int64 arrays, the data as bulk sections) and from Lua (the ids already in a table, sizes from
// a Lua `size` callback); and a 50-item section prepended above n items, through apply.
//
//   gridbench --apply      only these rows
import CLua
import GridLayout
import GridLayoutC
import GridLayoutCSupport
import GridScript
#if canImport(Glibc)
import Glibc
#endif

/// An item's size, from its id: sizes follow their items through a refresh.
private func size(of id: Int64) -> Size { Size(width: Double(60 + id * 37 % 41), height: Double(40 + id * 53 % 161)) }

/// Ids 0 ..< n, and the same with about 1 % changed in one pass: a third of that removed, a third
/// inserted (new ids), a third taken out and put back elsewhere (moved).
private func snapshots(_ n: Int) -> (old: [Int64], new: [Int64]) {
    let old = (0..<Int64(n)).map { $0 }
    var rng = SplitMix64(state: 11)
    var new: [Int64] = []
    new.reserveCapacity(n + n / 100)
    var carried: [Int64] = []
    var next = Int64(n)
    for id in old {
        switch rng.next() % 300 {
        case 0: continue                                   // removed
        case 1: new.append(next); next += 1; new.append(id) // one inserted before it
        case 2: carried.append(id)                          // moved: put back below
        case 3 where !carried.isEmpty: new.append(carried.removeLast()); new.append(id)
        default: new.append(id)
        }
    }
    new += carried
    return (old, new)
}

/// Bulk sections for the C library: the sizes of each section's ids (copied by the library).
private func setSections(_ grid: OpaquePointer?, _ sections: [[Int64]]) {
    let sizes = sections.joined().map { id -> gl_size in let s = size(of: id); return gl_size(w: s.width, h: s.height) }
    sizes.withUnsafeBufferPointer { all in
        var start = 0
        let c = sections.map { ids -> gl_section in
            defer { start += ids.count }
            return gl_section(sizes: all.baseAddress! + start, count: Int(ids.count), has_header: 0, header: gl_size(), lanes: 0)
        }
        guard gl_grid_set_sections(grid, c, c.count, 0) == GL_OK else { fatalError("gridbench: set_sections") }
    }
}

/// gl_grid_apply of `sections`, timed alone (the ids laid out for C beforehand); returns its
/// time and the changes the diff counted.
@discardableResult
private func cApply(_ grid: OpaquePointer?, _ sections: [[Int64]]) -> (ns: Double, changes: Int) {
    var diff = gl_diff()
    let flat = Array(sections.joined())
    var ns = 0.0
    let status = flat.withUnsafeBufferPointer { all -> gl_status in
        var start = 0
        let ids = sections.map { s -> gl_ids in
            defer { start += s.count }
            return gl_ids(ids: all.baseAddress! + start, count: s.count)
        }
        let begin = now()
        defer { ns = Double(now() - begin) }
        return gl_grid_apply(grid, ids, ids.count, 0, &diff)
    }
    guard status == GL_OK else { fatalError("gridbench: gl_grid_apply: \(String(cString: gl_last_error()))") }
    return (ns, diff.removed_count + diff.inserted_count + diff.moved_count)
}

/// The Lua side: `old` and `new` are set by the host; the jobs reload or apply.
private let applyChunk = """
local width, height = ...
local gl = require("gridlayout")
local B = {}
local current
local grid = gl.new{ layout = "lanes", width = width, height = height, lanes = 3, spacing = 4, animationDuration = 0 }
grid.dataSource = { count = function() return #current end,
                    size = function(s, i) local id = current[i]; return 60 + id * 37 % 41, 40 + id * 53 % 161 end }
function B.reload(which) current = _G[which]; grid:reload(); return 0 end
function B.apply(which)
  current = _G[which]
  local d = grid:apply{ current }
  return #d.removed + #d.inserted + #d.moved
end
return B
"""

private struct LuaApply {
    let L: OpaquePointer

    init(_ old: [Int64], _ new: [Int64]) {
        guard let L = luaL_newstate() else { fatalError("luaL_newstate failed") }
        self.L = L
        luaL_openlibs(L)
        GridScript.preload(L)
        for (name, ids) in [("old", old), ("new", new)] {
            lua_createtable(L, Int32(ids.count), 0)
            for (k, id) in ids.enumerated() {
                lua_pushinteger(L, lua_Integer(id))
                lua_rawseti(L, -2, lua_Integer(k + 1))
            }
            lua_setglobal(L, name)
        }
        let chunk = Array(applyChunk.utf8)
        let loaded = chunk.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { luaL_loadbufferx(L, $0.baseAddress, $0.count, "=applybench", nil) }
        }
        guard loaded == LUA_OK else { fatalError("gridbench: the apply chunk does not load") }
        lua_pushnumber(L, viewport.width)
        lua_pushnumber(L, viewport.height)
        guard lua_pcall(L, 2, 1, 0) == LUA_OK else { fatalError("gridbench: the apply chunk fails") }
    }

    /// Runs job `name` on the global list `which`; returns (ns, its number).
    func run(_ name: String, _ which: String) -> (Double, Double) {
        lua_getfield(L, 1, name)
        lua_pushstring(L, which)
        let start = now()
        guard lua_pcall(L, 1, 1, 0) == LUA_OK else {
            fatalError("gridbench: Lua \(name): \(lua_tolstring(L, -1, nil).map { String(cString: $0) } ?? "?")")
        }
        let ns = Double(now() - start)
        defer { lua_settop(L, 1) }
        return (ns, lua_tonumberx(L, -1, nil))
    }

    func close() { lua_close(L) }
}

/// 9. apply: a refresh of n ids, 1 % changed, from C and from Lua, each against a full reload of
/// the same data; and a 50-item section prepended above n items.
func applyRows(_ scale: Scale, _ rows: inout [Row], _ sink: inout Sink) {
    let n = scale.big
    let (old, new) = snapshots(n)
    let runs = scale.layoutRuns

    // C: bulk sections, copied by the library before each timed call.
    var config = gl_config()
    gl_config_init_swift(&config)
    var grid: OpaquePointer?
    guard gl_grid_create(&config, &grid) == GL_OK else { fatalError("gridbench: gl_grid_create") }
    defer { gl_grid_destroy(grid) }
    var reload = Double.infinity, apply = Double.infinity, changes = 0
    for _ in 0..<runs {
        // The ids held are the old ones (the first apply after a reload names them); then the refresh.
        setSections(grid, [old])
        guard gl_grid_reload(grid) == GL_OK else { fatalError("gridbench: gl_grid_reload") }
        cApply(grid, [old])
        setSections(grid, [new])
        let (ns, counted) = cApply(grid, [new])
        apply = Swift.min(apply, ns)
        changes = counted
        sink.add(changes)
        let start = now()
        guard gl_grid_reload(grid) == GL_OK else { fatalError("gridbench: gl_grid_reload") }
        reload = Swift.min(reload, Double(now() - start))
    }
    rows.append(Row(benchmark: "C: gl_grid_apply, 1 % changed (\(changes) changes; \(duration(apply))) / gl_grid_reload of the same data (\(duration(reload)))",
                    n: n, result: ratio(apply / reload), goal: "≤ 2×", met: apply / reload <= 2))

    // Lua: the ids already in tables, sizes from a Lua `size` callback.
    let lua = LuaApply(old, new)
    defer { lua.close() }
    var luaReload = Double.infinity, luaApply = Double.infinity, luaChanges = 0.0
    for _ in 0..<runs {
        _ = lua.run("reload", "old")
        _ = lua.run("apply", "old")
        let (a, c) = lua.run("apply", "new")
        luaApply = Swift.min(luaApply, a)
        luaChanges = c
        let (r, _) = lua.run("reload", "new")
        luaReload = Swift.min(luaReload, r)
    }
    sink.add(luaChanges)
    rows.append(Row(benchmark: "Lua: grid:apply, 1 % changed (\(Int(luaChanges)) changes; \(duration(luaApply))) / grid:reload of the same data (\(duration(luaReload)))",
                    n: n, result: ratio(luaApply / luaReload), goal: "≤ 2×", met: luaApply / luaReload <= 2))

    // A 50-item section prepended above the n items, through apply (C, bulk sections).
    let prepended = (0..<50).map { Int64(2 * n + $0) }
    var prepend = Double.infinity
    for _ in 0..<runs {
        setSections(grid, [old])
        guard gl_grid_reload(grid) == GL_OK else { fatalError("gridbench: gl_grid_reload") }
        cApply(grid, [old])
        setSections(grid, [prepended, old])
        let (ns, counted) = cApply(grid, [prepended, old])
        sink.add(counted)
        prepend = Swift.min(prepend, ns)
    }
    rows.append(Row(benchmark: "prepend a 50-item section above \(count(n)) items, through gl_grid_apply", n: n,
                    result: duration(prepend), goal: "≤ 0.5 ms", met: prepend <= 500_000))
}

/// gl_config_init (a static inline function of the header) as Swift sees it.
private func gl_config_init_swift(_ config: inout gl_config) {
    _ = gl_config_defaults(&config, MemoryLayout<gl_config>.size)
    config.lanes = 3
    config.spacing = 4
    config.width = viewport.width
    config.height = viewport.height
    config.animation_duration = 0
}
