internal import COpenSSL
import Foundation
import X509

/// The bare OpenSSL floor of a chain decision: `X509_verify_cert` of a leaf with its intermediates to one anchor, the
/// `X509` objects decoded once (`d2i_X509`) and the store built once. Owns its OpenSSL objects; used on one thread.
final class BareChainVerifier {
    private let leaf: OpaquePointer
    private let anchor: OpaquePointer
    private let intermediates: [OpaquePointer]
    private let untrusted: OpaquePointer
    private let store: OpaquePointer
    private let seconds: time_t
    private let partialChain: Bool

    /// Decodes the chain and builds the store.
    /// - Throws: ``BenchError`` when OpenSSL cannot decode a certificate or the chain does not verify.
    init(leaf: Certificate, intermediates: [Certificate], anchor: Certificate, partialChain: Bool, at time: Date) throws {
        func object(_ certificate: Certificate) throws -> OpaquePointer {
            let parsed: OpaquePointer? = certificate.derEncoded.withUnsafeBufferPointer { buffer in
                var cursor = buffer.baseAddress
                return d2i_X509(nil, &cursor, buffer.count)
            }
            guard let parsed else { throw BenchError("d2i_X509 failed") }
            return parsed
        }
        self.leaf = try object(leaf)
        self.anchor = try object(anchor)
        self.intermediates = try intermediates.map(object)
        guard let untrusted = shim_sk_X509_new_null(), let store = X509_STORE_new() else {
            throw BenchError("sk_X509_new_null or X509_STORE_new failed")
        }
        self.untrusted = untrusted
        self.store = store
        for intermediate in self.intermediates { _ = shim_sk_X509_push(untrusted, intermediate) }
        X509_STORE_add_cert(store, self.anchor)
        seconds = time_t(time.timeIntervalSince1970)
        self.partialChain = partialChain
        guard verify() else { throw BenchError("the floor chain does not verify") }
    }

    deinit {
        X509_STORE_free(store)
        shim_sk_X509_free(untrusted)
        intermediates.forEach { X509_free($0) }
        X509_free(anchor)
        X509_free(leaf)
    }

    /// One `X509_verify_cert` with the store built once.
    func verify() -> Bool { verify(in: store) }

    /// One `X509_verify_cert` with a store built for the call, as a query engine without a kept store would.
    func verifyWithNewStore() -> Bool {
        guard let perCall = X509_STORE_new() else { return false }
        defer { X509_STORE_free(perCall) }
        X509_STORE_add_cert(perCall, anchor)
        return verify(in: perCall)
    }

    private func verify(in store: OpaquePointer) -> Bool {
        guard let context = X509_STORE_CTX_new() else { return false }
        defer { X509_STORE_CTX_free(context) }
        guard X509_STORE_CTX_init(context, store, leaf, untrusted) == 1 else { return false }
        X509_STORE_CTX_set_time(context, 0, seconds)
        if partialChain { X509_STORE_CTX_set_flags(context, UInt(X509_V_FLAG_PARTIAL_CHAIN)) }
        return X509_verify_cert(context) == 1
    }
}
