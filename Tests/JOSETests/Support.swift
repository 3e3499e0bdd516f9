import Foundation
import JOSE
import Testing
import X509

/// The JOSEError thrown by `body`, or nil when it returned (recording an issue for any other error).
func joseError<T>(_ body: () throws -> T) -> JOSEError? {
    do {
        _ = try body()
        return nil
    } catch let error as JOSEError {
        return error
    } catch {
        Issue.record("expected a JOSEError, got \(error)")
        return nil
    }
}

/// Bytes of base64url text, decoded by Foundation (not by the code under test): the RFCs' JWK members.
func foundationBase64URL(_ text: String) -> [UInt8] {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    return Array(Data(base64Encoded: base64) ?? Data())
}

/// Base64url text of bytes, encoded by Foundation (not by the code under test).
func foundationBase64URLEncode(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
        .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
}

/// SubjectPublicKeyInfo DER for a public key given as JWK members (RFC 7518 §6.2, RFC 8037 §2): the fixed DER
/// prefix of the algorithm identifier and the BIT STRING header (as Python `cryptography` writes them for every
/// key of the curve), then `04 ‖ x ‖ y` for EC or the 32 raw bytes for Ed25519.
enum JWKPublicKey {
    static let p256Prefix = "3059301306072a8648ce3d020106082a8648ce3d030107034200"
    static let p384Prefix = "3076301006072a8648ce3d020106052b81040022036200"
    static let p521Prefix = "30819b301006072a8648ce3d020106052b8104002303818600"
    static let ed25519Prefix = "302a300506032b6570032100"

    /// An EC key from the JWK's `crv`, `x` and `y` (base64url).
    static func ec(curve: KeyAlgorithm, x: String, y: String) throws -> PublicKey {
        let prefix =
            switch curve {
            case .ecP256: p256Prefix
            case .ecP384: p384Prefix
            case .ecP521: p521Prefix
            case .ed25519, .rsa: ""
            }
        let spki = (bytes(fromHex: prefix) ?? []) + [0x04] + foundationBase64URL(x) + foundationBase64URL(y)
        return try PublicKey(subjectPublicKeyInfo: spki)
    }

    /// The DER of a SubjectPublicKeyInfo for `rsaEncryption` with a 2048-bit modulus whose top bit is set (so its
    /// INTEGER has a leading zero byte), as Python `cryptography` writes it, up to the modulus's bytes; the exponent
    /// 65537 (`AQAB`) follows them.
    static let rsa2048Prefix = "30820122300d06092a864886f70d01010105000382010f003082010a0282010100"
    static let rsaExponent65537 = "0203010001"

    /// A 2048-bit RSA key from the JWK's `n` (base64url, RFC 7518 §6.3.1) and `e` = AQAB.
    static func rsa2048(n: String) throws -> PublicKey {
        let modulus = foundationBase64URL(n)
        precondition(modulus.count == 256 && modulus[0] >= 0x80, "not a 2048-bit modulus with its top bit set")
        let spki = (bytes(fromHex: rsa2048Prefix) ?? []) + modulus + (bytes(fromHex: rsaExponent65537) ?? [])
        return try PublicKey(subjectPublicKeyInfo: spki)
    }

    /// An Ed25519 key from the JWK's `x` (base64url, RFC 8037 §2).
    static func ed25519(x: String) throws -> PublicKey {
        try PublicKey(subjectPublicKeyInfo: (bytes(fromHex: ed25519Prefix) ?? []) + foundationBase64URL(x))
    }
}

/// A compact JWS put together from raw parts, for inputs the signer would never write.
func compact(
    header: String, payload: [UInt8] = Array("{}".utf8), signature: [UInt8] = [UInt8](repeating: 1, count: 64)
)
    -> String
{
    foundationBase64URLEncode(Array(header.utf8)) + "." + foundationBase64URLEncode(payload) + "."
        + foundationBase64URLEncode(signature)
}
