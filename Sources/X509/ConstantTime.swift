internal import COpenSSL

/// Whether two byte strings are equal, compared in time that depends only on their length (OpenSSL's
/// `CRYPTO_memcmp(3)`): for secrets such as digests of bearer tokens, where an early exit would tell an attacker how
/// many leading bytes were right.
/// - Parameters:
///   - lhs: the first bytes.
///   - rhs: the second bytes.
/// - Returns: true when both have the same length and the same bytes; lengths that differ are false at once (compare
///   digests of equal length so that the length tells nothing).
public func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    guard !lhs.isEmpty else { return true }
    return lhs.withUnsafeBytes { left in
        rhs.withUnsafeBytes { right in CRYPTO_memcmp(left.baseAddress, right.baseAddress, left.count) == 0 }
    }
}
