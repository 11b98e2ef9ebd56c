import GridLayout

/// A random grid whose items fit its lines, so that "no overlap" and "inside the content" hold:
/// lanes get one C size per section and only as many lanes as fit; flow items are no longer than a
/// line. Sizes are integers (or halves), so that every sum is exact.
public struct RandomGrid {
    public var configuration: GridConfiguration
    public var data: ArrayDataSource

    public init(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        func length(_ range: ClosedRange<Int>) -> Double { Double(int(range)) }

        var config = GridConfiguration()
        config.layout = LayoutKind.allCases[int(0...3)]
        config.direction = ScrollDirection.allCases[int(0...1)]
        config.viewport = Size(width: length(200...400), height: length(200...400))
        config.padding = Insets(top: length(0...12), left: length(0...12), bottom: length(0...12), right: length(0...12))
        config.spacing = length(0...10)
        // Options added later draw from a stream of their own, so that every grid drawn before
        // they existed stays as it was whenever they are left off (half the seeds).
        var later = SplitMix64(seed: seed ^ 0x5EED_0017)
        if Int.random(in: 0...1, using: &later) == 1 {
            config.lineSpacing = Double(Int.random(in: 0...12, using: &later))
            config.itemSpacing = Double(Int.random(in: 0...12, using: &later))
            config.rtl = Bool.random(using: &later)
            config.scale = [0, 2, 3][Int.random(in: 0...2, using: &later)]
        }
        config.columns = int(1...4)
        config.order = WaterfallOrder.allCases[int(0...2)]
        config.rowHeight = length(40...120)
        config.tolerance = Double(int(0...4)) / 8
        config.widow = WidowStyle.allCases[int(0...2)]
        // Justified breakout rows from a stream of their own too, for a third of the seeds.
        var breakouts = SplitMix64(seed: seed ^ 0xB4EA_C0DE)
        if Int.random(in: 0...2, using: &breakouts) == 0 {
            config.breakoutCadence = Int.random(in: 1...4, using: &breakouts)
        }
        // Optimal justified rows from a stream of their own too, for a third of the seeds.
        var optimalRows = SplitMix64(seed: seed ^ 0x0097_1A15)
        if Int.random(in: 0...2, using: &optimalRows) == 0 { config.rows = .optimal }
        config.loaderSize = Size(width: length(10...60), height: length(10...60))
        // Flow alignment from a stream of its own, for half the seeds (and half their sections
        // with options of their own).
        var alignment = SplitMix64(seed: seed ^ 0xA11_6E5)
        let aligned = Int.random(in: 0...1, using: &alignment) == 1
        if aligned {
            config.justify = FlowJustification.allCases.randomElement(using: &alignment)!
            config.alignItems = FlowItemAlignment.allCases.randomElement(using: &alignment)!
        }

        let vertical = config.direction == .vertical
        let pad = vertical ? (config.padding.left, config.padding.right) : (config.padding.top, config.padding.bottom)
        let lineLength = (vertical ? config.viewport.width : config.viewport.height) - pad.0 - pad.1
        func itemSize(s: Double, c: Double) -> Size { vertical ? Size(width: c, height: s) : Size(width: s, height: c) }

        // Composition (sections of their own layout, insets, footers, spans) from a stream of its
        // own too, for half the seeds.
        var comp = SplitMix64(seed: seed ^ 0xC0_3051_7105)
        let composed = Int.random(in: 0...1, using: &comp) == 1
        func cint(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &comp) }
        // Adaptive lanes and columns (`minColumnWidth` as a section key) from a stream of its own,
        // for a third of the sections: a lanes section's minimum is its items' C size, so that the
        // lanes that fit hold them side by side.
        var adaptive = SplitMix64(seed: seed ^ 0xAD_A971_7E)
        // Section backgrounds from a stream of their own: the grid's option for a third of the
        // seeds, and a section key (on or off) for a quarter of the sections.
        var backgrounds = SplitMix64(seed: seed ^ 0xBAC_6C0D)
        config.background = Int.random(in: 0...2, using: &backgrounds) == 0
        var sections: [ArrayDataSource.Section] = []
        for _ in 0..<int(0...4) {
            let count = int(0...1) == 0 ? int(0...3) : int(4...70)
            let header = int(0...2) == 0 ? nil : itemSize(s: length(0...40), c: length(0...400))
            var sizes: [Size] = []
            var lanes: Int?
            var layout = config.layout
            var itemSpacing = config.itemSpacing
            var inset = Insets.zero
            var options: SectionOptions?
            if composed && cint(0...2) > 0 {
                layout = LayoutKind.allCases[cint(0...3)]
                itemSpacing = Double(cint(0...8))
                inset = Insets(top: Double(cint(0...10)), left: Double(cint(0...10)), bottom: Double(cint(0...10)), right: Double(cint(0...10)))
                options = SectionOptions([.init("layout", .string(layout.rawValue)), .init("itemSpacing", .number(itemSpacing)),
                                          .init("lineSpacing", .number(Double(cint(0...8)))), .init("inset", .insets(inset)),
                                          .init("columns", .number(Double(cint(1...4))))])
            }
            if aligned && options != nil && Int.random(in: 0...1, using: &alignment) == 1 {
                options!.entries += [.init("justify", .string(FlowJustification.allCases.randomElement(using: &alignment)!.rawValue)),
                                     .init("alignItems", .string(FlowItemAlignment.allCases.randomElement(using: &alignment)!.rawValue))]
            }
            let sectionLine = lineLength - (vertical ? inset.left + inset.right : inset.top + inset.bottom)
            var spans: [ItemSpan?]?
            var spanLanes = 1
            switch layout {
            case .lanes:
                let c = length(10...40)
                let fit = max(1, Int((sectionLine + itemSpacing) / (c + itemSpacing)))
                lanes = int(1...min(fit, 5))
                spanLanes = lanes!
                sizes = (0..<count).map { _ in itemSize(s: length(0...90), c: c) }
                if Int.random(in: 0...2, using: &adaptive) == 0 {
                    options = SectionOptions((options?.entries ?? []) + [.init("minColumnWidth", .number(c))])
                    spanLanes = fit
                }
            case .flow:
                sizes = (0..<count).map { _ in itemSize(s: length(0...90), c: length(0...Int(max(0, sectionLine)))) }
            case .waterfall:
                sizes = (0..<count).map { _ in itemSize(s: length(0...200), c: int(0...5) == 0 ? 0 : length(1...200)) }
                if Int.random(in: 0...2, using: &adaptive) == 0 {
                    let width = Double(Int.random(in: 20...150, using: &adaptive))
                    options = SectionOptions((options?.entries ?? []) + [.init("minColumnWidth", .number(width))])
                }
            case .justified:
                sizes = (0..<count).map { _ in itemSize(s: length(20...200), c: length(20...200)) }
            }
            if composed && cint(0...1) == 1 {
                spans = (0..<count).map { item in
                    switch cint(0...9) {
                    case 0: return .all
                    case 1, 2:
                        guard layout == .lanes || layout == .waterfall else { return nil }
                        let span = cint(1...4)
                        // A lanes item spanning k lanes is k lanes wide (it keeps its own size).
                        if layout == .lanes {
                            let k = min(span, spanLanes)
                            let c = vertical ? sizes[item].width : sizes[item].height
                            let wide = Double(k) * c + Double(k - 1) * itemSpacing
                            sizes[item] = vertical ? Size(width: wide, height: sizes[item].height) : Size(width: sizes[item].width, height: wide)
                        }
                        return .lanes(span)
                    default: return nil
                    }
                }
            }
            let footer = composed && cint(0...2) == 0 ? itemSize(s: Double(cint(0...30)), c: 5) : nil
            let backgroundKey = Int.random(in: 0...3, using: &backgrounds) == 0, background = Bool.random(using: &backgrounds)
            if backgroundKey { options = SectionOptions((options?.entries ?? []) + [.init("background", .bool(background))]) }
            sections.append(ArrayDataSource.Section(sizes: sizes, header: header, lanes: lanes, footer: footer,
                                                    spans: spans, options: options))
        }
        configuration = config
        data = ArrayDataSource(sections: sections, showLoader: int(0...1) == 1)
    }
}
