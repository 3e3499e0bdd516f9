import X509

/// The outcome of checking one DocRequest's `readerAuth` (ISO/IEC 18013-5 §9.1.4) or one `readerAuthAll` signature
/// (second edition): a value, never an exception.
///
/// `signatureVerified` says only that the reader's leaf key signed this request in this session; whether the chain
/// leads to a trusted reader CA (a RICAL entry) is decided afterwards, by the trust-list query.
public enum ReaderAuthenticationResult: Sendable, Hashable {
    /// The DocRequest carries no `readerAuth` (never the result of a `readerAuthAll` signature).
    case notAuthenticated
    /// The signature verifies with the x5chain leaf's key over ReaderAuthenticationBytes
    /// (ReaderAuthenticationAllBytes for `readerAuthAll`).
    /// - Parameter chain: the x5chain's certificates, leaf first, as sent (not validated).
    case signatureVerified(chain: [Certificate])
    /// The `readerAuth` is there but does not verify, or cannot be checked.
    /// - Parameters:
    ///   - code: the reason: `bad_signature`, `unsupported_alg`, `missing_x5chain`, `attached_payload`,
    ///     `unknown_critical_header`, `not_cose_sign1`, `malformed_certificate`, `unsupported_key`.
    ///   - message: what was expected and what was found, for a person.
    case failed(code: PresentationError.Code, message: String)

    /// The reader's certificate (the x5chain leaf) when the signature verified; nil otherwise.
    public var leaf: Certificate? {
        if case .signatureVerified(let chain) = self { return chain.first }
        return nil
    }

    /// The x5chain, leaf first, when the signature verified; empty otherwise.
    public var chain: [Certificate] {
        if case .signatureVerified(let chain) = self { return chain }
        return []
    }

    /// The failure's code; nil unless ``failed(code:message:)``.
    public var failureCode: PresentationError.Code? {
        if case .failed(let code, _) = self { return code }
        return nil
    }
}
