import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import GridScript

/// `grid:draw{...}` (text) and `grid:svg(path[, opts])`.
@Suite struct LuaPictureTests {
    private static func repeated(_ c: Character, _ n: Int) -> String { String(repeating: c, count: n) }

    /// 2 lanes of 20x10 items in a 40x20 viewport, drawn at 40x12: one column per point,
    /// one row per two points.
    @Test func drawSmallGridExactly() {
        let lua = LuaHarness()
        let r = lua.eval("""
            local g = gl.new{ width = 40, height = 20, lanes = 2 }
            g.dataSource = { count = function() return 4 end, size = function() return 20, 10 end }
            g:reload()
            return g:draw{ cols = 40, rows = 12, text = true }
            """)
        let edge = "+" + Self.repeated("-", 18) + "+"
        let side = "|" + Self.repeated(" ", 18) + "|"
        let expected = [
            "offset (0, 0)  content 40x20  4 visible",
            edge + edge,
            "|1.1" + Self.repeated(" ", 15) + "|" + "|1.2" + Self.repeated(" ", 15) + "|",
            side + side,
            side + side,
            edge + edge,
            edge + edge,
            "|1.3" + Self.repeated(" ", 15) + "|" + "|1.4" + Self.repeated(" ", 15) + "|",
            side + side,
            side + side,
            edge + edge,
        ].joined(separator: "\n") + "\n"
        #expect(r == [expected])
        if r != [expected] { print(r.first ?? "") }
    }

    /// The reference grid scrolled to (0, 60): header 2 and items 2.1, 2.2, drawn at 50x27
    /// (half a column per point, a quarter row per point: 50x13 cells).
    @Test func drawHeaderAndItemsScrolled() {
        let lua = LuaAPI.referenceHarness()
        let r = lua.eval("grid:scrollTo(0, 60); return grid:draw{ cols = 50, rows = 27, text = true }")
        let headerEdge = "#" + Self.repeated("=", 48) + "#"
        let itemEdge = "  +" + Self.repeated("-", 19) + "+" + "    " + "+" + Self.repeated("-", 19) + "+"
        let itemSide = "  |" + Self.repeated(" ", 19) + "|" + "    " + "|" + Self.repeated(" ", 19) + "|"
        let expected = [
            "offset (0, 60)  content 100x169  3 visible",
            "",
            headerEdge,
            "|header 2" + Self.repeated(" ", 40) + "|",
            "|" + Self.repeated(" ", 48) + "|",
            headerEdge,
            "",
            "",
            itemEdge,
            "  |2.1" + Self.repeated(" ", 16) + "|" + "    " + "|2.2" + Self.repeated(" ", 16) + "|",
            itemSide,
            itemSide,
            itemSide,
            itemEdge,
        ].joined(separator: "\n") + "\n"
        #expect(r == [expected])
        if r != [expected] { print(r.first ?? "") }
    }

    /// A denormal viewport (found by the Lua fuzzer) made the picture's scale infinite, and the
    /// cell count trapped converting it to an integer: the picture fills its room instead.
    @Test func aDenormalViewportDrawsWithoutTrapping() {
        let r = LuaHarness().eval("""
            local g = gl.new{ width = 100, height = 100 }
            g.dataSource = { count = function() return 3 end, size = function() return 10, 10 end }
            g:reload()
            g:resize(1e-320, 1e-320)
            local text = g:draw{ cols = 8, rows = 6, text = true }
            return #text > 0, select(2, text:gsub(string.char(10), ""))
            """)
        #expect(r == ["true", "5"])
    }

    @Test func drawLoaderAndEmptyViewport() {
        let lua = LuaAPI.referenceHarness()
        // At the end only the loader (28,120,44,44) shows; viewport (0,119) 100x50 at 50x27 cells.
        let r = lua.eval("grid:scrollTo(0, 1000); return grid:draw{ cols = 50, rows = 27, text = true }")
        // x 14..35, y floor(0.25)=0 .. ceil(11.25)-1 = 11.
        let edge = Self.repeated(" ", 14) + "*" + Self.repeated("~", 20) + "*"
        let side = Self.repeated(" ", 14) + "|" + Self.repeated(" ", 20) + "|"
        let expected = ["offset (0, 119)  content 100x169  1 visible", edge,
                        Self.repeated(" ", 14) + "|loader" + Self.repeated(" ", 14) + "|"]
            + Array(repeating: side, count: 9) + [edge, ""]
        #expect(r == [expected.joined(separator: "\n") + "\n"])
        if r != [expected.joined(separator: "\n") + "\n"] { print(r.first ?? "") }
        // A zero-width viewport has nothing to draw.
        #expect(LuaHarness().eval("""
            local g = gl.new{ width = 0, height = 10 }
            g.dataSource = { count = function() return 0 end, size = function() return 1, 1 end }
            g:reload()
            return g:draw{ cols = 10, rows = 5, text = true }
            """) == ["offset (0, 0)  content 0x0  (empty viewport)\n"])
    }

    @Test func svgWholeContent() {
        let lua = LuaHarness()
        let r = lua.eval("""
            local g = gl.new{ width = 40, height = 20, lanes = 2 }
            g.dataSource = { count = function() return 6 end, size = function() return 20, 10 end,
                             header = function() return 0, 5 end }
            g:reload()
            g:scrollTo(0, 5)
            local path = os.tmpname()
            local n = select("#", g:svg(path))
            local f = assert(io.open(path, "r"))
            local text = f:read("a")
            f:close()
            os.remove(path)
            return n, text
            """)
        #expect(r.count == 2)
        guard r.count == 2 else { return }
        #expect(r[0] == "0")
        let svg = r[1]
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"35\" viewBox=\"0 0 40 35\""), "\(svg)")
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("<rect class=\"content\" x=\"0\" y=\"0\" width=\"40\" height=\"35\"/>"))
        #expect(svg.contains("<rect class=\"viewport\" x=\"0\" y=\"5\" width=\"40\" height=\"20\"/>"))
        #expect(svg.contains("<rect class=\"header\" x=\"0\" y=\"0\" width=\"40\" height=\"5\"/><text x=\"20\" y=\"2.5\">header 1</text>"))
        #expect(svg.contains("<rect class=\"item\" x=\"0\" y=\"5\" width=\"20\" height=\"10\"/><text x=\"10\" y=\"10\">1.1</text>"))
        #expect(svg.contains("<rect class=\"item\" x=\"20\" y=\"25\" width=\"20\" height=\"10\"/><text x=\"30\" y=\"30\">1.6</text>"))
        for label in ["1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "header 1"] {
            #expect(svg.contains(">\(label)</text>"), "\(label)")
        }
        // One rect per element, plus the content and the viewport.
        #expect(svg.components("<rect ") == 9)
    }

    /// A section's background, drawn first and unlabelled: width 40, padding 5, inset 2, one
    /// 20 × 6 item at (7, 7); the section spans 5…15 (the inset's 2 after the item's 13), so the
    /// background is (5, 5, 30, 10): cells x 5…34, rows 2…7 at half a row per point. The item
    /// (cells x 7…26, rows 3…6) is drawn over it.
    @Test func drawAndSvgABackground() {
        let lua = LuaHarness()
        let r = lua.eval("""
            local g = gl.new{ width = 40, height = 20, padding = 5, inset = 2, lanes = 1, background = true }
            g.dataSource = { count = function() return 1 end, size = function() return 20, 6 end }
            g:reload()
            return g:draw{ cols = 40, rows = 12, text = true }, g:svg()
            """)
        let background = "     " + Self.repeated(";", 30)
        let expected = [
            "offset (0, 0)  content 40x20  2 visible",
            "",
            "",
            background,
            "     | +" + Self.repeated("-", 18) + "+       |",
            "     | |1.1" + Self.repeated(" ", 15) + "|       |",
            "     | |" + Self.repeated(" ", 18) + "|       |",
            "     | +" + Self.repeated("-", 18) + "+       |",
            background,
            "",
            "",
        ].joined(separator: "\n") + "\n"
        #expect(r.first == expected)
        if r.first != expected { print(r.first ?? "") }
        guard r.count == 2 else { return }
        let svg = r[1]
        #expect(svg.contains(".background{"))
        #expect(svg.contains("height=\"20\"/>\n<rect class=\"background\" x=\"5\" y=\"5\" width=\"30\" height=\"10\"/>\n<rect class=\"item\""))
        #expect(!svg.contains(">background 1<"))
    }

    @Test func svgViewportOnly() {
        let lua = LuaAPI.referenceHarness()
        let r = lua.eval("""
            grid:scrollTo(0, 60)
            local path = os.tmpname()
            grid:svg(path, { viewport = true })
            local f = assert(io.open(path, "r"))
            local text = f:read("a")
            f:close()
            os.remove(path)
            return text
            """)
        guard let svg = r.first else { Issue.record("no result"); return }
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"50\" viewBox=\"0 60 100 50\""), "\(svg)")
        #expect(svg.contains("<rect class=\"viewport\" x=\"0\" y=\"60\" width=\"100\" height=\"50\"/>"))
        #expect(svg.contains("<rect class=\"content\" x=\"0\" y=\"0\" width=\"100\" height=\"169\"/>"))
        #expect(svg.contains(">header 2</text>"))
        #expect(svg.contains(">2.1</text>"))
        #expect(svg.contains(">2.2</text>"))
        #expect(!svg.contains(">1.1</text>"))
        #expect(!svg.contains(">1.3</text>"))
        #expect(!svg.contains(">loader</text>"))
        #expect(svg.components("<rect ") == 5)
        // The whole content of the same grid has all seven elements, the loader among them.
        let all = lua.eval("""
            local path = os.tmpname()
            grid:svg(path, { viewport = false })
            local f = assert(io.open(path, "r"))
            local text = f:read("a")
            f:close()
            os.remove(path)
            return text
            """)
        #expect(all.first?.components("<rect ") == 9)
        #expect(all.first?.contains("<rect class=\"loader\" x=\"28\" y=\"120\" width=\"44\" height=\"44\"/><text x=\"50\" y=\"142\">loader</text>") == true)
    }

    /// Tests/fixtures/pictures: the bytes C and Python draw too (their tests compare with the
    /// same files). make.lua writes what Lua draws now into a new directory.
    @Test func theSharedFixturesAreWhatLuaDraws() throws {
        let pictures = String(#filePath.prefix(upTo: #filePath.range(of: "/Tests/GridScriptTests/")!.lowerBound)) + "/Tests/fixtures/pictures"
        var template = Array("/tmp/gridlayout-pictures-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        try #require(made != nil)
        let dir = String(cString: made!)
        defer {
            for name in ["styled.txt", "styled.svg", "dragged.txt", "dragged.svg"] { unlink(dir + "/" + name) }
            rmdir(dir)
        }
        let r = LuaHarness().eval("""
            arg = { "\(dir)" }
            dofile("\(pictures)/make.lua")
            local function read(path) local f = assert(io.open(path, "rb")); local t = f:read("a"); f:close(); return t end
            local same = {}
            for _, name in ipairs{ "styled.txt", "styled.svg", "dragged.txt", "dragged.svg" } do
              same[#same + 1] = name .. "=" .. tostring(read("\(dir)/" .. name) == read("\(pictures)/" .. name))
            end
            return table.concat(same, " ")
            """)
        #expect(r == ["styled.txt=true styled.svg=true dragged.txt=true dragged.svg=true"])
    }

    /// svg() and svg{opts} return the picture that svg(path[, opts]) writes.
    @Test func svgReturnsThePicture() {
        let r = LuaHarness().eval("""
            local g = gl.new{ width = 20, height = 10 }
            g.dataSource = { count = function() return 1 end, size = function() return 10, 10 end }
            g:reload()
            local path = os.tmpname()
            g:svg(path)
            local f = assert(io.open(path, "r"))
            local written = f:read("a")
            f:close()
            os.remove(path)
            return g:svg(), written == g:svg(), g:svg{ viewport = true } == g:svg(), select("#", g:svg())
            """)
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10" font-family="monospace" font-size="11">
            <style>.content{fill:#fafafa}.item{fill:#cfe3ff;stroke:#3b6ea5}.header{fill:#e3e3e3;stroke:#555}.footer{fill:#ececd9;stroke:#777}\
            .loader{fill:#ffe0b3;stroke:#c77700}.dragged{stroke:#d00;stroke-width:3}\
            .viewport{fill:none;stroke:#d00;stroke-width:2;stroke-dasharray:6 4}\
            text{fill:#222;text-anchor:middle;dominant-baseline:middle}</style>
            <rect class="content" x="0" y="0" width="20" height="10"/>
            <rect class="item" x="0" y="0" width="10" height="10"/><text x="5" y="5">1.1</text>
            <rect class="viewport" x="0" y="0" width="20" height="10"/>
            </svg>

            """
        #expect(r == [svg, "true", "true", "1"])
    }

    /// A style label replaces the index path, cut to the box; control characters show as '?',
    /// XML's special characters are escaped in the SVG; nil and {} keep the defaults.
    @Test func styleLabels() {
        let lua = LuaHarness()
        let r = lua.eval("""
            local g = gl.new{ width = 40, height = 20, lanes = 2 }
            g.dataSource = { count = function() return 4 end, size = function() return 20, 10 end,
              style = function(s, i)
                if i == 1 then return { label = "a very long label" } end
                if i == 2 then return { label = "x\\ty<\\"'>&" } end
                if i == 3 then return {} end
                if i == 4 then return nil end
              end }
            g:reload()
            return g:draw{ cols = 40, rows = 12, text = true }, g:svg()
            """)
        #expect(r.count == 2)
        guard r.count == 2 else { return }
        #expect(r[0].split(separator: "\n")[2] == "|a very long label |" + "|x?y<\"'>&" + Self.repeated(" ", 10) + "|")
        #expect(r[0].split(separator: "\n")[7] == "|1.3" + Self.repeated(" ", 15) + "||1.4" + Self.repeated(" ", 15) + "|")
        #expect(r[1].contains("<text x=\"10\" y=\"5\">a very long label</text>"))
        #expect(r[1].contains("<text x=\"30\" y=\"5\">x?y&lt;&quot;&apos;&gt;&amp;</text>"))
        #expect(r[1].contains("<text x=\"10\" y=\"15\">1.3</text>"))
    }

    /// During a drag the style is asked with the data's index paths (Lua's, from 1): the labels
    /// move with their items.
    @Test func styleFollowsTheDataDuringADrag() {
        let r = LuaHarness().eval("""
            local g = gl.new{ width = 40, height = 10, lanes = 2, sort = true, animationDuration = 0 }
            local asked = {}
            g.dataSource = { count = function() return 2 end, size = function() return 20, 10 end,
              style = function(s, i) asked[#asked + 1] = s .. "." .. i; return { label = "p" .. i } end }
            g:reload()
            g:beginDrag(5, 5)
            g:dragTo(35, 5)
            asked = {}
            local text = g:draw{ cols = 40, rows = 7, text = true }
            return text, table.concat(asked, " ")
            """)
        let edges = "+------------------+%------------------%\n", inside = "|                  ||                  |\n"
        #expect(r == ["offset (0, 0)  content 40x10  2 visible\n" + edges + "|p2                ||p1                |\n"
                      + inside + inside + edges, "1.2 1.1"])
    }

    /// Each fill is checked as a CSS colour; the error names the item (from 1), the callback
    /// and the value.
    @Test(arguments: [
        "#abc", "#ABCD", "#aabbcc", "#aabbccdd", "red", "RebeccaPurple", "transparent", "rgb(1, 2, 3)",
        "rgba(1,2,3,0.5)", "rgb(10% 20% 30%)", "rgb(1 2 3 / 50%)", "RGB(255, 255, 255)", "hsl(120, 50%, 50%)",
        "hsla(120deg 50% 50% / .5)", "hsl(0.5turn, 10%, 10%)", "hsl(-30, 0%, 100%)",
    ])
    func goodFills(_ fill: String) {
        let r = LuaHarness().eval("""
            local g = gl.new{ width = 20, height = 10 }
            g.dataSource = { count = function() return 1 end, size = function() return 10, 10 end,
                             style = function() return { fill = "\(fill)" } end }
            g:reload()
            return g:svg():match('style="fill:([^"]*)"')
            """)
        #expect(r == [fill])
    }

    @Test(arguments: [
        "", "#ab", "#abcde", "#ggg", "redd", "rgb(1, 2)", "rgb(256, 0, 0)", "rgb(1 2 3 4)", "rgba(1, 2, 3, 2)",
        "hsl(120, 150%, 50%)", "hsl(120px, 50%, 50%)", "url(#x)", " red", "rgb(1,2,3", "rgb(1, 2 3)", "rgb(1,,2,3)",
        "rgb(a, b, c)", "hsl(1e999, 1%, 1%)",
    ])
    func badFills(_ fill: String) {
        let lua = LuaHarness()
        let message = lua.error("""
            local g = gl.new{ width = 20, height = 10 }
            g.dataSource = { count = function() return 1 end, size = function() return 10, 10 end,
                             style = function() return { fill = "\(fill)" } end }
            g:reload()
            g:draw{ text = true }
            """)
        #expect(message.prefix { $0 != "\n" } == "test:5: data source 'style' returned fill '\(fill)' for item (section 1, item 1) "
                + "(expected a CSS colour: #rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a colour name)")
        #expect(message.contains("\nstack traceback:\n"))
    }

    /// A bad answer, a failing callback and a callback that changes the grid: errors naming the
    /// callback and the item, the picture not made, the grid unchanged.
    @Test func styleErrors() {
        func message(_ style: String, _ call: String = "g:svg()") -> String {
            let text = LuaHarness().error("""
                local g = gl.new{ width = 20, height = 10 }
                g.dataSource = { count = function() return 2 end, size = function() return 10, 10 end }
                g:reload()
                g.dataSource.style = \(style)
                \(call)
                """)
            return String(text.prefix { $0 != "\n" })
        }
        #expect(message("function(s, i) return 5 end")
            == "test:5: data source 'style' returned 5 for item (section 1, item 1) (expected a table {label = ..., fill = ...} or nil)")
        #expect(message("function(s, i) return 'red' end")
            == "test:5: data source 'style' returned 'red' for item (section 1, item 1) (expected a table {label = ..., fill = ...} or nil)")
        #expect(message("function(s, i) return { label = {} } end")
            == "test:5: data source 'style' returned label table for item (section 1, item 1) (expected a string)")
        #expect(message("function(s, i) return { fill = 5 } end", "g:draw{ text = true }")
            == "test:5: data source 'style' returned fill 5 for item (section 1, item 1) (expected a string: a CSS colour)")
        #expect(message("function(s, i) return { lable = 'x' } end")
            == "test:5: data source 'style' returned key 'lable' for item (section 1, item 1) (expected only label and fill)")
        #expect(message("function(s, i) if i == 2 then error('no photo') end end")
            == "test:5: data source 'style' failed for item (section 1, item 2): test:4: no photo")
        #expect(message("function(s, i) g:reload() end")
            == "test:5: data source 'style' failed for item (section 1, item 1): test:4: reload: called from inside a data source callback of the same grid")
        #expect(message("function(s, i) g:draw{ text = true } end")
            == "test:5: data source 'style' failed for item (section 1, item 1): test:4: draw: called from inside a data source callback of the same grid")
        #expect(message("42") == "test:5: svg: dataSource.style must be a function, got number")
        #expect(message("42", "g:draw{ text = true }") == "test:5: draw: dataSource.style must be a function, got number")
        // A number label is shown as Lua writes it.
        #expect(LuaHarness().eval("""
            local g = gl.new{ width = 20, height = 10 }
            g.dataSource = { count = function() return 1 end, size = function() return 10, 10 end,
                             style = function() return { label = 1.5 } end }
            g:reload()
            return g:svg():match("<text[^>]*>([^<]*)</text>")
            """) == ["1.5"])
    }

    /// More than 20,000 elements make no whole-content SVG; the viewport alone still draws.
    @Test func svgOfTooManyElements() {
        let lua = LuaHarness()
        #expect(lua.error("""
            g = gl.new{ lanes = 10, width = 100, height = 50 }
            g.dataSource = { count = function() return 30000 end, size = function() return 10, 10 end,
                             sameSize = function() return true end }
            g:reload()
            g:svg()
            """) == "test:5: svg: more than 20000 elements; draw the viewport only with {viewport = true}")
        #expect(lua.eval("return select(2, g:svg{ viewport = true }:gsub('<rect ', ''))") == ["52"])
    }

    @Test func svgUnwritablePath() {
        let lua = LuaAPI.referenceHarness()
        #expect(lua.error("grid:svg('/nonexistent-gridlayout-dir/out.svg')")
            == "test:1: cannot open '/nonexistent-gridlayout-dir/out.svg' for writing: No such file or directory")
        #expect(lua.error("grid:svg('/tmp')") == "test:1: cannot open '/tmp' for writing: Is a directory")
    }
}

extension String {
    /// How many times `separator` occurs.
    func components(_ separator: String) -> Int {
        var n = 0
        var rest = Substring(self)
        while let r = rest.firstRange(of: separator) {
            n += 1
            rest = rest[r.upperBound...]
        }
        return n
    }
}
