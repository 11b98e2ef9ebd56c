/// Bounds a host may set on the work of one layout operation (a reload, `reloadNew`,
/// `reloadSection`, the relayout of a mutation or a resize): the bytes its frame storage may take,
/// and a way to stop it part way. A data source hands it to the engine (`GridDataSource.budget`);
/// without one nothing is bounded. The engine knows nothing of the host: a scripting host uses it
/// to make its memory cap and its timeout cover the engine's own loops and allocations.
public struct GridBudget {
    /// The most bytes the operation may reserve for stored frames (nil: unbounded). Checked
    /// before each section's storage is allocated, against the worst case per item.
    public var maxBytes: Int?
    /// How the limit reads in an error message (for example "--max-memory 16M").
    public var limitName: String
    /// Asked about every `GridBudget.interval` items laid out (and once per section): a reason
    /// (the message of the `GridError.interrupted` the operation then throws, changing nothing),
    /// or nil to go on. The engine counts items between two asks, so the check can be a clock.
    public var shouldStop: (() -> String?)?

    public init(maxBytes: Int? = nil, limitName: String = "the memory budget", shouldStop: (() -> String?)? = nil) {
        self.maxBytes = maxBytes
        self.limitName = limitName
        self.shouldStop = shouldStop
    }

    /// Items (or sections) between two calls of `shouldStop`.
    public static let interval = 4096

    /// The most bytes a stored frame and its share of the store's index take (wide frames; FrameStore).
    static let worstBytesPerItem = 33
}

/// The running account of one operation against its budget (held by `LayoutBuilder`; a class, so
/// that the builder's non-mutating steps can count too).
final class BudgetMeter {
    let budget: GridBudget?
    /// Bytes reserved for stored frames so far.
    private(set) var reserved = 0
    /// Items until the next `shouldStop` call.
    private var countdown = GridBudget.interval

    init(_ budget: GridBudget?) { self.budget = budget }

    /// Counts `units` of work (items placed, sections started); asks `shouldStop` once they pass the interval.
    @inline(__always)
    func tick(_ units: Int) throws(GridError) {
        countdown -= units
        if countdown <= 0 { try ask() }
    }

    private func ask() throws(GridError) {
        countdown = GridBudget.interval
        if let stop = budget?.shouldStop, let reason = stop() { throw .interrupted(reason) }
    }

    /// Accounts for the storage of `items` stored frames of `section` (room for `capacity`)
    /// before it is allocated.
    func reserve(items: Int, capacity: Int, section: Int) throws(GridError) {
        guard let budget, let limit = budget.maxBytes else { return }
        let (bytes, overflow) = capacity.multipliedReportingOverflow(by: GridBudget.worstBytesPerItem)
        let total = overflow ? Int.max : reserved.addingReportingOverflow(bytes).partialValue
        guard !overflow, total >= reserved, total <= limit else {
            throw .overBudget(at: .section(section), items: items, bytes: overflow ? Int.max : bytes,
                              available: Swift.max(0, limit - reserved), limit: budget.limitName)
        }
        reserved = total
    }
}
