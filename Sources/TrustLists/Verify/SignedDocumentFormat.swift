/// What a signed document looks like from its first bytes, so that a list given as the wrong kind is refused with a
/// message that names what it is. A guess for messages only: every document is still decoded in full, and the
/// guess never lets anything through.
enum SignedDocumentFormat {
    /// XML (an XAdES-signed list such as an XML LoTE): `<` first, after white space and a UTF-8 byte order mark.
    case xml
    /// A JWS (a JAdES LoTE): the JSON serialization (`{` first, after JSON white space) or the compact one, whose
    /// header is the base64url of a JSON object and so begins `eyJ` (`{"`).
    case jws
    /// A COSE_Sign1 (a VICAL or RICAL): a CBOR array of four items (0x84), or the same tagged 18 (0xD2), RFC 9052 §4.2.
    case coseSign1

    /// The format `bytes` look like, or nil when they look like none of them.
    static func guess(_ bytes: [UInt8]) -> Self? {
        switch bytes.first {
        case 0x84, 0xD2: return .coseSign1
        case UInt8(ascii: "e") where bytes.starts(with: Array("eyJ".utf8)): return .jws
        default: break
        }
        switch bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) {
        case UInt8(ascii: "<"): return .xml
        case UInt8(ascii: "{"): return .jws
        default: return nil
        }
    }
}
