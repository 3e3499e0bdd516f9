import Foundation
import X509

extension TrustStore {
    /// Reads `state.json` and verifies every cached list again before it is used (a file in the cache is evidence,
    /// never authority): the current version named by the state, else the best version that verifies. A version that
    /// fails verification for a reason other than time is moved to `quarantine/` and reported; one that only fails
    /// because time moved on (signer or list expired) stays in use, so that status reports it `expired` rather than
    /// `no_trust`. A missing or corrupt `state.json` is rebuilt from the verified lists.
    /// - Parameter time: the time to verify at (UTC).
    /// - Throws: ``TrustListError`` `cache_unreadable` when the cache directory exists but cannot be read
    ///   (permissions): that is not "no trust yet", and must not be reported as such.
    package func load(at time: Date) throws(TrustListError) {
        events = []
        expected = [:]
        quarantined = []
        try checkReadable()
        readPersistFailure()
        let (state, corrupt) = readState()
        lists = SourceTable()
        snapshotMark = state?.snapshot
        for list in configuration.lists {
            let anchors = cachedRoots(list.network)
            loadSource(
                ConfiguredLists.self, list.id, recorded: state?.lists[list.id.description],
                maxBytes: configuration.http.maxBytes, maxBytesSetting: "http.maxBytes",
                unverifiable: anchors.isEmpty ? "no cached root matches the pins; cached lists wait for a refresh" : nil,
                verify: { bytes, originally in
                    verifyCached(bytes, as: list, anchors: anchors, at: time, originally: originally)
                },
                onFailure: { error, originally in
                    if Self.timeBound.contains(error.code), originally == nil {
                        // Nothing says when it was good: leave it for a later load, but do not use it now.
                        return .keep("not usable at \(Timestamp.text(time)) (\(error.code))")
                    }
                    if Self.intrinsic.contains(error.code) { return .quarantine }
                    return .keep(
                        "not usable with this configuration (\(error.code): \(error.reason)); kept in the cache")
                })
        }
        loadRevocation(recorded: state?.crls ?? [:], at: time)
        loadStatusLists(recorded: state?.statusLists ?? [:], at: time)
        if state == nil, !corrupt, !lists.current.isEmpty {
            events.append(
                Event(list: nil, message: "state.json missing or unreadable: rebuilt from the verified cached lists"))
        }
    }

    /// Failures that show the bytes themselves are damaged or not an authentic list: only these quarantine a cached
    /// version. Any other failure depends on the time (``timeBound``) or on the configuration (a provider, an EKU, a
    /// limit or a pin changed): the version is not used now, but stays in the cache, so that a configuration mistake
    /// undone never costs the last good list.
    static let intrinsic: Set<TrustListError.Code> = [
        .malformedCBOR, .notCOSESign1, .unknownCriticalHeader, .unsupportedAlgorithm, .missingX5Chain,
        .detachedPayload, .badSignature, .malformedPayload,
    ]

    /// Failures that depend on the verification time: a version that failed only with one of these may be good
    /// at another time.
    static let timeBound: Set<TrustListError.Code> = [
        .signerExpired, .signerNotYetValid, .listExpired, .chainInvalid, .dateInFuture,
    ]

    /// Checks that the cache directory, when it exists, is a folder this user can read and enter.
    /// - Throws: ``TrustListError`` `cache_unreadable` otherwise, with what to do about it.
    package func checkReadable() throws(TrustListError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: layout.root.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue, FileManager.default.isReadableFile(atPath: layout.root.path),
            FileManager.default.isExecutableFile(atPath: layout.root.path)
        else {
            throw TrustListError(
                .cacheUnreadable,
                "cannot read the cache directory \(layout.root.path): permission denied (run as the user that owns it)"
            )
        }
    }

    /// Verifies a cached version at `time`; when that fails only because of the time (the signer expired since,
    /// or the time asked is before the list), verifies it at the time it was first verified, which proves it
    /// authentic (its state then follows the clock). A version that fails at its own verification time is damaged.
    private func verifyCached(
        _ bytes: [UInt8], as list: ListConfiguration, anchors: [Certificate], at time: Date, originally: Date?
    ) -> Result<VerifiedList, TrustListError> {
        func verify(at time: Date) throws(TrustListError) -> VerifiedList {
            try list.verify(
                bytes, anchors: anchors, clockSkewSeconds: configuration.clockSkewSeconds, at: time, mark: nil)
        }
        do {
            return .success(try verify(at: time))
        } catch {
            guard Self.timeBound.contains(error.code), let originally, originally != time else {
                return .failure(error)
            }
            do {
                return .success(try verify(at: originally))
            } catch {
                return .failure(error)
            }
        }
    }
}
