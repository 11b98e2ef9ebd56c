import Testing
import GridLayout

/// Composition from Lua (docs/lua.md, "Composition"): `footer`, `span` and `section` callbacks,
/// `inset`, `footerFrame`, the footer's `visible()` kind, and their errors in Lua's words.
@Suite struct LuaCompositionTests {
    // Two sections, C 300, spacing 10:
    //   section 1 {layout = "waterfall", columns = 2}: column (300 − 10)/2 = 145; item 1 (100×100)
    //     → (0,0,145,145); item 2 spans both: 300 wide, 100×50 scaled → 150 thick at 155: (0,155,300,150);
    //     footer after 10: (0,315,300,20); the section ends at 335.
    //   section 2 (the grid's lanes, 3 lanes) with inset 5 all round: items start at 345 + 5 = 350, at
    //     C 5: (5,350,40,40) (55,350,40,40) — 40 + 10 apart.
    @Test func footerSpanSectionAndInset() {
        let lua = LuaAPI.harness()
        #expect(lua.eval("""
            local g = gl.new{ width = 300, height = 200, spacing = 10, lanes = 3 }
            g.dataSource = {
              sections = function() return 2 end,
              count = function(s) return 2 end,
              size = function(s, i) if s == 1 then return i == 1 and 100 or 100, i == 1 and 100 or 50 end return 40, 40 end,
              footer = function(s) if s == 1 then return 0, 20 end end,
              span = function(s, i) if s == 1 and i == 2 then return true end end,
              section = function(s)
                if s == 1 then return { layout = "waterfall", columns = 2 } end
                return { inset = 5 }
              end,
            }
            g:reload()
            return rect(g:frame(1, 1)), rect(g:frame(1, 2)), rect(g:footerFrame(1)), g:footerFrame(2),
                   rect(g:frame(2, 1)), rect(g:frame(2, 2)), rect(g:contentSize())
            """) == ["0,0,145,145", "0,155,300,150", "0,315,300,20", "nil", "5,350,40,40", "55,350,40,40", "300,395"])
        // The footer is listed after its section's items.
        #expect(lua.eval("""
            local g = gl.new{ width = 100, height = 100 }
            g.dataSource = { count = function() return 1 end, size = function() return 10, 10 end,
                             footer = function() return 0, 5 end }
            g:reload()
            return dump(g:visible())
            """) == ["item 1 1 0 0 10 10 1 1; footer 1 nil 0 10 100 5 1 1"])
    }

    // Optimal rows as a section key (docs/layout.md, "Optimal rows"): section 2 takes them in a
    // grid of greedy rows. Width 600, rowHeight 100, lineSpacing 10, ARs 2, 1, 3, 5, 1, 1.5, 1.5,
    // 1 in both. Section 1, greedy: the panorama alone, 120 thick (0,110,600,120); section 1 ends
    // at 360. Section 2 starts at 370, optimal: the panorama and the item after it, 100 thick
    // (0,480,500,100) (500,480,100,100); the widow row at 590, 1.5 at T: 150 wide.
    @Test func optimalRowsAsASectionKey() {
        let lua = LuaAPI.harness()
        #expect(lua.eval("""
            local ratios = { 2, 1, 3, 5, 1, 1.5, 1.5, 1 }
            local g = gl.new{ layout = "justified", width = 600, height = 300, rowHeight = 100, lineSpacing = 10 }
            g.dataSource = {
              sections = function() return 2 end,
              count = function(s) return #ratios end,
              size = function(s, i) return ratios[i] * 100, 100 end,
              section = function(s) if s == 2 then return { rows = "optimal" } end end,
            }
            g:reload()
            return g.rows, rect(g:frame(1, 4)), rect(g:frame(2, 4)), rect(g:frame(2, 5)), rect(g:frame(2, 6)),
                   rect(g:contentSize())
            """) == ["greedy", "0,110,600,120", "0,480,500,100", "500,480,100,100", "0,590,150,100", "600,690"])
        #expect(lua.error("gl.new{ rows = 'best' }")
                == "test:1: option 'rows': 'best' is invalid (expected one of 'greedy', 'optimal')")
    }

    @Test func aTwoSpanItemInLanesAndTheInsetOption() {
        let lua = LuaAPI.harness()
        // lanes 3, itemSpacing 4, inset {left = 10}: lanes start at C 10; item 2 (204×40) spans lanes
        // 2–3 (lanes 1–2 would end at 50): u = 100, C 10 + 104 = 114.
        #expect(lua.eval("""
            local g = gl.new{ width = 330, lanes = 3, itemSpacing = 4, inset = { left = 10 } }
            g.dataSource = { count = function() return 2 end,
                             size = function(s, i) if i == 2 then return 204, 40 end return 100, 50 end,
                             span = function(s, i) return i == 2 and 2 or nil end }
            g:reload()
            return rect(g:frame(1, 1)), rect(g:frame(1, 2)), g.inset.left
            """) == ["10,0,100,50", "114,0,204,40", "10"])
    }

    /// Adaptive columns from Lua: `minColumnWidth = 100` across 320 with spacing 10 fits (330 / 110)
    /// 3 columns of 100; section 2's own 150 fits (330 / 160) 2 of 155; a resize to 550 fits
    /// (560 / 110) 5 of 102. A bad value names the option (and, from `section`, the section).
    @Test func adaptiveColumns() {
        let lua = LuaAPI.harness()
        #expect(lua.eval("""
            local g = gl.new{ layout = "waterfall", width = 320, spacing = 10, columns = 7, minColumnWidth = 100 }
            g.dataSource = { sections = function() return 2 end, count = function(s) return s == 1 and 4 or 2 end,
                             size = function() return 100, 100 end,
                             section = function(s) if s == 2 then return { minColumnWidth = 150 } end end }
            g:reload()
            local before = { rect(g:frame(1, 3)), rect(g:frame(1, 4)), rect(g:frame(2, 2)) }
            g:resize(550, 480)
            return before[1], before[2], before[3], rect(g:frame(1, 4)), g.minColumnWidth
            """) == ["220,0,100,100", "0,110,100,100", "165,220,155,155", "336,0,102,102", "100"])
        #expect(lua.error("gl.new{ minColumnWidth = -1 }").hasPrefix(
            "test:1: option 'minColumnWidth': -1 is invalid (expected a finite number >= 0)"))
        #expect(lua.error("""
            local g = gl.new{ width = 100 }
            g.dataSource = { count = function() return 1 end, size = function() return 10, 10 end,
                             section = function() return { minColumnWidth = 0/0 } end }
            g:reload()
            """).hasPrefix("test:4: data source 'section' returned minColumnWidth = nan for section 1 (expected a finite number >= 0)"))
    }

    /// Section backgrounds from Lua: width 100, padding 5, one lane, items 90 × 20, no spacing.
    /// Section 1 (header 10, two items) from 5 to 55: background (5, 5, 90, 50), listed first.
    /// Section 2 turns it off; section 3 is empty. A bad value names the option (and, from
    /// `section`, the section).
    @Test func sectionBackgrounds() {
        let lua = LuaAPI.harness()
        #expect(lua.eval("""
            local g = gl.new{ width = 100, height = 200, padding = 5, lanes = 1, spacing = 0, background = true }
            g.dataSource = { sections = function() return 3 end, count = function(s) return s == 3 and 0 or 2 end,
                             size = function() return 90, 20 end,
                             header = function(s) if s == 1 then return 100, 10 end end,
                             section = function(s) if s == 2 then return { background = false } end end }
            g:reload()
            local e = g:visible()[1]
            return rect(g:backgroundFrame(1)), tostring(g:backgroundFrame(2)), tostring(g:backgroundFrame(3)),
                   e.kind, e.section, tostring(e.item), g:visible()[2].kind, g.background
            """) == ["5,5,90,50", "nil", "nil", "background", "1", "nil", "header", "true"])
        #expect(lua.error("gl.new{ background = 3 }").hasPrefix("test:1: option 'background': 3 is invalid"))
        #expect(lua.error("""
            local g = gl.new{ width = 100 }
            g.dataSource = { count = function() return 1 end, size = function() return 10, 10 end,
                             section = function() return { background = 3 } end }
            g:reload()
            """).hasPrefix("test:4: data source 'section' returned background = 3 for section 1"))
        #expect(lua.error("local g = gl.new{}; g:backgroundFrame(1)").contains("section 1"))
    }

    @Test func badAnswersNameTheCallbackSectionKeyAndValue() {
        let lua = LuaAPI.harness()
        func reload(_ callbacks: String) -> String {
            lua.error("""
                local g = gl.new{ width = 100 }
                g.dataSource = { sections = function() return 2 end, count = function() return 2 end,
                                 size = function() return 10, 10 end, \(callbacks) }
                g:reload()
                """).split(separator: "\n").first.map { String($0.dropFirst("test:4: ".count)) } ?? ""
        }
        #expect(reload("span = function(s, i) if s == 2 and i == 2 then return 0 end end")
                == "data source 'span' returned 0 for item (section 2, item 2) (expected an integer >= 1, or all lanes)")
        #expect(reload("span = function() return -1 end")
                == "data source 'span' returned -1 for item (section 1, item 1) (expected an integer >= 1, or all lanes)")
        #expect(reload("span = function() return 'wide' end").hasPrefix(
                "data source 'span' failed for item (section 1, item 1): returned 'wide', expected nil, an integer >= 1 or true"))
        #expect(reload("section = function(s) if s == 2 then return { lanes = 0 } end end")
                == "data source 'section' returned lanes = 0 for section 2 (expected 1...10000)")
        #expect(reload("section = function(s) return { colums = 2 } end").hasPrefix(
                "data source 'section' returned an unknown key 'colums' for section 1 (expected one of layout, lanes, columns,"))
        #expect(reload("section = function(s) return { layout = 'masonry' } end")
                == "data source 'section' returned layout = 'masonry' for section 1 (expected one of 'lanes', 'waterfall', 'flow', 'justified') (did you mean 'waterfall'?)")
        #expect(reload("section = function(s) return { rows = 'best' } end")
                == "data source 'section' returned rows = 'best' for section 1 (expected one of 'greedy', 'optimal')")
        #expect(reload("section = function(s) return { justify = 'centre' } end") == "data source 'section' returned justify = "
                + "'centre' for section 1 (expected one of 'start', 'center', 'end', 'spaceBetween', 'spaceAround', 'spaceEvenly') (did you mean 'center'?)")
        #expect(reload("section = function(s) return { justfy = 'center' } end").hasSuffix("background, scroll, sectionPaging) (did you mean 'justify'?)"))
        #expect(reload("footer = function(s) return 0, 0/0 end")
                == "data source 'footer' returned 0xnan for footer of section 1 (sizes must be finite and >= 0)")
        // The grid keeps its previous layout.
        #expect(lua.eval("""
            local g = gl.new{ width = 100 }
            local bad = false
            g.dataSource = { count = function() return 2 end, size = function() return 10, 10 end,
                             span = function() if bad then return 0 end end }
            g:reload()
            bad = true
            local ok = pcall(g.reload, g)
            return ok, rect(g:frame(1, 2)), g:itemCount(1)
            """) == ["false", "0,10,10,10", "2"])
    }
}
