import JOSE

/// The `wallet_nonce` a wallet sends when it POSTs to `request_uri` (OpenID4VP 1.0 §5.10): "a base64url-encoded,
/// fresh, cryptographically random number with sufficient entropy".
public enum WalletNonce {
    /// A fresh nonce: 16 bytes (128 bits) from the system's cryptographic generator (`SystemRandomNumberGenerator`:
    /// `getrandom(2)` on Linux), base64url without padding (22 characters).
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
