/// What the page draws, as JSON (GET /api/state and every POST's answer): the engine's answer for
/// the current viewport.
public struct ServeState: Encodable, Equatable, Sendable {
    public struct Size: Encodable, Equatable, Sendable {
        public var width: Double
        public var height: Double
        public init(width: Double, height: Double) { self.width = width; self.height = height }
    }

    public struct Point: Encodable, Equatable, Sendable {
        public var x: Double
        public var y: Double
        public init(x: Double, y: Double) { self.x = x; self.y = y }
    }

    /// The script, for the page's title.
    public var script: String
    /// Counts the script's runs: a new one is a new grid.
    public var generation: Int
    public var content: Size
    public var offset: Point
    public var viewport: Size
    public var direction: String
    /// The grid's layout (`layout`, the option), and every layout the engine has: the switcher's
    /// choices, from the engine's own list.
    public var layout: String = LayoutRequest.names[0]
    public var layouts: [String] = LayoutRequest.names
    public var sort: Bool
    public var stickyHeaders: Bool
    public var overscan: Double
    public var animating: Bool
    /// Whether the grid's delegate has a `tick`: the server calls it every frame, so the page
    /// follows as often as during an animation.
    public var ticking: Bool = false
    /// The drag in progress: where the item is in the data, and its target slot.
    public var dragging: ServeMove?
    /// `visible()`: the elements overlapping the viewport (with the overscan), in its order.
    public var elements: [ServeElement]
    /// The sections of those elements that scroll sideways, with their offsets, in section order.
    public var sideways: [ServeSectionOffset] = []
    /// Whether the grid comes from the playground's editor (POST /api/script), not the file.
    public var edited: Bool = false
    /// The last failure of a script run or of the server's own grid calls.
    public var error: String?
    /// After a drag's "begin": the item picked up (null: none there, or `canMove` said no).
    public var picked: ServeIndexPath??
    /// After a drag's "end": where the item went, when it moved.
    public var moved: ServeMove?
    /// After /api/neighbor: the item the focus moved to (null: none that way, an edge).
    public var neighbor: ServeIndexPath??
    /// After /api/scrollSection: the section and the offset the engine gave it (snapped, clamped).
    public var scrolled: ServeSectionOffset?

    public init(script: String, generation: Int, content: Size, offset: Point, viewport: Size,
                direction: String, sort: Bool, stickyHeaders: Bool, overscan: Double, animating: Bool,
                dragging: ServeMove?, elements: [ServeElement], error: String?) {
        self.script = script
        self.generation = generation
        self.content = content
        self.offset = offset
        self.viewport = viewport
        self.direction = direction
        self.sort = sort
        self.stickyHeaders = stickyHeaders
        self.overscan = overscan
        self.animating = animating
        self.dragging = dragging
        self.elements = elements
        self.error = error
    }

    enum CodingKeys: String, CodingKey {
        case script, generation, content, offset, viewport, direction, layout, layouts, sort, stickyHeaders, overscan
        case animating, ticking, dragging, elements, sideways, edited, error, picked, moved, neighbor, scrolled
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(script, forKey: .script)
        try c.encode(generation, forKey: .generation)
        try c.encode(content, forKey: .content)
        try c.encode(offset, forKey: .offset)
        try c.encode(viewport, forKey: .viewport)
        try c.encode(direction, forKey: .direction)
        try c.encode(layout, forKey: .layout)
        try c.encode(layouts, forKey: .layouts)
        try c.encode(sort, forKey: .sort)
        try c.encode(stickyHeaders, forKey: .stickyHeaders)
        try c.encode(overscan, forKey: .overscan)
        try c.encode(animating, forKey: .animating)
        try c.encode(ticking, forKey: .ticking)
        try c.encode(dragging, forKey: .dragging)  // null when none
        try c.encode(elements, forKey: .elements)
        try c.encode(sideways, forKey: .sideways)
        try c.encode(edited, forKey: .edited)
        try c.encode(error, forKey: .error)
        if let picked { try c.encode(picked, forKey: .picked) }  // only after "begin"; null inside
        try c.encodeIfPresent(moved, forKey: .moved)
        if let neighbor { try c.encode(neighbor, forKey: .neighbor) }  // only after /api/neighbor; null inside
        try c.encodeIfPresent(scrolled, forKey: .scrolled)
    }
}
