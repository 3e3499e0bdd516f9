/// When the wallet POSTed a `wallet_nonce` to `request_uri`, the request object's `wallet_nonce` claim equals it
/// (OpenID4VP 1.0 §5.10: "If it does not, the Wallet MUST terminate request processing"); else
/// `wallet_nonce_mismatch`. Requests fetched with GET, or not fetched, pass.
struct WalletNoncePolicy: RequestPolicy {
    func check(_ context: inout RequestContext) -> PresentationError? {
        guard context.requestObject != nil, let sent = context.walletNonce else { return nil }
        guard let echoed = context.parameters.walletNonce else {
            return PresentationError(
                .walletNonceMismatch,
                "request.claims.wallet_nonce: missing; the wallet sent wallet_nonce \(sent) (OpenID4VP 1.0 §5.10)")
        }
        guard echoed.utf8.elementsEqual(sent.utf8) else {
            return PresentationError(
                .walletNonceMismatch,
                "request.claims.wallet_nonce \(echoed) is not the wallet_nonce \(sent) the wallet sent "
                    + "(OpenID4VP 1.0 §5.10): a replayed request object")
        }
        return nil
    }
}
