import Foundation
import X509

/// How a cached version that fails verification again is treated on load.
enum CachedFailure {
    /// The bytes are damaged or not authentic: moved to `quarantine/`.
    case quarantine
    /// Not usable now (the time, the configuration), but kept in the cache: the event's message.
    case keep(String)
}

extension TrustStore {
    // The operations every source goes through, whatever its family and kind (docs/architecture.md, The store and
    // the cache): commit, update, prune and load.

    /// The file of one version of a source.
    func versionFile<F: SourceFamily>(_ family: F.Type, _ id: F.ID, sha256: String) -> URL {
        F.folder(of: id, in: layout).appendingPathComponent("\(sha256).\(F.fileExtension(of: id, in: self))")
    }

    /// Records a refresh outcome for a source without a new version (a failure or a confirmation).
    package func update<F: SourceFamily>(
        _ family: F.Type, _ id: F.ID, _ change: (inout SourceRecord<F.Facts, VersionMark>) -> Void
    ) {
        var record = self[keyPath: F.table].records[id] ?? SourceRecord()
        change(&record)
        self[keyPath: F.table].records[id] = record
    }

    /// Makes `verified` the current version of a source: writes its bytes atomically, then the record (high-water
    /// mark raised, previous version kept, older ones removed). The caller writes the state afterwards.
    /// - Parameters:
    ///   - verified: the version, verified with the source's high-water mark.
    ///   - id: the source.
    ///   - origin: where it came from.
    ///   - url: where it was fetched from (kept by families whose facts name it).
    ///   - validators: the `ETag` and `Last-Modified` it was served with.
    ///   - time: the refresh time, UTC.
    ///   - beforeRename: test hook, see ``AtomicFile/write(_:to:permissions:beforeRename:)``.
    /// - Returns: the version's facts (the one summary of this commit).
    /// - Throws: ``TrustListError`` `persist_error`; the previous version then stays current.
    @discardableResult
    package func commit<F: SourceFamily>(
        _ verified: F.Verified, as id: F.ID, in family: F.Type, origin: ListOrigin, url: String? = nil,
        validators: (etag: String?, lastModified: String?), at time: Date, beforeRename: () throws -> Void = {}
    ) throws(TrustListError) -> F.Facts {
        let facts = F.facts(of: verified, id: id, url: url)
        if !isReadOnly {
            try AtomicFile.makeFolder(F.folder(of: id, in: layout))
            try writeFile(
                verified.signedBytes, to: versionFile(F.self, id, sha256: facts.sha256), beforeRename: beforeRename)
        }
        var record = self[keyPath: F.table].records[id] ?? SourceRecord()
        if let old = record.current?.sha256, old != facts.sha256 { record.previousSHA256 = old }
        record.current = facts
        record.raiseHighWater(to: verified.mark, rules: F.rules(of: id, in: self))
        record.etag = validators.etag
        record.lastModified = validators.lastModified
        record.recordSuccess(at: time, origin: origin)
        self[keyPath: F.table].records[id] = record
        self[keyPath: F.table].current[id] = verified
        self[keyPath: F.table].verified[id, default: [:]][facts.sha256] = verified
        if !isReadOnly {
            pruneVersions(F.self, id, keeping: [facts.sha256, record.previousSHA256].compactMap { $0 })
        }
        return facts
    }

    /// Removes a source's version files other than `keeping` (by SHA-256), and forgets them for the read-back.
    private func pruneVersions<F: SourceFamily>(_ family: F.Type, _ id: F.ID, keeping: [String]) {
        let folder = F.folder(of: id, in: layout)
        let suffix = "." + F.fileExtension(of: id, in: self)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasSuffix(suffix) && !keeping.contains(String(name.dropLast(suffix.count))) {
            let file = folder.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: file)
            expected[file] = nil
        }
    }

    /// Loads one source from the cache: verifies each cached version again (``loadVersions(_:_:record:maxBytes:maxBytesSetting:unverifiable:verify:onFailure:)``)
    /// and adopts the one chosen as current, its facts from the verified bytes (never from `state.json`); the
    /// recorded facts of the same version keep when it was first verified. A source whose recorded version no longer
    /// verifies is reported, and its validators dropped: the next fetch is unconditional, so a 304 can never confirm a
    /// version other than the one the source sent.
    func loadSource<F: SourceFamily>(
        _ family: F.Type, _ id: F.ID, recorded: SourceRecord<F.Facts, VersionMark>?, maxBytes: Int,
        maxBytesSetting: String, unverifiable: String? = nil,
        verify: (_ bytes: [UInt8], _ originally: Date?) -> Result<F.Verified, TrustListError>,
        onFailure: (TrustListError, _ originally: Date?) -> CachedFailure
    ) {
        var record = recorded ?? SourceRecord()
        let loaded = loadVersions(
            F.self, id, record: record, maxBytes: maxBytes, maxBytesSetting: maxBytesSetting,
            unverifiable: unverifiable, verify: verify, onFailure: onFailure)
        if let loaded {
            self[keyPath: F.table].current[id] = loaded
            var facts = F.facts(of: loaded, id: id, url: nil)
            if let old = record.current, old.sha256 == facts.sha256 {
                facts.carry(from: old)
            } else {
                if record.current != nil {
                    events.append(
                        F.event(
                            id, "state named a version that no longer verifies; using \(facts.sha256.prefix(12))",
                            reason: nil))
                }
                record.origin = .cache
                record.etag = nil
                record.lastModified = nil
            }
            record.current = facts
            record.raiseHighWater(to: loaded.mark, rules: F.rules(of: id, in: self))
        } else {
            record.current = nil
            record.origin = nil
            record.etag = nil
            record.lastModified = nil
        }
        self[keyPath: F.table].records[id] = record
    }

    /// Verifies every cached version of one source again (a file in the cache is evidence, never authority) and
    /// returns the one to use: the version the record names, else the latest in the kind's order that is not below the
    /// record's high-water mark (an entry removed or a certificate revoked by a later version must stay so). A file
    /// that is not a regular file, does not hash to its name, or fails verification intrinsically is quarantined.
    /// - Parameters:
    ///   - record: the source's record from `state.json`.
    ///   - maxBytes: the most bytes read of one file (the cap the source is fetched under).
    ///   - maxBytesSetting: the setting that cap comes from, for messages.
    ///   - unverifiable: why no cached version can be verified now (no anchor), reported once; nil when they can.
    ///   - verify: verifies bytes; `originally` is when the version was first verified, when known.
    ///   - onFailure: how a verification failure is treated.
    func loadVersions<F: SourceFamily>(
        _ family: F.Type, _ id: F.ID, record: SourceRecord<F.Facts, VersionMark>, maxBytes: Int,
        maxBytesSetting: String, unverifiable: String?,
        verify: (_ bytes: [UInt8], _ originally: Date?) -> Result<F.Verified, TrustListError>,
        onFailure: (TrustListError, _ originally: Date?) -> CachedFailure
    ) -> F.Verified? {
        let folder = F.folder(of: id, in: layout)
        let suffix = "." + F.fileExtension(of: id, in: self)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var shas = names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.map {
            String($0.dropLast(suffix.count))
        }
        guard !shas.isEmpty else { return nil }
        if let unverifiable {
            events.append(F.event(id, unverifiable, reason: nil))
            return nil
        }
        // The record's current version first, then the others.
        if let named = record.current?.sha256, let index = shas.firstIndex(of: named) { shas.swapAt(0, index) }
        var candidates: [F.Verified] = []
        for sha in shas {
            let file = versionFile(F.self, id, sha256: sha)
            let quarantineName = F.quarantineName(of: id, file: file)
            if let known = self[keyPath: F.table].verified[id]?[sha] {
                candidates.append(known)
                continue
            }
            let bytes: [UInt8]
            // The name is checked after verifying, against the SHA-256 the verification computed, so that the bytes are
            // hashed once.
            switch CachedFile.read(file, maxBytes: maxBytes) {
            case .success(let read):
                bytes = read
            case .failure(.tooLarge(let size)):
                noteOnce(
                    F.event(
                        id,
                        "cached version \(sha.prefix(12)) not usable with this configuration (\(size) bytes, over "
                            + "\(maxBytesSetting)); kept in the cache", reason: nil))
                continue
            case .failure(let problem) where problem.isPresent:
                quarantine(file, as: quarantineName, event: F.event(id, "", reason: nil), reason: problem.description)
                continue
            case .failure(let problem):
                noteOnce(F.event(id, "cached version \(sha.prefix(12)) not used: \(problem)", reason: nil))
                continue
            }
            let originally = record.current?.sha256 == sha ? record.current?.verifiedAt : modificationDate(file)
            let result = verify(bytes, originally)
            // The verified SHA-256 is of the bytes read when the verified version's bytes are those (a CRL decoded
            // from PEM is not); otherwise the bytes are hashed here.
            let found =
                (try? result.get()).flatMap { $0.signedBytes == bytes ? $0.sha256Hex : nil }
                ?? hexString(Digest.sha256.hash(bytes))
            guard found == sha else {
                quarantine(
                    file, as: quarantineName, event: F.event(id, "", reason: nil),
                    reason: CachedFile.Problem.hashMismatch(found).description)
                continue
            }
            switch result {
            case .success(let verified):
                self[keyPath: F.table].verified[id, default: [:]][sha] = verified
                candidates.append(verified)
            case .failure(let error):
                switch onFailure(error, originally) {
                case .quarantine:
                    quarantine(
                        file, as: quarantineName, event: F.event(id, "", reason: error.code),
                        reason: "\(error.code): \(error.reason)")
                case .keep(let message):
                    events.append(F.event(id, "cached version \(sha.prefix(12)) \(message)", reason: error.code))
                }
            }
        }
        if let named = record.current?.sha256, let match = candidates.first(where: { $0.sha256Hex == named }) {
            return match
        }
        let rules = F.rules(of: id, in: self)
        let rollback = RollbackPolicy(accepted: record.highWater, rules: rules)
        let usable = candidates.filter { (try? rollback.verdict($0.mark)) != nil }
        for below in candidates where !usable.contains(where: { $0.sha256Hex == below.sha256Hex }) {
            events.append(
                F.event(
                    id,
                    "cached version \(below.sha256Hex.prefix(12)) (\(rules.describe(below.mark))) is below the "
                        + "highest accepted (\(record.highWater.map(rules.describe) ?? "-")): not used; the next "
                        + "refresh fetches it", reason: nil))
        }
        return usable.max { rules.precedes($0.mark, $1.mark) }
    }

    func modificationDate(_ file: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
    }
}

extension VersionFacts {
    /// When the version was first verified (re-verifying at that time is what proves an expired version authentic).
    public mutating func carry(from recorded: Self) {
        verifiedAt = min(verifiedAt, recorded.verifiedAt)
    }
}

extension CRLSummary {
    /// When the CRL was first verified, and the URL it was fetched from.
    public mutating func carry(from recorded: CRLSummary) {
        verifiedAt = min(verifiedAt, recorded.verifiedAt)
        url = recorded.url
    }
}
