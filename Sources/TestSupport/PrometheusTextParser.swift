import Foundation

/// A strict reader of the Prometheus text exposition format (0.0.4), written from the format's description for
/// tests of the metrics file: it rejects what node_exporter's textfile collector would, and returns the samples.
public enum PrometheusTextParser {
    /// One sample line.
    public struct Sample: Sendable, Hashable {
        /// The metric name.
        public let name: String
        /// The labels, unescaped.
        public let labels: [String: String]
        /// The value.
        public let value: Double
    }

    /// A metric family as declared by its `# TYPE` line.
    public struct Family: Sendable, Hashable {
        /// The family's name.
        public let name: String
        /// `counter`, `gauge`, `histogram`, `summary` or `untyped`.
        public let type: String
        /// Its `# HELP` text, when given.
        public let help: String?
    }

    /// What a file holds.
    public struct Exposition: Sendable {
        /// Families by name.
        public let families: [String: Family]
        /// Samples, in file order.
        public let samples: [Sample]

        /// The value of the sample `name` whose labels include `labels`; nil when there is none.
        /// - Parameters:
        ///   - name: the metric name.
        ///   - labels: labels the sample must carry (others may be present).
        /// - Returns: the value.
        public func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
            samples.first { sample in
                sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value }
            }?.value
        }
    }

    /// Parses exposition text.
    /// - Parameter text: the file's content.
    /// - Returns: its families and samples.
    /// - Throws: ``TestSupportError`` naming the line for anything out of format: a bad name, label or value, a
    ///   `# TYPE` after its samples or given twice, a sample of an undeclared family (when any family is declared
    ///   in the file), a repeated series, a missing final newline.
    public static func parse(_ text: String) throws -> Exposition {
        guard text.isEmpty || text.hasSuffix("\n") else { throw TestSupportError("the text does not end with \\n") }
        var families: [String: Family] = [:]
        var helps: [String: String] = [:]
        var samples: [Sample] = []
        var seenSeries: Set<String> = []
        var sampledFamilies: Set<String> = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
            let number = index + 1
            func fail(_ message: String) -> TestSupportError { TestSupportError("line \(number): \(message): \(line)") }
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
                guard parts.count >= 3, parts[0] == "#", parts[1] == "HELP" || parts[1] == "TYPE" else { continue }
                let name = String(parts[2])
                guard isMetricName(name) else { throw fail("bad metric name") }
                let rest = parts.count > 3 ? String(parts[3]) : ""
                if parts[1] == "HELP" {
                    guard helps[name] == nil else { throw fail("second HELP") }
                    helps[name] = rest
                } else {
                    guard ["counter", "gauge", "histogram", "summary", "untyped"].contains(rest) else {
                        throw fail("unknown type")
                    }
                    guard families[name] == nil else { throw fail("second TYPE") }
                    guard !sampledFamilies.contains(name) else { throw fail("TYPE after the family's samples") }
                    families[name] = Family(name: name, type: rest, help: nil)
                }
                continue
            }
            let sample = try parseSample(Substring(line), fail: fail)
            let family = familyName(of: sample.name, in: families)
            guard families.isEmpty || families[family] != nil else { throw fail("sample of an undeclared family") }
            sampledFamilies.insert(family)
            let series =
                sample.name + sample.labels.sorted { $0.key < $1.key }.map { "|\($0.key)=\($0.value)" }.joined()
            guard seenSeries.insert(series).inserted else { throw fail("repeated series") }
            if families[family]?.type == "counter", sample.value < 0 { throw fail("negative counter") }
            samples.append(sample)
        }
        let described = Dictionary(
            uniqueKeysWithValues: families.map {
                ($0.key, Family(name: $0.key, type: $0.value.type, help: helps[$0.key]))
            })
        return Exposition(families: described, samples: samples)
    }

    private static func parseSample(
        _ line: Substring, fail: (String) -> TestSupportError
    ) throws -> Sample {
        var rest = line[...]
        let name = String(rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ":") })
        guard isMetricName(name) else { throw fail("bad metric name") }
        rest = rest.dropFirst(name.count)
        var labels: [String: String] = [:]
        if rest.first == "{" {
            rest = rest.dropFirst()
            while rest.first != "}" {
                let label = String(rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
                guard isLabelName(label) else { throw fail("bad label name") }
                rest = rest.dropFirst(label.count)
                guard rest.hasPrefix("=\"") else { throw fail("expected =\" after a label name") }
                rest = rest.dropFirst(2)
                var value = ""
                var closed = false
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if character == "\"" {
                        closed = true
                        break
                    }
                    if character == "\\" {
                        guard let escaped = rest.first else { break }
                        rest = rest.dropFirst()
                        switch escaped {
                        case "\\": value.append("\\")
                        case "\"": value.append("\"")
                        case "n": value.append("\n")
                        default: throw fail("bad escape \\\(escaped)")
                        }
                    } else {
                        value.append(character)
                    }
                }
                guard closed else { throw fail("unterminated label value") }
                guard labels.updateValue(value, forKey: label) == nil else { throw fail("repeated label") }
                if rest.first == "," {
                    rest = rest.dropFirst()
                } else if rest.first != "}" {
                    throw fail("expected , or }")
                }
            }
            rest = rest.dropFirst()
        }
        guard rest.first == " " else { throw fail("expected a space before the value") }
        let fields = rest.split(separator: " ")
        guard fields.count == 1 || fields.count == 2 else { throw fail("expected a value and an optional timestamp") }
        guard let value = parseValue(String(fields[0])) else { throw fail("bad value") }
        if fields.count == 2, Int64(fields[1]) == nil { throw fail("bad timestamp") }
        return Sample(name: name, labels: labels, value: value)
    }

    private static func parseValue(_ text: String) -> Double? {
        switch text {
        case "NaN": return .nan
        case "+Inf": return .infinity
        case "-Inf": return -.infinity
        default:
            guard text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else { return nil }
            return Double(text)
        }
    }

    /// A histogram's or summary's `_bucket`, `_sum`, `_count` samples belong to the family without the suffix.
    private static func familyName(of name: String, in families: [String: Family]) -> String {
        if families[name] != nil { return name }
        for suffix in ["_bucket", "_sum", "_count"] where name.hasSuffix(suffix) {
            let base = String(name.dropLast(suffix.count))
            if let family = families[base], family.type == "histogram" || family.type == "summary" { return base }
        }
        return name
    }

    private static func isMetricName(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter || first == "_" || first == ":" else {
            return false
        }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ":") }
    }

    private static func isLabelName(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }
}
