import X509

/// An envelope that names its signer: the first certificate of a COSE_Sign1's x5chain or a JWS's `x5c`, with the rest
/// of that chain as sent (untrusted intermediates).
public protocol SignerCarrying: Sendable {
    /// The signer's certificate, as sent.
    var signer: Certificate { get }
    /// The other certificates sent with it, in the order sent.
    var intermediates: [Certificate] { get }
}
