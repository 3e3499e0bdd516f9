import COSE
import Foundation
import TrustLists
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
        if kind == .vical {
            map.append(entry("docType", .array(listed.docTypes.map { CBOR($0) })))
            if let authority = listed.issuingAuthority { map.append(entry("issuingAuthority", CBOR(authority))) }
        } else {
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

    /// Signs `content` only when the result passes this package's own verification: the signer key belongs to the
    /// signer certificate, the signer is valid at the list's `date`, carries the EKU the policy requires of its kind
    /// and a key usage that allows signing, every VICAL entry has a docType and every entry certificate an SKI;
    /// after signing, the list is verified as a refresh would verify it (with `root` as the pinned anchor), or,
    /// without a root, its signature is checked with the signer's key and its payload decoded as the verifier
    /// decodes it (schema and date order: ISO/IEC 18013-5 Annex C.1.7).
    /// - Parameters:
    ///   - root: the network root the signer chains to; nil checks the signature and the payload only.
    ///   - settings: the verification settings (EKUs, skew).
    /// - Returns: the signed list, and the verified form when a root was given.
    /// - Throws: ``TrustListError`` with the reason code the verifier would give (`signer_eku`,
    ///   `signer_key_usage`, `signer_expired`, `chain_invalid`, `bad_signature`, `malformed_payload`,
    ///   `unsupported_alg` for an RSA signer key, ...).
    public static func publish(
        _ content: ListContent, signerKey: PrivateKey, signerChain: [Certificate], root: Certificate?,
        settings: VerificationSettings = VerificationSettings()
    ) throws(TrustListError) -> (bytes: [UInt8], verified: VerifiedList?) {
        guard let signer = signerChain.first else { throw TrustListError(.missingX5Chain, "the signer chain is empty") }
        let signerKeyInfo: [UInt8]
        do {
            signerKeyInfo = try signer.publicKey.subjectPublicKeyInfo
        } catch {
            throw TrustListError(.unsupportedAlgorithm, "the signer certificate's key cannot be used: \(error.reason)")
        }
        guard signerKeyInfo == signerKey.publicKey.subjectPublicKeyInfo else {
            throw TrustListError(
                .badSignature, "the signer key does not belong to the signer certificate \(signer.subject)")
        }
        try SignerProfile.checkValidity(signer, at: content.date)
        try SignerProfile.checkUsage(signer, kind: content.kind, requiredEKU: content.kind.requiredSignerEKU(settings))
        for (index, listed) in content.entries.enumerated() {
            if content.kind == .vical, listed.docTypes.isEmpty {
                throw TrustListError(.malformedPayload, "entry \(index) (\(listed.certificate.subject)) has no docType")
            }
            if listed.certificate.subjectKeyIdentifier == nil {
                throw TrustListError(
                    .malformedPayload, "entry \(index) (\(listed.certificate.subject)) has no SKI extension")
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try sign(content, signerKey: signerKey, signerChain: signerChain)
        } catch let error as COSEError {
            // An RSA key: COSE signs with ECDSA or EdDSA only.
            throw TrustListError(error.code, "signing failed: \(error.reason)")
        } catch {
            throw TrustListError(.badSignature, "signing failed: \(error)")
        }
        if let root {
            let verifier = TrustListVerifier(anchors: [root], settings: settings)
            return (bytes, try verifier.verify(bytes, kind: content.kind, at: content.date))
        }
        let message: COSESign1
        do {
            message = try COSESign1(cborEncoded: bytes)
            try message.verifySignature(with: try signer.publicKey)
        } catch {
            throw TrustListError(.badSignature, "the signed list does not verify with the signer's key: \(error)")
        }
        // Without a root the chain cannot be checked, but the payload is read as a verifier reads it (dates in order,
        // the schema), so that nothing a verifier refuses is written.
        _ = try TrustList.decode(payload: message.payload ?? [], kind: content.kind, limits: settings.limits)
        return (bytes, nil)
    }

    private static func entry(_ key: String, _ value: CBOR) -> CBOR.MapEntry {
        CBOR.MapEntry(key: CBOR(key), value: value)
    }
}
