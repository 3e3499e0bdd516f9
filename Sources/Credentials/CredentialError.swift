import X509

/// Why a credential (an mdoc or an SD-JWT VC) could not be read or is not trusted: a stable ``Code`` from the one
/// ``ReasonCode`` vocabulary and a message naming the path of the offending part
/// (`documents[0].issuerSigned.nameSpaces.org.iso.18013.5.1[2]`, `disclosures[3]`).
///
/// Decoders throw it; the verifiers turn it into a not-trusted ``DocumentDecision`` (docs/architecture.md,
/// Credentials): a credential that does not decode is an answer with `malformed_mdoc` or `malformed_sd_jwt`, never an
/// exception out of a decision. Equality compares the code only.
public typealias CredentialError = CodedError<CredentialErrorDomain>

/// The family of ``CredentialError``.
public enum CredentialErrorDomain {}
