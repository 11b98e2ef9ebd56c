// Lua benchmarks: the engine driven by a Lua data source, against the same `size` function called
// from a plain Lua loop, from a C-style Swift host loop, and against the lanes layout written in
// pure Lua, all in one lua_State.
//
//   gridbench                          the rows below, n = 1M (--quick: the quick n)
//   gridbench --profile-lua N [job]    runs only one job once on N items, for callgrind; job is
//                                      engine (default: (a)), bare (b), pure (c), flat, host (e),
//                                      chost (h), bulk (f), tabled (g)
//
//   valgrind --tool=callgrind --collect-atstart=no --toggle-collect=gb_measured \
//     .build/release/gridbench --profile-lua 100000 engine
//   (and 200000: instructions per item = the difference / 100,000). Only the job itself is counted
//   (gb_measured), not the setup. `make bench-instructions` runs them all (tools/bench/instructions.py).
import CLua
import GridBenchFloor
import GridLayout
import GridScript
#if canImport(Glibc)
import Glibc
#endif

/// The benchmark's Lua side. The chunk gets (n, lanes, spacing, padding, width, height) and returns a
/// table of jobs; every job returns one number that the host checks or folds into the sink.
private let luaBenchChunk = """
local n, lanes, spacing, padding, width, height = ...
local gl = require("gridlayout")

-- The data source's size callback: widths 60…100, heights 40…200, varied by a small formula.
local function size(section, item)
  return 60 + item * 37 % 41, 40 + item * 53 % 161
end

local grid = gl.new{ layout = "lanes", width = width, height = height, lanes = lanes,
                     spacing = spacing, padding = padding }
grid.dataSource = { count = function(section) return n end, size = size }

local B = { size = size }

-- Sizes learnt late: a grid of n items with estimatedSize, whose reload asks only the first
-- screen's sizes (LazyBenchmarks.swift); returns the content height (an estimate).
local lazy = gl.new{ layout = "lanes", width = width, height = height, lanes = lanes, spacing = spacing,
                     padding = padding, estimatedSize = { w = 80, h = 120 } }
lazy.dataSource = { count = function(section) return n end, size = size }
function B.lazy()
  lazy:reload()
  local _, h = lazy:contentSize()
  return h
end
local frames, flat   -- the pure-Lua layouts' frames, kept until the next B.gc()

-- (a) the engine with the Lua data source: one reload; returns the content height.
function B.engine()
  grid:reload()
  local _, h = grid:contentSize()
  return h
end

-- (b) the bare call: the same function from a plain Lua loop, results used.
function B.bare()
  local sum = 0
  for i = 1, n do
    local w, h = size(1, i)
    sum = sum + w + h
  end
  return sum
end

-- (c) the lanes layout in pure Lua (docs/layout.md): shortest lane, ties to the lowest; S origin = the
-- lane's end (+ spacing when the lane is not empty); C origin = padding + lane·(w + spacing).
-- One table {x, y, w, h} per frame. Returns the content height (bottom + end padding).
function B.pure()
  local ends, used = {}, {}
  for l = 1, lanes do ends[l] = padding; used[l] = false end
  local out, bottom = {}, padding
  for i = 1, n do
    local w, h = size(1, i)
    local lane, e = 1, ends[1]
    for l = 2, lanes do
      local x = ends[l]
      if x < e then lane, e = l, x end
    end
    local y = used[lane] and e + spacing or e
    out[i] = { padding + (lane - 1) * (w + spacing), y, w, h }
    e = y + h
    ends[lane], used[lane] = e, true
    if e > bottom then bottom = e end
  end
  frames = out
  return bottom + padding
end

-- The same layout storing frames in four flat arrays (no table per frame): Lua's best case.
function B.flat()
  local ends, used = {}, {}
  for l = 1, lanes do ends[l] = padding; used[l] = false end
  local xs, ys, ws, hs, bottom = {}, {}, {}, {}, padding
  for i = 1, n do
    local w, h = size(1, i)
    local lane, e = 1, ends[1]
    for l = 2, lanes do
      local x = ends[l]
      if x < e then lane, e = l, x end
    end
    local y = used[lane] and e + spacing or e
    xs[i], ys[i], ws[i], hs[i] = padding + (lane - 1) * (w + spacing), y, w, h
    e = y + h
    ends[lane], used[lane] = e, true
    if e > bottom then bottom = e end
  end
  flat = { xs, ys, ws, hs }
  return bottom + padding
end

-- A job that reloads a lanes grid whose data source's `sizes(section)` returns what `sizes()`
-- gives (one call per section instead of one per item), and returns the content height.
local function bulkJob(sizes)
  local grid = gl.new{ layout = "lanes", width = width, height = height, lanes = lanes,
                       spacing = spacing, padding = padding }
  grid.dataSource = { count = function(section) return n end, sizes = function(section) return sizes() end }
  return function()
    grid:reload()
    local _, h = grid:contentSize()
    return h
  end
end

-- (f) The bulk path: the sizes are already data in a Lua table, flat {w1, h1, w2, h2, ...}.
local sizeTable
B.bulk = bulkJob(function() return sizeTable end)

-- (f') The same sizes as one string of packed little-endian doubles (string.pack("<dd", w, h) an
-- item): read without a Lua API call per number.
local packedSizes
B.packed = bulkJob(function() return packedSizes end)

-- (g) The pure-Lua lanes layout over the same table (flat frame arrays): Lua's best case for data
-- that is already in a table.
local tabled
function B.tabled()
  local ends, used = {}, {}
  for l = 1, lanes do ends[l] = padding; used[l] = false end
  local xs, ys, ws, hs, bottom, t = {}, {}, {}, {}, padding, sizeTable
  for i = 1, n do
    local w, h = t[2 * i - 1], t[2 * i]
    local lane, e = 1, ends[1]
    for l = 2, lanes do
      local x = ends[l]
      if x < e then lane, e = l, x end
    end
    local y = used[lane] and e + spacing or e
    xs[i], ys[i], ws[i], hs[i] = padding + (lane - 1) * (w + spacing), y, w, h
    e = y + h
    ends[lane], used[lane] = e, true
    if e > bottom then bottom = e end
  end
  tabled = { xs, ys, ws, hs }
  return bottom + padding
end

-- Before a timed run (untimed): builds the size table once, frees the frames the next job will
-- replace, then collects.
function B.gc(job)
  if not sizeTable and (job == "bulk" or job == "tabled") then
    sizeTable = {}
    for i = 1, n do sizeTable[2 * i - 1], sizeTable[2 * i] = size(1, i) end
  end
  if not packedSizes and job == "packed" then
    local parts = {}
    for i = 1, n do parts[i] = string.pack("<dd", size(1, i)) end
    packedSizes = table.concat(parts)
  end
  if job == "pure" then frames = nil elseif job == "flat" then flat = nil elseif job == "tabled" then tabled = nil end
  collectgarbage("collect")
  return 0
end

-- Compares the engine's frames with both pure-Lua layouts' at a few items; returns "" or a report.
function B.check()
  local bad = {}
  local probes = { 1, 2, 3, 4, 5, 6, 7, n // 3, n // 2, n - 1, n }
  for _, i in ipairs(probes) do
    if i >= 1 and i <= n then
      local x, y, w, h = grid:frame(1, i)
      local f = frames and frames[i]
      if not f or f[1] ~= x or f[2] ~= y or f[3] ~= w or f[4] ~= h then
        bad[#bad + 1] = string.format("item %d: engine {%.15g, %.15g, %.15g, %.15g}, pure Lua {%s}", i, x, y, w, h,
          f and table.concat(f, ", ") or "none")
      end
      if not flat or flat[1][i] ~= x or flat[2][i] ~= y or flat[3][i] ~= w or flat[4][i] ~= h then
        bad[#bad + 1] = string.format("item %d: engine {%.15g, %.15g, %.15g, %.15g}, flat Lua differs", i, x, y, w, h)
      end
    end
  end
  return table.concat(bad, "; ")
end

return B
"""

/// The benchmark's lua_State: the chunk's job table at a fixed stack slot, jobs called protected.
struct LuaBench {
    let L: OpaquePointer
    let n: Int
    /// Stack slots: the traceback handler, the job table, and `B.size` (for the host loop).
    let handler: Int32 = 1, jobs: Int32 = 2, size: Int32 = 3

    static let traceback: @convention(c) (OpaquePointer?) -> Int32 = { L in
        guard let L else { return 0 }
        if let message = lua_tolstring(L, 1, nil) {
            luaL_traceback(L, L, message, 1)
        } else {
            luaL_traceback(L, L, "(error object is not a string)", 1)
        }
        return 1
    }

    init(n: Int, lanes: Int = 3, spacing: Double = 4, padding: Double = 5) {
        guard let L = luaL_newstate() else { fatalError("luaL_newstate failed") }
        self.L = L
        self.n = n
        luaL_openlibs(L)
        GridScript.preload(L)
        lua_pushcclosure(L, LuaBench.traceback, 0)  // 1
        let chunk = Array(luaBenchChunk.utf8)
        let loaded = chunk.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { luaL_loadbufferx(L, $0.baseAddress, $0.count, "=luabench", nil) }
        }
        guard loaded == LUA_OK else { fatalError("gridbench: the Lua chunk: \(lua_tolstring(L, -1, nil).map { String(cString: $0) } ?? "?")") }
        lua_pushinteger(L, lua_Integer(n))
        lua_pushinteger(L, lua_Integer(lanes))
        lua_pushnumber(L, spacing)
        lua_pushnumber(L, padding)
        lua_pushnumber(L, viewport.width)
        lua_pushnumber(L, viewport.height)
        guard lua_pcall(L, 6, 1, handler) == LUA_OK else { fatalError("gridbench: the Lua chunk: \(message())") }  // 2
        lua_getfield(L, jobs, "size")  // 3
    }

    func close() { lua_close(L) }

    func message() -> String { lua_tolstring(L, -1, nil).map { String(cString: $0) } ?? "(no message)" }

    /// Calls the job `name` (with one string argument, if given) and returns its number result.
    func run(_ name: String, _ argument: String? = nil) -> Double {
        lua_getfield(L, jobs, name)
        if let argument { lua_pushstring(L, argument) }
        guard lua_pcall(L, argument == nil ? 0 : 1, 1, handler) == LUA_OK else { fatalError("gridbench: Lua job \(name): \(message())") }
        defer { lua_settop(L, size) }
        return lua_tonumberx(L, -1, nil)
    }

    /// Calls the job `name` and returns its string result.
    func runString(_ name: String) -> String {
        lua_getfield(L, jobs, name)
        guard lua_pcall(L, 0, 1, handler) == LUA_OK else { fatalError("gridbench: Lua job \(name): \(message())") }
        defer { lua_settop(L, size) }
        return message()
    }

    /// (e) What a C host pays, written in Swift: push `size` and two integers, lua_pcall, read two
    /// numbers, pop; n times.
    func host() -> Double {
        var sum = 0.0
        for i in 1...n {
            lua_pushvalue(L, size)
            lua_pushinteger(L, 1)
            lua_pushinteger(L, lua_Integer(i))
            guard lua_pcall(L, 2, 2, handler) == LUA_OK else { fatalError("gridbench: host call: \(message())") }
            sum += lua_tonumberx(L, -2, nil) + lua_tonumberx(L, -1, nil)
            lua_settop(L, -3)
        }
        return sum
    }

    /// (h) The same loop in C (GridBenchFloor): the host the Lua data source's goal compares with.
    func cHost() -> Double {
        let sum = gb_lua_host_loop(L, size, handler, n)
        guard sum >= 0 else { fatalError("gridbench: C host call: \(message())") }
        lua_settop(L, size)
        return sum
    }

    func job(_ name: String) -> Double {
        switch name {
        case "host": host()
        case "chost": cHost()
        default: run(name)
        }
    }
}

/// The jobs `--profile-lua N JOB` runs.
let profileJobs = ["engine", "bare", "pure", "flat", "host", "chost", "bulk", "packed", "tabled"]

/// 6. Lua: (a) reload of a lanes grid (3 lanes) whose data source is Lua callbacks, (b) the same `size`
/// function called from a plain Lua loop, (e) called with lua_pcall from a Swift host loop and (h)
/// from a C one, (c) the lanes layout written in pure Lua (a table per frame; also with flat
/// arrays), (f) and (g) the same with the sizes in a Lua table, in one lua_State, timed in
/// alternation. The goals of (c)/(a) and (a)/(b) are in BENCHMARKS.md.
///
/// `--profile-lua N [job]` runs only one job (default `engine`, i.e. (a)) once on N items, for
/// callgrind, and returns true: main() then returns without running anything else.
func luaBenchmarks(_ scale: Scale, _ rows: inout [Row], _ sink: inout Sink) -> Bool {
    let arguments = CommandLine.arguments
    if let i = arguments.firstIndex(of: "--profile-lua") {
        guard i + 1 < arguments.count, let n = Int(arguments[i + 1]), n > 0 else {
            print("gridbench: --profile-lua N [\(profileJobs.joined(separator: "|"))]")
            exit(2)
        }
        let name = i + 2 < arguments.count ? arguments[i + 2] : "engine"
        guard profileJobs.contains(name) else {
            print("gridbench: --profile-lua: unknown job \(name)")
            exit(2)
        }
        let bench = LuaBench(n: n)
        _ = bench.run("gc", name)
        print("profile-lua n=\(n) \(name): \(MeasuredJob { bench.job(name) }.run())")
        bench.close()
        return true
    }

    let n = scale.big
    let bench = LuaBench(n: n)
    defer { bench.close() }
    let names = ["engine", "bare", "host", "chost", "pure", "flat", "bulk", "tabled"]
    var best = [String: Double]()
    var results = [String: Double]()
    for _ in 0..<scale.layoutRuns {
        for name in names {
            _ = bench.run("gc", name)
            let start = now()
            let value = bench.job(name)
            let ns = Double(now() - start)
            best[name] = Swift.min(best[name] ?? .infinity, ns)
            results[name] = value
            sink.add(value)
        }
    }
    // The last round left the engine's layout in the grid and the pure-Lua frames in Lua: compare.
    var problems: [String] = []
    if results["engine"] != results["pure"] || results["engine"] != results["flat"]
        || results["engine"] != results["bulk"] || results["engine"] != results["tabled"] {
        problems.append("content height: engine \(results["engine"]!), pure Lua \(results["pure"]!), flat Lua \(results["flat"]!), bulk \(results["bulk"]!), tabled Lua \(results["tabled"]!)")
    }
    if results["bare"] != results["host"] || results["bare"] != results["chost"] {
        problems.append("sum of sizes: Lua loop \(results["bare"]!), host loop \(results["host"]!), C host loop \(results["chost"]!)")
    }
    let frames = bench.runString("check")
    if !frames.isEmpty { problems.append(frames) }
    let agree = problems.isEmpty
    if !agree {
        reportFailure("gridbench: MISMATCH between the pure-Lua lanes layout and the engine: " + problems.joined(separator: "; "))
    }

    let perItem = best.mapValues { $0 / Double(n) }
    let (a, b, e, c, flat) = (perItem["engine"]!, perItem["bare"]!, perItem["host"]!, perItem["pure"]!, perItem["flat"]!)
    let ns = { (x: Double) in fixed(x, 1) + " ns" }
    rows.append(Row(benchmark: "(a) Lua data source: reload lanes (3), `size` in Lua, ns/item (reload \(duration(best["engine"]!)))",
                    n: n, result: ns(a), goal: "", met: nil))
    rows.append(Row(benchmark: "(b) bare call: the same `size` from a plain Lua loop, ns/call", n: n, result: ns(b), goal: "", met: nil))
    rows.append(Row(benchmark: "(e) host loop: Swift pushes `size` + 2 integers, lua_pcall, ns/call", n: n, result: ns(e), goal: "", met: nil))
    rows.append(Row(benchmark: "(h) C host loop: the same in C, ns/call ((a)/(h): \(ratio(a / perItem["chost"]!)); the goal, ≤ 1.2×, is in instructions)",
                    n: n, result: ns(perItem["chost"]!), goal: "", met: nil))
    rows.append(Row(benchmark: "(c) pure-Lua lanes layout, a table per frame, ns/item (\(duration(best["pure"]!)))",
                    n: n, result: ns(c), goal: "", met: nil))
    rows.append(Row(benchmark: "pure-Lua lanes layout, four flat arrays, ns/item (\(duration(best["flat"]!)))",
                    n: n, result: ns(flat), goal: "", met: nil))
    let (f, g) = (perItem["bulk"]!, perItem["tabled"]!)
    rows.append(Row(benchmark: "(f) bulk: reload lanes (3), `sizes(section)` returns a Lua table of sizes, ns/item (\(duration(best["bulk"]!)))",
                    n: n, result: ns(f), goal: "", met: nil))
    rows.append(Row(benchmark: "(g) pure-Lua lanes layout reading the same table, ns/item (\(duration(best["tabled"]!)))",
                    n: n, result: ns(g), goal: "", met: nil))
    rows.append(Row(benchmark: "(g)/(f): pure-Lua layout / engine, sizes in a Lua table", n: n,
                    result: ratio(g / f), goal: "≥ 20×", met: agree && g / f >= 20))
    rows.append(Row(benchmark: "pure-Lua layouts agree with the engine (content height, 11 frames)", n: n,
                    result: agree ? "yes" : "**MISMATCH**", goal: "identical", met: agree))
    rows.append(Row(benchmark: "(c)/(a): pure-Lua layout / engine with Lua data source (flat arrays: \(ratio(flat / a)))", n: n,
                    result: ratio(c / a), goal: "≥ 20×", met: agree && c / a >= 20))
    rows.append(Row(benchmark: "(a)/(b): bridge overhead, engine with Lua data source / bare Lua call (/(e) host loop: \(ratio(a / e)))", n: n,
                    result: ratio(a / b), goal: "≤ 2×", met: agree && a / b <= 2))
    return false
}
