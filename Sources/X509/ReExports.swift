// The one reason-code vocabulary and error type (``ReasonCode``, ``CodedError``) live in the dependency-free
// `ReasonCodes` target so that the generic HTTP server can share them; every module that imports X509 sees them.
@_exported import ReasonCodes
