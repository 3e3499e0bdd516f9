/// Aligned `label  value` lines and column tables for people.
enum TextTable {
    /// `  label       value` lines, labels padded to the longest.
    static func fields(_ rows: [(String, String)], indent: Int = 2) -> String {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { label, value in
            String(repeating: " ", count: indent) + label + String(repeating: " ", count: width - label.count + 2)
                + value
        }.joined(separator: "\n")
    }

    /// Columns separated by two spaces, each padded to its widest cell; the first row is the header.
    static func columns(_ rows: [[String]]) -> String {
        guard let first = rows.first else { return "" }
        let widths = first.indices.map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
