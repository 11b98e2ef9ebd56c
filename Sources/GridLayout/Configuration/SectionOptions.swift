/// One section's overrides of the grid's options (`section(s)` in docs/layout.md, "Composition"):
/// name-value pairs in the options' own names, checked exactly as `GridConfiguration.set` checks
/// them. A key not given takes the grid's option.
public struct SectionOptions: Hashable, Sendable {
    public var entries: [Entry]

    public struct Entry: Hashable, Sendable {
        public var name: String
        public var value: OptionValue

        public init(_ name: String, _ value: OptionValue) {
            self.name = name
            self.value = value
        }
    }

    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }


    /// The grid's configuration with these overrides applied, in order. Throws
    /// `GridError.invalidSectionOption` naming the section, the key and the value.
    func applied(to configuration: GridConfiguration, section: Int) throws(GridError) -> GridConfiguration {
        var copy = configuration
        for entry in entries {
            guard Self.keys.contains(entry.name), let option = GridConfiguration.option(named: entry.name) else {
                throw .invalidSectionOption(section: section, key: entry.name, value: entry.value.description,
                                            expected: "a section option")
            }
            do {
                option.write(&copy, try option.checked(entry.value))
            } catch {
                guard case let .invalidOption(_, value, expected) = error else { throw error }
                throw .invalidSectionOption(section: section, key: entry.name, value: value, expected: expected)
            }
        }
        return copy
    }
}

/// A section's layout options, resolved: the grid's, with the section's overrides.
struct SectionStyle: Sendable {
    var layout: LayoutKind
    var lanes: Int
    var columns: Int
    var order: WaterfallOrder
    var rowHeight: Double
    var tolerance: Double
    var widow: WidowStyle
    var rows: RowBreaking
    /// Whether the section has a background element (read by the queries, not the layouts).
    var background: Bool
    /// Whether the section's items scroll sideways (`CrossLayout`), and where its offset snaps.
    var scroll: SectionScroll
    var sectionPaging: SectionPaging
    /// Grid-wide (not a section key): every section takes the grid's.
    var breakoutCadence: Int
    var justify: FlowJustification
    var alignItems: FlowItemAlignment
    var lineSpacing: Double
    var itemSpacing: Double
    /// The section inset in S/C terms.
    var inset: (sStart: Double, sEnd: Double, cStart: Double, cEnd: Double)
    /// Whether `section(s)` gave `lanes`: then the data source's `lanes(inSection:)` is not asked.
    var lanesGiven: Bool
    /// Whether the section has options of its own (errors about its layout then name it).
    var overridden = false

    init(_ c: GridConfiguration, axes: AxisMap, lanesGiven: Bool = false) {
        layout = c.layout
        lanes = c.lanes
        columns = c.columns
        order = c.order
        rowHeight = c.rowHeight
        tolerance = c.tolerance
        widow = c.widow
        rows = c.rows
        background = c.background
        scroll = c.scroll
        sectionPaging = c.sectionPaging
        breakoutCadence = c.breakoutCadence
        justify = c.justify
        alignItems = c.alignItems
        lineSpacing = c.lineSpacing
        itemSpacing = c.itemSpacing
        inset = axes.padding(c.inset)
        self.lanesGiven = lanesGiven
        if c.minColumnWidth > 0 {
            // Adaptive: the count that fits wins over lanes, columns and the data source's lanes.
            let padding = axes.padding(c.padding)
            let range = axes.axisSize(c.viewport).c - padding.cStart - padding.cEnd - inset.cStart - inset.cEnd
            let count = Self.adaptiveCount(range: range, minColumnWidth: c.minColumnWidth, itemSpacing: itemSpacing)
            lanes = count
            columns = count
            self.lanesGiven = true
        }
    }

    /// How many lanes or columns of at least `minColumnWidth` fit across `range` with
    /// `itemSpacing` between them: max(1, ⌊(range + itemSpacing) / (minColumnWidth + itemSpacing)⌋),
    /// at most `GridLimits.maxLanes` (CSS `repeat(auto-fill, minmax(m, 1fr))`).
    static func adaptiveCount(range: Double, minColumnWidth: Double, itemSpacing: Double) -> Int {
        let fit = ((range + itemSpacing) / (minColumnWidth + itemSpacing)).rounded(.down)
        guard fit >= 1 else { return 1 }  // NaN too: a range of no room keeps one lane
        return fit >= Double(GridLimits.maxLanes) ? GridLimits.maxLanes : Int(fit)
    }
}

extension SectionStyle {
    /// The style of a section without elements: never read (it has nothing to lay out).
    static let unused = SectionStyle(GridConfiguration(), axes: AxisMap(direction: .vertical))
}
