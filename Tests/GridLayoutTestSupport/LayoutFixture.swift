import GridLayout

/// One shared layout fixture (Tests/fixtures/layout/NAME.json; the format is in
/// Tests/fixtures/README.md). Decodable only: the Swift suites read the files with Foundation's
/// JSONDecoder, which this target does not import (gridfuzz links it too).
public struct LayoutFixture: Decodable, Sendable {
    public var description: String
    /// Option names and values as the vocabulary spells them (`rowHeight`, `stickyHeaders`).
    public var options: [String: Option]
    public var data: FixtureData
    public var contentSize: [Double]
    public var frames: Frames
    public var viewports: [Viewport]

    /// An option's value: a number, a string, a boolean, or a table of numbers (`padding`'s
    /// sides, `loaderSize`'s w and h).
    public enum Option: Decodable, Sendable {
        case bool(Bool)
        case number(Double)
        case string(String)
        case table([String: Double])

        public init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let b = try? c.decode(Bool.self) { self = .bool(b) }
            else if let n = try? c.decode(Double.self) { self = .number(n) }
            else if let s = try? c.decode(String.self) { self = .string(s) }
            else { self = .table(try c.decode([String: Double].self)) }
        }

        /// The value as `GridConfiguration.set(_:to:)` takes it.
        public func value(for name: String) -> OptionValue {
            switch self {
            case .bool(let b): return .bool(b)
            case .number(let n): return .number(n)
            case .string(let s): return .string(s)
            case .table(let t) where name == "loaderSize": return .size(Size(width: t["w"] ?? 0, height: t["h"] ?? 0))
            case .table(let t):
                return .insets(Insets(top: t["top"] ?? 0, left: t["left"] ?? 0, bottom: t["bottom"] ?? 0, right: t["right"] ?? 0))
            }
        }
    }

    public struct FixtureData: Decodable, Sendable {
        public var sections: [Section]
        public var showLoader: Bool?
        public var sameSize: Bool?
    }

    /// A section's items: `sizes`, or `count` items of `size`.
    public struct Section: Decodable, Sendable {
        public var sizes: [[Double]]?
        public var count: Int?
        public var size: [Double]?
        public var header: [Double]?
        public var lanes: Int?

        public var itemSizes: [Size] {
            if let sizes { return sizes.map { Size(width: $0[0], height: $0[1]) } }
            let one = Size(width: size?[0] ?? 0, height: size?[1] ?? 0)
            return Array(repeating: one, count: count ?? 0)
        }
    }

    public struct Frames: Decodable, Sendable {
        /// Per section, every item's [x, y, w, h].
        public var items: [[[Double]]]
        /// Per section, the header's frame or null.
        public var headers: [[Double]?]
        public var loader: [Double]?
    }

    public struct Viewport: Decodable, Sendable {
        public var offset: [Double]
        public var visible: [Element]
    }

    /// `[kind, section, item, x, y, w, h]`, then `true` for a pinned header.
    public struct Element: Decodable, Sendable, Equatable, CustomStringConvertible {
        public var kind: String
        public var section: Int?
        public var item: Int?
        public var frame: [Double]
        public var pinned: Bool

        public init(kind: String, section: Int?, item: Int?, frame: [Double], pinned: Bool) {
            self.kind = kind
            self.section = section
            self.item = item
            self.frame = frame
            self.pinned = pinned
        }

        public init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            kind = try c.decode(String.self)
            section = try c.decodeNil() ? nil : try c.decode(Int.self)
            item = try c.decodeNil() ? nil : try c.decode(Int.self)
            frame = try (0..<4).map { _ in try c.decode(Double.self) }
            pinned = c.isAtEnd ? false : try c.decode(Bool.self)
        }

        public var description: String {
            "\(kind) \(section.map(String.init) ?? "nil") \(item.map(String.init) ?? "nil") \(frame)\(pinned ? " pinned" : "")"
        }
    }

    /// The configuration the options give.
    public func configuration() throws -> GridConfiguration {
        var config = GridConfiguration()
        for (name, option) in options.sorted(by: { $0.key < $1.key }) { try config.set(name, to: option.value(for: name)) }
        return config
    }

    /// The data source the data gives.
    public var dataSource: FixtureDataSource {
        FixtureDataSource(sections: data.sections.map { ($0.itemSizes, $0.header.map { Size(width: $0[0], height: $0[1]) }, $0.lanes) },
                          showLoader: data.showLoader ?? false, sameSize: data.sameSize ?? false)
    }
}

/// A fixture's data: sizes per section (with `sameSize` the engine reads only item 0's), headers,
/// lanes per section, the loader.
public struct FixtureDataSource: GridDataSource, Sendable {
    public var sections: [(sizes: [Size], header: Size?, lanes: Int?)]
    public var showLoader: Bool
    public var sameSize: Bool

    public func numberOfSections() -> Int { sections.count }
    public func numberOfItems(inSection section: Int) -> Int { sections[section].sizes.count }
    public func sizeForItem(at path: GridIndexPath) -> Size { sections[path.section].sizes[path.item] }
    public func headerSize(inSection section: Int) -> Size? { sections[section].header }
    public func showsLoader() -> Bool { showLoader }
    public func itemsHaveSameSize() -> Bool { sameSize }
    public func lanes(inSection section: Int) -> Int? { sections[section].lanes }
}
