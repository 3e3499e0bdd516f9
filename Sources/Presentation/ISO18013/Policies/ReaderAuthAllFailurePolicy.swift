/// A `readerAuthAll` signature that fails fails every DocRequest, even one with a good `readerAuth` of its own: the
/// request was altered or signed wrongly (ISO/IEC 18013-5 second edition, ReaderAuthenticationAll covers every
/// ItemsRequest). The code is the signature's (`bad_signature`, `unsupported_alg`, `missing_x5chain`, …).
struct ReaderAuthAllFailurePolicy: DocRequestPolicy {
    func check(_ context: inout DocRequestContext) -> PresentationError? {
        guard case .failed(let code, let message) = context.shared else { return nil }
        return PresentationError(code, message)
    }
}
