import Presentation
import Testing

/// The PresentationError thrown by `body`, or nil when it returned.
func presentationError<T>(_ body: () throws -> T) -> PresentationError? {
    do {
        _ = try body()
        return nil
    } catch let error as PresentationError {
        return error
    } catch {
        Issue.record("expected a PresentationError, got \(error)")
        return nil
    }
}
