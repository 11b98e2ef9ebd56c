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
        breakoutCadence = c.breakoutCadence
        justify = c.justify
        alignItems = c.alignItems
        lineSpacing = c.lineSpacing
        itemSpacing = c.itemSpacing
        inset = axes.padding(c.inset)
        self.lanesGiven = lanesGiven
    }
}

extension SectionStyle {
    /// The style of a section without elements: never read (it has nothing to lay out).
    static let unused = SectionStyle(GridConfiguration(), axes: AxisMap(direction: .vertical))
}
