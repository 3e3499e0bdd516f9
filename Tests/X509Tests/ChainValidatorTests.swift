import Foundation
import TestSupport
import Testing
import X509

/// Chain validation over PKIs built with the certificate builder, at TestPKI.referenceTime.
@Suite("Chain validation")
struct ChainValidatorTests {
    let root: TestPKI.Issued
    let intermediate: TestPKI.Issued
    let leaf: TestPKI.Issued
    let now = TestPKI.referenceTime

    init() throws {
        root = try TestPKI.root("Root A")
        intermediate = try TestPKI.intermediate("Intermediate A", under: root)
        leaf = try TestPKI.leaf("Leaf A", under: intermediate, extendedKeyUsage: [OID.vicalSignerEKU])
    }

    func failure(
        _ result: ChainValidationResult, sourceLocation: SourceLocation = #_sourceLocation
    )
        -> ChainValidationFailure?
    {
        switch result {
        case .valid(let chain):
            Issue.record("expected failure, chain validated: \(chain.certificates)", sourceLocation: sourceLocation)
            return nil
        case .invalid(let failure):
            return failure
        }
    }

    @Test("a leaf validates through its intermediate to its root, and the result names the chain")
    func validChain() throws {
        let result = ChainValidator(anchors: [root.certificate])
            .validate(leaf: leaf.certificate, intermediates: [intermediate.certificate], at: now)
        guard case .valid(let chain) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(chain.certificates == [leaf.certificate, intermediate.certificate, root.certificate])
        #expect(chain.anchor == root.certificate)
    }

    @Test("a copy of the root among the intermediates is harmless")
    func rootInIntermediates() throws {
        let result = ChainValidator(anchors: [root.certificate])
            .validate(leaf: leaf.certificate, intermediates: [intermediate.certificate, root.certificate], at: now)
        guard case .valid = result else {
            Issue.record("\(result)")
            return
        }
    }

    @Test("a chain under another root fails")
    func wrongAnchor() throws {
        let other = try TestPKI.root("Root B")
        let failure = failure(
            ChainValidator(anchors: [other.certificate])
                .validate(leaf: leaf.certificate, intermediates: [intermediate.certificate], at: now))
        #expect(failure?.kind == .other)
    }

    @Test("a self-signed root shipped in the chain is not trusted unless it is an anchor")
    func untrustedRootInChain() throws {
        let other = try TestPKI.root("Root B")
        let failure = failure(
            ChainValidator(anchors: [other.certificate])
                .validate(leaf: leaf.certificate, intermediates: [intermediate.certificate, root.certificate], at: now))
        #expect(failure?.openSSLCode == 19)  // X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN
    }

    @Test("an expired leaf fails as expired, a not yet valid leaf as not yet valid")
    func leafValidity() throws {
        let expired = try TestPKI.leaf(
            "Old", under: intermediate, extendedKeyUsage: nil, notBefore: now - 100 * TestPKI.day,
            notAfter: now - TestPKI.day)
        let future = try TestPKI.leaf(
            "Future", under: intermediate, extendedKeyUsage: nil, notBefore: now + TestPKI.day,
            notAfter: now + 100 * TestPKI.day)
        let validator = ChainValidator(anchors: [root.certificate])
        let expiredFailure = failure(
            validator.validate(leaf: expired.certificate, intermediates: [intermediate.certificate], at: now))
        #expect(expiredFailure?.kind == .expired)
        #expect(expiredFailure?.depth == 0)
        let futureFailure = failure(
            validator.validate(leaf: future.certificate, intermediates: [intermediate.certificate], at: now))
        #expect(futureFailure?.kind == .notYetValid)
    }

    @Test("the same chain validates at a time inside every certificate's validity and fails after the leaf's end")
    func timeIsAParameter() throws {
        let validator = ChainValidator(anchors: [root.certificate])
        let later = leaf.certificate.notAfter + 1
        #expect(
            failure(validator.validate(leaf: leaf.certificate, intermediates: [intermediate.certificate], at: later))?
                .kind == .expired)
    }

    @Test("a missing intermediate fails")
    func missingIntermediate() throws {
        let failure = failure(
            ChainValidator(anchors: [root.certificate]).validate(leaf: leaf.certificate, intermediates: [], at: now))
        #expect(failure?.openSSLCode == 20)  // X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY
    }

    @Test("an intermediate given as anchor does not make a partial chain succeed")
    func noPartialChains() throws {
        let result = ChainValidator(anchors: [intermediate.certificate]).validate(
            leaf: leaf.certificate, intermediates: [], at: now)
        #expect(failure(result) != nil)
    }

    @Test("with every anchor allowed, an intermediate anchor ends the chain and a listed leaf is a chain of one")
    func partialChainsWhenAsked() throws {
        let validator = ChainValidator(anchors: [intermediate.certificate], anchorRule: .everyAnchor)
        guard case .valid(let chain) = validator.validate(leaf: leaf.certificate, intermediates: [], at: now) else {
            Issue.record("intermediate anchor did not end the chain")
            return
        }
        #expect(chain.certificates == [leaf.certificate, intermediate.certificate])
        let direct = ChainValidator(anchors: [leaf.certificate], anchorRule: .everyAnchor)
        guard case .valid(let single) = direct.validate(leaf: leaf.certificate, intermediates: [], at: now) else {
            Issue.record("listed leaf not trusted directly")
            return
        }
        #expect(single.certificates == [leaf.certificate])
    }

    @Test("an unknown critical extension is rejected, the same extension non-critical is accepted")
    func unknownCriticalExtension() throws {
        func leaf(critical: Bool) throws -> Certificate {
            try TestPKI.issue("Crit", by: intermediate) { builder in
                builder.rawExtensions = [.init(oid: "1.3.6.1.4.1.99999.1", isCritical: critical, value: [0x05, 0x00])]
            }.certificate
        }
        let validator = ChainValidator(anchors: [root.certificate])
        let rejected = failure(
            validator.validate(leaf: try leaf(critical: true), intermediates: [intermediate.certificate], at: now))
        #expect(rejected?.openSSLCode == 34)  // X509_V_ERR_UNHANDLED_CRITICAL_EXTENSION
        guard
            case .valid = validator.validate(
                leaf: try leaf(critical: false), intermediates: [intermediate.certificate], at: now)
        else {
            Issue.record("non-critical unknown extension rejected")
            return
        }
    }

    @Test("a chain longer than the depth limit fails")
    func depthLimit() throws {
        var issuer = root
        var intermediates: [Certificate] = []
        for index in 0..<4 {
            issuer = try TestPKI.issue("Level \(index)", by: issuer) { builder in
                builder.basicConstraints = BasicConstraints(isCA: true)
                builder.keyUsage = [.keyCertSign]
            }
            intermediates.append(issuer.certificate)
        }
        let deep = try TestPKI.leaf("Deep", under: issuer, extendedKeyUsage: nil)
        let failure = failure(
            ChainValidator(anchors: [root.certificate], maximumDepth: 2)
                .validate(leaf: deep.certificate, intermediates: intermediates, at: now))
        #expect(failure?.openSSLCode == 22)  // X509_V_ERR_CERT_CHAIN_TOO_LONG
        guard
            case .valid = ChainValidator(anchors: [root.certificate]).validate(
                leaf: deep.certificate, intermediates: intermediates, at: now)
        else {
            Issue.record("within the default depth the chain must validate")
            return
        }
    }

    @Test("EKU present, absent and other")
    func extendedKeyUsage() throws {
        let none = try TestPKI.leaf("No EKU", under: intermediate, extendedKeyUsage: nil)
        let other = try TestPKI.leaf("Other EKU", under: intermediate, extendedKeyUsage: ["1.3.6.1.5.5.7.3.1"])
        #expect(leaf.certificate.hasExtendedKeyUsage(OID.vicalSignerEKU))
        #expect(!none.certificate.hasExtendedKeyUsage(OID.vicalSignerEKU))
        #expect(none.certificate.extendedKeyUsage == nil)
        #expect(!other.certificate.hasExtendedKeyUsage(OID.vicalSignerEKU))
        #expect(other.certificate.extendedKeyUsage == ["1.3.6.1.5.5.7.3.1"])
    }
}
