import COSE
import Presentation
import X509

/// Mdoc device authentication by signature (ISO/IEC 18013-5 §9.1.3): the device signs, with the key the MSO binds
/// (`deviceKeyInfo.deviceKey`), a COSE_Sign1 with a detached payload
///
///     DeviceAuthentication = ["DeviceAuthentication", SessionTranscript, DocType, DeviceNameSpacesBytes]
///     DeviceAuthenticationBytes = #6.24(bstr .cbor DeviceAuthentication)
///
/// The SessionTranscript and DeviceNameSpacesBytes are embedded as the data items received, byte for byte. A
/// `deviceMac` (§9.1.3.5) is keyed by ECDH with the reader's ephemeral private key, which a service deciding for
/// someone else never holds: it is `not_checkable`, never counted as device authentication.
public enum DeviceAuthentication {
    /// The context string, the first element of DeviceAuthentication.
    public static let context = "DeviceAuthentication"

    /// What device authentication showed, and why.
    public struct Result: Sendable {
        /// The outcome reported.
        public let outcome: DeviceAuthOutcome
        /// For `invalid`, the refusal (`device_auth_invalid` with the message); nil otherwise.
        public let failure: CredentialError?
        /// For `not_checkable`, the warning `device_auth_not_checkable`; nil otherwise.
        public let warning: ReasonCode?
        /// Why, for a person.
        public let message: String
    }

    /// DeviceAuthenticationBytes (§9.1.3.4), built with the project's CBOR encoder; the SessionTranscript and the
    /// DeviceNameSpacesBytes are embedded as received.
    /// - Parameters:
    ///   - sessionTranscript: the session's transcript.
    ///   - docType: the document's docType.
    ///   - deviceNameSpacesBytes: the DeviceSigned's `nameSpaces` item (tag 24) as decoded.
    /// - Returns: the encoded DeviceAuthenticationBytes.
    public static func bytes(
        sessionTranscript: SessionTranscript, docType: String, deviceNameSpacesBytes: CBORNode
    ) -> [UInt8] {
        CBOREncoder().encode(
            .tagged(
                24,
                .cborInByteString(
                    .array([
                        .value(.textString(context)), .embedded(sessionTranscript.node), .value(.textString(docType)),
                        .embedded(deviceNameSpacesBytes),
                    ]))))
    }

    /// Checks a document's device authentication.
    /// - Parameters:
    ///   - deviceSigned: the document's DeviceSigned; nil when it has none (`absent`).
    ///   - deviceKey: the MSO's device key; nil when the MSO could not be read (`not_checkable`).
    ///   - docType: the document's docType.
    ///   - sessionTranscript: the session's transcript; nil when the caller has none (`not_checkable`).
    static func check(
        _ deviceSigned: DeviceSigned?, deviceKey: COSEKey?, docType: String, sessionTranscript: SessionTranscript?
    ) -> Result {
        guard let deviceSigned else {
            return Result(outcome: .absent, failure: nil, warning: nil, message: "no deviceSigned")
        }
        let path = "\(deviceSigned.path.isEmpty ? "deviceSigned" : deviceSigned.path).deviceAuth"
        switch deviceSigned.authentication {
        case .mac:
            return notCheckable(
                "\(path).deviceMac: a MAC keyed with the reader's ephemeral key (ISO/IEC 18013-5 §9.1.3.5) cannot be "
                    + "checked without that private key")
        case .signature(let node):
            guard let sessionTranscript else {
                return notCheckable("\(path).deviceSignature: no SessionTranscript given to check it over")
            }
            guard let deviceKey else {
                return notCheckable("\(path).deviceSignature: the MSO's device key could not be read")
            }
            do throws(CredentialError) {
                let key: PublicKey
                do {
                    key = try deviceKey.publicKey()
                } catch {
                    throw CredentialError(.deviceAuthInvalid, "\(path).deviceSignature: the MSO's \(error.reason)")
                }
                try verify(
                    node, key: key, path: "\(path).deviceSignature",
                    payload: bytes(
                        sessionTranscript: sessionTranscript, docType: docType,
                        deviceNameSpacesBytes: deviceSigned.nameSpacesBytes))
                return Result(
                    outcome: .verified, failure: nil, warning: nil,
                    message: "deviceSignature verified under the MSO's device key over the SessionTranscript")
            } catch {
                return Result(outcome: .invalid, failure: error, warning: nil, message: error.reason)
            }
        }
    }

    private static func notCheckable(_ message: String) -> Result {
        Result(outcome: .notCheckable, failure: nil, warning: .deviceAuthNotCheckable, message: message)
    }

    /// The deviceSignature: a COSE_Sign1 with a detached payload (§9.1.3.6), no unknown critical header, `alg`
    /// fitting the device key, and the signature over DeviceAuthenticationBytes.
    private static func verify(
        _ node: CBORNode, key: PublicKey, path: String, payload: [UInt8]
    ) throws(CredentialError) {
        do throws(COSEError) {
            let message = try COSESign1(node: node)
            if message.payloadSlice != nil {
                throw COSEError(
                    .notCOSESign1,
                    "the payload is attached; ISO/IEC 18013-5 §9.1.3.6 sends DeviceAuthenticationBytes detached (nil)")
            }
            try message.checkCriticalHeaders()
            try message.verifySignature(with: key, detachedPayload: payload)
        } catch {
            throw CredentialError(.deviceAuthInvalid, "\(path): \(error.code.rawValue): \(error.reason)")
        }
    }
}
