/// "Did you mean": the known name nearest a misspelt one, for every face's messages about unknown
/// option names, method names and option values (one rule, so the faces suggest alike).
public enum Suggestion {
    /// Names people reach for that the grid calls otherwise (the README says "masonry").
    public static let synonyms: [String: String] = ["masonry": "waterfall"]

    /// The candidate nearest `name`: a synonym's target, else the one at the smallest edit
    /// distance (letters compared without case; a swap of neighbours counts 1), if that is at
    /// most a third of the longer name (at least 1, at most 3) and no other candidate ties it.
    public static func nearest(_ name: String, among candidates: [String]) -> String? {
        if let target = synonyms[name.lowercased()], candidates.contains(target) { return target }
        let a = Array(name.lowercased().unicodeScalars)
        guard !a.isEmpty, a.count <= 64 else { return nil }
        var best: (name: String, distance: Int)?
        var tie = false
        for candidate in candidates where candidate != name {
            let b = Array(candidate.lowercased().unicodeScalars)
            let limit = min(3, max(1, max(a.count, b.count) / 3))
            guard abs(a.count - b.count) <= limit else { continue }
            let d = distance(a, b)
            guard d <= limit else { continue }
            if best == nil || d < best!.distance {
                best = (candidate, d)
                tie = false
            } else if d == best!.distance {
                tie = true
            }
        }
        return tie ? nil : best?.name
    }

    /// " (did you mean 'NAME'?)" for the nearest candidate, or "".
    public static func didYouMean(_ name: String, among candidates: [String]) -> String {
        nearest(name, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// neighbours each cost 1.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, before[j - 2] + 1) }
                current[j] = d
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
