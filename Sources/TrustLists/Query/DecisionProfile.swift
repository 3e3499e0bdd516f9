import Foundation
import X509

/// What one kind of trust decision asks (docs/architecture.md, Queries): which role the listed entries play, how
/// OpenSSL treats them, and what the leaf must be. Every decision runs the same ordered policies
/// (``TrustIndex/policies``); a profile says which of the optional ones apply and with what values.
struct DecisionProfile: Sendable {
    /// What the leaf must carry as extended key usage.
    enum LeafEKU: Sendable {
        /// Nothing.
        case none
        /// `oid`, else `reason`; a network in `exemptNetworks` need not.
        case required(oid: String, reason: ReasonCode, exemptNetworks: Set<String> = [])
        /// One of the anchor's network's `credentials.documentSignerEKUs`, with keyUsage digitalSignature; else
        /// `document_signer_profile`.
        case documentSigner
        /// Nothing required; a leaf whose EKUs allow neither any purpose nor a document signer EKU of the network is
        /// trusted with the warning `issuer_eku`.
        case warnUnlessCredentialSigning
    }

    /// The role the consulted entries play.
    let role: AnchorRole
    /// The lists consulted, in messages.
    let listNoun: String
    /// What the leaf is, in messages.
    let leafNoun: String
    /// What a listed entry is, in messages.
    let entryNoun: String
    /// How OpenSSL treats the listed entries.
    let anchorRule: ChainValidator.AnchorRule
    /// The leaf's EKU rule.
    var leafEKU: LeafEKU = .none
    /// The reason when the leaf's keyUsage lacks digitalSignature; nil when not checked.
    var keyUsageReason: ReasonCode?
    /// Whether a leaf without a keyUsage extension is refused too (with ``keyUsageReason``), not read as unrestricted
    /// (RFC 5280 §4.2.1.3): the issuer of an SD-JWT VC "needs keyUsage digitalSignature" (docs/architecture.md,
    /// Credentials).
    var keyUsageRequired = false
    /// Whether the leaf must be issued directly by the anchor (document signers, ISO/IEC 18013-5 Annex B).
    var directlyIssued = false
    /// The docTypes the anchor must be listed for (all of them); empty for none.
    var docTypes: [String] = []
    /// The lists whose entries may answer; nil for every list of the role.
    var onlyLists: Set<ListID>?
    /// Whether only lists of kinds that publish bare keys are consulted (key decisions).
    var keysOnly = false
    /// What names this question among those about one chain in a generation (``DecisionMemo``): the kind and every
    /// value the profile's policies read; nil for a question whose answers are not kept.
    var memoKey: String?
    /// The wording of a trusted answer, from the leaf's name and the anchor.
    let trustedMessage: @Sendable (_ name: String, _ anchor: TrustDecision.Anchor) -> String

    /// Reader authentication: every listed reader certificate ends a chain, self-signed or not
    /// (`X509_V_FLAG_PARTIAL_CHAIN`), so a listed reader leaf is trusted as a chain of one; leaf EKU
    /// 1.0.18013.5.1.6 (ISO/IEC 18013-5 Table B.8) unless the network is exempt; keyUsage digitalSignature.
    static func reader(ekuExemptNetworks: Set<String>) -> DecisionProfile {
        var profile = DecisionProfile(
            role: .reader, listNoun: "RICAL or WRPAC providers LoTE", leafNoun: "reader certificate",
            entryNoun: "listed reader certificate", anchorRule: .everyAnchor,
            leafEKU: .required(
                oid: OID.readerAuthenticationEKU, reason: .readerEKU, exemptNetworks: ekuExemptNetworks),
            keyUsageReason: .readerKeyUsage
        ) { name, anchor in
            "\(name) is a trusted reader: its chain validates to \(anchor.subject), listed in \(anchor.list) "
                + "(\(anchor.provider))"
        }
        // Without exemptions (the usual question) a literal: this runs on every reader decision.
        profile.memoKey =
            ekuExemptNetworks.isEmpty ? "reader" : (["reader"] + ekuExemptNetworks.sorted()).joined(separator: "\u{0}")
        return profile
    }

    /// Document signers asked about by chain and docType: only a self-signed IACA ends a chain (ISO/IEC 18013-5
    /// Annex B.1.2), without partial chains, except a LoTE's listed certificates; issued directly by it; leaf EKU
    /// 1.0.18013.5.1.2 (Table B.3); the anchor listed for the docType.
    static func issuer(docType: String) -> DecisionProfile {
        var profile = DecisionProfile(
            role: .issuer, listNoun: "VICAL or PID/mDL providers LoTE", leafNoun: "document signer",
            entryNoun: "IACA", anchorRule: .selfSignedRootsOnly,
            leafEKU: .required(oid: OID.documentSignerEKU, reason: .documentSignerEKU), directlyIssued: true,
            docTypes: [docType]
        ) { name, anchor in
            "\(name) may sign \(docType): its chain validates to IACA \(anchor.subject), listed in \(anchor.list) "
                + "(\(anchor.provider))"
        }
        profile.memoKey = "issuer\u{0}" + docType
        return profile
    }

    /// The document signer of an mdoc (ISO/IEC 18013-5 §9.3.1): as ``issuer(docType:)``, with the document signer
    /// profile of the anchor's network (keyUsage digitalSignature, an EKU of `credentials.documentSignerEKUs`).
    static func documentSigner(docType: String) -> DecisionProfile {
        var profile = issuer(docType: docType)
        profile.leafEKU = .documentSigner
        profile.memoKey = "documentSigner\u{0}" + docType
        return profile
    }

    /// The issuer of an SD-JWT VC of `vct`: its chain validates to an anchor of a list the configuration authorizes
    /// for `vct` (`credentials.vct`; by default the PID types to the PID providers LoTEs), a LoTE's certificate as
    /// listed, a VICAL's only when self-signed; a keyUsage extension with digitalSignature; no EKU required.
    static func credentialIssuer(vct: String, lists: Set<ListID>) -> DecisionProfile {
        var profile = DecisionProfile(
            role: .issuer, listNoun: "list authorized for vct \(vct) (credentials.vct)", leafNoun: "credential issuer",
            entryNoun: "listed issuer certificate", anchorRule: .selfSignedRootsOnly,
            leafEKU: .warnUnlessCredentialSigning, keyUsageReason: .issuerKeyUsage, onlyLists: lists
        ) { name, anchor in
            "\(name) may issue \(vct): its chain validates to \(anchor.subject), listed in \(anchor.list) "
                + "(\(anchor.provider))"
        }
        profile.keyUsageRequired = true
        return profile
    }

    /// Wallet providers (AuthZEN role `http://ec.europa.eu/NS/wallet-provider`): each certificate of a listed
    /// `…/WalletSolution/Issuance` service ends a chain as listed; keyUsage digitalSignature; no EKU (none is defined).
    static let walletProvider = DecisionProfile(
        role: .walletProvider, listNoun: "wallet providers LoTE", leafNoun: "wallet provider certificate",
        entryNoun: "wallet provider certificate", anchorRule: .everyAnchor,
        keyUsageReason: .walletProviderKeyUsage
    ) { name, anchor in
        "\(name) is a trusted wallet provider: its chain validates to \(anchor.subject), listed for "
            + "\(anchor.name ?? anchor.subject) in \(anchor.list) (\(anchor.provider))"
    }

    /// A bare key (RFC 7638 thumbprint) among the `PublicKeyValues` of listed LoTE services of `role`, whose
    /// docTypes cover `docTypes`.
    static func key(role: AnchorRole, docTypes: [String]) -> DecisionProfile {
        DecisionProfile(
            role: role, listNoun: "LoTE with services of this role", leafNoun: "key", entryNoun: "published key",
            anchorRule: .everyAnchor, docTypes: docTypes, keysOnly: true
        ) { thumbprint, anchor in
            "the key \(thumbprint) is published by \(anchor.name ?? "a service") (\(anchor.subject)) in \(anchor.list) "
                + "(\(anchor.provider))"
        }
    }
}
