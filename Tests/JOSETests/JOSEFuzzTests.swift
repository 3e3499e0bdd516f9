import Foundation
import JOSE
import TestSupport
import Testing
import X509

/// Seeded mutation tests: the pre-scan against Foundation's parser (differential), and mutated JWSs, which must never
/// verify (strict canonical base64url leaves no second spelling of the same bytes).
@Suite("JOSE fuzz (seeded)")
struct JOSEFuzzTests {
    static let jsonSeed = Array(
        #"{"alg":"ES256","typ":"JWT","x5c":["MIIB","MAA="],"n":[1,-2.5e+3,0.5,true,false,null],"s":"a\"\\\/\u00e9\ud83d\ude00","o":{"p":{}}}"#
            .utf8)

    static func mutate(_ input: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var bytes = input
        let alphabet = Array(#"{}[]:,"\\/-+.0123456789eEtrufalsn ueABCDabcd=_"#.utf8) + [0x00, 0x0a, 0xc3, 0xff]
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            guard !bytes.isEmpty else { break }
            let position = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: bytes[position] = alphabet.randomElement(using: &generator)!
            case 1: bytes.remove(at: position)
            case 2: bytes.insert(alphabet.randomElement(using: &generator)!, at: position)
            default: bytes[position] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
            }
        }
        return bytes
    }

    @Test("mutated JSON: never a crash; whatever Foundation accepts and we refuse is a duplicate name")
    func jsonDifferential() {
        var generator = SplitMix64(seed: 8259)
        var accepted = 0
        for _ in 0..<3_000 {
            let input = Self.mutate(Self.jsonSeed, using: &generator)
            let foundation = try? JSONSerialization.jsonObject(with: Data(input), options: [.fragmentsAllowed])
            do {
                let value = try JSONValue(jsonEncoded: input)
                accepted += 1
                #expect(foundation != nil)
                // What we accept re-encodes and decodes to the same value.
                #expect(try JSONValue(jsonEncoded: try value.jsonEncoded()) == value)
            } catch {
                if foundation != nil {
                    #expect(
                        error.reason.contains("duplicate member name"),
                        "Foundation accepts what we refuse: \(String(decoding: input, as: UTF8.self)): \(error)")
                }
            }
        }
        #expect(accepted > 100)
    }

    @Test("mutated JWSs never verify and never crash")
    func jwsMutations() throws {
        let key = try PrivateKey.generate(.ecP256)
        let token = try JWS.sign(
            header: ["typ": "JWT", "x5c": ["MAA="]], payload: Array(#"{"iss":"fuzz","exp":1767229200}"#.utf8), key: key)
        try JWS(compactSerialization: token).verify(with: key.publicKey)
        var generator = SplitMix64(seed: 7515)
        for _ in 0..<3_000 {
            let mutated = Self.mutate(Array(token.utf8), using: &generator)
            guard mutated != Array(token.utf8) else { continue }
            let text = String(decoding: mutated, as: UTF8.self)
            do {
                let jws = try JWS(compactSerialization: text)
                #expect(throws: JOSEError(.badSignature), "\(text)") { try jws.verify(with: key.publicKey) }
            } catch {
                #expect(!error.reason.isEmpty)
            }
        }
    }
}
