import Foundation
import X509

/// A COSE_Sign1 message (RFC 9052 §4.2): `[protected: bstr, unprotected: map, payload: bstr / nil, signature: bstr]`,
/// untagged or with tag 18.
///
/// The protected header is kept as the bytes received, since the signature covers exactly those (§4.4).
public struct COSESign1: Sendable {
    /// The CBOR tag of COSE_Sign1 (RFC 9052 §2).
    public static let tag: UInt64 = 18

    /// Whether the message carried tag 18.
    public let isTagged: Bool
    /// The protected header's serialized map, as received (empty for an empty header).
    public let protectedBytes: [UInt8]
    /// The protected header, decoded.
    public let protectedHeader: COSEHeaderMap
    /// The unprotected header.
    public let unprotectedHeader: COSEHeaderMap
    /// The payload as a slice of the decoded bytes (no copy: a list's payload is most of its bytes); nil when
    /// detached (RFC 9052 §4.1).
    public let payloadSlice: ArraySlice<UInt8>?
    /// The payload, copied out of the decoded bytes; nil when detached (RFC 9052 §4.1).
    public var payload: [UInt8]? { payloadSlice.map(Array.init) }
    /// The signature: for ECDSA raw `r‖s` (RFC 9053 §2.1).
    public let signature: [UInt8]

    /// Decodes a message from bytes.
    /// - Parameters:
    ///   - bytes: the encoded message.
    ///   - limits: CBOR decoding limits, checked before any allocation.
    /// - Throws: ``COSEError`` `malformed_cbor` or `limits_exceeded` from the decoder (message or protected header);
    ///   `not_cose_sign1` for well-formed CBOR of another shape, or a label in both buckets (RFC 9052 §3).
    public init(cborEncoded bytes: [UInt8], limits: CBORDecoder.Limits = .init()) throws(COSEError) {
        let node: CBORNode
        do {
            node = try CBORDecoder(limits: limits).decode(bytes)
        } catch let error as COSEError {
            throw error
        } catch {
            throw COSEError(.malformedCBOR, "\(error)")
        }
        try self.init(node: node, limits: limits)
    }

    /// Decodes a message from a decoded node (see ``init(cborEncoded:limits:)``).
    public init(node: CBORNode, limits: CBORDecoder.Limits = .init()) throws(COSEError) {
        var message = node
        var tagged = false
        if case .tagged(let tag, let inner) = node.content {
            guard tag == Self.tag else {
                throw COSEError(.notCOSESign1, "tag \(tag) where COSE_Sign1 (untagged, or tag 18) was expected")
            }
            tagged = true
            message = inner
        }
        guard case .array(let items) = message.content else {
            throw COSEError(.notCOSESign1, "expected an array of 4 items, found \(Self.kind(message))")
        }
        guard items.count == 4 else {
            throw COSEError(.notCOSESign1, "expected an array of 4 items, found \(items.count)")
        }
        guard case .byteString(let protectedSlice) = items[0].content else {
            throw COSEError(.notCOSESign1, "[0] protected: expected bstr, found \(Self.kind(items[0]))")
        }
        guard case .map(let unprotectedEntries) = items[1].content else {
            throw COSEError(.notCOSESign1, "[1] unprotected: expected map, found \(Self.kind(items[1]))")
        }
        switch items[2].content {
        case .byteString(let bytes): payloadSlice = bytes
        case .null: payloadSlice = nil
        default: throw COSEError(.notCOSESign1, "[2] payload: expected bstr or nil, found \(Self.kind(items[2]))")
        }
        guard case .byteString(let signatureSlice) = items[3].content else {
            throw COSEError(.notCOSESign1, "[3] signature: expected bstr, found \(Self.kind(items[3]))")
        }
        isTagged = tagged
        protectedBytes = Array(protectedSlice)
        signature = Array(signatureSlice)
        unprotectedHeader = try COSEHeaderMap(entries: unprotectedEntries, path: "unprotected")
        if protectedBytes.isEmpty {
            protectedHeader = .empty
        } else {
            let decoded: CBORNode
            do {
                decoded = try CBORDecoder(limits: limits).decode(protectedBytes)
            } catch let error as COSEError {
                throw COSEError(error.code, "protected header: \(error.reason)")
            } catch {
                throw COSEError(.malformedCBOR, "protected header: \(error)")
            }
            guard case .map(let entries) = decoded.content else {
                throw COSEError(.notCOSESign1, "protected header: expected a map, found \(Self.kind(decoded))")
            }
            protectedHeader = try COSEHeaderMap(entries: entries, path: "protected")
        }
        let protectedLabels = Set(protectedHeader.labels)
        if let shared = unprotectedHeader.labels.first(where: protectedLabels.contains) {
            throw COSEError(.notCOSESign1, "header label \(shared) is in both buckets (RFC 9052 §3)")
        }
    }

    /// The `alg` of the protected header (RFC 9052 §3.1: it must be authenticated where it can be).
    /// - Parameter allowUnprotected: also accept an `alg` in the unprotected bucket (some test vectors put it
    ///   there); trust lists never do.
    /// - Throws: `unsupported_alg` when it is absent, in the unprotected bucket only (unless allowed), or not one of
    ///   ``COSEAlgorithm``.
    public func algorithm(allowUnprotected: Bool = false) throws(COSEError) -> COSEAlgorithm {
        let unprotected = unprotectedHeader[COSEHeaderMap.Label.algorithm]
        guard let node = protectedHeader[COSEHeaderMap.Label.algorithm] ?? (allowUnprotected ? unprotected : nil) else {
            let place = unprotected == nil ? "absent" : "only in the unprotected header"
            throw COSEError(.unsupportedAlgorithm, "alg (1) is \(place); it must be in the protected header")
        }
        guard case .negative(let n) = node.content, n < UInt64(Int64.max),
            let algorithm = COSEAlgorithm(rawValue: -1 - Int64(n))
        else {
            throw COSEError(
                .unsupportedAlgorithm,
                "alg \(node.value) is not supported; supported: ES256 (-7), ES384 (-35), ES512 (-36), EdDSA (-8)")
        }
        return algorithm
    }

    /// Checks `crit` (RFC 9052 §3.1): when present it must be a non-empty array in the protected bucket, and every
    /// label in it must be one the caller understands and present in the protected bucket.
    /// - Parameter understood: labels the caller processes; by default `alg`, `content type`, `kid` and `x5chain`.
    /// - Throws: `unknown_critical_header` naming the first label not understood; `not_cose_sign1` for a `crit`
    ///   of the wrong shape or place.
    public func checkCriticalHeaders(understood: Set<CBOR> = COSESign1.understoodLabels) throws(COSEError) {
        if unprotectedHeader[COSEHeaderMap.Label.critical] != nil {
            throw COSEError(.notCOSESign1, "crit (2) must be in the protected header (RFC 9052 §3.1)")
        }
        guard let node = protectedHeader[COSEHeaderMap.Label.critical] else { return }
        guard case .array(let labels) = node.content, !labels.isEmpty else {
            throw COSEError(.notCOSESign1, "crit (2) must be a non-empty array of labels")
        }
        let present = Set(protectedHeader.labels)
        for label in labels.map(\.value) {
            guard understood.contains(label) else {
                throw COSEError(
                    .unknownCriticalHeader, "crit names header \(label), which this verifier does not understand")
            }
            guard present.contains(label) else {
                throw COSEError(.notCOSESign1, "crit names header \(label), which is not in the protected header")
            }
        }
    }

    /// Header labels understood by this implementation: `alg` (1), `content type` (3), `kid` (4), `x5chain` (33).
    public static let understoodLabels: Set<CBOR> = [.int(1), .int(3), .int(4), .int(33)]

    /// The `kid` (4) from either bucket; nil when absent.
    public var keyID: [UInt8]? {
        guard let node = protectedHeader[COSEHeaderMap.Label.keyID] ?? unprotectedHeader[COSEHeaderMap.Label.keyID],
            case .byteString(let bytes) = node.content
        else { return nil }
        return Array(bytes)
    }

    /// The `x5chain` (33) from whichever bucket holds it; nil when neither does.
    /// - Throws: `not_cose_sign1` when it is not a bstr or an array of bstr.
    public func x5chain() throws(COSEError) -> X5Chain? {
        if let reader = protectedHeader.reader(COSEHeaderMap.Label.x5chain) {
            return try X5Chain(reader, isProtected: true)
        }
        if let reader = unprotectedHeader.reader(COSEHeaderMap.Label.x5chain) {
            return try X5Chain(reader, isProtected: false)
        }
        return nil
    }

    static func kind(_ node: CBORNode) -> String {
        switch node.content {
        case .unsigned, .negative: "integer"
        case .byteString: "bstr"
        case .textString: "tstr"
        case .array: "array"
        case .map: "map"
        case .tagged(let tag, _): "tag \(tag)"
        case .boolean: "bool"
        case .null: "null"
        case .undefined: "undefined"
        case .simple: "simple value"
        case .float: "float"
        }
    }
}
