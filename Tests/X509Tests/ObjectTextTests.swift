import Testing

@testable internal import COpenSSL
@testable import X509

@Suite("OID text")
struct ObjectTextTests {
    @Test("every OID printed from the NID table is what OpenSSL's OBJ_obj2txt prints")
    func tableMatchesOpenSSL() {
        #expect(!commonObjectText.isEmpty)
        for (nid, text) in commonObjectText {
            guard let object = OBJ_nid2obj(nid) else {
                Issue.record("OpenSSL knows no NID \(nid)")
                continue
            }
            #expect(printedObjectText(object) == text, "NID \(nid)")
            #expect(objectText(object) == text)
        }
    }
}
