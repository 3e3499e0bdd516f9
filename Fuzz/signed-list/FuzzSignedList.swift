import Foundation
import FuzzSupport
import TrustLists
import X509

// The whole verification of a signed list (docs/architecture.md, The pipeline: steps 3 to 9) over arbitrary bytes: a
// verified list or one of the verifier's documented codes. A mutated list fails at its signature at the latest, so this
// exercises everything before it; mutations of the unprotected header (where VICALs carry x5chain) keep the signature
// valid and reach the chain, signer profile, payload and policy steps.
//
// libFuzzer options: -max_len=24576 -dict=Fuzz/Dictionaries/cbor.dict

/// The real roots (`$TRUSTLISTS_FIXTURES`, else the real-fixture folder beside the package, relative to the working
/// directory), so that the real lists among the seeds verify; a root made here when the fixtures are absent.
let anchors: [Certificate] = {
    let folder = URL(
        fileURLWithPath: ProcessInfo.processInfo.environment["TRUSTLISTS_FIXTURES"] ?? "../shared/fixtures/real")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let roots = names.sorted().filter { $0.hasSuffix("_root_ca.pem") }.compactMap { name in
        (try? Data(contentsOf: folder.appendingPathComponent(name))).flatMap {
            try? Certificate(pemEncoded: String(decoding: $0, as: UTF8.self))
        }
    }
    if !roots.isEmpty { return roots }
    let key = try! PrivateKey.generate(.ecP256)
    var builder = CertificateBuilder(
        subject: [.commonName("Fuzz Root")], publicKey: key.publicKey, notBefore: Date(timeIntervalSince1970: 0),
        notAfter: Date(timeIntervalSince1970: 4_102_444_800))
    builder.basicConstraints = BasicConstraints(isCA: true)
    builder.keyUsage = [.keyCertSign, .cRLSign]
    return [try! builder.selfSigned(with: key)]
}()

/// While every real signer is valid and after every real list's date.
let verificationTime = Date(timeIntervalSince1970: 1_763_596_800)  // 2025-11-20T00:00:00Z

/// The codes of the steps before the signer profile (structure, signature, chain, validity): these steps do not
/// depend on the kind of list.
let eitherKind: Set<TrustListError.Code> = [
    .malformedCBOR, .limitsExceeded, .notCOSESign1, .unknownCriticalHeader, .unsupportedAlgorithm, .missingX5Chain,
    .detachedPayload, .badSignature, .chainInvalid, .signerExpired, .signerNotYetValid,
]

/// Every code ``TrustListVerifier/verify(_:kind:at:)`` documents.
let documented = eitherKind.union([
    .signerEKU, .signerKeyUsage, .malformedPayload, .wrongListType,
    .providerMismatch, .dateInFuture, .listExpired,
])

let verifier = TrustListVerifier(anchors: anchors)

/// The entry point libFuzzer calls with each input; returns 0 (the input is never rejected from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = Fuzz.bytes(start, count)
    // Up to the chain the kind changes nothing but a warning: verify as a RICAL too only past that point.
    if !verify(input, kind: .vical) { _ = verify(input, kind: .rical) }
    return 0
}

/// Verifies and checks the outcome; returns whether the list failed at a step that does not depend on the kind.
func verify(_ input: [UInt8], kind: ListKind) -> Bool {
    let verified: VerifiedList
    do {
        verified = try verifier.verify(input, kind: kind, at: verificationTime)
    } catch {
        Fuzz.requireCode(error, in: documented, "verify(_:kind:at:)")
        return eitherKind.contains(error.code)
    }
    Fuzz.require(verified.list.kind == kind, "verified a \(verified.list.kind) as a \(kind)")
    Fuzz.require(verified.signedBytes == input, "the verified list does not keep the bytes received")
    Fuzz.require(verified.sha256 == Digest.sha256.hash(input), "sha256 is not that of the bytes received")
    Fuzz.require(anchors.contains(verified.anchor), "the chain ends outside the pinned roots")
    Fuzz.require(verified.list.date <= verificationTime + 180, "a list dated in the future verified")
    Fuzz.require(verified.list.notAfter.map { $0 >= verificationTime } ?? true, "an expired list verified")
    return false
}
