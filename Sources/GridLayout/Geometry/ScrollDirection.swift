/// The scroll axis S: y for `vertical`, x for `horizontal`. The cross axis C is the other one.
public enum ScrollDirection: String, CaseIterable, Sendable {
    case vertical
    case horizontal
}
