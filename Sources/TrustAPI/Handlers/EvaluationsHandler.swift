import Foundation
import HTTPServer
import JOSE
import TrustListsService

extension TrustAPI {
    /// The most evaluations one access evaluations request may carry; more is a 400 `limits_exceeded`.
    static let maxEvaluations = 64

    /// `POST /access/v1/evaluations`: the AuthZEN Authorization API 1.0 batch form (§7). Each item of `evaluations`
    /// takes the top level's `subject`, `action`, `resource` and `context` where it does not give its own (each member
    /// replaced whole), and is decided as ``evaluation(_:)`` decides one; the answers come back in order as
    /// `{"evaluations": [{"decision", "context"}, …]}`. `options.evaluations_semantic` is `execute_all` (the default),
    /// `deny_on_first_deny` or `permit_on_first_permit`: the last two stop after the first denial or permission, so the
    /// answer may hold fewer items. Without `evaluations` (or with an empty array) the request is one evaluation and
    /// the answer that of ``evaluation(_:)``. Unknown members are ignored.
    /// - Returns: 200 with the answers; 400 naming the member of an item that cannot be read, or `limits_exceeded` past
    ///   ``maxEvaluations``.
    func evaluations(_ request: HTTPRequest) -> HTTPResponse {
        var response = answer { () throws(APIFailure) -> HTTPResponse in
            let body = try RequestBody(request)
            guard case .array(let items) = body.members["evaluations"] ?? .array([]) else {
                throw APIFailure.badBody(
                    "evaluations: expected an array, found \(body.members["evaluations"]?.kindName ?? "nothing")")
            }
            guard !items.isEmpty else {
                return APIResponse.json(try evaluate(EvaluationRequest(body, chains: chains)))
            }
            guard items.count <= Self.maxEvaluations else {
                throw APIFailure(
                    400, .limitsExceeded,
                    "evaluations: \(items.count) items; at most \(Self.maxEvaluations) are decided in one request")
            }
            let semantic = try body.object("options")?.string("evaluations_semantic") ?? "execute_all"
            guard ["execute_all", "deny_on_first_deny", "permit_on_first_permit"].contains(semantic) else {
                throw APIFailure.badBody(
                    "options.evaluations_semantic: expected execute_all, deny_on_first_deny or permit_on_first_permit, "
                        + "found \"\(semantic)\"")
            }
            var answers: [WireEvaluation] = []
            for (index, item) in items.enumerated() {
                guard case .object(let own) = item else {
                    throw APIFailure.badBody("evaluations[\(index)]: expected an object, found \(item.kindName)")
                }
                var members = own
                for name in EvaluationRequest.inheritedMembers where members[name] == nil {
                    members[name] = body.members[name]
                }
                let evaluation = try EvaluationRequest(
                    RequestBody(members: members, path: "evaluations[\(index)]"), chains: chains)
                let decided = try evaluate(evaluation)
                answers.append(decided)
                let permitted = decided.decision
                if semantic == "deny_on_first_deny" && !permitted || semantic == "permit_on_first_permit" && permitted {
                    break
                }
            }
            return APIResponse.json(WireEvaluation.Batch(answers))
        }
        if let requestID = request.headers["X-Request-ID"], Self.isEchoable(requestID) {
            response.headers["X-Request-ID"] = requestID
        }
        return response
    }

    /// `GET /.well-known/authzen-configuration`: AuthZEN 1.0 PDP metadata (§9): `policy_decision_point` (the base
    /// URL), `access_evaluation_endpoint` and `access_evaluations_endpoint`. The base URL is `server.publicBaseURL`
    /// when configured (set it behind a TLS reverse proxy), else `http://` and the request's `Host`.
    /// - Returns: 200 with the metadata; 400 `bad_host` when there is no configured base
    ///   and the `Host` header is not a host name or address with an optional port.
    func authZENConfiguration(_ request: HTTPRequest) -> HTTPResponse {
        answer { () throws(APIFailure) -> HTTPResponse in
            let base: String
            if let configured = try loadedService().configuration.server?.publicBaseURL {
                base = configured
            } else {
                guard let host = request.headers["Host"], Self.isHostHeader(host) else {
                    throw APIFailure(
                        400, .badHost,
                        "the Host header is missing or not host[:port]; set server.publicBaseURL to name this server")
                }
                base = "http://\(host)"
            }
            return APIResponse.json(WireAuthZENConfiguration(base: base))
        }
    }

    /// Whether a `Host` header value is a host name, an IPv4 address or a bracketed IPv6 address, with an optional
    /// port (RFC 9110 §7.2): nothing that could turn the metadata's URLs into something else.
    static func isHostHeader(_ value: String) -> Bool {
        guard (1...255).contains(value.utf8.count) else { return false }
        return value.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || [UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]")]
                    .contains(byte)
        }
    }
}
