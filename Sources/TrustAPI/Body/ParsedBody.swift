import JOSE
import X509

/// A request body's members as ``RequestBody`` decoded them, kept by the body's bytes in the API's ``DecodeCache``,
/// with the certificate chains read from its top-level members: a verifier that posts the same body again gets its
/// members and its chain from one lookup of the body's bytes, instead of joining the chain's texts and looking them
/// up again (``ChainCache``). What is kept is parsed input, the same for every generation, never a decision.
final class ParsedBody: Sendable {
    /// The body's top-level members.
    let members: [String: JSONValue]
    /// Chains decoded from members, by member name (a handful of names, fixed by the handlers).
    private let chains = ReadWriteLock<[String: [Certificate]]>([:])

    /// A body of `members`, with no chain read yet.
    init(members: [String: JSONValue]) {
        self.members = members
    }

    /// The chain decoded from member `key` before, if any.
    func chain(_ key: String) -> [Certificate]? {
        chains.read { $0[key] }
    }

    /// Keeps the chain decoded from member `key`.
    func keep(_ chain: [Certificate], for key: String) {
        chains.write { $0[key] = chain }
    }
}
