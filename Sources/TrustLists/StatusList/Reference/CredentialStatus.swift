/// What a credential's `status` claim names (draft-ietf-oauth-status-list §6.1: an object of status mechanisms, like
/// `cnf`), decoded from an SD-JWT VC's claims (``init(jwtClaims:)``) or an mdoc MSO's `status`
/// (``init(msoStatus:)``). A credential without a `status` has none: the decoders return nil.
public enum CredentialStatus: Sendable, Hashable {
    /// A Token Status List reference: the mechanism checked here. Chosen whenever the credential names it, even
    /// beside other mechanisms.
    case statusList(StatusListReference)
    /// Only an ISO/IEC 18013-5 `identifier_list`: recognised, not checked (``unsupportedReason``).
    case identifierList(IdentifierListReference)
    /// Only mechanisms this implementation does not know, by name.
    case unsupported(mechanisms: [String])

    /// The status list reference, when the credential names one.
    public var statusListReference: StatusListReference? {
        if case .statusList(let reference) = self { return reference }
        return nil
    }

    /// Why the credential's status cannot be checked here: `status_mechanism_unsupported` naming the mechanism; nil
    /// for a status list reference.
    public var unsupportedReason: TrustListError? {
        switch self {
        case .statusList:
            return nil
        case .identifierList(let reference):
            return TrustListError(
                .statusMechanismUnsupported,
                "the credential's status is an ISO/IEC 18013-5 identifier_list (\(reference.uri)); identifier lists "
                    + "are not checked, only Token Status Lists (status_list)")
        case .unsupported(let mechanisms):
            let names = mechanisms.isEmpty ? "no mechanism" : mechanisms.joined(separator: ", ")
            return TrustListError(
                .statusMechanismUnsupported,
                "the credential's status names \(names); only Token Status Lists (status_list) are checked")
        }
    }
}
