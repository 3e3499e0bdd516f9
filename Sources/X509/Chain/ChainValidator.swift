internal import COpenSSL
import Foundation

/// Validates certificate chains with OpenSSL's `X509_verify_cert(3)` against a fixed set of trust anchors
/// (RFC 5280 §6): no system store, a depth limit, unknown critical extensions rejected, time given by the caller.
///
/// Custom EKUs and key usage are not checked by OpenSSL without a purpose; check them on the result
/// (``Certificate/hasExtendedKeyUsage(_:)``, ``Certificate/keyUsage``).
public struct ChainValidator: Sendable {
    /// Which stored certificates may end a chain.
    public enum AnchorRule: Sendable, Hashable {
        /// Only self-signed anchors end a chain; an intermediate given as anchor does not shorten it. For list
        /// signers (docs/architecture.md, The pipeline: step 6).
        case selfSignedRootsOnly
        /// Every anchor ends a chain, self-signed or not (`X509_V_FLAG_PARTIAL_CHAIN`); a listed leaf is trusted
        /// as a chain of one. Only for RICAL reader queries, where every listed entry is an anchor.
        case everyAnchor
    }

    /// The trust anchors.
    public let anchors: [Certificate]
    /// Which anchors may end a chain.
    public let anchorRule: AnchorRule
    /// The largest number of certificates below the anchor (OpenSSL's verify depth).
    public let maximumDepth: Int

    /// Creates a validator.
    /// - Parameters:
    ///   - anchors: the only certificates a chain may end in.
    ///   - anchorRule: ``AnchorRule/selfSignedRootsOnly`` unless partial chains are meant.
    ///   - maximumDepth: the most certificates allowed between the leaf and the anchor (default 8).
    public init(anchors: [Certificate], anchorRule: AnchorRule = .selfSignedRootsOnly, maximumDepth: Int = 8) {
        self.anchors = anchors
        self.anchorRule = anchorRule
        self.maximumDepth = maximumDepth
    }

    /// Validates `leaf` at `time`, building the chain from `intermediates` (untrusted, any order, may include a
    /// copy of an anchor) to one of the anchors.
    /// - Parameters:
    ///   - leaf: the end-entity certificate.
    ///   - intermediates: candidate intermediates; they are never trusted by themselves.
    ///   - time: the validation time (UTC); every certificate in the chain must be valid at it.
    /// - Returns: the chain built (leaf first, anchor last) or why none could be built: OpenSSL's error code and text
    ///   and the depth of the certificate it concerns. A certificate OpenSSL cannot load is a failure too.
    public func validate(leaf: Certificate, intermediates: [Certificate], at time: Date) -> ChainValidationResult {
        do {
            return try run(leaf: leaf, intermediates: intermediates, at: time)
        } catch {
            return .invalid(
                ChainValidationFailure(
                    openSSLCode: Int32(X509_V_ERR_UNSPECIFIED), message: error.description, depth: 0, certificate: nil))
        }
    }

    private func run(
        leaf: Certificate, intermediates: [Certificate], at time: Date
    ) throws(X509Error)
        -> ChainValidationResult
    {
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        guard let store = X509_STORE_new() else { throw OpenSSLErrorQueue.error(.openSSLFailure, "X509_STORE_new") }
        defer { X509_STORE_free(store) }
        var known: [OpaquePointer: Certificate] = [:]
        for anchor in anchors {
            let object = try anchor.openSSL
            known[object.pointer] = anchor
            // X509_STORE_add_cert takes its own reference; a duplicate anchor is not an error.
            guard X509_STORE_add_cert(store, object.pointer) == 1 else {
                throw OpenSSLErrorQueue.error(.openSSLFailure, "X509_STORE_add_cert failed")
            }
        }
        guard let untrusted = shim_sk_X509_new_null() else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "sk_X509_new")
        }
        // sk_X509_free (not pop_free): the stack holds borrowed pointers owned by the Certificates.
        defer { shim_sk_X509_free(untrusted) }
        for certificate in intermediates {
            let object = try certificate.openSSL
            known[object.pointer] = known[object.pointer] ?? certificate
            guard shim_sk_X509_push(untrusted, object.pointer) > 0 else {
                throw OpenSSLErrorQueue.error(.openSSLFailure, "sk_X509_push failed")
            }
        }
        let leafObject = try leaf.openSSL
        known[leafObject.pointer] = known[leafObject.pointer] ?? leaf

        guard let context = X509_STORE_CTX_new() else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "X509_STORE_CTX_new")
        }
        defer { X509_STORE_CTX_free(context) }
        guard X509_STORE_CTX_init(context, store, leafObject.pointer, untrusted) == 1 else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "X509_STORE_CTX_init failed")
        }
        X509_STORE_CTX_set_time(context, 0, time_t(time.timeIntervalSince1970.rounded(.down)))
        X509_STORE_CTX_set_depth(context, Int32(maximumDepth))
        if anchorRule == .everyAnchor {
            X509_STORE_CTX_set_flags(context, UInt(X509_V_FLAG_PARTIAL_CHAIN))
        }
        let outcome = X509_verify_cert(context)
        func certificate(_ pointer: OpaquePointer?) -> Certificate? {
            guard let pointer else { return nil }
            return known[pointer]
        }
        guard outcome == 1 else {
            let code = X509_STORE_CTX_get_error(context)
            let text = X509_verify_cert_error_string(Int(code)).map { String(cString: $0) } ?? "error \(code)"
            return .invalid(
                ChainValidationFailure(
                    openSSLCode: code, message: text, depth: Int(X509_STORE_CTX_get_error_depth(context)),
                    certificate: certificate(X509_STORE_CTX_get_current_cert(context))))
        }
        guard let chain = X509_STORE_CTX_get0_chain(context) else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "X509_STORE_CTX_get0_chain returned nothing")
        }
        var built: [Certificate] = []
        for index in 0..<shim_sk_X509_num(chain) {
            guard let pointer = shim_sk_X509_value(chain, index) else { continue }
            if let found = certificate(pointer) {
                built.append(found)
            } else {
                X509_up_ref(pointer)
                built.append(try Certificate(openSSL: OpenSSLCertificate(owning: pointer)))
            }
        }
        return .valid(ValidatedChain(certificates: built))
    }
}

/// The outcome of ``ChainValidator/validate(leaf:intermediates:at:)``: not trusting a chain is an expected result,
/// not an error.
public enum ChainValidationResult: Sendable {
    /// The chain validated.
    case valid(ValidatedChain)
    /// No valid chain could be built.
    case invalid(ChainValidationFailure)
}

/// A chain that OpenSSL validated: leaf first, trust anchor last.
public struct ValidatedChain: Sendable, Hashable {
    /// The certificates, leaf first, anchor last (one element when the leaf itself is an anchor).
    public let certificates: [Certificate]
    /// The end-entity certificate.
    public var leaf: Certificate { certificates[0] }
    /// The trust anchor the chain ends in.
    public var anchor: Certificate { certificates[certificates.count - 1] }
}

/// Why a chain did not validate, as OpenSSL reports it (`X509_STORE_CTX_get_error(3)`).
public struct ChainValidationFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// OpenSSL's `X509_V_ERR_*` code.
    public let openSSLCode: Int32
    /// OpenSSL's text for the code (`X509_verify_cert_error_string`).
    public let message: String
    /// Depth of the certificate concerned: 0 is the leaf.
    public let depth: Int
    /// The certificate concerned, when OpenSSL names one.
    public let certificate: Certificate?

    /// What kind of failure, for callers that map validity errors to their own codes.
    public enum Kind: Sendable, Hashable {
        /// A certificate's notAfter is before the validation time.
        case expired
        /// A certificate's notBefore is after the validation time.
        case notYetValid
        /// Any other failure (no path to an anchor, bad signature, critical extension, depth, ...).
        case other
    }

    /// The kind, from the OpenSSL code.
    public var kind: Kind {
        switch openSSLCode {
        case X509_V_ERR_CERT_HAS_EXPIRED: .expired
        case X509_V_ERR_CERT_NOT_YET_VALID: .notYetValid
        default: .other
        }
    }

    /// `message (OpenSSL error N at depth D: subject)`.
    public var description: String {
        let subject = certificate.map { ": \($0.subject)" } ?? ""
        return "\(message) (OpenSSL error \(openSSLCode) at depth \(depth)\(subject))"
    }
}
