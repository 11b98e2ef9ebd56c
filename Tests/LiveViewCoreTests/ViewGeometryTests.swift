import Testing
@testable import LiveViewCore

/// The scale and the cell mapping of the live view.
@Suite struct ViewGeometryTests {
    @Test func aWideViewportFillsTheColumnsAndHalvesTheRows() {
        // 1024x700 in 80x21: 80/1024 across would need 700*80/1024/2 = 27.3 rows > 21, so the
        // height fills the rows: 21/700 down, twice that across.
        let g = ViewGeometry(viewport: ViewRect(x: 0, y: 0, width: 1024, height: 700), columns: 80, rows: 21)
        #expect(g.scaleY == 21.0 / 700)
        #expect(g.scaleX == 2 * 21.0 / 700)
        #expect(g.marginX == 9)  // (80 - 61.44) / 2, down
        #expect(g.marginY == 0)
    }

    @Test func aFlatViewportFillsTheWidth() {
        let g = ViewGeometry(viewport: ViewRect(x: 0, y: 0, width: 400, height: 100), columns: 80, rows: 21)
        #expect(g.scaleX == 0.2)
        #expect(g.scaleY == 0.1)
        #expect(g.marginX == 0)
        #expect(g.marginY == 5)  // (21 - 10) / 2, down
        #expect(g.window == ViewRect(x: 0, y: -50, width: 400, height: 210))
    }

    @Test func cellsCoverTheFrameAndClampFarAway() {
        let g = ViewGeometry(viewport: ViewRect(x: 100, y: 0, width: 400, height: 100), columns: 80, rows: 21)
        // x 100...150 → columns 0...9, y 0...20 → rows 5...6 (0.1 rows a point, 5 rows of margin).
        let c = g.cells(ViewRect(x: 100, y: 0, width: 50, height: 20))
        #expect(c.x0 == 0 && c.x1 == 9 && c.y0 == 5 && c.y1 == 6)
        let far = g.cells(ViewRect(x: 1e300, y: -1e300, width: 1e300, height: .nan))
        #expect(far.x0 == 81 && far.y0 == -2)
    }

    @Test func zoomScalesAboutTheViewportsCentre() {
        let viewport = ViewRect(x: 0, y: 0, width: 400, height: 100)
        let fit = ViewGeometry(viewport: viewport, columns: 80, rows: 21)
        let zoomed = ViewGeometry(viewport: viewport, columns: 80, rows: 21, zoom: 2)
        #expect(zoomed.scaleX == 2 * fit.scaleX)
        #expect(zoomed.marginX == -40)  // the middle half of the viewport across
        #expect(!zoomed.showsContext)
        let out = ViewGeometry(viewport: viewport, columns: 80, rows: 21, zoom: 0.5)
        #expect(out.showsContext)
        #expect(out.window.width == 800)
    }

    @Test func pointsOfCells() {
        let g = ViewGeometry(viewport: ViewRect(x: 100, y: 50, width: 400, height: 100), columns: 80, rows: 21)
        let p = g.contentPoint(column: 0, row: 5)
        #expect(p.x == 102.5 && p.y == 55)
        let v = g.viewportPoint(column: 0, row: 5)
        #expect(v.x == 2.5 && v.y == 5)
    }

    @Test func anEmptyViewportDoesNotDivideByZero() {
        let g = ViewGeometry(viewport: ViewRect(x: 0, y: 0, width: 0, height: 0), columns: 0, rows: 0, zoom: .nan)
        #expect(g.columns == 1 && g.rows == 1 && g.zoom == 1)
        #expect(g.scaleX.isFinite && g.scaleY.isFinite)
    }
}
