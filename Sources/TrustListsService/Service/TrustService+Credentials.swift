import Credentials
import Foundation
import Presentation
import TrustLists

extension TrustService {
    /// The decision for a credential as a wallet or a verifier holds it (docs/architecture.md, Credentials): an mdoc
    /// (a DeviceResponse, a Document or an IssuerSigned; CBOR, or base64url text) or an SD-JWT VC (text with `~`),
    /// decided end to end against the current generation (``CredentialVerifier``).
    /// - Parameters:
    ///   - credential: the credential's bytes.
    ///   - sessionTranscript: an mdoc session's SessionTranscript (CBOR, bare or tag-24 wrapped), for device
    ///     authentication; nil when there is none.
    ///   - nonce: the nonce an SD-JWT's Key Binding JWT must carry; nil when none is expected.
    ///   - audience: the audience it must name; nil when none is expected.
    ///   - time: the decision time, UTC.
    /// - Returns: the decision; a SessionTranscript that does not decode is not trusted with
    ///   `malformed_session_transcript` (or `malformed_cbor`, `limits_exceeded`), and nothing else is decided.
    public func credentialDecision(
        _ credential: [UInt8], sessionTranscript: [UInt8]? = nil, nonce: String? = nil, audience: String? = nil,
        at time: Date
    ) -> CredentialDecision {
        let queries = self.queries
        var transcript: SessionTranscript?
        if let sessionTranscript {
            do {
                transcript = try SessionTranscript(cborEncoded: sessionTranscript)
            } catch {
                return CredentialDecision(
                    refusal: error.code, message: "SessionTranscript: \(error.reason)", at: time,
                    generation: queries.generation)
            }
        }
        return CredentialVerifier.decide(
            credential, sessionTranscript: transcript, nonce: nonce, audience: audience, trust: queries,
            generation: queries.generation, at: time)
    }
}
