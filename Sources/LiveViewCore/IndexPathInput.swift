/// The index path typed after `g`: `section.item` (or `section item`, `section,item`), counted
/// from 1 as in Lua; a lone number is an item of section 1.
public enum IndexPathInput {
    /// The index path, or nil when the text is not one.
    public static func parse(_ text: String) -> (section: Int, item: Int)? {
        let separators: Set<Character> = [".", ",", " "]
        let parts = text.split(whereSeparator: { separators.contains($0) })
        guard (1...2).contains(parts.count), text.allSatisfy({ $0.isASCII && ($0.isNumber || separators.contains($0)) }) else {
            return nil
        }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count else { return nil }
        return numbers.count == 1 ? (1, numbers[0]) : (numbers[0], numbers[1])
    }

    /// Whether a typed character may be part of an index path.
    public static func accepts(_ c: Character) -> Bool {
        c.isASCII && (c.isNumber || c == "." || c == "," || c == " ")
    }
}
