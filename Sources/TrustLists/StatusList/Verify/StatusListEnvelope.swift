import X509

/// A decoded status list token with its signer resolved: the first certificate of its `x5c` / `x5chain`, else the one
/// the credential's reference names (an mdoc MSO's `status_list.certificate`). What ``StatusListKind``'s envelope
/// policies check, before the signer's chain to the anchor is known.
package struct StatusListEnvelope: Sendable {
    /// The decoded token.
    package let token: StatusListToken
    /// The signer's certificate.
    package let signer: Certificate
    /// The token's other certificates: untrusted intermediates toward the anchor.
    package let intermediates: [Certificate]

    /// An envelope from its parts.
    package init(token: StatusListToken, signer: Certificate, intermediates: [Certificate]) {
        self.token = token
        self.signer = signer
        self.intermediates = intermediates
    }
}
