/// Every knob of a grid in one value. A change takes effect at the next reload.
/// The option names used by `set(_:to:)` are the Lua keys of docs/lua.md.
public struct GridConfiguration: Hashable, Sendable {
    /// The layout algorithm (`layout`).
    public var layout: LayoutKind = .lanes
    /// The scroll axis (`direction`).
    public var direction: ScrollDirection = .vertical
    /// The viewport's size (`width`, `height`).
    public var viewport = Size(width: 320, height: 480)
    /// Distance between the content's edges and its items (`padding`).
    public var padding = Insets.zero
    /// Space around each section's items, inside its header and footer, when it has items
    /// (`inset`; a section's `section(s).inset` overrides it).
    public var inset = Insets.zero
    /// Distance along S between consecutive items of a lane or column, lines, rows, a header and
    /// its items, sections, and the last section and the loader (`lineSpacing`).
    public var lineSpacing: Double = 0
    /// Distance along C between lanes, columns and the items of a line or row (`itemSpacing`).
    public var itemSpacing: Double = 0
    /// Both spacings (`spacing`): setting it sets both; reading it gives their value when they are
    /// equal, NaN when they are not.
    public var spacing: Double {
        get { lineSpacing == itemSpacing ? lineSpacing : .nan }
        set {
            lineSpacing = newValue
            itemSpacing = newValue
        }
    }
    /// Lanes per section for `lanes`, unless the data source says otherwise (`lanes`).
    public var lanes = 1
    /// Columns for `waterfall` (`columns`).
    public var columns = 2
    /// Adaptive lanes and columns (`minColumnWidth`; 0, the default, is off): a lanes or waterfall
    /// section has as many lanes or columns as fit at least this wide, max(1, ⌊(R + itemSpacing) /
    /// (minColumnWidth + itemSpacing)⌋) for R its items' C range (at most `GridLimits.maxLanes`),
    /// instead of `lanes`, `columns` or the data source's lanes. A plain number, 0 off, so that every
    /// face reads it back as it writes it, as `scale`.
    public var minColumnWidth: Double = 0
    /// Column choice for `waterfall` (`order`).
    public var order = WaterfallOrder.shortest
    /// Target row thickness for `justified` (`rowHeight`).
    public var rowHeight: Double = 100
    /// How far a justified row may stray from `rowHeight`, as a fraction (`tolerance`).
    public var tolerance: Double = 0.25
    /// The last, incomplete justified row (`widow`).
    public var widow = WidowStyle.left
    /// Justified breakout rows (`breakoutCadence`; 0, the default, is off): every n-th row of a
    /// justified section is its first item alone, the whole row wide, when that item's aspect
    /// ratio is at least 1 (flickr/justified-layout's `fullWidthBreakoutRowCadence`).
    ///
    /// - Complexity: O(1) more per row of a justified section when set, nothing when 0: a justified
    ///   layout stays linear in its items.
    public var breakoutCadence = 0
    /// How a flow line shares its free C space among its items (`justify`; a section's
    /// `section(s).justify` overrides it).
    public var justify = FlowJustification.start
    /// Where a flow item sits along S inside its line (`alignItems`; a section's
    /// `section(s).alignItems` overrides it).
    public var alignItems = FlowItemAlignment.start
    /// The loader's size, when the data source shows it (`loaderSize`).
    public var loaderSize = Size(width: 44, height: 44)
    /// Whether the current section's header stays at the viewport's leading edge (`stickyHeaders`).
    public var stickyHeaders = false
    /// Whether a visible section's footer stays at the viewport's trailing edge while its own place
    /// is past it (`stickyFooters`).
    public var stickyFooters = false
    /// Whether each section with elements has a background element beneath them (`background`;
    /// a section key too): see `ContentLayout.backgroundFrame(inSection:)`.
    public var background = false
    /// Whether sections scroll with the grid or sideways, each by its own offset (`scroll`; a
    /// section key too): see `Grid.scrollSection(_:to:)`.
    public var scroll = SectionScroll.main
    /// Where a sideways-scrolling section's offset snaps (`sectionPaging`; a section key too).
    public var sectionPaging = SectionPaging.none
    /// Whether scrolling snaps to pages of one viewport extent (`paging`).
    public var paging = false
    /// With paging, equal-size lanes fill each lane with consecutive items (`pagingInverseOrder`).
    public var pagingInverseOrder = false
    /// How far beyond the viewport, on both sides along S, items count as loaded (`overscan`).
    public var overscan: Double = 0
    /// How long an insert, removal, move or drag re-flow takes, in seconds; 0 makes them instant
    /// (`animationDuration`). A removal takes it twice: fade out, then slide.
    public var animationDuration: Double = 0.2
    /// Whether items can be dragged to reorder them (`sort`).
    public var sort = false
    /// How much nearer (in points) another slot's centre must be than the current target's before a
    /// drag retargets to it, so that the target does not flicker between two slots (`dragHysteresis`).
    public var dragHysteresis: Double = 10
    /// How near the viewport's leading or trailing edge (along S) the drag point starts auto-scrolling
    /// (`autoScrollMargin`).
    public var autoScrollMargin: Double = 40
    /// The auto-scroll speed with the drag point at (or past) the viewport's edge, in points per
    /// second; it falls linearly to 0 at `autoScrollMargin` from the edge (`autoScrollSpeed`).
    public var autoScrollSpeed: Double = 600
    /// The most views a host's reuse pool keeps (`ViewRecycler.poolLimit`); views queued beyond it
    /// are released, oldest first, so that a `view` callback that never dequeues cannot grow the
    /// pool without bound (`maxPooledViews`).
    public var maxPooledViews = 256
    /// Right to left (`rtl`): every frame is mirrored along x after layout, x' = content width −
    /// x − w; offsets keep their meaning, and queries, scrolling and drags use the mirrored frames.
    public var rtl = false
    /// Device pixels per point (`scale`; 0, the default, is off): every reported frame's edges are
    /// rounded to the nearest multiple of 1/scale (half away from zero), after `rtl`, and the
    /// content size is rounded up to one.
    public var scale: Double = 0
    /// The size an item is taken to have until its size is asked for (`estimatedSize`; 0×0, the
    /// default, is off). When set, a reload asks item sizes only as far as the viewport (and what
    /// later calls) need: the frontier (docs/layout.md, "Sizes learnt late"). An optional size as a
    /// plain size, so that every face takes it like `loaderSize`: 0×0 is the one value that is off.
    public var estimatedSize = Size(width: 0, height: 0)
    /// What stays still when something before the viewport changes (`anchor`): the first element
    /// the viewport shows (`.item`, the default) or the offset (`.offset`).
    public var anchor = AnchorMode.item
    /// Whether a viewport at the content's S end stays at the end when the content changes (`followEnd`).
    public var followEnd = false
    /// Where a `reload()` of a grid at offset 0 opens it (`startAt`): `.end` scrolls to the content's end.
    public var startAt = StartPosition.start
    /// Where justified rows break (`rows`): flickr's greedy rule (the default), or the breaks that
    /// keep the rows nearest `rowHeight` over the whole section (`.optimal`).
    public var rows = RowBreaking.greedy

    /// Whether `estimatedSize` is set (not 0×0).
    public var isLazy: Bool { estimatedSize.width != 0 || estimatedSize.height != 0 }

    /// Whether a reload lays out lazily: `estimatedSize` is set, and the frames are not mirrored
    /// along the scroll axis (`rtl` in a horizontal grid mirrors S about the content's width, which
    /// only the whole layout knows: there `estimatedSize` has no effect).
    var laysOutLazily: Bool { isLazy && !(rtl && direction == .horizontal) }

    public init() {}

    /// Checks every value against its option's kind and range (`GridConfiguration.options`);
    /// throws `GridError.invalidOption` naming the first bad one.
    ///
    /// - Complexity: O(o), o the options of `GridConfiguration.options` (a fixed table): every reload pays it once.
    public func validate() throws(GridError) {
        // Every reload validates: numbers are tested as numbers (making an `OptionValue` of each
        // would cost more than the tests); the message comes from `checked`. A typed
        // configuration cannot hold a bad choice or flag.
        for option in Self.options {
            if let numeric = option.numeric {
                if !option.accepts(numeric(self)) { _ = try option.checked(option.read(self)) }
            } else {
                switch option.kind {
                case .insets, .size: _ = try option.checked(option.read(self))
                default: continue
                }
            }
        }
        // An estimate must take room along S, or the frontier could never get past an estimate.
        if isLazy && AxisMap(direction: direction).axisSize(estimatedSize).s <= 0 {
            throw .invalidOption(name: "estimatedSize", value: estimatedSize.description,
                                 expected: "a size > 0 along the scroll axis, or 0x0 (off)")
        }
    }
}
