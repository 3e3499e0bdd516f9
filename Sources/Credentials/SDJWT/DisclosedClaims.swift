import JOSE
import X509

/// The claims of an SD-JWT once every disclosure took its place (SD-JWT §7.1, "Processing"): the payload with each
/// `_sd` digest that names a disclosure replaced by its claim, each `{"...": digest}` array element by its value,
/// recursively into disclosed values, decoy digests dropped, `_sd` and `_sd_alg` removed.
///
/// Refused, per §7.1: a digest that appears twice anywhere, or one disclosure sent twice (`disclosure_repeated`); a
/// disclosure referenced from the wrong place (an object property from an array element or the other way round), a
/// claim name already in its object, the names `_sd` and `...`, and for an SD-JWT VC the claims SD-JWT VC §3.2.2.2
/// forbids to disclose selectively (`iss`, `nbf`, `exp`, `cnf`, `vct`, `vct#integrity`, `status`) at the top level
/// (`disclosure_invalid`); a disclosure referenced nowhere (`disclosure_unreferenced`); `_sd` not an array of strings
/// (`malformed_sd_jwt`); nesting past ``SDJWTLimits/maxProcessedDepth`` (`limits_exceeded`).
public struct DisclosedClaims: Sendable {
    /// The processed claims.
    public let claims: [String: JSONValue]
    /// The paths of the claims that disclosures supplied, sorted: `given_name`, `address.locality`,
    /// `nationalities[0]` (array indexes count the elements that remain).
    public let paths: [String]

    /// The top-level claims an SD-JWT VC never discloses selectively (SD-JWT VC §3.2.2.2).
    public static let neverSelectivelyDisclosed: Set<String> = [
        "iss", "nbf", "exp", "cnf", "vct", "vct#integrity", "status",
    ]

    /// Processes `payload` with `disclosures` (see the type's notes).
    /// - Parameters:
    ///   - payload: the issuer JWT's claims.
    ///   - disclosures: the disclosures as sent.
    ///   - algorithm: the digest algorithm (`_sd_alg`).
    ///   - maxDepth: the deepest nesting allowed.
    /// - Throws: the codes of the type's notes.
    public init(
        payload: [String: JSONValue], disclosures: [Disclosure], algorithm: Digest, maxDepth: Int
    ) throws(CredentialError) {
        var walk = Walk(disclosures: disclosures, maxDepth: maxDepth)
        for disclosure in disclosures {
            let digest = disclosure.digest(algorithm)
            if let earlier = walk.byDigest.updateValue(disclosure.index, forKey: digest) {
                throw CredentialError(
                    .disclosureRepeated,
                    "disclosures[\(disclosure.index)] is disclosures[\(earlier)] sent again (SD-JWT §7.1)")
            }
        }
        guard case .object(let processed) = try walk.object(payload, path: "", depth: 1) else {
            throw CredentialError(.malformedSDJWT, "issuer JWT payload: not an object")
        }
        if let unused = walk.used.firstIndex(of: false) {
            let name = disclosures[unused].name.map { " (claim \($0))" } ?? " (an array element)"
            throw CredentialError(
                .disclosureUnreferenced,
                "disclosures[\(unused)]\(name): its digest appears in no _sd array and no {\"...\": digest} element "
                    + "(SD-JWT §7.1 step 5)")
        }
        var claims = processed
        claims["_sd_alg"] = nil
        self.claims = claims
        paths = walk.paths.sorted()
    }

    /// The state of one processing pass.
    private struct Walk {
        let disclosures: [Disclosure]
        let maxDepth: Int
        var byDigest: [String: Int] = [:]
        var used: [Bool]
        var seen: Set<String> = []
        var paths: [String] = []

        init(disclosures: [Disclosure], maxDepth: Int) {
            self.disclosures = disclosures
            self.maxDepth = maxDepth
            used = Array(repeating: false, count: disclosures.count)
        }

        mutating func value(_ value: JSONValue, path: String, depth: Int) throws(CredentialError) -> JSONValue {
            switch value {
            case .object(let members): try object(members, path: path, depth: depth)
            case .array(let elements): try array(elements, path: path, depth: depth)
            default: value
            }
        }

        mutating func object(
            _ members: [String: JSONValue], path: String, depth: Int
        ) throws(CredentialError) -> JSONValue {
            try checkDepth(depth, path)
            var out: [String: JSONValue] = [:]
            for (key, member) in members where key != "_sd" {
                out[key] = try value(member, path: Self.join(path, key), depth: depth + 1)
            }
            guard let digests = members["_sd"] else { return .object(out) }
            guard let list = digests.arrayValue else {
                throw CredentialError(
                    .malformedSDJWT,
                    "\(Self.join(path, "_sd")): expected an array of digests (SD-JWT §4.2.4.1), found \(digests.kindName)"
                )
            }
            for element in list {
                guard let digest = element.stringValue else {
                    throw CredentialError(
                        .malformedSDJWT,
                        "\(Self.join(path, "_sd")): expected digests (strings), found \(element.kindName)")
                }
                guard let index = try reference(digest, at: Self.join(path, "_sd")) else { continue }
                let disclosure = disclosures[index]
                guard let name = disclosure.name else {
                    throw CredentialError(
                        .disclosureInvalid,
                        "disclosures[\(index)] discloses an array element but is referenced from "
                            + "\(Self.join(path, "_sd")) (SD-JWT §7.1 step 3)")
                }
                guard name != "_sd", name != "..." else {
                    throw CredentialError(
                        .disclosureInvalid, "disclosures[\(index)] discloses the claim name \(name) (SD-JWT §7.1)")
                }
                guard out[name] == nil else {
                    throw CredentialError(
                        .disclosureInvalid,
                        "disclosures[\(index)] discloses \(Self.join(path, name)), which the object already has "
                            + "(SD-JWT §7.1 step 3)")
                }
                if path.isEmpty && DisclosedClaims.neverSelectivelyDisclosed.contains(name) {
                    throw CredentialError(
                        .disclosureInvalid,
                        "disclosures[\(index)] discloses \(name), which SD-JWT VC §3.2.2.2 never discloses selectively")
                }
                let claimPath = Self.join(path, name)
                out[name] = try value(disclosure.value, path: claimPath, depth: depth + 1)
                paths.append(claimPath)
            }
            return .object(out)
        }

        mutating func array(_ elements: [JSONValue], path: String, depth: Int) throws(CredentialError) -> JSONValue {
            try checkDepth(depth, path)
            var out: [JSONValue] = []
            for element in elements {
                guard let members = element.objectValue, members.count == 1, let marker = members["..."] else {
                    out.append(try value(element, path: "\(path)[\(out.count)]", depth: depth + 1))
                    continue
                }
                guard let digest = marker.stringValue else {
                    throw CredentialError(
                        .malformedSDJWT,
                        "\(path)[\(out.count)]: {\"...\": digest} with a \(marker.kindName) (SD-JWT §4.2.4.2)")
                }
                guard let index = try reference(digest, at: "\(path)[\(out.count)]") else { continue }
                let disclosure = disclosures[index]
                guard disclosure.name == nil else {
                    throw CredentialError(
                        .disclosureInvalid,
                        "disclosures[\(index)] discloses the claim \(disclosure.name ?? "") but is referenced as an "
                            + "array element of \(path) (SD-JWT §7.1 step 3)")
                }
                let elementPath = "\(path)[\(out.count)]"
                out.append(try value(disclosure.value, path: elementPath, depth: depth + 1))
                paths.append(elementPath)
            }
            return .array(out)
        }

        /// The disclosure a digest names (nil for a decoy), marked used; a digest seen before is refused.
        mutating func reference(_ digest: String, at path: String) throws(CredentialError) -> Int? {
            guard seen.insert(digest).inserted else {
                throw CredentialError(
                    .disclosureRepeated,
                    "\(path): the digest \(digest.prefix(16))… appears more than once (SD-JWT §7.1 step 3)")
            }
            guard let index = byDigest[digest] else { return nil }
            used[index] = true
            return index
        }

        func checkDepth(_ depth: Int, _ path: String) throws(CredentialError) {
            guard depth <= maxDepth else {
                throw CredentialError(
                    .limitsExceeded,
                    "\(path.isEmpty ? "(top level)" : path): claims nested deeper than \(maxDepth) levels")
            }
        }

        static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
    }
}
