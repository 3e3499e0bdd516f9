import Foundation
import X509

/// How a network's lists vouch for the issuers of credentials (the `credentials` object of a network;
/// docs/configuration.md, "credentials"; docs/architecture.md, Queries): which EKUs a document signer of an mdoc may
/// carry, and which lists' anchors may issue an SD-JWT VC of a given `vct`.
public struct CredentialSettings: Sendable, Hashable {
    /// The `vct` values of the EU PID (the PID rulebook's SD-JWT VC type and its mdoc docType, which wallets also send
    /// as a `vct`): by default only the network's PID providers LoTEs may issue them.
    public static let pidTypes = ["urn:eudi:pid:1", "eu.europa.ec.eudi.pid.1"]

    /// The EKUs a document signer certificate may carry to sign mdocs (one is required): default
    /// `["1.0.18013.5.1.2"]` (ISO/IEC 18013-5 Annex B.1.4, Table B.3). The reader-authentication EKU is never one.
    public var documentSignerEKUs: [String] = [OID.documentSignerEKU]
    /// Per `vct`, the lists whose anchors may issue an SD-JWT VC of that type: ``pidTypes`` map to the network's PID
    /// providers LoTEs unless the file says otherwise; a VICAL's docTypes never authorize a `vct` unless it is named
    /// here.
    public var vct: [String: [ListID]] = [:]

    /// The defaults of a network without a `credentials` object.
    /// - Parameter pidProviders: the network's PID providers LoTEs.
    public init(pidProviders: [ListID] = []) {
        if !pidProviders.isEmpty {
            for type in Self.pidTypes { vct[type] = pidProviders }
        }
    }

    /// Reads the `credentials` object of a network; nil gives the defaults.
    /// - Parameters:
    ///   - reader: the object, or nil.
    ///   - pidProviders: the network's PID providers LoTEs (the default for ``pidTypes``).
    /// The lists `vct` names are checked against the whole configuration afterwards (``check(configured:reader:)``).
    init(_ reader: JSONObjectReader?, pidProviders: [ListID]) throws(ConfigurationError) {
        self.init(pidProviders: pidProviders)
        guard let reader else { return }
        try reader.requireOnly(["documentSignerEKUs", "vct"])
        if let entries = try reader.array("documentSignerEKUs") {
            var ekus: [String] = []
            for (entry, path) in entries {
                guard case .string(let oid) = entry, Self.isDottedOID(oid) else {
                    throw ConfigurationError(
                        file: reader.file, path: path, message: "expected a dotted OID, e.g. \(OID.documentSignerEKU)")
                }
                guard oid != OID.readerAuthenticationEKU else {
                    throw ConfigurationError(
                        file: reader.file, path: path,
                        message: "\(oid) is the reader authentication EKU (ISO/IEC 18013-5 Table B.8); it is never a "
                            + "document signer's")
                }
                if !ekus.contains(oid) { ekus.append(oid) }
            }
            guard !ekus.isEmpty else {
                throw reader.error(at: "documentSignerEKUs", "must name at least one EKU a document signer may carry")
            }
            documentSignerEKUs = ekus
        }
        if let types = try reader.object("vct") {
            for key in types.object.keys.sorted() {
                guard !key.isEmpty else { throw types.error(at: key, "a vct must not be empty") }
                var named: [ListID] = []
                for (entry, path) in try types.array(key) ?? [] {
                    guard case .string(let text) = entry, let id = ListID(text) else {
                        throw ConfigurationError(
                            file: reader.file, path: path, message: "expected a list id written <network>/<name>")
                    }
                    if !named.contains(id) { named.append(id) }
                }
                vct[key] = named
            }
        }
    }

    /// Checks that every list `vct` names is configured.
    /// - Parameters:
    ///   - configured: every configured list.
    ///   - file: the configuration file, for the error.
    ///   - path: the JSON path of this object (`networks[0].credentials`).
    /// - Throws: ``ConfigurationError`` naming the first list that is not configured.
    func check(configured: Set<ListID>, file: String, path: String) throws(ConfigurationError) {
        for (type, lists) in vct.sorted(by: { $0.key < $1.key }) {
            for (index, id) in lists.enumerated() where !configured.contains(id) {
                throw ConfigurationError(
                    file: file, path: "\(path).vct.\(type)[\(index)]", message: "'\(id)' is not a configured list")
            }
        }
    }

    /// Whether `text` is a dotted-decimal OID with at least two arcs.
    static func isDottedOID(_ text: String) -> Bool {
        let arcs = text.split(separator: ".", omittingEmptySubsequences: false)
        return arcs.count >= 2 && arcs.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }
}
