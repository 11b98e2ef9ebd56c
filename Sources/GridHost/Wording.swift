/// Counts in messages, singular or plural as English has them ("1 section", "0 sections",
/// "2.5 seconds"), for every face's own messages.
public enum Wording {
    /// "N noun" or "N nouns"; `plural` for the irregular ones.
    public static func counted(_ n: Int, _ noun: String, plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? noun : plural ?? noun + "s")
    }

    /// The same for a number already formatted (`text`): singular only for exactly "1".
    public static func counted(_ text: String, _ noun: String, plural: String? = nil) -> String {
        "\(text) " + (text == "1" ? noun : plural ?? noun + "s")
    }
}
