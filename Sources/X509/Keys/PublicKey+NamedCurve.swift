internal import COpenSSL

extension PublicKey {
    /// The EC key of a SubjectPublicKeyInfo on a named curve (RFC 5480 §2: `id-ecPublicKey` with a `namedCurve` of
    /// P-256, P-384 or P-521, and the point in a BIT STRING), built by OpenSSL's key management from the curve's name
    /// and the point (``ellipticCurveKey(group:point:)``, which refuses a point off the curve); nil for any other
    /// SubjectPublicKeyInfo, which `d2i_PUBKEY` then decodes.
    ///
    /// Why: on OpenSSL 3.0 `d2i_PUBKEY` sets up the provider decoders for every key, about 240 µs, where this costs
    /// about 45 µs; every document signer, list signer and status-list signer key is decoded once, when first used.
    /// The elements are read with `ASN1_get_object` and decoded by `d2i_X509_ALGOR` and `d2i_ASN1_BIT_STRING`.
    static func namedCurveKey(subjectPublicKeyInfo der: [UInt8]) -> OpaquePointer? {
        let key = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            guard let (curve, point) = try? namedCurvePoint(buffer) else { return nil }
            return ellipticCurveKey(group: curve, point: point)
        }
        // What failed here is d2i_PUBKEY's to say.
        if key == nil { OpenSSLErrorQueue.clear() }
        return key
    }

    /// The curve's OpenSSL name and the point of an `id-ecPublicKey` SubjectPublicKeyInfo; nil when it is another
    /// key, another curve, explicit parameters or a BIT STRING with unused bits.
    private static func namedCurvePoint(
        _ buffer: UnsafeBufferPointer<UInt8>
    ) throws(X509Error) -> (curve: String, point: [UInt8])? {
        var top = DERElements(buffer, range: 0..<buffer.count)
        let info = try top.next("SubjectPublicKeyInfo")
        guard top.isAtEnd, info.isUniversal(V_ASN1_SEQUENCE), info.isConstructed else { return nil }
        var parts = DERElements(buffer, range: info.contentRange)
        let algorithmElement = try parts.next("algorithm")
        let keyElement = try parts.next("subjectPublicKey")
        guard parts.isAtEnd, keyElement.isUniversal(V_ASN1_BIT_STRING) else { return nil }
        let algorithm = try buffer.decode(
            algorithmElement.range, as: "algorithm", with: { d2i_X509_ALGOR(nil, $0, $1) },
            free: { X509_ALGOR_free($0) })
        defer { X509_ALGOR_free(algorithm) }
        var object: OpaquePointer?
        var parameterType: Int32 = 0
        var parameter: UnsafeRawPointer?
        X509_ALGOR_get0(&object, &parameterType, &parameter, algorithm)
        guard OBJ_obj2nid(object) == NID_X9_62_id_ecPublicKey, parameterType == V_ASN1_OBJECT, let parameter else {
            return nil
        }
        let curve: KeyAlgorithm
        switch OBJ_obj2nid(OpaquePointer(parameter)) {
        case NID_X9_62_prime256v1: curve = .ecP256
        case NID_secp384r1: curve = .ecP384
        case NID_secp521r1: curve = .ecP521
        default: return nil
        }
        let bits = try buffer.decode(
            keyElement.range, as: "subjectPublicKey", with: { d2i_ASN1_BIT_STRING(nil, $0, $1) },
            free: { ASN1_BIT_STRING_free($0) })
        defer { ASN1_BIT_STRING_free(bits) }
        // A BIT STRING with unused bits is left to d2i_PUBKEY, whatever it makes of it.
        guard bits.pointee.flags & Int(ASN1_STRING_FLAG_BITS_LEFT) == 0 || bits.pointee.flags & 0x07 == 0,
            let group = curve.groupName
        else { return nil }
        return (group, bytes(of: bits))
    }
}
