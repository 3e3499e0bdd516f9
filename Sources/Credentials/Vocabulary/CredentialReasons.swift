import X509

/// The reason codes of credential decisions (docs/architecture.md, Credentials): why an mdoc (ISO/IEC 18013-5
/// IssuerSigned, Document, DeviceResponse) or an SD-JWT VC is not trusted, and the warnings of a trusted one. The
/// steps run in order and each code implies that every earlier step passed. Codes other modules declare are used as
/// they are: `unsupported_alg`, `bad_signature`, `limits_exceeded` (X509), `missing_x5c` (Presentation), and the trust
/// decision's reasons (`not_on_trust_list`, `chain_invalid`, `revoked`, `trust_list_expired`, …).
extension ReasonCode {
    // MARK: mdoc

    /// Bytes that are not an mdoc: not well-formed CBOR (truncated, a duplicate map key, bytes after the item), or
    /// well-formed CBOR of the wrong shape (a missing key, a wrong type, tag 24 missing or over bytes that are not
    /// one CBOR item); the message names the path (`documents[0].issuerSigned.nameSpaces`).
    public static let malformedMDoc = Self(rawValue: "malformed_mdoc")
    /// `issuerAuth` is not a COSE_Sign1 with an attached payload and the document signer certificate in `x5chain`
    /// (label 33, either header; ISO/IEC 18013-5 §9.1.2.4), names a critical header not understood, or its x5chain
    /// holds a certificate OpenSSL cannot read.
    public static let issuerAuthInvalid = Self(rawValue: "issuer_auth_invalid")
    /// The MSO's `digestAlgorithm` is not SHA-256, SHA-384 or SHA-512 (ISO/IEC 18013-5 §9.1.2.5), or an SD-JWT's
    /// `_sd_alg` is not `sha-256`, `sha-384` or `sha-512` (IANA Named Information Hash Algorithm names).
    public static let unsupportedDigestAlgorithm = Self(rawValue: "unsupported_digest_algorithm")
    /// The MSO's `docType` is not the Document's (ISO/IEC 18013-5 §9.3.1 step 5).
    public static let docTypeMismatch = Self(rawValue: "doctype_mismatch")
    /// The decision time is before the MSO's `validityInfo.validFrom` (ISO/IEC 18013-5 §9.3.1 step 6).
    public static let msoNotYetValid = Self(rawValue: "mso_not_yet_valid")
    /// The decision time is after the MSO's `validityInfo.validUntil` (ISO/IEC 18013-5 §9.3.1 step 6).
    public static let msoExpired = Self(rawValue: "mso_expired")
    /// The MSO's `validityInfo.signed` lies outside the document signer certificate's validity (ISO/IEC 18013-5
    /// §9.1.2.4: the MSO is signed while the certificate is valid).
    public static let msoSignedOutsideValidity = Self(rawValue: "mso_signed_outside_validity")
    /// An IssuerSignedItem whose digest is missing from the MSO's `valueDigests` or differs from the hash of its
    /// IssuerSignedItemBytes as sent, or two items of one namespace with the same digestID (ISO/IEC 18013-5 §9.3.1
    /// step 4).
    public static let valueDigestMismatch = Self(rawValue: "value_digest_mismatch")
    /// An mDL's disclosed `issuing_country` differs from the countryName of the document signer or of the IACA
    /// (ISO/IEC 18013-5 Annex B.1.1, Table B.3, §7.2.1).
    public static let issuingCountryMismatch = Self(rawValue: "issuing_country_mismatch")
    /// The `deviceSignature` does not verify under the MSO's device key over DeviceAuthenticationBytes built from the
    /// SessionTranscript the caller gave (ISO/IEC 18013-5 §9.1.3.6), or it is malformed.
    public static let deviceAuthInvalid = Self(rawValue: "device_auth_invalid")
    /// A warning: device authentication could not be checked (a `deviceMac`, which needs the reader's ephemeral private
    /// key, or no SessionTranscript given); never counted as proof of device authentication.
    public static let deviceAuthNotCheckable = Self(rawValue: "device_auth_not_checkable")

    // MARK: SD-JWT VC

    /// Text that is not an SD-JWT: not `issuer-JWT~disclosure~…~[KB-JWT]`, an issuer JWT that is not a JWS compact
    /// serialization with a JSON object payload, a disclosure that is not base64url of a JSON array of two or three
    /// elements with a string salt (and claim name), a registered claim of the wrong type.
    public static let malformedSDJWT = Self(rawValue: "malformed_sd_jwt")
    /// The issuer JWT's `typ` is absent or neither `dc+sd-jwt` nor `vc+sd-jwt` (SD-JWT VC §3.2.1).
    public static let sdJWTTyp = Self(rawValue: "sd_jwt_typ")
    /// A warning: the issuer JWT's `typ` is `vc+sd-jwt`, the media type of earlier SD-JWT VC drafts, accepted for now.
    public static let sdJWTLegacyTyp = Self(rawValue: "sd_jwt_legacy_typ")
    /// `iss` is an https URL whose host is not a dNSName subjectAltName of the `x5c` leaf (SD-JWT VC §3.5: the issuer
    /// identifier is bound to the key that signed).
    public static let issuerNotBound = Self(rawValue: "issuer_not_bound")
    /// The decision time is at or past the credential's `exp` (RFC 7519 §4.1.4).
    public static let credentialExpired = Self(rawValue: "credential_expired")
    /// The decision time is before the credential's `nbf`, or its `iat` is in the future (RFC 7519 §4.1.5, §4.1.6).
    public static let credentialNotYetValid = Self(rawValue: "credential_not_yet_valid")
    /// A disclosure whose digest appears nowhere in the payload or the disclosed values (SD-JWT §7.1 step 5).
    public static let disclosureUnreferenced = Self(rawValue: "disclosure_unreferenced")
    /// A digest that appears more than once among the `_sd` arrays and `{"...": digest}` elements, or a disclosure
    /// sent twice (SD-JWT §7.1 step 3).
    public static let disclosureRepeated = Self(rawValue: "disclosure_repeated")
    /// A disclosure that cannot take its place: an object property where an array element is referenced or the other
    /// way round, a claim name already in the object, or the name `_sd` or `...` (SD-JWT §7.1 step 3).
    public static let disclosureInvalid = Self(rawValue: "disclosure_invalid")
    /// The Key Binding JWT does not hold: `typ` not `kb+jwt`, no `cnf.jwk` in the credential, a signature that does
    /// not verify under it, an `sd_hash` that is not the hash of what precedes it, or a `nonce`, `aud` or `iat` that
    /// is not what the caller expects (SD-JWT §7.3).
    public static let keyBindingInvalid = Self(rawValue: "key_binding_invalid")
    /// The caller passed a nonce or an audience to bind to, and the SD-JWT has no Key Binding JWT (SD-JWT §7.3).
    public static let keyBindingMissing = Self(rawValue: "key_binding_missing")
}

extension ReasonCode {
    /// A DeviceResponse without documents (ISO/IEC 18013-5 §8.3.2.1.2.2: `documents` is optional, e.g. with a
    /// `status` of 10 and `documentErrors`): nothing to trust.
    public static let noDocuments = Self(rawValue: "no_documents")
}
