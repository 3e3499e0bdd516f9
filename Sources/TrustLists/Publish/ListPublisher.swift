import COSE
import Foundation
import X509

/// Encodes and signs VICALs and RICALs as ISO/IEC 18013-5 describes them: deterministic CBOR (RFC 8949 §4.2.1),
/// tag 0 dates, tag 2 serial numbers, each certificate's own SKI; a VICAL's x5chain in the unprotected header
/// (Annex C.1.7), a RICAL's in the protected one (Annex F); ES256/384/512 by the signer key's curve.
public enum ListPublisher {
    /// The payload map of `content`.
    public static func payload(_ content: ListContent) -> CBOR {
        var map: [CBOR.MapEntry] = [
            entry("version", CBOR("1.0")),
            entry(content.kind == .vical ? "vicalProvider" : "provider", CBOR(content.provider)),
            entry("date", .date(content.date)),
        ]
        if let issueID = content.issueID {
            map.append(entry(content.kind == .vical ? "vicalIssueID" : "id", .unsigned(issueID)))
        }
        if let nextUpdate = content.nextUpdate { map.append(entry("nextUpdate", .date(nextUpdate))) }
        if let notAfter = content.notAfter { map.append(entry("notAfter", .date(notAfter))) }
        if let url = content.url {
            map.append(entry(content.kind == .vical ? "vicalURL" : "latestRicalUrl", CBOR(url)))
        }
        if content.kind == .rical { map.append(entry("type", CBOR(Rical.readerAuthenticationType))) }
        map.append(entry("certificateInfos", .array(content.entries.map { certificateInfo($0, kind: content.kind) })))
        return .map(map)
    }

    /// One `certificateInfos` entry.
    static func certificateInfo(_ listed: ListContent.Entry, kind: ListKind) -> CBOR {
        let certificate = listed.certificate
        var map: [CBOR.MapEntry] = [
            entry("certificate", .byteString(certificate.derEncoded)),
            entry("serialNumber", .bignum(certificate.serialNumber)),
            entry("ski", .byteString(certificate.subjectKeyIdentifier ?? [])),
            entry("issuer", .byteString(certificate.issuer.derEncoded)),
            entry("subject", .byteString(certificate.subject.derEncoded)),
            entry("notBefore", .date(certificate.notBefore)), entry("notAfter", .date(certificate.notAfter)),
        ]
        if let country = certificate.subject.country { map.append(entry("issuingCountry", CBOR(country))) }
        switch kind {
        case .vical:
            map.append(entry("docType", .array(listed.docTypes.map { CBOR($0) })))
            if let authority = listed.issuingAuthority { map.append(entry("issuingAuthority", CBOR(authority))) }
        case .rical:
            if let name = listed.name { map.append(entry("name", CBOR(name))) }
            if let anchor = listed.isTrustAnchor { map.append(entry("isTrustAnchor", .boolean(anchor))) }
        }
        return .map(map)
    }

    /// Signs an encoded payload as a list of `kind`.
    /// - Parameters:
    ///   - payload: the encoded payload.
    ///   - kind: decides where x5chain goes.
    ///   - signerKey: the signer's private key (EC P-256/384/521 or Ed25519).
    ///   - signerChain: the signer's certificate first, then its issuers (a root may be included).
    /// - Returns: the untagged COSE_Sign1 message.
    /// - Throws: ``X509Error`` when OpenSSL cannot sign.
    public static func sign(
        payload: [UInt8], kind: ListKind, signerKey: PrivateKey, signerChain: [Certificate]
    ) throws -> [UInt8] {
        let x5chain = CBOR.MapEntry(
            key: .int(COSEHeaderMap.Label.x5chain), value: X5Chain.headerValue(signerChain.map(\.derEncoded)))
        return try COSESign1.sign(
            payload: payload, key: signerKey, protectedHeader: kind == .rical ? [x5chain] : [],
            unprotectedHeader: kind == .vical ? [x5chain] : [])
    }

    /// Encodes and signs `content`; see ``sign(payload:kind:signerKey:signerChain:)``.
    public static func sign(_ content: ListContent, signerKey: PrivateKey, signerChain: [Certificate]) throws -> [UInt8]
    {
        try sign(
            payload: payload(content).encoded(), kind: content.kind, signerKey: signerKey, signerChain: signerChain)
    }

    private static func entry(_ key: String, _ value: CBOR) -> CBOR.MapEntry {
        CBOR.MapEntry(key: CBOR(key), value: value)
    }
}
