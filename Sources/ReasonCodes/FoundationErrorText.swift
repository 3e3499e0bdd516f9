import Foundation

/// Foundation's errors in words a person can act on. On Linux an `NSError`'s `localizedDescription` is often
/// `The operation could not be completed. (NSCocoaErrorDomain error 512.)`; the system error underneath
/// (`Not a directory`) or the parser's own description (`Unexpected end of file during JSON parse.`) says more.
public enum FoundationErrorText {
    /// The most specific text `error` carries: the POSIX error beneath a file error (its `strerror` text), else
    /// Foundation's debug description (JSON syntax errors), else the localized description.
    public static func describe(_ error: any Error) -> String {
        let error = error as NSError
        // Linux Foundation keeps the underlying error as a Swift `POSIXError`, which `as? NSError` does not match.
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error {
            let posix = underlying as NSError
            if posix.domain == NSPOSIXErrorDomain {
                return String(cString: strerror(Int32(truncatingIfNeeded: posix.code)))
            }
        }
        if let debug = error.userInfo["NSDebugDescription"] as? String, !debug.isEmpty {
            return debug
        }
        return error.localizedDescription
    }
}
