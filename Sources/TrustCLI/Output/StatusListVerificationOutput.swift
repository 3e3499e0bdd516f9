import Foundation
import TrustLists
import X509

/// The JSON of `trustctl verify --kind status-list --json` (docs/cli.md, verify): an `Encodable` value whose every
/// documented member is always present, `null` when it has no value (a refusal leaves all but `valid`, `reason`,
/// `message` and `kind` null and `warnings` empty). Dates are RFC 3339 UTC.
struct StatusListVerificationOutput: Encodable {
    /// The signer certificate, as `verify` reports signers.
    struct Signer: Encodable {
        let subject: String
        let notBefore: String
        let notAfter: String
        let sha256: String
    }

    /// The anchor the signer chains to.
    struct Anchor: Encodable {
        let subject: String
        let sha256: String
    }

    let valid: Bool
    let reason: String?
    let message: String
    let kind = "status-list"
    let format: String?
    let sub: String?
    let iss: String?
    let iat: String?
    let exp: String?
    let ttl: Double?
    let bits: Int?
    let count: Int?
    let statuses: [String: Int]?
    let aggregationURI: String?
    let warnings: [String]
    let signer: Signer?
    let anchor: Anchor?
    let algorithm: String?
    let x5chain: Int?
    let sha256: String?
    let contentSHA256: String?
    let verifiedAt: String?

    /// The output for a verified list.
    init(_ verified: VerifiedStatusList) {
        let token = verified.token
        valid = true
        reason = nil
        message = "verified"
        format = token.format.rawValue
        sub = token.subject
        iss = token.issuer
        iat = Timestamp.text(token.issuedAt)
        exp = token.expires.map(Timestamp.text)
        ttl = token.timeToLive
        bits = verified.bits.rawValue
        count = verified.count
        statuses = Dictionary(uniqueKeysWithValues: verified.statusList.counts().map { ($0.key.name, $0.value) })
        aggregationURI = token.statusList.aggregationURI
        warnings = verified.warnings
        signer = Signer(
            subject: verified.signer.subject.rfc4514, notBefore: Timestamp.text(verified.signer.notBefore),
            notAfter: Timestamp.text(verified.signer.notAfter), sha256: verified.signer.sha256Hex)
        anchor = Anchor(subject: verified.anchor.subject.rfc4514, sha256: verified.anchor.sha256Hex)
        algorithm = token.algorithm.rawValue
        x5chain = token.certificates.count
        sha256 = hexString(token.sha256)
        contentSHA256 = hexString(token.contentSHA256)
        verifiedAt = Timestamp.text(verified.verifiedAt)
    }

    /// The output for a refused token.
    init(_ error: TrustListError) {
        valid = false
        reason = error.code.rawValue
        message = error.reason
        format = nil
        sub = nil
        iss = nil
        iat = nil
        exp = nil
        ttl = nil
        bits = nil
        count = nil
        statuses = nil
        aggregationURI = nil
        warnings = []
        signer = nil
        anchor = nil
        algorithm = nil
        x5chain = nil
        sha256 = nil
        contentSHA256 = nil
        verifiedAt = nil
    }

    private enum CodingKeys: String, CodingKey {
        case valid, reason, message, kind, format, sub, iss, iat, exp, ttl, bits, count, statuses, aggregationURI
        case warnings, signer, anchor, algorithm, x5chain, sha256, contentSHA256, verifiedAt
    }

    /// Every member, `null` for a nil one (the synthesized encoding would leave it out).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(valid, forKey: .valid)
        try container.encode(reason, forKey: .reason)
        try container.encode(message, forKey: .message)
        try container.encode(kind, forKey: .kind)
        try container.encode(format, forKey: .format)
        try container.encode(sub, forKey: .sub)
        try container.encode(iss, forKey: .iss)
        try container.encode(iat, forKey: .iat)
        try container.encode(exp, forKey: .exp)
        try container.encode(ttl, forKey: .ttl)
        try container.encode(bits, forKey: .bits)
        try container.encode(count, forKey: .count)
        try container.encode(statuses, forKey: .statuses)
        try container.encode(aggregationURI, forKey: .aggregationURI)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(signer, forKey: .signer)
        try container.encode(anchor, forKey: .anchor)
        try container.encode(algorithm, forKey: .algorithm)
        try container.encode(x5chain, forKey: .x5chain)
        try container.encode(sha256, forKey: .sha256)
        try container.encode(contentSHA256, forKey: .contentSHA256)
        try container.encode(verifiedAt, forKey: .verifiedAt)
    }

    /// Pretty-printed JSON with sorted keys and unescaped slashes, ending in a newline: the form of every `--json`.
    func rendered() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every member is a string, number, Bool, array or object of these: encoding cannot fail.
        guard let data = try? encoder.encode(self) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
