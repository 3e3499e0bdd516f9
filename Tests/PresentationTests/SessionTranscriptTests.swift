import COSE
import Presentation
import TestSupport
import Testing
import X509

/// SessionTranscript (ISO/IEC 18013-5 §9.1.5.1), bare or as SessionTranscriptBytes, kept as received.
@Suite("SessionTranscript")
struct SessionTranscriptTests {
    /// The bare SessionTranscript of Annex D.5.1: the content of its SessionTranscriptBytes.
    static var bareAnnexD: [UInt8] {
        guard case .tagged(24, .byteString(let bare)) = try? CBORDecoder.decodeValue(AnnexD.sessionTranscriptBytes)
        else { return [] }
        return bare
    }

    @Test("Annex D's SessionTranscriptBytes and the bare transcript read the same, kept as received")
    func bareAndTagged() throws {
        let tagged = try SessionTranscript(cborEncoded: AnnexD.sessionTranscriptBytes)
        let bare = try SessionTranscript(cborEncoded: Self.bareAnnexD)
        #expect(tagged.wasTagged)
        #expect(!bare.wasTagged)
        #expect(tagged.encodedBytes == Self.bareAnnexD)
        #expect(bare.encodedBytes == Self.bareAnnexD)
        #expect(tagged.deviceEngagementBytes == bare.deviceEngagementBytes)
        #expect(tagged.deviceEngagementBytes?.first == 0xa2)  // DeviceEngagement is a map
        #expect(tagged.eReaderKeyBytes?.first == 0xa4)  // EReaderKey.Pub is a COSE_Key map of 4 entries
        guard case .array(let handover) = tagged.handover else {
            Issue.record("Annex D uses the NFC handover, an array")
            return
        }
        #expect(handover.count == 2)
    }

    @Test("a transcript with a non-preferred encoding is kept byte for byte")
    func keepsEncodingAsReceived() throws {
        // [null, null, null] with the array head in its two-byte form (98 03): well-formed, not deterministic.
        let transcript = try SessionTranscript(cborEncoded: [0x98, 0x03, 0xf6, 0xf6, 0xf6])
        #expect(transcript.encodedBytes == [0x98, 0x03, 0xf6, 0xf6, 0xf6])
        #expect(transcript.deviceEngagementBytes == nil)
        #expect(transcript.eReaderKeyBytes == nil)
        #expect(transcript.handover == .null)
    }

    struct Malformed: Sendable, CustomStringConvertible {
        let name: String
        let bytes: [UInt8]
        let code: PresentationError.Code
        var description: String { name }
    }

    static let malformed: [Malformed] = [
        Malformed(name: "a map", bytes: CBOR.map([]).encoded(), code: .malformedSessionTranscript),
        Malformed(name: "two items", bytes: CBOR.array([.null, .null]).encoded(), code: .malformedSessionTranscript),
        Malformed(
            name: "engagement as a plain byte string",
            bytes: CBOR.array([.byteString([0xa0]), .null, .null]).encoded(),
            code: .malformedSessionTranscript),
        Malformed(
            name: "key as tag 24 over text", bytes: CBOR.array([.null, .tagged(24, "x"), .null]).encoded(),
            code: .malformedSessionTranscript),
        Malformed(
            name: "tag 24 over text", bytes: CBOR.tagged(24, "x").encoded(), code: .malformedSessionTranscript),
        Malformed(
            name: "another tag", bytes: CBOR.tagged(18, [.null, .null, .null]).encoded(),
            code: .malformedSessionTranscript),
        Malformed(
            name: "tag 24 over bytes that are not CBOR", bytes: CBOR.tagged(24, .byteString([0x83, 0xf6])).encoded(),
            code: .malformedCBOR),
        Malformed(name: "truncated", bytes: Array(AnnexD.sessionTranscriptBytes.dropLast()), code: .malformedCBOR),
        Malformed(name: "empty", bytes: [], code: .malformedCBOR),
    ]

    @Test("a transcript of the wrong shape fails with its code", arguments: malformed)
    func malformedTranscripts(_ vector: Malformed) {
        let error = presentationError { try SessionTranscript(cborEncoded: vector.bytes) }
        #expect(error?.code == vector.code, "\(String(describing: error))")
    }

    @Test("every proper prefix of Annex D's SessionTranscriptBytes fails with malformed_cbor")
    func everyPrefixFails() {
        let bytes = AnnexD.sessionTranscriptBytes
        for length in 0..<bytes.count {
            #expect(throws: PresentationError(.malformedCBOR)) {
                try SessionTranscript(cborEncoded: Array(bytes[..<length]))
            }
        }
    }
}
