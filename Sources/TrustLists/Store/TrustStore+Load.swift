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
    public func load(at time: Date) throws(TrustListError) {
        events = []
        expected = [:]
        quarantined = []
        try checkReadable()
        readPersistFailure()
        let (state, corrupt) = readState()
        records = [:]
        current = [:]
        snapshotMark = state?.snapshot
        for list in configuration.lists {
            var record = state?.lists[list.id.description] ?? ListRecord()
            let anchors = cachedRoots(list.network)
            if let verified = loadCurrent(list, record: record, anchors: anchors, at: time) {
                current[list.id] = verified
                var summary = ListSummary(verified, id: list.id)
                // The facts come from the verified list, never from state.json; only when this version was first
                // verified is kept (re-verifying at that time is what proves an expired version authentic).
                if let recorded = record.current, recorded.sha256 == summary.sha256, recorded.verifiedAt < time {
                    summary.verifiedAt = recorded.verifiedAt
                }
                if record.current?.sha256 != summary.sha256 {
                    if record.current != nil {
                        events.append(
                            Event(
                                list: list.id,
                                message:
                                    "state named a version that no longer verifies; using \(summary.sha256.prefix(12))"
                            ))
                        record.origin = ListOrigin.cache
                    }
                    // The validators belong to the version they came with: the next fetch is unconditional, so a
                    // 304 can never confirm a version other than the one the source sent.
                    record.etag = nil
                    record.lastModified = nil
                }
                if record.current == nil { record.origin = ListOrigin.cache }
                record.current = summary
                record.raiseHighWater(to: summary.mark, rules: list.id.kind.versionRules)
            } else {
                record.current = nil
                record.origin = nil
                record.etag = nil
                record.lastModified = nil
            }
            records[list.id] = record
        }
        loadCRLs(recorded: state?.crls ?? [:], at: time)
        if state == nil, !corrupt, !current.isEmpty {
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
    public func checkReadable() throws(TrustListError) {
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

    private func loadCurrent(
        _ list: ListConfiguration, record: ListRecord, anchors: [Certificate], at time: Date
    ) -> VerifiedList? {
        let folder = layout.lists(list.id)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let suffix = "." + list.id.kind.fileExtension
        var shas = names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.map {
            String($0.dropLast(suffix.count))
        }
        guard !shas.isEmpty else { return nil }
        guard !anchors.isEmpty else {
            events.append(
                Event(list: list.id, message: "no cached root matches the pins; cached lists wait for a refresh"))
            return nil
        }
        // The state's current version first, then the others.
        if let named = record.current?.sha256, let index = shas.firstIndex(of: named) {
            shas.swapAt(0, index)
        }
        var candidates: [VerifiedList] = []
        for sha in shas {
            let file = layout.list(list.id, sha256: sha)
            if let known = verifiedVersions[list.id]?[sha] {
                candidates.append(known)
                continue
            }
            let bytes: [UInt8]
            switch CachedFile.read(file, maxBytes: configuration.http.maxBytes, sha256: sha) {
            case .success(let read):
                bytes = read
            case .failure(.tooLarge(let size)):
                noteOnce(
                    Event(
                        list: list.id,
                        message: "cached version \(sha.prefix(12)) not usable with this configuration (\(size) bytes, "
                            + "over http.maxBytes); kept in the cache"))
                continue
            case .failure(let problem) where problem.isPresent:
                quarantine(file, as: quarantineName(file, list: list.id), list: list.id, reason: problem.description)
                continue
            case .failure(let problem):
                noteOnce(Event(list: list.id, message: "cached version \(sha.prefix(12)) not used: \(problem)"))
                continue
            }
            let verifiedAt = record.current?.sha256 == sha ? record.current?.verifiedAt : modificationDate(file)
            switch verifyCached(bytes, as: list, anchors: anchors, at: time, originally: verifiedAt) {
            case .success(let verified) where verified.sha256Hex == sha:
                verifiedVersions[list.id, default: [:]][sha] = verified
                candidates.append(verified)
            case .success:
                quarantine(
                    file, as: quarantineName(file, list: list.id), list: list.id,
                    reason: "its name does not match its SHA-256")
            case .failure(let error) where Self.timeBound.contains(error.code) && verifiedAt == nil:
                // Nothing says when it was good: leave it for a later load, but do not use it now.
                events.append(
                    Event(
                        list: list.id,
                        message:
                            "cached version \(sha.prefix(12)) not usable at \(Timestamp.text(time)) (\(error.code))",
                        reason: error.code))
            case .failure(let error) where Self.intrinsic.contains(error.code):
                quarantine(
                    file, as: quarantineName(file, list: list.id), list: list.id,
                    reason: "\(error.code): \(error.reason)", code: error.code)
            case .failure(let error):
                events.append(
                    Event(
                        list: list.id,
                        message:
                            "cached version \(sha.prefix(12)) not usable with this configuration (\(error.code): "
                            + "\(error.reason)); kept in the cache",
                        reason: error.code))
            }
        }
        if let named = record.current?.sha256, let match = candidates.first(where: { $0.sha256Hex == named }) {
            return match
        }
        // Never a version below the highest one accepted: an entry removed by a later version must stay removed,
        // even when the current version's file is lost or damaged (the next refresh fetches the list again).
        let rules = list.source.kind.versionRules
        let rollback = RollbackPolicy(accepted: record.highWater, rules: rules)
        let usable = candidates.filter { (try? rollback.verdict($0.mark)) != nil }
        for below in candidates where !usable.contains(where: { $0.sha256Hex == below.sha256Hex }) {
            events.append(
                Event(
                    list: list.id,
                    message:
                        "cached version \(below.sha256Hex.prefix(12)) (\(rules.describe(below.mark))) is below the "
                        + "highest accepted (\(record.highWater.map(rules.describe) ?? "-")): not used; the next "
                        + "refresh fetches the list"
                ))
        }
        return usable.max { rules.precedes($0.mark, $1.mark) }
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

    /// The quarantine name of a list version's file: `network-name-sha256.cose` (`.jws` for a LoTE).
    private func quarantineName(_ file: URL, list: ListID) -> String {
        "\(list.network)-\(list.name)-\(file.lastPathComponent)"
    }

    func modificationDate(_ file: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
    }
}
