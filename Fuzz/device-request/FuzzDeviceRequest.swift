import COSE
import FuzzSupport
import Presentation

// ISO/IEC 18013-5 DeviceRequest and SessionTranscript over arbitrary bytes, then reader authentication of the one
// in the session of the other. Input layout: a 2-byte big-endian length n, n bytes of SessionTranscript (bare or
// SessionTranscriptBytes), the rest a DeviceRequest. Each decodes to a value or its documented codes; a transcript
// re-read from its bytes, bare or tagged, is the same; ReaderAuthentication(All)Bytes are the documented structure; every
// DocRequest and every readerAuthAll signature gets one result with a documented code.
//
// libFuzzer options: -max_len=4096 -dict=Fuzz/Dictionaries/cbor.dict

/// The transcript used when the input's does not decode: no engagement, no handover.
let emptyTranscript = try! SessionTranscript(cborEncoded: [0x83, 0xf6, 0xf6, 0xf6])

let requestCodes: Set<PresentationError.Code> = [
    .malformedCBOR, .limitsExceeded, .malformedDeviceRequest, .notCOSESign1,
]
let transcriptCodes: Set<PresentationError.Code> = [.malformedCBOR, .limitsExceeded, .malformedSessionTranscript]
let readerAuthCodes: Set<PresentationError.Code> = [
    .badSignature, .unsupportedAlgorithm, .missingX5Chain, .attachedPayload, .unknownCriticalHeader, .notCOSESign1,
    .malformedCertificate, .unsupportedKey,
]

/// The entry point libFuzzer calls with each input; returns 0 (the input is never rejected from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = Fuzz.bytes(start, count)
    guard input.count >= 2 else { return 0 }
    let split = min(input.count, 2 + (Int(input[0]) << 8 | Int(input[1])))
    let transcript = decodeTranscript(Array(input[2..<split]))
    let request: DeviceRequest
    do {
        request = try DeviceRequest(cborEncoded: Array(input[split...]))
    } catch {
        Fuzz.requireCode(error, in: requestCodes, "DeviceRequest(cborEncoded:)")
        return 0
    }
    Fuzz.require(!request.docRequests.isEmpty, "a DeviceRequest without DocRequests")
    Fuzz.require(request.requestedDocTypes.count == request.docRequests.count, "docTypes and DocRequests differ")
    let session = transcript ?? emptyTranscript
    for docRequest in request.docRequests {
        checkReaderAuthenticationBytes(docRequest, session)
    }
    checkReaderAuthenticationAllBytes(request, session)
    let report = request.verifyReaderAuthentication(sessionTranscript: session)
    Fuzz.require(report.documents.count == request.docRequests.count, "not one result per DocRequest")
    Fuzz.require(report.readerAuthAll.count == request.readerAuthAll.count, "not one result per readerAuthAll")
    for result in report.readerAuthAll {
        switch result {
        case .notAuthenticated:
            Fuzz.require(false, "a readerAuthAll signature reported as absent")
        case .signatureVerified(let chain):
            Fuzz.require(!chain.isEmpty, "a readerAuthAll signature verified without a chain")
        case .failed(let code, let message):
            Fuzz.require(
                readerAuthCodes.contains(code), "readerAuthAll failed with undocumented code \(code): \(message)")
        }
    }
    for document in report.documents {
        switch document.readerAuthentication {
        case .notAuthenticated:
            Fuzz.require(document.docRequest.readerAuth == nil, "a readerAuth was ignored")
        case .signatureVerified(let chain):
            Fuzz.require(!chain.isEmpty, "a signature verified without a chain")
        case .failed(let code, let message):
            Fuzz.require(readerAuthCodes.contains(code), "readerAuth failed with undocumented code \(code): \(message)")
        }
    }
    return 0
}

/// Decodes a transcript and checks that its bytes, read again bare and as SessionTranscriptBytes, give the same.
func decodeTranscript(_ bytes: [UInt8]) -> SessionTranscript? {
    let transcript: SessionTranscript
    do {
        transcript = try SessionTranscript(cborEncoded: bytes)
    } catch {
        Fuzz.requireCode(error, in: transcriptCodes, "SessionTranscript(cborEncoded:)")
        return nil
    }
    let bare = transcript.encodedBytes
    let tagged = CBOR.tagged(24, .byteString(bare)).encoded()
    for (again, wasTagged) in [(bare, false), (tagged, true)] {
        guard let reread = try? SessionTranscript(cborEncoded: again) else {
            fatalError("a SessionTranscript's own bytes do not decode (tagged: \(wasTagged))")
        }
        Fuzz.require(reread.wasTagged == wasTagged, "wasTagged is wrong")
        Fuzz.require(reread.encodedBytes == bare, "the transcript's bytes changed")
        Fuzz.require(reread.deviceEngagementBytes == transcript.deviceEngagementBytes, "DeviceEngagementBytes changed")
        Fuzz.require(reread.eReaderKeyBytes == transcript.eReaderKeyBytes, "EReaderKeyBytes changed")
        Fuzz.require(reread.handover == transcript.handover, "Handover changed")
    }
    return transcript
}

/// ReaderAuthenticationBytes are `#6.24(bstr .cbor ["ReaderAuthentication", SessionTranscript,
/// ItemsRequestBytes])` (ISO/IEC 18013-5 §9.1.4).
func checkReaderAuthenticationBytes(_ docRequest: DocRequest, _ transcript: SessionTranscript) {
    let bytes = ReaderAuthentication.bytes(for: docRequest, sessionTranscript: transcript)
    guard case .tagged(24, .byteString(let content))? = try? CBORDecoder.decodeValue(bytes),
        let structure = try? CBORDecoder.decodeValue(content)
    else {
        fatalError("ReaderAuthenticationBytes are not tag 24 over the encoding of one item")
    }
    let expected = CBOR.array([
        .textString(ReaderAuthentication.context), transcript.node.value,
        .tagged(24, .byteString(docRequest.itemsRequestBytes)),
    ])
    Fuzz.require(structure == expected, "ReaderAuthentication is not the documented array")
}

/// ReaderAuthenticationAllBytes are `#6.24(bstr .cbor ["ReaderAuthenticationAll", SessionTranscript,
/// [* ItemsRequestBytes], DeviceRequestInfoBytes / null])`, or the same without the last element.
func checkReaderAuthenticationAllBytes(_ request: DeviceRequest, _ transcript: SessionTranscript) {
    let info: CBOR = request.deviceRequestInfoBytes.map { .tagged(24, .byteString($0)) } ?? .null
    for withInfo in [true, false] {
        let bytes = ReaderAuthenticationAll.bytes(
            for: request, sessionTranscript: transcript, withDeviceRequestInfo: withInfo)
        guard case .tagged(24, .byteString(let content))? = try? CBORDecoder.decodeValue(bytes),
            let structure = try? CBORDecoder.decodeValue(content)
        else {
            fatalError("ReaderAuthenticationAllBytes are not tag 24 over the encoding of one item")
        }
        var expected: [CBOR] = [
            .textString(ReaderAuthenticationAll.context), transcript.node.value,
            .array(request.docRequests.map { .tagged(24, .byteString($0.itemsRequestBytes)) }),
        ]
        if withInfo { expected.append(info) }
        Fuzz.require(structure == .array(expected), "ReaderAuthenticationAll is not the documented array")
    }
}
