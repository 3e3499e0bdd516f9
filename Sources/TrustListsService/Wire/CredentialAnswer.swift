import Credentials
import Foundation
import JOSE
import TrustLists

/// The JSON of a credential decision (`trustctl query credential --json`, `POST /v1/decisions/credential`, an AuthZEN
/// credential evaluation's `trust_metadata`; docs/cli.md, query): an `Encodable` value written by the wire's one writer
/// (``WireJSON``), every documented member present (null when there is no value).
///
/// `trusted`, `reason`, `message`, `query` (`credential`), `at`, `generation`, `format` (`mdoc` or `dc+sd-jwt`),
/// `responseStatus` and `documentErrors` [{`docType`, `code`}] (a DeviceResponse's; null and empty otherwise), and
/// `documents`, one per document in input order: `format`, `docType`, `vct`, `trusted`, `reason`, `message`,
/// `trustedBy` (the anchor object of reader and issuer decisions: `anchorSHA256`, `anchorSubject`, `list`, `provider`,
/// `issueID`, `listState`, `name`) or null, `documentSigner` {`subject`, `sha256`, `notBefore`, `notAfter`} or null,
/// `validity` ({`signed`, `validFrom`, `validUntil`, `expectedUpdate`} for an mdoc, {`iat`, `nbf`, `exp`} for an
/// SD-JWT VC), `elements` (mdoc: an object, namespace → element identifiers; SD-JWT VC: an array of claim paths),
/// `deviceSignedElements` (namespace → identifiers), `deviceAuth` (`verified`, `not_checkable`, `absent`, `invalid`,
/// or null before the issuer signature verified), `revocation` {`checked`, `state`, `crlNumber`, `thisUpdate`,
/// `nextUpdate`} or null, `warnings` [codes], and `status` {`checked`, `uri`, `idx`, `value`, `listIssuedAt`,
/// `listExpires`, `reason`} (the credential's status list check; docs/architecture.md, Status lists) or null when the
/// credential names no status or its decision stopped before the status step.
public struct CredentialAnswer: Encodable, Sendable {
    /// The decision.
    public let decision: CredentialDecision

    /// Wraps a decision.
    public init(_ decision: CredentialDecision) { self.decision = decision }

    enum Key: String, CodingKey {
        case trusted, reason, message, query, at, generation, format, responseStatus, documentErrors, documents
    }

    /// Writes the members above, null where there is no value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(decision.trusted, forKey: .trusted)
        try container.encode(decision.reason?.rawValue, forKey: .reason)
        try container.encode(decision.message, forKey: .message)
        try container.encode("credential", forKey: .query)
        try container.encode(Timestamp.text(decision.time), forKey: .at)
        try container.encode(decision.generation, forKey: .generation)
        try container.encode(decision.format.rawValue, forKey: .format)
        try container.encode(decision.responseStatus, forKey: .responseStatus)
        try container.encode(decision.documentErrors.map(DocumentErrorAnswer.init), forKey: .documentErrors)
        try container.encode(decision.documents.map(DocumentAnswer.init), forKey: .documents)
    }

}

/// One `documentErrors` entry.
struct DocumentErrorAnswer: Encodable {
    let docType: String
    let code: Int64

    init(_ error: CredentialDecision.DocumentError) {
        docType = error.docType
        code = error.code
    }
}

/// One document's answer (see ``CredentialAnswer``).
struct DocumentAnswer: Encodable {
    let document: DocumentDecision

    init(_ document: DocumentDecision) { self.document = document }

    enum Key: String, CodingKey {
        case format, docType, vct, trusted, reason, message, trustedBy, documentSigner, validity, elements
        case deviceSignedElements, deviceAuth, revocation, warnings, status
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(document.format.rawValue, forKey: .format)
        try container.encode(document.docType, forKey: .docType)
        try container.encode(document.vct, forKey: .vct)
        try container.encode(document.trusted, forKey: .trusted)
        try container.encode(document.reason?.rawValue, forKey: .reason)
        try container.encode(document.message, forKey: .message)
        try container.encode(document.trustedBy.map(AnchorAnswer.init), forKey: .trustedBy)
        try container.encode(document.signer.map(SignerAnswer.init), forKey: .documentSigner)
        switch document.format {
        case .mdoc:
            try container.encode(
                [
                    "signed": document.validity.signed, "validFrom": document.validity.validFrom,
                    "validUntil": document.validity.validUntil, "expectedUpdate": document.validity.expectedUpdate,
                ].mapValues { $0.map(Timestamp.text) }, forKey: .validity)
            try container.encode(Self.groups(document.elements), forKey: .elements)
        case .sdJWTVC:
            try container.encode(
                ["iat": document.validity.iat, "nbf": document.validity.nbf, "exp": document.validity.exp]
                    .mapValues { $0.map(Timestamp.text) }, forKey: .validity)
            try container.encode(document.claims, forKey: .elements)
        }
        try container.encode(Self.groups(document.deviceSignedElements), forKey: .deviceSignedElements)
        try container.encode(document.deviceAuth?.rawValue, forKey: .deviceAuth)
        try container.encode(document.revocation.map(RevocationAnswer.init), forKey: .revocation)
        try container.encode(document.warnings.map(\.rawValue), forKey: .warnings)
        try container.encode(document.status.map(StatusCheckAnswer.init), forKey: .status)
    }

    /// Namespace → identifiers (a namespace sent twice keeps both lists, joined).
    static func groups(_ groups: [DocumentDecision.ElementGroup]) -> [String: [String]] {
        groups.reduce(into: [:]) { $0[$1.nameSpace, default: []] += $1.identifiers }
    }
}

/// A document's status check: `checked`, `uri`, `idx`, `value` (the status's number, 0 VALID, 1 INVALID, 2
/// SUSPENDED, …), `listIssuedAt`, `listExpires`, `reason` (why not checked), null where there is no value.
struct StatusCheckAnswer: Encodable {
    let check: CredentialStatusCheck

    enum Key: String, CodingKey { case checked, uri, idx, value, listIssuedAt, listExpires, reason }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(check.checked, forKey: .checked)
        try container.encode(check.uri, forKey: .uri)
        try container.encode(check.index, forKey: .idx)
        try container.encode(check.value?.rawValue, forKey: .value)
        try container.encode(check.listIssuedAt.map(Timestamp.text), forKey: .listIssuedAt)
        try container.encode(check.listExpires.map(Timestamp.text), forKey: .listExpires)
        try container.encode(check.reason?.rawValue, forKey: .reason)
    }
}

/// The anchor object of every decision: `anchorSHA256`, `anchorSubject`, `list`, `provider`, `issueID`, `listState`,
/// `name`.
struct AnchorAnswer: Encodable {
    let anchor: TrustDecision.Anchor

    enum Key: String, CodingKey { case anchorSHA256, anchorSubject, list, provider, issueID, listState, name }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(anchor.sha256, forKey: .anchorSHA256)
        try container.encode(anchor.subject, forKey: .anchorSubject)
        try container.encode(anchor.list.description, forKey: .list)
        try container.encode(anchor.provider, forKey: .provider)
        try container.encode(anchor.issueID, forKey: .issueID)
        try container.encode(anchor.listState.rawValue, forKey: .listState)
        try container.encode(anchor.name, forKey: .name)
    }
}

/// The issuer's signing certificate: `subject`, `sha256`, `notBefore`, `notAfter`.
struct SignerAnswer: Encodable {
    let subject: String
    let sha256: String
    let notBefore: String
    let notAfter: String

    init(_ signer: DocumentDecision.Signer) {
        subject = signer.subject
        sha256 = signer.sha256
        notBefore = Timestamp.text(signer.notBefore)
        notAfter = Timestamp.text(signer.notAfter)
    }
}

/// What the CRLs said: `checked`, `state`, `crlNumber`, `thisUpdate`, `nextUpdate`.
struct RevocationAnswer: Encodable {
    let revocation: TrustDecision.Revocation

    enum Key: String, CodingKey { case checked, state, crlNumber, thisUpdate, nextUpdate }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(revocation.checked, forKey: .checked)
        try container.encode(revocation.state.rawValue, forKey: .state)
        try container.encode(revocation.crlNumber, forKey: .crlNumber)
        try container.encode(revocation.thisUpdate.map(Timestamp.text), forKey: .thisUpdate)
        try container.encode(revocation.nextUpdate.map(Timestamp.text), forKey: .nextUpdate)
    }
}
