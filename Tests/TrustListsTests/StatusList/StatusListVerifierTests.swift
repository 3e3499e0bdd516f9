import Foundation
import TestSupport
import Testing
import TrustLists
import X509

/// ``StatusListVerifier`` over JWT and CWT tokens signed by hand by Python `cryptography`, `cbor2` and `zlib`
/// (``TestStatusLists``): each token comes out as its builder says, valid with the statuses it was built from, or
/// refused with the reason code it was built to earn.
@Suite("Status lists: tokens built by Python", .requires(.interopModules))
struct StatusListVerifierTests {
    static let lists: TestStatusLists? = try? TestStatusLists.make()

    func fixtures() throws -> TestStatusLists { try #require(Self.lists, "make_status_lists.py failed") }

    /// Verifies one token as its manifest entry says: its anchor, URI, time, format and reference certificate.
    func verify(_ file: String) throws -> Result<VerifiedStatusList, TrustListError> {
        let fixtures = try fixtures()
        let expected = try #require(fixtures.expected[file], "no case \(file)")
        let anchor = try Certificate(pemEncoded: String(decoding: try fixtures.bytes(expected.anchor), as: UTF8.self))
        let reference = try expected.referenceCertificate.map { name in
            try Certificate(pemEncoded: String(decoding: try fixtures.bytes(name), as: UTF8.self))
        }
        let bytes = try fixtures.bytes(file)
        let format = expected.expectedFormat.flatMap(StatusListTokenFormat.init(rawValue:))
        return Result { () throws(TrustListError) in
            try StatusListVerifier(anchor: anchor).verify(
                bytes, uri: expected.uri, at: Date(timeIntervalSince1970: TimeInterval(expected.at)),
                expectedFormat: format, signerCertificate: reference)
        }
    }

    /// Checks a verified list against the facts its builder recorded.
    func checkFacts(_ verified: VerifiedStatusList, _ expected: TestStatusLists.Expected) {
        let file = expected.file
        #expect(verified.token.format.rawValue == expected.format, "\(file)")
        if let bits = expected.bits { #expect(verified.bits.rawValue == bits, "\(file)") }
        if let count = expected.count { #expect(verified.count == count, "\(file)") }
        if let sub = expected.sub { #expect(verified.subject == sub, "\(file)") }
        if let iat = expected.iat { #expect(verified.issuedAt == Date(timeIntervalSince1970: TimeInterval(iat))) }
        if let exp = expected.exp { #expect(verified.expires == Date(timeIntervalSince1970: TimeInterval(exp))) }
        if let ttl = expected.ttl { #expect(verified.timeToLive == TimeInterval(ttl), "\(file)") }
        for sample in expected.samples ?? [] {
            #expect(
                verified.lookup(UInt64(sample[0])) == .status(StatusType(rawValue: UInt8(sample[1]))),
                "\(file) index \(sample[0])")
        }
        #expect(
            verified.lookup(UInt64(verified.count))
                == .indexOutOfRange(index: UInt64(verified.count), count: verified.count),
            "\(file): the index just past the end")
        #expect(verified.lookup(UInt64.max).status == nil, "\(file): the largest index")
        #expect(verified.warnings.count == (expected.warnings ?? 0), "\(file): \(verified.warnings)")
    }

    @Test("every token built by Python comes out as its builder says: valid with its statuses, or its reason code")
    func everyToken() throws {
        let fixtures = try fixtures()
        #expect(fixtures.expected.count >= 80, "the manifest lists every case")
        for (file, expected) in fixtures.expected.sorted(by: { $0.key < $1.key }) {
            switch try verify(file) {
            case .success(let verified):
                #expect(expected.isValid, "\(file): verified, but built to be \(expected.expect)")
                if expected.isValid { checkFacts(verified, expected) }
            case .failure(let error):
                #expect(error.code.rawValue == expected.expect, "\(file): \(error)")
                #expect(!error.reason.isEmpty, "\(file): a refusal says why")
            }
        }
    }

    @Test("the signer rule: trusted under the document signer's IACA, refused with the document signer as anchor")
    func signerRuleBothWays() throws {
        for format in ["jwt", "cwt"] {
            let trusted = try verify("right-iaca.\(format)").get()
            #expect(trusted.anchor.subject.rfc4514 == "CN=Test IACA,C=US")
            #expect(trusted.signer.subject.rfc4514 == "CN=Test status list signer,C=US")
            #expect(throws: TrustListError(.statusListSignerMismatch)) {
                try verify("document-signer-as-anchor.\(format)").get()
            }
        }
    }

    @Test("a signer under another IACA of the same name is refused, and trusted under its own IACA")
    func signerUnderAnotherIACA() throws {
        for format in ["jwt", "cwt"] {
            let failure = try #require(try verify("other-iaca.\(format)").failureValue)
            #expect(failure.code == .statusListSignerMismatch)
            #expect(failure.reason.contains("does not chain to the anchor"), "\(failure.reason)")
            #expect(try verify("other-iaca-own-anchor.\(format)").get().anchor.subject.rfc4514 == "CN=Test IACA,C=US")
        }
    }

    @Test("an lst that inflates to gigabytes (2 GiB, 1 GiB) is refused at the cap: limits_exceeded naming it")
    func inflationBomb() throws {
        for format in ["jwt", "cwt"] {
            let failure = try #require(try verify("bomb.\(format)").failureValue)
            #expect(failure.code == .limitsExceeded)
            #expect(failure.reason.contains("over the cap"), "\(failure.reason)")
        }
    }

    @Test("a 1-bit list of exactly 16 MiB (2^27 credentials) is allowed; one byte more is refused")
    func sixteenMebibytes() throws {
        let verified = try verify("at-cap-1bit.cwt").get()
        #expect(verified.statusList.bytes.count == 16 << 20)
        #expect(try verify("over-cap-1bit.cwt").failureValue?.code == .limitsExceeded)
    }

    @Test("the same content signed again has the same mark and another token digest")
    func markIgnoresTheSignature() throws {
        for format in ["jwt", "cwt"] {
            let first = try verify("right-iaca.\(format)").get()
            let again = try verify("right-iaca-signed-again.\(format)").get()
            #expect(first.mark == again.mark)
            #expect(first.token.sha256 != again.token.sha256)
            #expect(first.mark.contentSHA256.count == 64, "SHA-256 in hex")
            #expect(first.mark.date == first.issuedAt && first.mark.number == nil)
            let other = try verify("valid-2bit.\(format)").get()
            #expect(other.mark != first.mark)
        }
    }

    @Test("against the URI's accepted mark: an earlier iat is a rollback, the same iat with other content equivocation")
    func rollbackAndEquivocation() throws {
        let fixtures = try fixtures()
        let anchor = try Certificate(pemEncoded: String(decoding: try fixtures.bytes("iaca.pem"), as: UTF8.self))
        let verifier = StatusListVerifier(anchor: anchor)
        let bytes = try fixtures.bytes("right-iaca.cwt")
        let first = try verifier.verify(bytes, uri: fixtures.uri, at: TestPKI.referenceTime)
        // The same content signed again (another ECDSA signature) is the same version.
        let again = try fixtures.bytes("right-iaca-signed-again.cwt")
        #expect(
            try verifier.verify(again, uri: fixtures.uri, at: TestPKI.referenceTime, accepted: first.mark).mark
                == first.mark)
        // valid-2bit has the same iat (an hour before the reference time) and other content.
        #expect(throws: TrustListError(.statusEquivocation)) {
            try verifier.verify(
                try fixtures.bytes("valid-2bit.cwt"), uri: fixtures.uri, at: TestPKI.referenceTime,
                accepted: first.mark)
        }
        let later = VersionMark(
            date: first.issuedAt.addingTimeInterval(60), number: [UInt8]?.none,
            contentSHA256: String(repeating: "0", count: 64))
        #expect(throws: TrustListError(.statusRollback)) {
            try verifier.verify(bytes, uri: fixtures.uri, at: TestPKI.referenceTime, accepted: later)
        }
        let earlier = VersionMark(
            date: first.issuedAt.addingTimeInterval(-60), number: [UInt8]?.none,
            contentSHA256: String(repeating: "0", count: 64))
        #expect(try verifier.verify(bytes, uri: fixtures.uri, at: TestPKI.referenceTime, accepted: earlier).count > 0)
    }

    @Test("an expired token is refused, or kept and marked expired when expiry is not refused")
    func expiry() throws {
        let fixtures = try fixtures()
        let anchor = try Certificate(pemEncoded: String(decoding: try fixtures.bytes("iaca.pem"), as: UTF8.self))
        var settings = StatusListVerificationSettings()
        settings.refusesExpired = false
        let verified = try StatusListVerifier(anchor: anchor, settings: settings).verify(
            try fixtures.bytes("expired.cwt"), uri: fixtures.uri, at: TestPKI.referenceTime)
        #expect(verified.isExpired(at: TestPKI.referenceTime))
        let fresh = try verify("valid-1bit.jwt").get()
        #expect(!fresh.isExpired(at: TestPKI.referenceTime))
        // ttl 43200 s comes before exp (a day after the reference time).
        #expect(fresh.refreshDue(fetchedAt: TestPKI.referenceTime) == TestPKI.referenceTime.addingTimeInterval(43200))
    }

    @Test("a token decoded once verifies again from its decoded form, as a stored token is re-verified on load")
    func verifyDecodedToken() throws {
        let fixtures = try fixtures()
        let anchor = try Certificate(pemEncoded: String(decoding: try fixtures.bytes("iaca.pem"), as: UTF8.self))
        let token = try StatusListToken(bytes: try fixtures.bytes("valid-4bit.cwt"))
        let verified = try StatusListVerifier(anchor: anchor).verify(
            token, uri: fixtures.uri, at: TestPKI.referenceTime)
        #expect(verified.mark == token.mark)
        #expect(throws: TrustListError(.statusListSubMismatch)) {
            try StatusListVerifier(anchor: anchor).verify(
                token, uri: "https://issuer.example/statuslists/9", at: TestPKI.referenceTime)
        }
    }
}

extension Result {
    /// The error, or nil on success.
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
