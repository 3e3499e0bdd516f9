import COSE
import Foundation
import FuzzSupport
import JOSE
import TrustLists
import X509

// Status lists over arbitrary bytes (draft-ietf-oauth-status-list): the first byte chooses what the rest is.
//   0 (mod 4): a status list token, decoded (StatusListToken) and verified (StatusListVerifier) against a fixed CA,
//              the one scripts/fuzz-seeds.py issues the seed tokens' signer under, so that seeds reach every policy;
//   1: a compressed `lst`, inflated at the `bits` of the second byte under a 1 MiB cap, then looked up;
//   2: an mdoc MSO `status` (CBOR) read as a credential's status reference;
//   3: a JWT claims set (JSON) whose `status` is read as a credential's status reference.
// Invariants: only documented codes, with a message; an inflated list is non-empty, within its cap, and every lookup
// at or past its end is out of range, never a status; a verified token's sub is the URI, its iat is not in the future
// and its exp not past; a reference's index and URI are what the input holds.
//
// libFuzzer options: -max_len=16384 -dict=Fuzz/Dictionaries/cbor.dict

/// The fixed CA: "CN=fuzz status CA", key = P-256 scalar 0x5747A5 (as in scripts/fuzz-seeds.py).
let caKeyPEM = """
    -----BEGIN PRIVATE KEY-----
    MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgAAAAAAAAAAAAAAAA
    AAAAAAAAAAAAAAAAAAAAAABXR6WhRANCAAR45LZJLNMZo69r/BcMGLpmBnB7syT8
    QlL5jiWg6Trn5u9OoVZWXVJtau0QriZV3h76qPQEPLkLXN74fgO+n2YO
    -----END PRIVATE KEY-----
    """
let ca = Fuzz.fixedCA(commonName: "fuzz status CA", privateKeyPEM: caKeyPEM)

/// 2026-01-01T00:00:00Z, inside the seeds' validity.
let time = Date(timeIntervalSince1970: 1_767_225_600)
/// The URI the seed tokens name as their sub.
let uri = "https://fuzz.example/statuslists/1"
/// Small caps, so that an input runs fast: 1 MiB inflated at most.
let limits = StatusListLimits(maxTokenBytes: 1 << 20, maxEntries: 1 << 23, maxInflatedBytes: 1 << 20)

let decodeCodes: Set<ReasonCode> = [
    .limitsExceeded, .malformedJWS, .malformedJSON, .malformedX5C, .unsupportedAlgorithm, .unknownCriticalHeader,
    .malformedCBOR, .notCOSESign1, .detachedPayload, .malformedCertificate, .wrongListType, .malformedStatusList,
    .unsupportedKey, .inputTooLarge,
]
let verifyCodes = decodeCodes.union([
    .missingX5Chain, .badSignature, .weakKey, .signerExpired, .signerNotYetValid, .statusListSignerMismatch,
    .chainInvalid, .statusListSubMismatch, .dateInFuture, .statusListExpired,
])
let inflateCodes: Set<ReasonCode> = [.malformedStatusList, .limitsExceeded]
let referenceCodes: Set<ReasonCode> = [.malformedStatusReference]

/// The entry point libFuzzer calls with each input; returns 0 (the input is never rejected from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = Fuzz.bytes(start, count)
    guard let mode = input.first else { return 0 }
    let rest = Array(input.dropFirst())
    switch mode % 4 {
    case 0: token(rest)
    case 1: inflate(rest)
    case 2: msoStatus(rest)
    default: jwtStatus(rest)
    }
    return 0
}

/// Decode and verify a token.
func token(_ bytes: [UInt8]) {
    do {
        let token = try StatusListToken(bytes: bytes, limits: limits)
        Fuzz.require(token.contentSHA256.count == 32 && token.sha256.count == 32, "digests are not SHA-256")
        Fuzz.require(token.certificates.count <= limits.maxCertificates, "more certificates than the limit")
    } catch {
        Fuzz.requireCode(error, in: decodeCodes, "StatusListToken(bytes:)")
    }
    var settings = StatusListVerificationSettings()
    settings.limits = limits
    do {
        let verified = try StatusListVerifier(anchor: ca, settings: settings).verify(bytes, uri: uri, at: time)
        Fuzz.require(verified.subject == uri, "verified with sub \(verified.subject)")
        Fuzz.require(verified.issuedAt <= time.addingTimeInterval(180), "verified with iat in the future")
        Fuzz.require(verified.expires.map { $0 > time } ?? true, "verified at or past exp")
        check(verified.statusList, cap: limits.inflatedByteCap(for: verified.bits), probes: bytes.suffix(8))
    } catch {
        Fuzz.requireCode(error, in: verifyCodes, "StatusListVerifier.verify")
    }
}

/// Inflate an `lst` and look it up.
func inflate(_ bytes: [UInt8]) {
    guard let selector = bytes.first else { return }
    let bits = StatusListBits.allCases[Int(selector) % 4]
    do {
        let list = try CompressedStatusList(bits: bits, compressed: Array(bytes.dropFirst())).inflate(limits: limits)
        check(list, cap: limits.inflatedByteCap(for: bits), probes: bytes.prefix(8))
    } catch {
        Fuzz.requireCode(error, in: inflateCodes, "CompressedStatusList.inflate")
    }
}

/// What every inflated list must be: non-empty, within its cap, and looked up by arithmetic alone.
func check(_ list: StatusList, cap: Int, probes: some Collection<UInt8>) {
    Fuzz.require(!list.bytes.isEmpty && list.bytes.count <= cap, "inflated to \(list.bytes.count) bytes, cap \(cap)")
    Fuzz.require(list.count == list.bytes.count * 8 / list.bits.rawValue, "count is not bytes * 8 / bits")
    let end = UInt64(list.count)
    Fuzz.require(list.lookup(end) == .indexOutOfRange(index: end, count: list.count), "index past the end")
    Fuzz.require(list.lookup(UInt64.max).status == nil, "the largest index has a status")
    var indices: [UInt64] = [0, end - 1]
    for probe in probes { indices.append(UInt64(probe) * 2_654_435_761 % end) }
    for index in indices {
        guard let status = list.lookup(index).status else { fatalError("index \(index) of \(end) has no status") }
        Fuzz.require(status.rawValue <= list.bits.mask, "status \(status) wider than \(list.bits) bits")
    }
    Fuzz.require(list.counts().values.reduce(0, +) == list.count, "counts do not add up to the count")
}

/// An mdoc MSO's `status`.
func msoStatus(_ bytes: [UInt8]) {
    guard let node = try? CBORDecoder(limits: CBORDecoder.Limits(maxInputBytes: 1 << 20)).decode(bytes) else { return }
    do {
        checkReference(try CredentialStatus(msoStatus: node))
    } catch {
        Fuzz.requireCode(error, in: referenceCodes, "CredentialStatus(msoStatus:)")
    }
}

/// A JWT claims set's `status`.
func jwtStatus(_ bytes: [UInt8]) {
    guard let claims = (try? JSONValue(jsonEncoded: bytes))?.objectValue else { return }
    do {
        if let status = try CredentialStatus(jwtClaims: claims) { checkReference(status) }
    } catch {
        Fuzz.requireCode(error, in: referenceCodes, "CredentialStatus(jwtClaims:)")
    }
}

/// A reference's URI is absolute; an unsupported one says why.
func checkReference(_ status: CredentialStatus) {
    switch status {
    case .statusList(let reference):
        Fuzz.require(reference.uri.contains(":"), "a status list URI without a scheme: \(reference.uri)")
        Fuzz.require(status.unsupportedReason == nil, "a status list reference reported unsupported")
        if reference.certificate != nil {
            do {
                _ = try reference.signerCertificate()
            } catch {
                Fuzz.requireCode(error, in: referenceCodes, "StatusListReference.signerCertificate")
            }
        }
    case .identifierList, .unsupported:
        Fuzz.require(status.unsupportedReason?.code == .statusMechanismUnsupported, "unsupported without its code")
    }
}
