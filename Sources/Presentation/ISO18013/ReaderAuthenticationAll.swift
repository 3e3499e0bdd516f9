import COSE

/// Mdoc reader authentication of a whole DeviceRequest (ISO/IEC 18013-5 second edition, `readerAuthAll`): one
/// COSE_Sign1 that covers every DocRequest at once, with a detached payload
///
///     ReaderAuthenticationAll = ["ReaderAuthenticationAll", SessionTranscript, [+ ItemsRequestBytes],
///                                DeviceRequestInfoBytes / null]
///     ReaderAuthenticationAllBytes = #6.24(bstr .cbor ReaderAuthenticationAll)
///
/// and the same header rules as a DocRequest's `readerAuth` (``ReaderAuthentication``).
///
/// The text of the second edition was not at hand here, and published implementations sign one of two forms: the
/// four-element array above (DeviceRequestInfoBytes as received, or null when the request has none), or a
/// three-element array without the last element. Both are accepted, the three-element form only when the request
/// carries no `deviceRequestInfo` (it would leave that unsigned) and with a warning. Either form binds the signature
/// to this session (the SessionTranscript) and to every ItemsRequestBytes in order, so no form lets a signature
/// cover a request it was not made for.
public enum ReaderAuthenticationAll {
    /// The context string, the first element of ReaderAuthenticationAll.
    public static let context = "ReaderAuthenticationAll"

    /// ReaderAuthenticationAllBytes for a DeviceRequest in a session, built with the project's CBOR encoder; the
    /// SessionTranscript, every ItemsRequestBytes and the DeviceRequestInfoBytes are embedded as received.
    /// - Parameters:
    ///   - request: the DeviceRequest whose DocRequests (and `deviceRequestInfo`) are signed.
    ///   - sessionTranscript: the session's transcript.
    ///   - withDeviceRequestInfo: true for the four-element form (the DeviceRequestInfoBytes, or null), false for
    ///     the three-element form.
    /// - Returns: the encoded ReaderAuthenticationAllBytes.
    public static func bytes(
        for request: DeviceRequest, sessionTranscript: SessionTranscript, withDeviceRequestInfo: Bool = true
    ) -> [UInt8] {
        var elements: [CBOREncoder.Item] = [
            .value(.textString(context)), .embedded(sessionTranscript.node),
            .array(request.docRequests.map { .embedded($0.itemsRequestItem) }),
        ]
        if withDeviceRequestInfo {
            elements.append(request.deviceRequestInfoItem.map { .embedded($0) } ?? .value(.null))
        }
        return CBOREncoder().encode(.tagged(24, .cborInByteString(.array(elements))))
    }

    /// The signed content of a request in a session, built at most once per form however many signatures there
    /// are: the four-element form, and the three-element form only when the request has no `deviceRequestInfo`.
    struct Payloads {
        let fourElements: [UInt8]
        let threeElements: [UInt8]?

        init(request: DeviceRequest, sessionTranscript: SessionTranscript) {
            fourElements = ReaderAuthenticationAll.bytes(for: request, sessionTranscript: sessionTranscript)
            threeElements =
                request.deviceRequestInfoItem == nil
                ? ReaderAuthenticationAll.bytes(
                    for: request, sessionTranscript: sessionTranscript, withDeviceRequestInfo: false) : nil
        }
    }

    /// Checks one `readerAuthAll` signature.
    /// - Parameters:
    ///   - signature: the COSE_Sign1.
    ///   - path: where it sits (`readerAuthAll[0]`), for messages.
    ///   - payloads: the request's signed content in the session.
    ///   - warnings: collects what was tolerated (the three-element form, x5chain in the protected header, tag 18).
    /// - Returns: `signatureVerified` with the x5chain leaf first, or `failed` with the code (`bad_signature`,
    ///   `unsupported_alg`, `missing_x5chain`, `attached_payload`, …) and a message naming `path`.
    static func verify(
        _ signature: COSESign1, path: String, payloads: Payloads, warnings: inout [String]
    ) -> ReaderAuthenticationResult {
        do throws(PresentationError) {
            let chain = try ReaderAuthentication.check(
                signature, path: path, detachedContent: "ReaderAuthenticationAllBytes", warnings: &warnings)
            do {
                try ReaderAuthentication.verifySignature(signature, leaf: chain[0], payload: payloads.fourElements)
            } catch {
                // Only the three-element form is left to try, and only when it would leave nothing unsigned.
                guard error.code == .badSignature, let threeElements = payloads.threeElements else { throw error }
                do {
                    try ReaderAuthentication.verifySignature(signature, leaf: chain[0], payload: threeElements)
                } catch {
                    guard error.code == .badSignature else { throw error }
                    throw PresentationError(
                        .badSignature,
                        "the signature verifies over neither the four- nor the three-element ReaderAuthenticationAll")
                }
                warnings.append(
                    "\(path): signed over the three-element ReaderAuthenticationAll (without DeviceRequestInfoBytes), "
                        + "tolerated")
            }
            return .signatureVerified(chain: chain)
        } catch {
            return .failed(code: error.code, message: "\(path): \(error.reason)")
        }
    }
}
