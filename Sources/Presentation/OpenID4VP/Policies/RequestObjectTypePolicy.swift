/// A request object's `typ` header is `oauth-authz-req+jwt` (OpenID4VP 1.0 §5: "Wallets MUST NOT process Request
/// Objects where the typ Header Parameter is not present or does not have the value oauth-authz-req+jwt"; RFC 9101
/// §10.8); else `wrong_typ`. Unsigned requests pass.
struct RequestObjectTypePolicy: RequestPolicy {
    func check(_ context: inout RequestContext) -> PresentationError? {
        guard let requestObject = context.requestObject, !requestObject.hasRequestObjectType else { return nil }
        let found = requestObject.jws.typ.map { "\"\($0)\"" } ?? "none"
        return PresentationError(
            .wrongTyp, "request header.typ: expected \"\(RequestObject.typ)\" (OpenID4VP 1.0 §5), found \(found)")
    }
}
