import Foundation
import JOSE

/// An AuthZEN resource that is a credential (docs/architecture.md, Credentials): "is the issuer of this credential,
/// named `subject.id`, trusted for it?". `resource.type` is the credential format identifier of OpenID4VP 1.0
/// (Appendix B): `mso_mdoc` with `key` an ISO/IEC 18013-5 mdoc (a DeviceResponse, a Document or an IssuerSigned) in
/// base64url without padding, or `dc+sd-jwt` with `key` the compact SD-JWT VC. The context may bind it to a session:
/// `context.session_transcript` (base64url CBOR) for an mdoc's device signature, `context.nonce` and
/// `context.audience` for an SD-JWT's Key Binding JWT.
struct CredentialResource {
    /// `resource.type` of an mdoc.
    static let mdocType = "mso_mdoc"
    /// `resource.type` of an SD-JWT VC.
    static let sdJWTType = "dc+sd-jwt"

    /// The credential.
    enum Form {
        /// An mdoc's CBOR.
        case mdoc([UInt8])
        /// An SD-JWT VC's compact text.
        case sdJWT(String)
    }

    /// The credential.
    let form: Form
    /// `context.session_transcript`, decoded; nil when absent.
    let sessionTranscript: [UInt8]?
    /// `context.nonce`; nil when absent.
    let nonce: String?
    /// `context.audience`; nil when absent.
    let audience: String?

    /// The credential of `resource`, when its type is one; nil for other types.
    /// - Throws: ``APIFailure`` 400 for a `key` that is not a string, or not base64url for an mdoc, and for context
    ///   members of the wrong type.
    init?(resource: RequestBody, type: String?, context: RequestBody?) throws(APIFailure) {
        switch type {
        case Self.mdocType?:
            form = .mdoc(try TrustAPI.base64URL(resource, "key", limit: 16 << 20))
        case Self.sdJWTType?:
            form = .sdJWT(try resource.requiredString("key"))
        default:
            return nil
        }
        if let context, try context.string("session_transcript") != nil {
            sessionTranscript = try TrustAPI.base64URL(context, "session_transcript", limit: 1 << 20)
        } else {
            sessionTranscript = nil
        }
        nonce = try context?.string("nonce")
        audience = try context?.string("audience")
    }
}
