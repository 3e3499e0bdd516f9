/// The DocRequest is authenticated: by its own `readerAuth`, or by `readerAuthAll` when it has none (ISO/IEC 18013-5
/// §9.1.4), and that signature verified. With neither: `not_authenticated`; a signature that failed: its code
/// (`bad_signature`, `unsupported_alg`, `missing_x5chain`, `attached_payload`, …).
struct ReaderAuthenticatedPolicy: DocRequestPolicy {
    func check(_ context: inout DocRequestContext) -> PresentationError? {
        let authentication = context.own == .notAuthenticated ? (context.shared ?? .notAuthenticated) : context.own
        switch authentication {
        case .notAuthenticated:
            return PresentationError(
                .notAuthenticated,
                "\(context.path): not authenticated: the DocRequest carries no readerAuth and the DeviceRequest no "
                    + "readerAuthAll (ISO/IEC 18013-5 §9.1.4)")
        case .failed(let code, let message):
            return PresentationError(code, message)
        case .signatureVerified(let chain):
            context.chain = chain
            return nil
        }
    }
}
