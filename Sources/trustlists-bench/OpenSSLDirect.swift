internal import COpenSSL
import Foundation

/// OpenSSL called directly, without the package's wrappers: the baselines our figures are compared with.
enum OpenSSLDirect {
    /// What went wrong in a direct OpenSSL call.
    struct Failure: Error, CustomStringConvertible {
        /// The call and what it returned.
        let description: String
    }

    /// An `EVP_PKEY` decoded from a DER SubjectPublicKeyInfo with `d2i_PUBKEY`, freed in `deinit`.
    ///
    /// `@unchecked Sendable`: never mutated after init; OpenSSL 3 allows concurrent verification with one key.
    final class PublicKey: @unchecked Sendable {
        /// The owned key.
        let pointer: OpaquePointer

        /// Decodes `subjectPublicKeyInfo`.
        /// - Throws: ``Failure`` when OpenSSL cannot decode it.
        init(subjectPublicKeyInfo der: [UInt8]) throws {
            let key: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
                var cursor = buffer.baseAddress
                return d2i_PUBKEY(nil, &cursor, buffer.count)
            }
            guard let key else { throw Failure(description: "d2i_PUBKEY failed") }
            pointer = key
        }

        deinit { EVP_PKEY_free(pointer) }
    }

    /// A DER `ECDSA-Sig-Value` from a raw `r‖s` signature (COSE form), via `ECDSA_SIG`.
    /// - Throws: ``Failure`` when OpenSSL fails or `raw` has an odd length.
    static func derSignature(fromRaw raw: [UInt8]) throws -> [UInt8] {
        let half = raw.count / 2
        guard half > 0, raw.count == 2 * half, let signature = ECDSA_SIG_new() else {
            throw Failure(description: "raw signature of \(raw.count) bytes")
        }
        defer { ECDSA_SIG_free(signature) }
        let r = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, Int32(half), nil) }
        let s = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress.map { $0 + half }, Int32(half), nil) }
        guard let r, let s, ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            throw Failure(description: "ECDSA_SIG_set0 failed")
        }
        var output: UnsafeMutablePointer<UInt8>?
        let length = i2d_ECDSA_SIG(signature, &output)
        guard length > 0, let output else { throw Failure(description: "i2d_ECDSA_SIG failed") }
        defer { shim_OPENSSL_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }

    /// `EVP_DigestVerifyInit` (SHA-256) + `EVP_DigestVerify` of a DER ECDSA signature over `message`, with a fresh
    /// `EVP_MD_CTX` as a caller without our wrappers would use.
    /// - Returns: whether the signature verifies.
    static func digestVerify(_ key: PublicKey, derSignature: [UInt8], message: [UInt8]) -> Bool {
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key.pointer) == 1 else { return false }
        return EVP_DigestVerify(context, derSignature, derSignature.count, message, message.count) == 1
    }

    /// ECDSA verification of a DER signature over an already computed digest (`EVP_PKEY_verify`): the signature
    /// arithmetic alone, without hashing the message.
    /// - Returns: whether the signature verifies.
    static func verifyDigest(_ key: PublicKey, derSignature: [UInt8], digest: [UInt8]) -> Bool {
        guard let context = EVP_PKEY_CTX_new(key.pointer, nil) else { return false }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_verify_init(context) == 1 else { return false }
        return EVP_PKEY_verify(context, derSignature, derSignature.count, digest, digest.count) == 1
    }

    /// SHA-256 of `bytes` with `EVP_Digest`.
    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        guard EVP_Digest(bytes, bytes.count, &output, &length, EVP_sha256(), nil) == 1 else { return [] }
        return output
    }

    /// Decodes `der` with `d2i_X509` and frees the object.
    /// - Returns: whether it decoded and consumed all of `der`.
    static func decodeX509(_ der: [UInt8]) -> Bool {
        der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            guard let certificate = d2i_X509(nil, &cursor, buffer.count) else { return false }
            X509_free(certificate)
            return cursor == buffer.baseAddress.map { $0 + buffer.count }
        }
    }
}
