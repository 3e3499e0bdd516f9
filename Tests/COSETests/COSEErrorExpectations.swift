import COSE
import Testing

/// The COSEError thrown by `body`, or nil when it returned.
func coseError<T>(_ body: () throws -> T) -> COSEError? {
    do {
        _ = try body()
        return nil
    } catch let error as COSEError {
        return error
    } catch {
        Issue.record("expected a COSEError, got \(error)")
        return nil
    }
}
