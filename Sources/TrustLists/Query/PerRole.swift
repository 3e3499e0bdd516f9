/// One value for each ``AnchorRole``, read by a switch rather than a hash (the role tables of ``TrustIndex``, read
/// on every decision).
struct PerRole<Value: Sendable>: Sendable {
    private let issuer: Value
    private let reader: Value
    private let walletProvider: Value

    /// Each role's value, from `value(role)`.
    init(_ value: (AnchorRole) throws -> Value) rethrows {
        issuer = try value(.issuer)
        reader = try value(.reader)
        walletProvider = try value(.walletProvider)
    }

    subscript(role: AnchorRole) -> Value {
        switch role {
        case .issuer: issuer
        case .reader: reader
        case .walletProvider: walletProvider
        }
    }
}
