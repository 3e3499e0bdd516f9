/// The `x5chain` header (RFC 9360 §2, label 33): the signer's certificate first, then the certificates that chain
/// it toward a trust anchor, as DER. One certificate may be sent as a bare byte string, several as an array of them.
public struct X5Chain: Sendable, Hashable {
    /// DER certificates, signer first; never empty.
    public let certificates: [[UInt8]]
    /// Whether it came from the protected bucket.
    public let isProtected: Bool

    /// Reads the header value.
    /// - Throws: `not_cose_sign1` when it is neither a byte string nor a non-empty array of byte strings.
    init(_ reader: CBORReader, isProtected: Bool) throws(COSEError) {
        self.isProtected = isProtected
        switch reader.node.content {
        case .byteString(let der):
            certificates = [Array(der)]
        case .array(let items):
            guard !items.isEmpty else { throw COSEError(.notCOSESign1, "\(reader.path): x5chain is an empty array") }
            var all: [[UInt8]] = []
            for (index, item) in items.enumerated() {
                guard case .byteString(let der) = item.content else {
                    throw COSEError(.notCOSESign1, "\(reader.path)[\(index)]: expected a certificate (bstr)")
                }
                all.append(Array(der))
            }
            certificates = all
        default:
            throw COSEError(.notCOSESign1, "\(reader.path): x5chain must be a bstr or an array of bstr (RFC 9360 §2)")
        }
    }

    /// The value to put in a header: a bstr for one certificate, an array for several (RFC 9360 §2).
    public static func headerValue(_ certificates: [[UInt8]]) -> CBOR {
        certificates.count == 1 ? .byteString(certificates[0]) : .array(certificates.map { .byteString($0) })
    }
}
