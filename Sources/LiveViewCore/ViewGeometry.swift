/// Maps content points to terminal cells. Terminal cells are about twice as tall as wide, so a
/// point covers `scaleX` columns and `scaleY = scaleX / 2` rows. At zoom 1 the scale is the
/// largest that shows the whole viewport in `columns` × `rows` cells (the viewport's width fills
/// the columns unless its height would then overflow the rows, in which case the height fills
/// the rows); the viewport is centred, its edges on whole cells. Zoom multiplies both scales about
/// the viewport's centre: above 1 the cells show the middle of the viewport, below 1 they show
/// the content around it too.
public struct ViewGeometry: Equatable, Sendable {
    /// The grid's viewport in content points: the content offset and the viewport's size.
    public let viewport: ViewRect
    public let columns: Int
    public let rows: Int
    public let zoom: Double
    /// Cells per content point, across and down.
    public let scaleX: Double
    public let scaleY: Double
    /// Cells between the canvas's top-left corner and the viewport's (negative when zoomed in).
    public let marginX: Double
    public let marginY: Double

    public init(viewport: ViewRect, columns: Int, rows: Int, zoom: Double = 1) {
        self.viewport = viewport
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.zoom = zoom > 0 && zoom.isFinite ? zoom : 1
        let width = Double(self.columns), height = Double(self.rows)
        var sx = 1.0, sy = 0.5
        if viewport.width > 0 && viewport.height > 0 && viewport.width.isFinite && viewport.height.isFinite {
            sx = width / viewport.width
            sy = sx / 2
            if viewport.height * sy > height {
                sy = height / viewport.height
                sx = 2 * sy
            }
        }
        scaleX = sx * self.zoom
        scaleY = sy * self.zoom
        marginX = ((width - viewport.width * scaleX) / 2).rounded(.down)
        marginY = ((height - viewport.height * scaleY) / 2).rounded(.down)
    }

    /// The content area the canvas shows.
    public var window: ViewRect {
        ViewRect(x: viewport.x - marginX / scaleX, y: viewport.y - marginY / scaleY,
                 width: Double(columns) / scaleX, height: Double(rows) / scaleY)
    }

    /// Whether the canvas shows content beyond the viewport (zoomed out past the fit).
    public var showsContext: Bool { zoom < 1 }

    /// The cells a rectangle covers: first and last column and row, inclusive. They may lie off
    /// the canvas; they are clamped to just outside it, so a huge or non-finite frame is safe.
    public func cells(_ r: ViewRect) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        func cell(_ v: Double, _ limit: Int) -> Int { v.isNaN ? -2 : Int(Swift.min(Swift.max(v, -2), Double(limit + 1))) }
        let x0 = cell(((r.x - viewport.x) * scaleX + marginX).rounded(.down), columns)
        let x1 = cell(((r.maxX - viewport.x) * scaleX + marginX).rounded(.up), columns) - 1
        let y0 = cell(((r.y - viewport.y) * scaleY + marginY).rounded(.down), rows)
        let y1 = cell(((r.maxY - viewport.y) * scaleY + marginY).rounded(.up), rows) - 1
        return (x0, y0, max(x0, x1), max(y0, y1))
    }

    /// The content point at the centre of a cell.
    public func contentPoint(column: Int, row: Int) -> (x: Double, y: Double) {
        (viewport.x + (Double(column) + 0.5 - marginX) / scaleX, viewport.y + (Double(row) + 0.5 - marginY) / scaleY)
    }

    /// The same point in viewport coordinates (what `beginDrag` and `dragTo` take).
    public func viewportPoint(column: Int, row: Int) -> (x: Double, y: Double) {
        let p = contentPoint(column: column, row: row)
        return (p.x - viewport.x, p.y - viewport.y)
    }
}
