import Testing
@testable import LiveViewCore

/// What `+` and `-` change in each layout, and where they stop.
@Suite struct LayoutZoomTests {
    func zoom(_ layout: String, columns: Int = 3, lanes: Int = 2, rowHeight: Double = 120,
              minColumnWidth: Double? = nil) -> LayoutZoom {
        LayoutZoom(layout: layout, columns: columns, lanes: lanes, rowHeight: rowHeight, minColumnWidth: minColumnWidth,
                   scrollExtent: 300, crossExtent: 320)
    }

    @Test func waterfallAndLanesChangeTheirCountByOne() {
        #expect(zoom("waterfall").step(zoomIn: true) == .animate(option: "columns", from: 3, to: 2))
        #expect(zoom("waterfall").step(zoomIn: false) == .animate(option: "columns", from: 3, to: 4))
        #expect(zoom("lanes").step(zoomIn: true) == .animate(option: "lanes", from: 2, to: 1))
        #expect(zoom("lanes").step(zoomIn: false) == .animate(option: "lanes", from: 2, to: 3))
        #expect(zoom("waterfall", columns: 1).step(zoomIn: true) == .limit("zoom: already 1 column, the fewest"))
        #expect(zoom("lanes", lanes: 1).step(zoomIn: true) == .limit("zoom: already 1 lane, the fewest"))
        // More is the engine's to refuse (columns that no longer fit): no limit of the view's own.
        #expect(zoom("waterfall", columns: 1).step(zoomIn: false) == .animate(option: "columns", from: 1, to: 2))
    }

    @Test func aMinimumColumnWidthWinsAndZoomsByAFactor() {
        #expect(zoom("waterfall", minColumnWidth: 100).step(zoomIn: true) == .animate(option: "minColumnWidth", from: 100, to: 125))
        #expect(zoom("lanes", minColumnWidth: 100).step(zoomIn: false) == .animate(option: "minColumnWidth", from: 100, to: 80))
        // Within a sixteenth of the viewport's width (20) and the whole of it (320).
        #expect(zoom("waterfall", minColumnWidth: 300).step(zoomIn: true)
                == .limit("zoom: minColumnWidth 300 at its limit (at most the viewport's 320)"))
        #expect(zoom("waterfall", minColumnWidth: 24).step(zoomIn: false)
                == .limit("zoom: minColumnWidth 24 at its limit (at least 1/16 of the viewport's 320)"))
        #expect(zoom("waterfall", minColumnWidth: 25).step(zoomIn: false) == .animate(option: "minColumnWidth", from: 25, to: 20))
    }

    @Test func justifiedRowHeightByAFactorWithinTheViewport() {
        #expect(zoom("justified").step(zoomIn: true) == .animate(option: "rowHeight", from: 120, to: 150))
        #expect(zoom("justified").step(zoomIn: false) == .animate(option: "rowHeight", from: 120, to: 96))
        #expect(zoom("justified", rowHeight: 240).step(zoomIn: true) == .animate(option: "rowHeight", from: 240, to: 300))
        #expect(zoom("justified", rowHeight: 241).step(zoomIn: true)
                == .limit("zoom: rowHeight 241 at its limit (at most the viewport's 300)"))
        #expect(zoom("justified", rowHeight: 23).step(zoomIn: false)
                == .limit("zoom: rowHeight 23 at its limit (at least 1/16 of the viewport's 300)"))
    }

    @Test func flowScalesTheView() {
        #expect(zoom("flow").step(zoomIn: true) == .scaleView)
        #expect(zoom("flow", minColumnWidth: 100).step(zoomIn: false) == .scaleView)
    }

    @Test func theHelpListsTheKeys() {
        var s = ViewStatus()
        #expect(s.help(width: 200) == "f focus  q quit  hjkl/arrows  PgUp/PgDn/space  Home/End  g go to  +/- zoom  </> scale  r reload  click: info")
        s.sideways = true
        #expect(s.help(width: 200)
                == "f focus  q quit  hjkl/arrows  [/] sideways  PgUp/PgDn/space  Home/End  g go to  +/- zoom  </> scale  r reload  click: info")
    }
}
