import Credentials
import Foundation
import Presentation
import TrustLists

extension TrustService {
    /// The decision for a credential as a wallet or a verifier holds it, its form detected (docs/architecture.md,
    /// Credentials): an mdoc (a DeviceResponse, a Document or an IssuerSigned; CBOR, or base64url text) or an SD-JWT
    /// VC (text with `~`), decided end to end against the current generation (``CredentialVerifier``), its status
    /// looked up in ``statusLists`` (fetched on demand within `statusLists.fetchTimeoutSeconds` for allowed hosts).
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
        let transcript: SessionTranscript?
        switch Self.transcript(sessionTranscript) {
        case .success(let decoded): transcript = decoded
        case .failure(let error):
            return CredentialDecision(
                refusal: error.code, message: "SessionTranscript: \(error.reason)", at: time,
                generation: queries.generation)
        }
        return CredentialVerifier.decide(
            credential, sessionTranscript: transcript, nonce: nonce, audience: audience, trust: queries,
            generation: queries.generation, at: time, statusLists: statusLists)
    }

    /// The decision for an mdoc given as CBOR (``MDocVerifier``); see
    /// ``credentialDecision(_:sessionTranscript:nonce:audience:at:)``.
    public func mdocDecision(_ mdoc: [UInt8], sessionTranscript: [UInt8]? = nil, at time: Date) -> CredentialDecision {
        let queries = self.queries
        switch Self.transcript(sessionTranscript) {
        case .success(let transcript):
            return MDocVerifier.decide(
                cborEncoded: mdoc, sessionTranscript: transcript, trust: queries, generation: queries.generation,
                at: time, statusLists: statusLists)
        case .failure(let error):
            return CredentialDecision(
                refusal: error.code, message: "SessionTranscript: \(error.reason)", at: time,
                generation: queries.generation)
        }
    }

    /// The decision for an SD-JWT VC given as its compact text (``SDJWTVerifier``); see
    /// ``credentialDecision(_:sessionTranscript:nonce:audience:at:)``.
    public func sdJWTDecision(
        _ sdJWT: String, nonce: String? = nil, audience: String? = nil, at time: Date
    ) -> CredentialDecision {
        let queries = self.queries
        return SDJWTVerifier.decide(
            compact: sdJWT, nonce: nonce, audience: audience, trust: queries, generation: queries.generation,
            at: time, statusLists: statusLists)
    }

    /// A SessionTranscript decoded, nil for none, or why it does not decode.
    private static func transcript(_ bytes: [UInt8]?) -> Result<SessionTranscript?, PresentationError> {
        guard let bytes else { return .success(nil) }
        do {
            return .success(try SessionTranscript(cborEncoded: bytes))
        } catch {
            return .failure(error)
        }
    }
}
