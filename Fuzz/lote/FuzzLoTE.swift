import Foundation
import FuzzSupport
import JOSE
import Publishing
import TrustLists
import X509

// LoTEs (ETSI TS 119 602 JSON, signed as JAdES) over arbitrary input. The first byte picks the mode, the rest is the
// input:
//   0: a LoTE payload (JSON) through the decoder alone;
//   1: a signed document (compact or JSON JWS) through the whole verifier, against a root made at start: it can never
//      be valid, since nothing here signs it (a valid result would be a forged signature);
//   2: a LoTE payload signed here as compact JAdES by a signer under that root, so that every check after the
//      signature is reached: valid only when the payload decodes by itself to the same LoTE. The signer is the
//      P-256 one (ES256), or the RSA one (PS256, RSASSA-PSS) when the mode byte's high bit is set.
// Every failure must carry one of the codes the decoder and the verifier document, with a message.
//
// libFuzzer options: -max_len=16384 -dict=Fuzz/Dictionaries/json.dict

/// A root, two LoTE signers under it (P-256 and RSA 2048), and the verifier that pins the root.
struct Signing {
    static let time = Date(timeIntervalSince1970: 1_767_312_000)  // 2026-01-02T00:00:00Z
    let signers: [(key: PrivateKey, chain: [Certificate])]
    let verifier: LoTEVerifier

    init() throws {
        let root = try DemoNetwork.issue("Fuzz LoTE root", at: Self.time, validDays: 3650, kind: .ca(pathLength: nil))
        signers = try [KeyAlgorithm.ecP256, .rsa].map { algorithm in
            let signer = try DemoNetwork.issue(
                "Fuzz LoTE signer", by: root, algorithm: algorithm, at: Self.time, validDays: 365,
                kind: .leaf(eku: nil, usage: [.digitalSignature]))
            return (signer.key, [signer.certificate, root.certificate])
        }
        verifier = LoTEVerifier(anchors: [root.certificate])
    }
}

let signing = try! Signing()

/// The codes the payload decoder documents.
let payloadCodes: Set<ReasonCode> = [.limitsExceeded, .malformedJSON, .malformedPayload, .wrongListType]
/// The codes the verifier documents (without the rollback policy, which is not run here).
let verifierCodes: Set<ReasonCode> = payloadCodes.union([
    .unsupportedFormat, .malformedJWS, .unsupportedAlgorithm, .weakKey, .unknownCriticalHeader, .malformedX5C,
    .badSignature,
    .signingTimeInvalid, .signerExpired, .signerNotYetValid, .chainInvalid, .signerKeyUsage, .dateInFuture,
])

/// Decodes a payload alone; nil when it does not decode (with a documented code).
func decodePayload(_ payload: [UInt8]) -> LoTE? {
    var warnings = ListWarnings()
    do {
        let lote = try LoTE(jsonEncoded: payload, warnings: &warnings)
        Fuzz.require(lote.sequenceNumber >= 1, "sequence number \(lote.sequenceNumber) accepted")
        Fuzz.require(lote.nextUpdateTime > lote.issueDate, "NextUpdate not after ListIssueDateTime accepted")
        Fuzz.require(!lote.schemeOperatorName.isEmpty, "a LoTE without SchemeOperatorName accepted")
        Fuzz.require(lote.entities.allSatisfy { !$0.name.isEmpty }, "an entity without TEName accepted")
        return lote
    } catch {
        Fuzz.requireCode(error, in: payloadCodes, "LoTE payload decoder")
        return nil
    }
}

/// The entry point libFuzzer calls with each input; returns 0 (the input is never rejected from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = Fuzz.bytes(start, count)
    guard let mode = input.first else { return 0 }
    let rest = Array(input.dropFirst())
    switch mode % 3 {
    case 0:
        _ = decodePayload(rest)
    case 1:
        do {
            let verified = try signing.verifier.verify(rest, at: Signing.time)
            Fuzz.require(false, "an unsigned input verified as a LoTE of \(verified.list.lote?.entities.count ?? 0) entities")
        } catch {
            Fuzz.requireCode(error, in: verifierCodes, "LoTE verifier")
        }
    default:
        let alone = decodePayload(rest)
        let signer = signing.signers[mode >= 0x80 ? 1 : 0]
        guard
            let signed = try? LoTEPublisher.sign(
                payload: rest, signerKey: signer.key, signerChain: signer.chain, signingTime: Signing.time)
        else { return 0 }
        do {
            let verified = try signing.verifier.verify(signed, at: Signing.time)
            Fuzz.require(alone == verified.list.lote, "the verified LoTE differs from the payload decoded alone")
        } catch {
            Fuzz.requireCode(error, in: verifierCodes, "LoTE verifier")
            Fuzz.require(
                alone == nil || [.dateInFuture].contains(error.code),
                "a payload that decodes alone was refused after a good signature: \(error.code) \(error.reason)")
        }
    }
    return 0
}
