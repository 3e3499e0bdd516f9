/// Counts as people read them in the CLI's output and the daemon's logs: thousands separated (`9,980`) and the noun
/// agreeing with the number (`1 entry`, `2 entries`).
public enum CountText {
    /// `value` with a comma between thousands: `10,000`, `-1,234`, `999`.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index).isMultiple(of: 3) { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// `value` and the noun in the number it calls for: `1 entry`, `0 entries`, `10,000 entries`.
    /// - Parameters:
    ///   - value: the count.
    ///   - singular: the noun for exactly one (`entry`).
    ///   - plural: the noun for any other count (`entries`).
    public static func of(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(grouped(value)) \(value == 1 ? singular : plural)"
    }
}
