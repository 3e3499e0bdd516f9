import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension TrustStore {
    /// The most bytes read from the lock file's failure record.
    static let maxFailureRecordBytes = 64 << 10

    /// Records whether the last load or refresh stored its results: a failure extends the run of failures
    /// (``persistFailure``), a success ends it. A writing store also keeps the record in the lock file (JSON; empty
    /// after a success), the one file every refresh must be able to open for writing, so that the next
    /// `trustctl status`, which writes nothing, reports the failure while it lasts (docs/operations.md, "When the
    /// cache cannot be written"). Writing the record is best effort: the failure is reported by the run itself.
    /// - Parameters:
    ///   - error: the `persist_error` of the run; nil when everything was stored and read back.
    ///   - time: the run's time (UTC).
    package func recordPersist(_ error: TrustListError?, at time: Date) {
        guard !isReadOnly else { return }
        if let error {
            var failure =
                persistFailure
                ?? RecordedFailure(
                    reason: error.code, message: error.reason, first: time, last: time, count: 0)
            failure.reason = error.code
            failure.message = error.reason
            failure.last = time
            failure.count += 1
            persistFailure = failure
        } else {
            persistFailure = nil
        }
        let descriptor = open(layout.lock.path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = persistFailure.flatMap { try? Self.failureEncoder.encode($0) }.map(Array.init) ?? []
        guard ftruncate(descriptor, 0) == 0 else { return }
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }

    /// Reads the failure record the last writer left in the lock file into ``persistFailure`` (kept when the file
    /// holds none and this process recorded one itself: the lock file may be what could not be written).
    func readPersistFailure() {
        guard case .success(let bytes) = CachedFile.read(layout.lock, maxBytes: Self.maxFailureRecordBytes) else {
            return
        }
        guard !bytes.isEmpty else {
            if isReadOnly { persistFailure = nil }
            return
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        if let failure = try? decoder.decode(RecordedFailure.self, from: Data(bytes)) { persistFailure = failure }
    }

    private static var failureEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
