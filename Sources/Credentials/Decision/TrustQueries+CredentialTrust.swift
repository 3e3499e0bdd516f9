import TrustLists

/// ``TrustQueries`` answers the credential decisions from its current generation: its own
/// `documentSignerDecision(chain:docType:at:)` (the document signer profile of `credentials.documentSignerEKUs`),
/// `credentialIssuerDecision(chain:vct:at:)` (the lists `credentials.vct` authorizes) and
/// ``TrustQueries/anchorCertificate(sha256:)``.
extension TrustQueries: CredentialTrust {}
