/// How numbers read in the view: whole numbers without a fraction, others to two decimals.
public enum ViewFormat {
    public static func number(_ v: Double) -> String {
        guard v.isFinite else { return String(v) }
        let rounded = (v * 100).rounded() / 100
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }

    /// A duration in seconds as milliseconds, e.g. `0.42 ms`, `12.5 ms`, `1500 ms`.
    public static func milliseconds(_ seconds: Double) -> String {
        let ms = seconds * 1000
        if ms >= 100 { return "\(Int(ms.rounded())) ms" }
        if ms >= 10 { return "\((ms * 10).rounded() / 10) ms" }
        return "\((ms * 100).rounded() / 100) ms"
    }
}
