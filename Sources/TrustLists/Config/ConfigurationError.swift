import X509

/// A configuration file that cannot be used: unreadable, not JSON, an unknown key, a value of the wrong type or out
/// of range, a bad pin, a duplicate id. The message starts with the JSON path of the offending value
/// (`networks[0].root.sha256[1]: expected 64 hex digits`). `trustctl status` and `refresh` exit 3 (UNKNOWN) on it; its
/// reason code is always ``ReasonCode/configInvalid`` (`config_invalid`).
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reason code of every configuration error: `config_invalid`.
    public var code: ReasonCode { .configInvalid }

    /// Path of the file.
    public let file: String
    /// JSON path of the offending value; empty for the whole file.
    public let path: String
    /// What is wrong and what was expected.
    public let message: String

    /// Creates an error.
    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// `file: path: message`.
    public var description: String {
        path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
    }
}
