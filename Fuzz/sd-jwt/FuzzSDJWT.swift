import Credentials
import Foundation
import FuzzSupport
import JOSE
import TrustLists
import X509

// SD-JWT VCs decided end to end over arbitrary text. The first byte picks the mode, the rest is the input:
//   0: a compact SD-JWT from outside (never trusted: nothing trusted signed it);
//   1: a 2-byte big-endian length n, n bytes of issuer JWT payload (JSON), then the rest of the SD-JWT after the
//      issuer JWT (`~disclosure~…~[KB-JWT]`): the payload is signed here (typ dc+sd-jwt, x5c) by an issuer the network
//      trusts, so every step after the signature is reached; trusted only when every disclosure is one claim path.
// Every refusal carries one of the documented codes with a message.
//
// libFuzzer options: -max_len=16384 -dict=Fuzz/Dictionaries/json.dict

let network = try! Fuzz.CredentialNetwork()

/// The trust decisions: the queries over the network's VICAL.
let trust = network.queries
let header: [String: JSONValue] = [
    "typ": "dc+sd-jwt", "x5c": .array([.string(Base64.encode(network.pidIssuer.certificate.derEncoded))]),
]

/// The codes an SD-JWT VC decision documents: its own steps, the JOSE decoder's it keeps, and the trust decision's.
let documentedCodes: Set<ReasonCode> = [
    .malformedSDJWT, .limitsExceeded, .unsupportedAlgorithm, .unknownCriticalHeader, .sdJWTTyp, .missingX5C,
    .badSignature, .weakKey, .issuerNotBound, .credentialExpired, .credentialNotYetValid,
    .unsupportedDigestAlgorithm, .disclosureUnreferenced, .disclosureRepeated, .disclosureInvalid,
    .keyBindingInvalid, .keyBindingMissing, .notOnTrustList, .chainInvalid, .documentSignerProfile, .issuerKeyUsage,
    .docTypeNotAuthorized, .revoked, .revocationUnavailable, .trustListExpired, .trustListUnavailable,
]

/// The entry point libFuzzer calls with each input; returns 0 (the input is never rejected from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = Fuzz.bytes(start, count)
    guard let mode = input.first else { return 0 }
    let rest = Array(input.dropFirst())
    let time = Fuzz.CredentialNetwork.time
    if mode % 2 == 0 {
        let text = String(decoding: rest, as: UTF8.self)
        check(SDJWTVerifier.decide(compact: text, nonce: "n", audience: "a", trust: trust, at: time), signed: false)
        return 0
    }
    guard rest.count >= 2 else { return 0 }
    let split = min(rest.count, 2 + (Int(rest[0]) << 8 | Int(rest[1])))
    guard let jwt = try? JWS.sign(header: header, payload: Array(rest[2..<split]), key: network.pidIssuer.key) else {
        fatalError("signing failed")
    }
    let text = jwt + String(decoding: rest[split...], as: UTF8.self)
    let decision = SDJWTVerifier.decide(compact: text, trust: trust, at: time)
    check(decision, signed: true)
    guard decision.trusted, let sdJWT = try? SDJWT(compact: text) else {
        Fuzz.require(!decision.trusted, "trusted, but the SD-JWT does not decode")
        return 0
    }
    Fuzz.require(
        decision.documents.first?.claims.count == sdJWT.disclosures.count,
        "trusted with \(sdJWT.disclosures.count) disclosures but \(decision.documents.first?.claims.count ?? 0) paths")
    return 0
}

/// The invariants of every answer.
func check(_ decision: CredentialDecision, signed: Bool) {
    Fuzz.require(signed || !decision.trusted, "an SD-JWT nobody trusted signed is trusted")
    Fuzz.require(decision.trusted == (decision.reason == nil), "trusted and a reason")
    Fuzz.require(!decision.message.isEmpty, "an answer without a message")
    if let reason = decision.reason {
        Fuzz.require(documentedCodes.contains(reason), "undocumented code \(reason): \(decision.message)")
    }
    Fuzz.require(decision.documents.count <= 1, "more than one answer for one SD-JWT")
}
