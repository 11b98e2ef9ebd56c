/// A grid: configuration, data source, the current layout and the viewport onto it.
/// Not thread-safe: use one grid from one thread at a time (distinct grids are independent).
public final class Grid {
    /// Takes effect at the next `reload()`.
    public var configuration: GridConfiguration
    public var dataSource: (any GridDataSource)?
    /// The last layout that succeeded.
    public private(set) var layout: ContentLayout
    /// The viewport's origin in content coordinates, kept within the content.
    public private(set) var contentOffset = Point.zero

    public init(configuration: GridConfiguration = GridConfiguration(), dataSource: (any GridDataSource)? = nil) {
        self.configuration = configuration
        self.dataSource = dataSource
        layout = ContentLayout(configuration: configuration)
    }

    /// Lays out everything again. On error the previous layout and offset stay, whole.
    public func reload() throws(GridError) {
        guard let dataSource else { throw .noDataSource }
        layout = try ContentLayout(configuration: configuration, dataSource: dataSource)
        contentOffset = clamped(contentOffset)
    }

    public var contentSize: Size { layout.contentSize }

    /// The viewport in content coordinates (its size is the one the current layout was made with).
    public var viewport: Rect {
        let size = layout.configuration.viewport
        return Rect(x: contentOffset.x, y: contentOffset.y, width: size.width, height: size.height)
    }

    /// The elements the viewport shows (positive-area overlap), in `ContentLayout.elements(in:)` order.
    public func visibleElements() -> [GridElement] { layout.elements(in: viewport) }

    public func elements(in rect: Rect) -> [GridElement] { layout.elements(in: rect) }
    public func frame(of path: GridIndexPath) throws(GridError) -> Rect { try layout.frame(of: path) }
    public func headerFrame(inSection section: Int) throws(GridError) -> Rect? { try layout.headerFrame(inSection: section) }
    public var loaderFrame: Rect? { layout.loaderFrame }
    public func indexPath(at point: Point) -> GridIndexPath? { layout.indexPath(at: point) }

    /// Moves the viewport to `offset`, clamped on each axis to [0, max(0, content − viewport)].
    /// ±infinity clamps to the ends; NaN is an error and leaves the offset as it was.
    public func scroll(to offset: Point) throws(GridError) {
        guard !offset.x.isNaN && !offset.y.isNaN else { throw .invalidOffset(offset) }
        contentOffset = clamped(offset)
    }

    /// Moves the viewport by (dx, dy), clamped as `scroll(to:)`.
    public func scroll(by dx: Double, _ dy: Double) throws(GridError) {
        guard !dx.isNaN && !dy.isNaN else { throw .invalidOffset(Point(x: dx, y: dy)) }
        try scroll(to: Point(x: contentOffset.x + dx, y: contentOffset.y + dy))
    }

    /// The largest offset on each axis.
    public var maxOffset: Point {
        let content = layout.contentSize, size = layout.configuration.viewport
        return Point(x: Swift.max(0, content.width - size.width), y: Swift.max(0, content.height - size.height))
    }

    private func clamped(_ p: Point) -> Point {
        let limit = maxOffset
        return Point(x: Swift.min(Swift.max(p.x, 0), limit.x), y: Swift.min(Swift.max(p.y, 0), limit.y))
    }
}
