import Foundation
import TrustLists

/// The Prometheus text exposition format (version 0.0.4), as node_exporter's textfile collector reads it: per
/// metric family a `# HELP` line, a `# TYPE` line and one line per sample, `name{label="value",…} value`.
public enum PrometheusText {
    /// A metric family's type.
    public enum MetricType: String, Sendable {
        /// A value that goes up and down.
        case gauge
        /// A value that only goes up (reset when the process restarts); the name ends in `_total`.
        case counter
        /// Observations counted into cumulative buckets: samples `<name>_bucket{le="…"}` (the last `le="+Inf"`),
        /// `<name>_sum` and `<name>_count` (``Sample/nameSuffix``).
        case histogram
    }

    /// One sample: its labels and value.
    public struct Sample: Sendable, Hashable {
        /// Label names and values, in the order written.
        public var labels: [Label]
        /// The value.
        public var value: Double
        /// What follows the family's name on this sample's line: empty for gauges and counters, `_bucket`, `_sum` or
        /// `_count` for a histogram's samples.
        public var nameSuffix: String

        /// Creates a sample.
        /// - Parameters:
        ///   - labels: label names and values, in the order written.
        ///   - value: the value.
        ///   - nameSuffix: appended to the family's name (`_bucket`, `_sum`, `_count` in a histogram).
        public init(_ labels: [Label] = [], _ value: Double, nameSuffix: String = "") {
            self.labels = labels
            self.value = value
            self.nameSuffix = nameSuffix
        }
    }

    /// A label name and value.
    public struct Label: Sendable, Hashable {
        /// The name, `[a-zA-Z_][a-zA-Z0-9_]*`.
        public var name: String
        /// The value, any text (escaped when written).
        public var value: String

        /// Creates a label.
        /// - Parameters:
        ///   - name: the name, `[a-zA-Z_][a-zA-Z0-9_]*`.
        ///   - value: the value, any text.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A metric family: name, help, type and samples.
    public struct Family: Sendable, Hashable {
        /// The metric name, `[a-zA-Z_:][a-zA-Z0-9_:]*`.
        public var name: String
        /// One line of help.
        public var help: String
        /// Gauge or counter.
        public var type: MetricType
        /// The samples; a family without samples is written with its `# HELP` and `# TYPE` lines only.
        public var samples: [Sample]

        /// Creates a family.
        /// - Parameters:
        ///   - name: the metric name.
        ///   - help: one line of help.
        ///   - type: gauge or counter.
        ///   - samples: the samples.
        public init(_ name: String, help: String, type: MetricType, samples: [Sample]) {
            self.name = name
            self.help = help
            self.type = type
            self.samples = samples
        }
    }

    /// The families as exposition text, ending with a newline.
    /// - Parameter families: the families, written in order.
    /// - Returns: the text.
    public static func render(_ families: [Family]) -> String {
        var text = ""
        for family in families {
            text += "# HELP \(family.name) \(escapeHelp(family.help))\n"
            text += "# TYPE \(family.name) \(family.type.rawValue)\n"
            for sample in family.samples {
                text += family.name + sample.nameSuffix
                if !sample.labels.isEmpty {
                    text += "{"
                    text += sample.labels.map { "\($0.name)=\"\(escapeLabelValue($0.value))\"" }.joined(separator: ",")
                    text += "}"
                }
                text += " \(format(sample.value))\n"
            }
        }
        return text
    }

    /// A value as the format writes it: integers without a fraction, `NaN`, `+Inf`, `-Inf`, else the shortest
    /// decimal that reads back as the same double.
    /// - Parameter value: the value.
    /// - Returns: its text.
    public static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A label value with backslash, double quote and line feed escaped.
    static func escapeLabelValue(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Help text with backslash and line feed escaped.
    static func escapeHelp(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }
}
