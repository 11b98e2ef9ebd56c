import Foundation
import Testing
import GridLayoutTestSupport

// The shared layout fixtures (Tests/fixtures/layout/*.json, format in Tests/fixtures/README.md)
// through the Lua module: each fixture becomes a Lua chunk (its data as Lua tables, its options as
// `gl.new`'s table, indices from 1) whose checks compare every frame, the content size and the
// visible elements at each offset exactly, and report the failures. Lua parses no JSON: Swift reads
// the files and writes the chunk.

private let fixtureDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fixtures/layout")

private let fixtureNames: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: fixtureDirectory.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
}()

private func loadFixture(_ name: String) throws -> LayoutFixture {
    let data = try Data(contentsOf: fixtureDirectory.appendingPathComponent(name + ".json"))
    return try JSONDecoder().decode(LayoutFixture.self, from: data)
}

/// A Lua literal for a number: integral values as integers, others in Swift's shortest round-trip
/// form (which Lua reads back to the same double).
private func lua(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 9_007_199_254_740_992 ? String(Int64(value)) : "\(value)"
}

private func lua(_ values: [Double]) -> String { "{" + values.map(lua).joined(separator: ", ") + "}" }

private func lua(_ string: String) -> String { "\"" + string.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }

private func lua(_ index: Int?) -> String { index.map { String($0 + 1) } ?? "nil" }

/// The start of every chunk: `eq`, `rect` and `visible` count their checks in `checks` and add
/// what differed to `failures`, which the chunk returns.
private let runner = """
    local checks, failures = 0, {}
    local function fail(what, got, want) failures[#failures + 1] = what .. ": got " .. got .. ", expected " .. want end
    local function eq(what, want, got)
      checks = checks + 1
      if got ~= want then fail(what, tostring(got), tostring(want)) end
    end
    local function rect(what, want, x, y, w, h)
      checks = checks + 1
      local ok = want == nil and x == nil
        or want ~= nil and x == want[1] and y == want[2] and w == want[3] and h == want[4]
      if not ok then
        fail(what, table.concat({tostring(x), tostring(y), tostring(w), tostring(h)}, " "),
             want and table.concat(want, " ") or "nil")
      end
    end
    local function show(e) return table.concat({e.kind, tostring(e.section), tostring(e.item), e.x, e.y, e.w, e.h,
                                                tostring(e.pinned == true)}, " ") end
    local function visible(grid, x, y, want)
      grid:scrollTo(x, y)
      local ox, oy = grid:offset()
      rect("offset " .. x .. "," .. y, {x, y, 0, 0}, ox, oy, 0, 0)
      local got = grid:visible()
      eq("visible count at " .. x .. "," .. y, #want, #got)
      for k = 1, math.min(#want, #got) do
        local e, w = got[k], want[k]
        checks = checks + 1
        if not (e.kind == w[1] and e.section == w[2] and e.item == w[3] and e.x == w[4] and e.y == w[5]
                and e.w == w[6] and e.h == w[7] and (e.pinned == true) == w[8]) then
          fail("visible[" .. k .. "] at " .. x .. "," .. y, show(e),
               table.concat({w[1], tostring(w[2]), tostring(w[3]), w[4], w[5], w[6], w[7], tostring(w[8])}, " "))
        end
      end
    end
    """

/// The chunk that checks one fixture through the Lua module; returns it and how many checks it makes.
private func luaChunk(_ fx: LayoutFixture) -> (code: String, checks: Int) {
    var options: [String] = []
    for (name, option) in fx.options.sorted(by: { $0.key < $1.key }) {
        switch option {
        case .bool(let b): options.append("\(name) = \(b)")
        case .number(let n): options.append("\(name) = \(lua(n))")
        case .string(let s): options.append("\(name) = \(lua(s))")
        case .table(let t): options.append("\(name) = {" + t.sorted { $0.key < $1.key }.map { "\($0.key) = \(lua($0.value))" }.joined(separator: ", ") + "}")
        }
    }
    let sections = fx.data.sections.map { s -> String in
        var fields = ["count = \(s.itemSizes.count)"]
        if let sizes = s.sizes { fields.append("sizes = {" + sizes.map(lua).joined(separator: ", ") + "}") }
        if let size = s.size { fields.append("size = \(lua(size))") }
        if let header = s.header { fields.append("header = \(lua(header))") }
        if let lanes = s.lanes { fields.append("lanes = \(lanes)") }
        return "{" + fields.joined(separator: ", ") + "}"
    }
    var code = runner + """

        local S = {\(sections.joined(separator: ",\n  "))}
        local g = gl.new{\(options.joined(separator: ", "))}
        g.dataSource = {
          sections = function() return #S end,
          count = function(s) return S[s].count end,
          size = function(s, i) local z = S[s].sizes and S[s].sizes[i] or S[s].size; return z[1], z[2] end,
          header = function(s) local h = S[s].header; if h then return h[1], h[2] end end,
          lanes = function(s) return S[s].lanes end,
          showLoader = function() return \(fx.data.showLoader ?? false) end,
          sameSize = function() return \(fx.data.sameSize ?? false) end,
        }
        g:reload()
        rect("content size", \(lua([0, 0] + fx.contentSize)), 0, 0, g:contentSize())
        eq("sections", \(fx.frames.items.count), g:sectionCount())

        """
    var checks = 2
    for (s, items) in fx.frames.items.enumerated() {
        code += "eq(\"items in section \(s + 1)\", \(items.count), g:itemCount(\(s + 1)))\n"
        for (i, frame) in items.enumerated() {
            code += "rect(\"item \(s + 1).\(i + 1)\", \(lua(frame)), g:frame(\(s + 1), \(i + 1)))\n"
        }
        code += "rect(\"header \(s + 1)\", \(fx.frames.headers[s].map(lua) ?? "nil"), g:headerFrame(\(s + 1)))\n"
        checks += 2 + items.count
    }
    code += "rect(\"loader\", \(fx.frames.loader.map(lua) ?? "nil"), g:loaderFrame())\n"
    checks += 1
    for viewport in fx.viewports {
        let want = viewport.visible.map { e in
            "{\(lua(e.kind)), \(lua(e.section)), \(lua(e.item)), \(e.frame.map(lua).joined(separator: ", ")), \(e.pinned)}"
        }
        code += "visible(g, \(lua(viewport.offset[0])), \(lua(viewport.offset[1])), {\n  \(want.joined(separator: ",\n  "))})\n"
        checks += 2 + viewport.visible.count
    }
    code += "return checks, table.concat(failures, \"\\n\")\n"
    return (code, checks)
}

@Suite struct LuaFixtureTests {
    @Test func everyFixtureFileIsRun() throws {
        #expect(fixtureNames.count >= 12)
        for name in fixtureNames { _ = try loadFixture(name) }
    }

    @Test(arguments: fixtureNames)
    func fixture(_ name: String) throws {
        let (code, checks) = luaChunk(try loadFixture(name))
        switch LuaHarness().attempt(code, name: "=" + name) {
        case .success(let results):
            #expect(results == [String(checks), ""], "\(name): \(results.dropFirst().joined())")
        case .failure(let error):
            Issue.record("\(name): the chunk failed: \(error.message)\n\(code)")
        }
    }
}
