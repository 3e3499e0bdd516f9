import Foundation
import X509

/// One status list the store keeps (docs/architecture.md, Status lists): the network whose decisions use it and the
/// SHA-256 of its URI. A URI used by two networks has a source in each, verified against each network's anchors.
public struct StatusListID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The network id.
    public let network: String
    /// SHA-256 of the URI's UTF-8 bytes, lower-case hex: the folder of its tokens in the cache.
    public let uriSHA256: String

    /// An id from its parts.
    public init(network: String, uriSHA256: String) {
        self.network = network
        self.uriSHA256 = uriSHA256
    }

    /// The id of `uri` in `network`.
    public init(network: String, uri: String) {
        self.init(network: network, uriSHA256: Self.sha256(of: uri))
    }

    /// Reads `network/uriSHA256`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, Self.isDigest(parts[1]) else { return nil }
        self.init(network: String(parts[0]), uriSHA256: String(parts[1]))
    }

    /// `network/uriSHA256`: the key in `state.json`.
    public var description: String { "\(network)/\(uriSHA256)" }

    /// SHA-256 of a URI's UTF-8 bytes, lower-case hex.
    public static func sha256(of uri: String) -> String { hexString(Digest.sha256.hash(Array(uri.utf8))) }

    /// Whether a folder name is a lower-case hex SHA-256.
    static func isDigest(_ text: Substring) -> Bool {
        text.count == 64 && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    /// Orders by network, then URI digest.
    public static func < (lhs: StatusListID, rhs: StatusListID) -> Bool {
        (lhs.network, lhs.uriSHA256) < (rhs.network, rhs.uriSHA256)
    }
}
