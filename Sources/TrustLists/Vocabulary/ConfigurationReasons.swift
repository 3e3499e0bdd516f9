import X509

extension ReasonCode {
    /// The configuration file cannot be used: unreadable, not JSON (a duplicate key, a trailing comma), an unknown
    /// key, a value of the wrong type or out of range, a refused URL scheme, a duplicate id, or (for
    /// `trustctl config check` and `trustlistd --check-config`) a file it names that cannot be used. The message
    /// starts with the JSON path (``ConfigurationError``).
    public static let configInvalid = Self(rawValue: "config_invalid")
}
