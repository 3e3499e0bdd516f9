import Foundation
import TestSupport
import Testing
import TrustLists
import X509

/// ``CRLVerifier`` over CRLs built by Python `cryptography` (``TestCRLs``): each refusal with its code, the profile's
/// warnings, and the rollback rules.
@Suite("CRL verification", .requires(.pythonCryptography))
struct CRLVerifierTests {
    static let crls: TestCRLs? = try? TestCRLs.make()
    static let time = TestPKI.referenceTime

    func fixtures() throws -> TestCRLs { try #require(Self.crls, "make_test_crls.py failed") }

    func ca(_ name: String = "ca.pem") throws -> Certificate {
        try Certificate(pemEncoded: String(decoding: try fixtures().bytes(name), as: UTF8.self))
    }

    func verify(
        _ name: String, issuer: String = "ca.pem", at time: Date = Self.time,
        settings: CRLVerificationSettings = CRLVerificationSettings(), accepted: VersionMark? = nil
    ) throws -> VerifiedCRL {
        try CRLVerifier(issuer: try ca(issuer), settings: settings).verify(
            try fixtures().bytes(name + ".der"), at: time, accepted: accepted)
    }

    func reason(_ name: String, issuer: String = "ca.pem", at time: Date = Self.time) throws -> ReasonCode? {
        do {
            _ = try verify(name, issuer: issuer, at: time)
            return nil
        } catch {
            return (error as? TrustListError)?.code
        }
    }

    @Test("a CRL of Table B.10's profile verifies without warnings")
    func valid() throws {
        let verified = try verify("good")
        #expect(verified.warnings.isEmpty)
        #expect(verified.issuerSHA256 == (try ca()).sha256)
        #expect(verified.crl.revokedCount == 6)
        #expect(!verified.isExpired)
    }

    @Test(
        "each refusal has its code",
        arguments: [
            ("other-key", "ca.pem", "bad_signature"),
            ("good", "other-ca.pem", "bad_signature"),
            ("unknown-critical", "ca.pem", "crl_unknown_critical_extension"),
            ("delta", "ca.pem", "crl_delta_unsupported"),
            ("indirect-idp", "ca.pem", "crl_indirect_unsupported"),
            ("indirect-entry", "ca.pem", "crl_indirect_unsupported"),
            ("expired", "ca.pem", "crl_expired"),
            ("not-yet-valid", "ca.pem", "crl_not_yet_valid"),
        ])
    func refusals(name: String, issuer: String, code: String) throws {
        #expect(try reason(name, issuer: issuer)?.rawValue == code)
    }

    @Test("garbage, a truncated CRL and a certificate are malformed_crl; text without a CRL block malformed_pem")
    func malformed() throws {
        let verifier = CRLVerifier(issuer: try ca())
        let der = try fixtures().bytes("good.der")
        #expect(throws: TrustListError(.malformedCRL)) { try verifier.verify(Array(der.prefix(200)), at: Self.time) }
        #expect(throws: TrustListError(.malformedCRL)) { try verifier.verify((try ca()).derEncoded, at: Self.time) }
        #expect(throws: TrustListError(.malformedPEM)) { try verifier.verify(Array("junk".utf8), at: Self.time) }
    }

    @Test("the CRL's issuer Name must be the subject of the CA whose key signed it")
    func issuerName() throws {
        // The CRL of "Test IACA" checked against a certificate for the same key under another Name: the signature
        // verifies, the Name does not match.
        let key = try PrivateKey(pemEncoded: String(decoding: try fixtures().bytes("ca.key"), as: UTF8.self))
        let renamed = try CertificateBuilder(
            subject: [.commonName("Renamed IACA")], publicKey: key.publicKey, notBefore: Self.time - 86_400,
            notAfter: Self.time + 86_400
        ).selfSigned(with: key)
        #expect(throws: TrustListError(.crlIssuerMismatch)) {
            try CRLVerifier(issuer: renamed).verify(try fixtures().bytes("good.der"), at: Self.time)
        }
    }

    @Test("expiry and not-yet-valid follow the time: the clock skew is allowed, nextUpdate itself is not expired")
    func times() throws {
        let expected = try #require(try fixtures().expected["good"])
        let thisUpdate = Date(timeIntervalSince1970: TimeInterval(try #require(expected.thisUpdate)))
        let nextUpdate = Date(timeIntervalSince1970: TimeInterval(try #require(expected.nextUpdate)))
        #expect(try reason("good", at: thisUpdate.addingTimeInterval(-180)) == nil)
        #expect(try reason("good", at: thisUpdate.addingTimeInterval(-181)) == .crlNotYetValid)
        #expect(try reason("good", at: nextUpdate) == nil)
        #expect(try reason("good", at: nextUpdate.addingTimeInterval(1)) == .crlExpired)
    }

    @Test("with expiry not refused, an expired CRL verifies and is marked expired")
    func acceptExpired() throws {
        var settings = CRLVerificationSettings()
        settings.refusesExpired = false
        let verified = try verify("expired", settings: settings)
        #expect(verified.isExpired)
        #expect(!(try verify("good", settings: settings)).isExpired)
    }

    @Test("departures from Table B.10 are warnings: v1, no AKI, no CRL number, entry extensions, no cRLSign")
    func warnings() throws {
        #expect(try verify("v1").warnings.contains { $0.contains("v1 CRL") })
        let bare = try verify("no-aki-no-number").warnings
        #expect(bare.contains { $0.contains("no authorityKeyIdentifier") })
        #expect(bare.contains { $0.contains("no cRLNumber") })
        #expect(try verify("entry-reason").warnings == ["entries carry extensions (Table B.10 wants none)"])
        #expect(
            try verify("good", issuer: "nocrlsign-ca.pem").warnings == [
                "the CA's keyUsage lacks cRLSign (RFC 5280 §4.2.1.3)"
            ])
    }

    @Test("rollback: a lower CRL number is refused, the same number with other content is equivocation")
    func rollback() throws {
        let mark = try verify("good").mark
        let policy = RollbackPolicy(accepted: mark, rules: .crl)
        #expect(throws: TrustListError(.crlRollback)) { try verify("good-renumbered", accepted: mark) }
        #expect(throws: TrustListError(.crlEquivocation)) {
            try verify("same-number-other-content", accepted: mark)
        }
        #expect(try policy.verdict(try verify("good-resigned").mark) == .sameContent)
        #expect(try policy.verdict(try verify("good-next").mark) == .newer(note: nil))
        #expect(try RollbackPolicy(accepted: nil, rules: .crl).verdict(try verify("good").mark) == .newer(note: nil))
        // 2^159 + 7 is higher than 5.
        #expect(try policy.verdict(try verify("big-number").mark) == .newer(note: nil))
        #expect(throws: TrustListError(.crlRollback)) {
            try RollbackPolicy(accepted: try verify("big-number").mark, rules: .crl).verdict(
                try verify("good-next").mark)
        }
    }

    @Test("a decoded CRL re-verifies against its CA without decoding again")
    func reverify() throws {
        let crl = try CertificateRevocationList(derOrPEMEncoded: try fixtures().bytes("good.der"))
        #expect(try CRLVerifier(issuer: try ca()).verify(crl, at: Self.time).crl.derEncoded == crl.derEncoded)
        #expect(throws: TrustListError(.badSignature)) {
            try CRLVerifier(issuer: try ca("other-ca.pem")).verify(crl, at: Self.time)
        }
    }

    @Test("CRL numbers are written in decimal up to 64 bits, in hex above")
    func numberText() {
        #expect(CRLNumberText.text([]) == "0")
        #expect(CRLNumberText.text([0x05]) == "5")
        #expect(CRLNumberText.text([0x01, 0x00]) == "256")
        #expect(CRLNumberText.text([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]) == "18446744073709551615")
        #expect(CRLNumberText.text([0x01, 0, 0, 0, 0, 0, 0, 0, 0]) == "0x010000000000000000")
    }
}
