import Foundation
import FuzzSupport
import TrustLists
import X509

// A CRL over arbitrary bytes, as fetched from a CA's distribution point: CertificateRevocationList(derOrPEMEncoded:)
// then CRLVerifier against a fixed CA (the key scripts/fuzz-seeds.py signs the seed CRLs with, so that seeds reach
// every policy). Invariants: only documented codes; a decoded CRL decodes again from its DER to the same facts; a
// verified CRL's signature verifies under the CA's key, its issuer is the CA's subject, and none of the refused
// kinds (unknown critical extension, delta, indirect, partial, no nextUpdate, not yet valid, expired) gets through.
//
// libFuzzer options: -max_len=8192 -dict=Fuzz/Dictionaries/der.dict

/// The fixed CA: "CN=fuzz CRL CA", key = P-256 scalar 0xC21CA (as in scripts/fuzz-seeds.py).
let caKeyPEM = """
    -----BEGIN PRIVATE KEY-----
    MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAAAMIcqhRANCAATNNCeU/kKheRsqrokrErVrOAE5oR57
    enXOPPxLjHP4SMGBkQDInYgQTO//wisxx84JoApbHW6TzrpW4m8Op2iE
    -----END PRIVATE KEY-----
    """
let ca = Fuzz.fixedCA(commonName: "fuzz CRL CA", privateKeyPEM: caKeyPEM)

/// 2026-01-01T00:00:00Z, inside the seeds' validity.
let time = Date(timeIntervalSince1970: 1_767_225_600)

let decodeCodes: Set<ReasonCode> = [.malformedCRL, .malformedPEM, .limitsExceeded]
let verifyCodes: Set<ReasonCode> = decodeCodes.union([
    .badSignature, .crlIssuerMismatch, .crlUnknownCriticalExtension, .crlDeltaUnsupported, .crlIndirectUnsupported,
    .crlScopeUnsupported, .crlNextUpdateMissing, .crlNotYetValid, .crlExpired,
])

/// The entry point libFuzzer calls with each input; returns 0 (the input is never rejected from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = Fuzz.bytes(start, count)
    let crl: CertificateRevocationList
    do {
        crl = try CertificateRevocationList(derOrPEMEncoded: input, maxEntries: 10_000)
    } catch {
        Fuzz.requireCode(error, in: decodeCodes, "CertificateRevocationList(derOrPEMEncoded:)")
        return 0
    }
    if input.first == 0x30 { Fuzz.require(crl.derEncoded == input, "DER input not kept as given") }
    check(crl)
    for refusesExpired in [true, false] {
        var settings = CRLVerificationSettings()
        settings.refusesExpired = refusesExpired
        do {
            let verified = try CRLVerifier(issuer: ca, settings: settings).verify(input, at: time)
            checkVerified(verified, refusesExpired: refusesExpired)
        } catch {
            Fuzz.requireCode(error, in: verifyCodes, "CRLVerifier.verify")
            Fuzz.require(refusesExpired || error.code != .crlExpired, "crl_expired with expiry not refused")
        }
    }
    return 0
}

/// The CRL decodes again from its DER to the same facts; lookups and hashes never crash.
func check(_ crl: CertificateRevocationList) {
    guard let again = try? CertificateRevocationList(derOrPEMEncoded: crl.derEncoded, maxEntries: 10_000) else {
        fatalError("a decoded CRL does not decode again from its DER")
    }
    Fuzz.require(facts(again) == facts(crl), "the CRL read again differs")
    Fuzz.require(crl.sha256 == Digest.sha256.hash(crl.derEncoded), "sha256 is not that of the DER")
    Fuzz.require(crl.tbsSHA256.count == 32, "tbsSHA256 is not 32 bytes")
    Fuzz.require(crl.revokedCount >= 0 && crl.version >= 1 && crl.version <= 2, "count or version out of range")
    for serial in [[], [0], [1], [0x80], [0, 0x80], Array(crl.derEncoded.prefix(20))] as [[UInt8]] {
        _ = crl.revocationDate(serialNumber: serial)
    }
    _ = crl.issuer.rfc4514
}

/// What a verified CRL must be.
func checkVerified(_ verified: VerifiedCRL, refusesExpired: Bool) {
    let crl = verified.crl
    Fuzz.require(crl.isSigned(by: ca), "verified without a signature under the CA's key")
    Fuzz.require(crl.issuer == ca.subject, "verified with another issuer Name")
    Fuzz.require(crl.unknownCriticalExtensions.isEmpty && crl.unknownCriticalEntryExtensions.isEmpty, "critical")
    Fuzz.require(!crl.isDelta && !crl.isIndirect, "a delta or indirect CRL verified")
    Fuzz.require(crl.issuingDistributionPoint?.onlySomeReasons != true, "a partial CRL verified")
    guard let nextUpdate = crl.nextUpdate else { fatalError("verified without nextUpdate") }
    Fuzz.require(nextUpdate > crl.thisUpdate, "nextUpdate not after thisUpdate")
    Fuzz.require(crl.thisUpdate <= time.addingTimeInterval(180), "verified before thisUpdate")
    Fuzz.require(!refusesExpired || nextUpdate >= time, "verified after nextUpdate")
    Fuzz.require(verified.issuerSHA256 == ca.sha256, "verified for another CA")
}

/// The decoded facts, for comparing two decodes.
func facts(_ crl: CertificateRevocationList) -> String {
    "\(crl.version) \(crl.issuer.derEncoded) \(crl.thisUpdate) \(String(describing: crl.nextUpdate)) "
        + "\(String(describing: crl.crlNumber)) \(String(describing: crl.authorityKeyIdentifier)) "
        + "\(String(describing: crl.deltaBaseCRLNumber)) \(String(describing: crl.issuingDistributionPoint)) "
        + "\(crl.extensionOIDs) \(crl.unknownCriticalExtensions) \(crl.revokedCount) \(crl.entryExtensionsPresent) "
        + "\(crl.entryCertificateIssuerPresent) \(crl.unknownCriticalEntryExtensions) \(crl.tbsSHA256) "
        + "\(crl.signatureAlgorithmOID)"
}
