import COSE
import Credentials
import Foundation
import FuzzSupport
import Presentation
import TrustLists
import X509

// mdocs (ISO/IEC 18013-5 DeviceResponse, Document, IssuerSigned) decided end to end over arbitrary bytes. The first
// byte picks the mode, the rest is the input:
//   0: an mdoc from outside: nothing trusted signed it, so it is never trusted;
//   1: a 2-byte big-endian length n, n bytes of SessionTranscript, then an mdoc from outside (never trusted);
//   2: a 2-byte big-endian length n, n bytes of MobileSecurityObjectBytes, then an IssuerNameSpaces map: signed here
//      by a document signer the network trusts, so every step after the signature is reached; trusted only when the
//      MSO decodes by itself with this docType and a validity around the time, and each item's digest matches.
// Every refusal carries one of the documented codes with a message; a DeviceResponse gets one answer per document.
//
// libFuzzer options: -max_len=16384 -dict=Fuzz/Dictionaries/cbor.dict

let network = try! Fuzz.CredentialNetwork()

/// The trust decisions: the queries over the network's VICAL.
let trust = network.queries
let mDL = "org.iso.18013.5.1.mDL"

/// The codes an mdoc decision documents: its own steps and the trust decision's.
let documentedCodes: Set<ReasonCode> = [
    .malformedMDoc, .limitsExceeded, .issuerAuthInvalid, .unsupportedAlgorithm, .unknownCriticalHeader,
    .badSignature, .unsupportedDigestAlgorithm, .docTypeMismatch, .msoNotYetValid, .msoExpired,
    .msoSignedOutsideValidity, .valueDigestMismatch, .issuingCountryMismatch, .deviceAuthInvalid, .noDocuments,
    .notOnTrustList, .chainInvalid, .documentSignerProfile, .docTypeNotAuthorized, .issuerKeyUsage, .revoked,
    .revocationUnavailable, .trustListExpired, .trustListUnavailable,
]

/// The entry point libFuzzer calls with each input; returns 0 (the input is never rejected from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = Fuzz.bytes(start, count)
    guard let mode = input.first else { return 0 }
    let rest = Array(input.dropFirst())
    switch mode % 3 {
    case 0:
        check(
            MDocVerifier.decide(cborEncoded: rest, trust: trust, at: Fuzz.CredentialNetwork.time), rest, signed: false)
    case 1:
        guard rest.count >= 2 else { return 0 }
        let split = min(rest.count, 2 + (Int(rest[0]) << 8 | Int(rest[1])))
        let transcript = try? SessionTranscript(cborEncoded: Array(rest[2..<split]))
        let mdoc = Array(rest[split...])
        check(
            MDocVerifier.decide(
                cborEncoded: mdoc, sessionTranscript: transcript, trust: trust, at: Fuzz.CredentialNetwork.time),
            mdoc, signed: false)
    default:
        guard rest.count >= 2 else { return 0 }
        let split = min(rest.count, 2 + (Int(rest[0]) << 8 | Int(rest[1])))
        signedHere(mso: Array(rest[2..<split]), nameSpaces: Array(rest[split...]))
    }
    return 0
}

/// The invariants of every answer.
func check(_ decision: CredentialDecision, _ bytes: [UInt8], signed: Bool) {
    Fuzz.require(signed || !decision.trusted, "an mdoc nobody trusted signed is trusted")
    Fuzz.require(decision.trusted == (decision.reason == nil), "trusted and a reason")
    Fuzz.require(!decision.message.isEmpty, "an answer without a message")
    for document in decision.documents {
        if let reason = document.reason {
            Fuzz.require(documentedCodes.contains(reason), "undocumented code \(reason): \(document.message)")
            Fuzz.require(!document.message.isEmpty, "\(reason) without a message")
            Fuzz.require(document.elements.isEmpty, "a refused document with vouched elements")
        } else {
            Fuzz.require(
                document.trustedBy != nil && document.deviceAuth != nil, "trusted without anchor or deviceAuth")
        }
    }
    if let reason = decision.reason {
        Fuzz.require(documentedCodes.contains(reason), "undocumented code \(reason): \(decision.message)")
    }
    if case .deviceResponse(let response)? = try? MDocInput(cborEncoded: bytes) {
        Fuzz.require(decision.documents.count == response.documents.count, "not one answer per document")
        Fuzz.require(decision.responseStatus == response.status, "the status was not reported")
    }
}

/// A document whose issuerAuth the trusted document signer signed over `mso`, with `nameSpaces` (when it decodes) as
/// its IssuerNameSpaces.
func signedHere(mso: [UInt8], nameSpaces: [UInt8]) {
    guard
        let issuerAuth = try? COSESign1.sign(
            payload: mso, key: network.documentSigner.key,
            unprotectedHeader: [
                .init(key: .int(33), value: X5Chain.headerValue(network.documentSignerChain.map(\.derEncoded)))
            ])
    else { fatalError("signing failed") }
    let spaces = try? CBORDecoder().decode(nameSpaces)
    // {"docType": mDL, "issuerSigned": {["nameSpaces": …,] "issuerAuth": …}} with the parts embedded as they are.
    var bytes: [UInt8] = [0xa2] + CBOR.textString("docType").encoded() + CBOR.textString(mDL).encoded()
    bytes += CBOR.textString("issuerSigned").encoded() + [spaces == nil ? 0xa1 : 0xa2]
    if let spaces { bytes += CBOR.textString("nameSpaces").encoded() + Array(spaces.encodedBytes) }
    bytes += CBOR.textString("issuerAuth").encoded() + issuerAuth
    let decision = MDocVerifier.decide(cborEncoded: bytes, trust: trust, at: Fuzz.CredentialNetwork.time)
    check(decision, bytes, signed: true)
    guard decision.trusted else { return }
    // Trusted: the MSO decodes by itself, names the mDL, is valid now, and every item hashes to its digest.
    guard let decoded = try? MobileSecurityObject(payload: mso[...], path: "mso") else {
        fatalError("trusted, but the MSO does not decode by itself")
    }
    Fuzz.require(decoded.docType == mDL, "trusted with the MSO's docType \(decoded.docType)")
    let time = Fuzz.CredentialNetwork.time
    Fuzz.require(
        decoded.validityInfo.validFrom <= time && time <= decoded.validityInfo.validUntil, "trusted outside validity")
    guard case .document(let document)? = try? MDocInput(cborEncoded: bytes) else {
        fatalError("trusted, but the document does not decode")
    }
    for space in document.issuerSigned.nameSpaces {
        for item in space.items {
            Fuzz.require(
                decoded.valueDigests[space.name]?[item.digestID].map {
                    $0.elementsEqual(decoded.digestAlgorithm.hash(item.itemBytes))
                } == true, "trusted with an item whose digest does not match")
        }
    }
}
