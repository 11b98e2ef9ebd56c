import Testing
@testable import GridScript

@Test func basicGrid() {
    let lua = LuaHarness()
    let r = lua.run("""
        local grid = gl.new{ lanes = 3, spacing = 10 }
        grid.dataSource = { count = function(s) return 10 end, size = function(s, i) return 100, 120 end }
        grid:reload()
        local x, y, w, h = grid:frame(1, 5)
        return x, y, w, h, grid:contentSize()
        """)
    #expect(r == ["110", "130", "100", "120", "320", "510"])
}
