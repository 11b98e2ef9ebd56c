// Jumping anywhere (docs/layout.md, "Live data"): a photo timeline of 1M items in 2,000 sections,
// each a 3-column waterfall under a header, sizes from a Lua `size`, laid out from an estimate.
//
//   gridbench --lazy        these rows with the other rows of sizes learnt late
import CLua
import GridBenchFloor
import GridLayout
import GridScript
#if canImport(Glibc)
import Glibc
#endif

/// The timeline's Lua side: `open()` makes a grid that opens at its end (`startAt = "end"`) and
/// returns its offset; `jumps(k)` makes k `scrollToItem` jumps to items drawn from a fixed seed
/// on the grid `open` made and returns the sum of the offsets; `memory()` Lua's heap in bytes.
private let timelineChunk = """
local gl = require("gridlayout")
local sections, perSection = 2000, 500
local function size(section, item)
  return 1200, 800 + (section * 131 + item * 71) % 9 * 100
end
local grid
local T = {}
function T.open()
  grid = gl.new{ layout = "waterfall", columns = 3, spacing = 4, width = 320, height = 480,
                 estimatedSize = { w = 100, h = 100 }, startAt = "end" }
  grid.dataSource = {
    sections = function() return sections end,
    count = function(section) return perSection end,
    header = function(section) return 320, 28 end,
    size = size,
  }
  grid:reload()
  local _, y = grid:offset()
  return y
end
local seed = 42
function T.jumps(k)
  local sum = 0
  for _ = 1, k do
    seed = (seed * 1103515245 + 12345) % 2147483648
    local section = 1 + seed % sections
    seed = (seed * 1103515245 + 12345) % 2147483648
    grid:scrollToItem(section, 1 + seed % perSection)
    local _, y = grid:offset()
    sum = sum + y
  end
  return sum
end
function T.memory()
  collectgarbage()
  return collectgarbage("count") * 1024
end
return T
"""

/// 9. Jumping anywhere: the timeline opened at its end, a jump to a random item (the average of
/// 100), and the memory the grid holds after them beyond Lua's heap.
func timelineRows(_ scale: Scale, _ rows: inout [Row], _ sink: inout Sink) {
    let items = 1_000_000
    guard let L = luaL_newstate() else { fatalError("luaL_newstate failed") }
    defer { lua_close(L) }
    luaL_openlibs(L)
    GridScript.preload(L)
    let chunk = Array(timelineChunk.utf8)
    let loaded = chunk.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { luaL_loadbufferx(L, $0.baseAddress, $0.count, "=timeline", nil) }
    }
    guard loaded == LUA_OK, lua_pcall(L, 0, 1, 0) == LUA_OK else {
        fatalError("gridbench: the timeline chunk: \(lua_tolstring(L, -1, nil).map { String(cString: $0) } ?? "?")")
    }
    func call(_ name: String, _ argument: Int? = nil) -> Double {
        lua_getfield(L, 1, name)
        if let argument { lua_pushinteger(L, lua_Integer(argument)) }
        guard lua_pcall(L, argument == nil ? 0 : 1, 1, 0) == LUA_OK else {
            fatalError("gridbench: timeline \(name): \(lua_tolstring(L, -1, nil).map { String(cString: $0) } ?? "?")")
        }
        defer { lua_settop(L, 1) }
        return lua_tonumberx(L, -1, nil)
    }

    let luaBefore = call("memory")
    let before = Double(gb_heap_in_use())
    let (openNs, offset) = fastest(runs: scale.quick ? 5 : 20) { call("open") }
    sink.add(offset)
    rows.append(Row(benchmark: "timeline (2,000 sections, waterfall 3, Lua `size`, estimatedSize): startAt = \"end\" to the first screen",
                    n: items, result: duration(openNs), goal: "≤ 1 ms", met: openNs <= 1_000_000))

    let jumps = 100
    let (jumpsNs, sum) = fastest(runs: scale.quick ? 2 : 5) { call("jumps", jumps) }
    sink.add(sum)
    let perJump = jumpsNs / Double(jumps)
    rows.append(Row(benchmark: "timeline: scrollToItem to a random item, average of \(jumps) jumps",
                    n: items, result: duration(perJump), goal: "≤ 2 ms", met: perJump <= 2_000_000))

    // Lua's heap is malloc's too (luaL_newstate's allocator): what it grew by is taken out.
    let luaGrown = call("memory") - luaBefore
    let grown = Double(gb_heap_in_use()) - before - luaGrown
    rows.append(Row(benchmark: "timeline: malloc'd memory after the jumps, beyond Lua's heap (Lua's grew \(fixed(luaGrown / 1_048_576, 1)) MB)",
                    n: items, result: fixed(grown / 1_048_576, 1) + " MB", goal: "≤ 64 MB", met: grown <= 64 * 1_048_576))
}
