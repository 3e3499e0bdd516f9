internal import COpenSSL

extension Certificate {
    /// Where this certificate's issuer publishes its CRL: the cRLDistributionPoints extension (RFC 5280 §4.2.1.13;
    /// mandatory in IACA, document signer and reader certificates, ISO/IEC 18013-5 Annex B), decoded by OpenSSL
    /// (`d2i_CRL_DIST_POINTS`).
    ///
    /// - Returns: `uris`: the `http` and `https` uniformResourceIdentifiers of every point's fullName, in order, each
    ///   once. `ignored`: one short note for each name or point that is not fetched: LDAP and other URI schemes,
    ///   directoryName and other GeneralName forms, nameRelativeToCRLIssuer, a point with a cRLIssuer (an indirect
    ///   CRL) or with reasons (a partial CRL), an extension that does not decode. Both empty when the extension is
    ///   absent.
    public var crlDistributionPointURIs: (uris: [String], ignored: [String]) {
        guard let der = extensions.crlDistributionPointsDER else { return ([], []) }
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        let points: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return d2i_CRL_DIST_POINTS(nil, &cursor, buffer.count)
        }
        guard let points else { return ([], ["cRLDistributionPoints does not decode"]) }
        defer { CRL_DIST_POINTS_free(points) }
        var uris: [String] = []
        var ignored: [String] = []
        for index in 0..<shim_sk_DIST_POINT_num(points) {
            guard let point = shim_sk_DIST_POINT_value(points, index)?.pointee else { continue }
            let label = "distribution point \(index + 1)"
            if point.CRLissuer != nil {
                ignored.append("\(label): has a cRLIssuer (indirect CRL, not supported)")
                continue
            }
            if point.reasons != nil {
                ignored.append("\(label): covers only some reasons (partial CRL, not supported)")
                continue
            }
            guard let name = point.distpoint?.pointee else {
                ignored.append("\(label): no distributionPoint name")
                continue
            }
            guard name.type == 0, let fullName = name.name.fullname else {
                ignored.append("\(label): nameRelativeToCRLIssuer (not supported)")
                continue
            }
            for position in 0..<shim_sk_GENERAL_NAME_num(fullName) {
                guard let general = shim_sk_GENERAL_NAME_value(fullName, position)?.pointee else { continue }
                switch general.type {
                case GEN_URI:
                    let uri = text(of: general.d.uniformResourceIdentifier)
                    let scheme = uri.prefix { $0 != ":" }.lowercased()
                    if scheme == "http" || scheme == "https" {
                        if !uris.contains(uri) { uris.append(uri) }
                    } else if scheme == "ldap" || scheme == "ldaps" {
                        ignored.append("\(uri): LDAP is not fetched")
                    } else {
                        ignored.append("\(uri): only http and https URIs are fetched")
                    }
                case GEN_DIRNAME:
                    ignored.append("\(label): directoryName (not fetched)")
                default:
                    ignored.append("\(label): a GeneralName of type \(general.type) (not fetched)")
                }
            }
        }
        return (uris, ignored)
    }
}
