/// Shared Lua snippets and helpers for the Lua API tests (LuaGridTests, LuaDataSourceTests,
/// LuaErrorTests, LuaPictureTests).
enum LuaAPI {
    /// Lua helpers: `dump(elements)` renders element tables; `snapshot(grid)` renders everything
    /// a grid's queries report, to compare a layout before and after a failed reload.
    static let helpers = """
        function dump(list)
          local t = {}
          for _, e in ipairs(list) do
            t[#t + 1] = table.concat({e.kind, tostring(e.section), tostring(e.item),
              tostring(e.x), tostring(e.y), tostring(e.w), tostring(e.h),
              tostring(e.alpha), tostring(e.scale)}, " ")
          end
          return table.concat(t, "; ")
        end
        function rect(...) return table.concat({...}, ",") end
        function snapshot(g)
          local p = {}
          p[#p + 1] = "content " .. rect(g:contentSize())
          p[#p + 1] = "offset " .. rect(g:offset())
          p[#p + 1] = "sections " .. g:sectionCount()
          for s = 1, g:sectionCount() do
            p[#p + 1] = "header" .. s .. " " .. rect(g:headerFrame(s))
            p[#p + 1] = "count" .. s .. " " .. g:itemCount(s)
            -- At most 100 items per section, so a reload that wrongly succeeds with a huge count
            -- cannot make this loop run for ever.
            for i = 1, math.min(g:itemCount(s), 100) do p[#p + 1] = s .. "." .. i .. " " .. rect(g:frame(s, i)) end
          end
          p[#p + 1] = "loader " .. rect(g:loaderFrame())
          p[#p + 1] = "visible " .. dump(g:visible())
          p[#p + 1] = "all " .. dump(g:elements(-1e9, -1e9, 2e9, 2e9))
          return table.concat(p, "\\n")
        end
        """

    /// The reference grid (docs/layout.md's lanes rules, computed by hand):
    /// width 100, height 50, 2 lanes, padding 5, spacing 10; section 1: 3 items 40x20, no header;
    /// section 2: header (S size 15), 2 items 40x20; loader 44x44.
    ///   1.1 (5,5,40,20)  1.2 (55,5,40,20)  1.3 (5,35,40,20)      section 1 ends at 55
    ///   header 2 (0,65,100,15)  [spacing]  2.1 (5,90,40,20)  2.2 (55,90,40,20)   ends at 110
    ///   loader (28,120,44,44) ends at 164; content 100 x 169.
    static let reference = helpers + """

        grid = gl.new{ width = 100, height = 50, lanes = 2, padding = 5, spacing = 10 }
        grid.dataSource = {
          sections = function() return 2 end,
          count = function(s) return s == 1 and 3 or 2 end,
          size = function(s, i) return 40, 20 end,
          header = function(s) if s == 2 then return 999, 15 end end,
          showLoader = function() return true end,
        }
        grid:reload()
        """

    /// A harness with the helpers and the reference grid in the global `grid`.
    static func referenceHarness() -> LuaHarness {
        let lua = LuaHarness()
        lua.eval(reference)
        return lua
    }

    /// A harness with only the helpers.
    static func harness() -> LuaHarness {
        let lua = LuaHarness()
        lua.eval(helpers)
        return lua
    }
}

/// The first line of a message (a traceback, when there is one, follows it).
func firstLine(_ s: String) -> String {
    String(s.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
}

extension LuaHarness {
    /// Like `run`, but a failing chunk gives `["error: <message>"]` instead of stopping the test process,
    /// so one broken expectation cannot take the other tests down with it.
    @discardableResult
    func eval(_ code: String) -> [String] {
        switch attempt(code) {
        case .success(let values): return values
        case .failure(let error): return ["error: \(error.message)"]
        }
    }
}
