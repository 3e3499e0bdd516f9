import Foundation
import X509

extension CBOR {
    /// A date as tag 0 over an RFC 3339 `date-time` in UTC with `Z` (RFC 8949 §3.4.1; the `tdate` of ISO/IEC 18013-5),
    /// with fractional seconds only when the date has them.
    ///
    /// A date outside the years 0000 ... 9999, which RFC 3339 cannot write, becomes tag 1 over epoch seconds as a
    /// float (RFC 8949 §3.4.2).
    /// - Parameter date: the instant.
    /// - Returns: the tagged item.
    public static func date(_ date: Date) -> CBOR {
        if let text = RFC3339.string(from: date) {
            return .tagged(0, .textString(text))
        }
        return .tagged(1, .float(date.timeIntervalSince1970))
    }
}
