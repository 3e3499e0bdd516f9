import COSE
import X509

/// Mdoc reader authentication (ISO/IEC 18013-5 §9.1.4): the reader signs, per DocRequest, a COSE_Sign1 with a
/// detached payload
///
///     ReaderAuthentication = ["ReaderAuthentication", SessionTranscript, ItemsRequestBytes]
///     ReaderAuthenticationBytes = #6.24(bstr .cbor ReaderAuthentication)
///
/// with `alg` in the protected header and the reader's certificate chain as x5chain (RFC 9360, label 33) in the
/// unprotected header.
///
/// Checking a `readerAuth` here means: detached payload (an attached one is `attached_payload`, since §9.1.4
/// requires detached content), no unknown `crit` label, `alg` in the protected header and fitting the leaf's key,
/// an x5chain (in the protected header tolerated with a warning), and the signature verified by the COSE module
/// over the Sig_structure (RFC 9052 §4.4) with ReaderAuthenticationBytes as payload. Whether the chain is trusted
/// is not decided here.
public enum ReaderAuthentication {
    /// The context string, the first element of ReaderAuthentication.
    public static let context = "ReaderAuthentication"

    /// ReaderAuthenticationBytes for a DocRequest in a session (§9.1.4), built with the project's CBOR encoder.
    ///
    /// The SessionTranscript and the ItemsRequestBytes (tag 24 and byte string) are embedded as the data items
    /// received, byte for byte (``CBOREncoder/Item/embedded(_:)``); the rest is deterministic CBOR.
    /// - Parameters:
    ///   - docRequest: the DocRequest whose ItemsRequestBytes are signed.
    ///   - sessionTranscript: the session's transcript.
    /// - Returns: the encoded ReaderAuthenticationBytes.
    public static func bytes(for docRequest: DocRequest, sessionTranscript: SessionTranscript) -> [UInt8] {
        CBOREncoder().encode(
            .tagged(
                24,
                .cborInByteString(
                    .array([
                        .value(.textString(context)), .embedded(sessionTranscript.node),
                        .embedded(docRequest.itemsRequestItem),
                    ]))))
    }

    /// Checks a DocRequest's `readerAuth` in a session (see the type's notes for the steps).
    /// - Parameters:
    ///   - docRequest: the DocRequest.
    ///   - sessionTranscript: the session's transcript.
    ///   - warnings: collects what was tolerated (x5chain in the protected header, tag 18), with the path.
    /// - Returns: `notAuthenticated` without a `readerAuth`, `signatureVerified` with the x5chain leaf first, or
    ///   `failed` with the code and a message.
    public static func verify(
        _ docRequest: DocRequest, sessionTranscript: SessionTranscript, warnings: inout [String]
    ) -> ReaderAuthenticationResult {
        guard let readerAuth = docRequest.readerAuth else { return .notAuthenticated }
        let path = "\(docRequest.path).readerAuth"
        do {
            let chain = try check(
                readerAuth, path: path, detachedContent: "ReaderAuthenticationBytes", warnings: &warnings)
            try verifySignature(
                readerAuth, leaf: chain[0], payload: bytes(for: docRequest, sessionTranscript: sessionTranscript))
            return .signatureVerified(chain: chain)
        } catch {
            return .failed(code: error.code, message: "\(path): \(error.reason)")
        }
    }

    /// The header checks shared with ``ReaderAuthenticationAll``; returns the parsed x5chain, leaf first.
    /// `detachedContent` names what the payload must be, for the message.
    static func check(
        _ readerAuth: COSESign1, path: String, detachedContent: String, warnings: inout [String]
    ) throws(PresentationError) -> [Certificate] {
        if readerAuth.payloadSlice != nil {
            throw PresentationError(
                .attachedPayload,
                "the payload is attached; ISO/IEC 18013-5 §9.1.4 requires \(detachedContent) as detached content (nil)"
            )
        }
        do {
            try readerAuth.checkCriticalHeaders()
            _ = try readerAuth.algorithm()
        } catch {
            throw PresentationError(error.code, error.reason)
        }
        if readerAuth.isTagged {
            warnings.append("\(path): COSE_Sign1 tag 18 tolerated (ISO/IEC 18013-5 sends it untagged)")
        }
        let x5chain: X5Chain?
        do {
            x5chain = try readerAuth.x5chain()
        } catch {
            throw PresentationError(error.code, error.reason)
        }
        guard let x5chain else {
            throw PresentationError(
                .missingX5Chain, "no x5chain (label 33); ISO/IEC 18013-5 §9.1.4 requires the reader's certificate chain"
            )
        }
        if x5chain.isProtected {
            warnings.append(
                "\(path): x5chain in the protected header tolerated (ISO/IEC 18013-5 §9.1.4 puts it in the unprotected header)"
            )
        }
        var chain: [Certificate] = []
        for (index, der) in x5chain.certificates.enumerated() {
            do {
                chain.append(try CertificateCache.shared.certificate(derEncoded: der))
            } catch {
                throw PresentationError(.malformedCertificate, "x5chain[\(index)]: \(error.reason)")
            }
        }
        return chain
    }

    /// Verifies the signature with the leaf's key over the Sig_structure with the detached payload.
    static func verifySignature(
        _ readerAuth: COSESign1, leaf: Certificate, payload: [UInt8]
    ) throws(PresentationError) {
        let key: PublicKey
        do {
            key = try leaf.publicKey
        } catch {
            throw PresentationError(
                error.code, "x5chain[0]: \(error.reason)")
        }
        do {
            try readerAuth.verifySignature(with: key, detachedPayload: payload)
        } catch {
            throw PresentationError(error.code, error.reason)
        }
    }
}
