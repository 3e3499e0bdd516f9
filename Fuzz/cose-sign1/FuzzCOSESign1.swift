import COSE
import FuzzSupport
import X509

// COSE_Sign1 (RFC 9052 §4.2) over arbitrary bytes: a message or malformed_cbor / limits_exceeded / not_cose_sign1;
// its accessors give a value or their documented code; the message rebuilt from its parts decodes to the same
// message; the Sig_structure is the documented array; no signature verifies under a key the input cannot know.
//
// libFuzzer options: -max_len=8192 -dict=Fuzz/Dictionaries/cbor.dict

/// Keys made at startup, one per algorithm: the input can never hold a valid signature for them, so a verification
/// that succeeds is a finding; a failing one exercises the raw → DER signature conversion on untrusted bytes.
let keys: [PublicKey] = KeyAlgorithm.allCases.map { try! PrivateKey.generate($0).publicKey }

/// The entry point libFuzzer calls with each input; returns 0 (the input is never rejected from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = Fuzz.bytes(start, count)
    let message: COSESign1
    do {
        message = try COSESign1(cborEncoded: input)
    } catch {
        Fuzz.requireCode(error, in: [.malformedCBOR, .limitsExceeded, .notCOSESign1], "COSESign1(cborEncoded:)")
        return 0
    }
    check(message)

    // The message rebuilt from its parts (the unprotected map and the rest re-encoded deterministically, the
    // protected bytes as received) decodes to the same message.
    let unprotected = CBOR.map(
        message.unprotectedHeader.entries.map { CBOR.MapEntry(key: $0.key.value, value: $0.value.value) })
    let parts = CBOR.array([
        .byteString(message.protectedBytes), unprotected, message.payload.map(CBOR.byteString) ?? .null,
        .byteString(message.signature),
    ])
    let rebuilt: COSESign1
    do {
        rebuilt = try COSESign1(cborEncoded: (message.isTagged ? CBOR.tagged(COSESign1.tag, parts) : parts).encoded())
    } catch {
        fatalError("the message rebuilt from its parts does not decode: \(error)")
    }
    Fuzz.require(rebuilt.isTagged == message.isTagged, "tag 18 lost in the round trip")
    Fuzz.require(rebuilt.protectedBytes == message.protectedBytes, "protected bytes changed in the round trip")
    Fuzz.require(rebuilt.payload == message.payload, "payload changed in the round trip")
    Fuzz.require(rebuilt.signature == message.signature, "signature changed in the round trip")
    Fuzz.require(rebuilt.unprotectedHeader.labels == message.unprotectedHeader.labels, "unprotected labels changed")
    Fuzz.require(describe(rebuilt) == describe(message), "accessors answer differently after the round trip")
    return 0
}

/// The accessors of a decoded message: each gives a value or one of its documented codes.
func check(_ message: COSESign1) {
    _ = describe(message)
    do {
        if let chain = try message.x5chain() {
            Fuzz.require(!chain.certificates.isEmpty, "x5chain() returned an empty chain")
        }
    } catch {
        Fuzz.requireCode(error, in: [.notCOSESign1], "x5chain()")
    }
    let strict: COSEAlgorithm?
    do {
        strict = try message.algorithm()
    } catch {
        Fuzz.requireCode(error, in: [.unsupportedAlgorithm], "algorithm()")
        strict = nil
    }
    if let strict {
        Fuzz.require((try? message.algorithm(allowUnprotected: true)) == strict, "allowUnprotected changes alg")
    }
    do {
        try message.checkCriticalHeaders()
    } catch {
        Fuzz.requireCode(error, in: [.notCOSESign1, .unknownCriticalHeader], "checkCriticalHeaders()")
    }
    checkToBeSigned(message)
    for key in keys {
        do {
            try message.verifySignature(with: key, detachedPayload: [])
            fatalError("a signature verified under a key generated in this process (\(key.algorithm))")
        } catch {
            Fuzz.requireCode(
                error, in: [.unsupportedAlgorithm, .badSignature, .detachedPayload], "verifySignature(with:)")
        }
    }
}

/// `toBeSigned()` fails exactly for a detached payload, and is `["Signature1", protected, h'', payload]` (RFC 9052
/// §4.4) with the protected bytes as received, or empty for an empty protected header.
func checkToBeSigned(_ message: COSESign1) {
    let toBeSigned: [UInt8]
    do {
        toBeSigned = try message.toBeSigned()
        Fuzz.require(message.payload != nil, "toBeSigned() succeeded without a payload")
    } catch {
        Fuzz.requireCode(error, in: [.detachedPayload], "toBeSigned()")
        Fuzz.require(message.payload == nil, "toBeSigned() failed with an attached payload")
        return
    }
    let expected = CBOR.array([
        "Signature1", .byteString(message.protectedHeader.entries.isEmpty ? [] : message.protectedBytes),
        .byteString([]), .byteString(message.payload ?? []),
    ])
    Fuzz.require((try? CBORDecoder.decodeValue(toBeSigned)) == expected, "Sig_structure is not the documented array")
}

/// What the accessors answer, as text, for comparing two messages.
func describe(_ message: COSESign1) -> String {
    let chain = (try? message.x5chain()).map { "\($0?.certificates ?? []) \($0?.isProtected ?? false)" } ?? "error"
    let algorithm = (try? message.algorithm()).map(\.name) ?? "error"
    let critical = (try? message.checkCriticalHeaders()) != nil
    return "\(chain) \(algorithm) \(critical) \(message.keyID ?? []) \(message.protectedHeader.labels)"
}
