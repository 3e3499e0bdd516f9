/// What a trusted answer was verified by: a certificate (`kind` `certificate`, its `commonName` and the members of
/// its ``WireAnchor``) or, for an OpenID4VP request, a domain (`kind` `domain`, `domain`).
public enum WireVerifiedBy: Encodable, Sendable {
    case certificate(commonName: String, anchor: WireAnchor)
    case domain(String)

    private enum Keys: String, CodingKey {
        case kind, commonName, domain
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .certificate(let commonName, let anchor):
            try anchor.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("certificate", forKey: .kind)
            try container.encode(commonName, forKey: .commonName)
        case .domain(let host):
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("domain", forKey: .kind)
            try container.encode(host, forKey: .domain)
        }
    }
}
