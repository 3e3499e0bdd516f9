import COSE
import Foundation
import X509

/// Shared steps of decoding a VICAL or RICAL payload (docs/architecture.md, The pipeline: step 8), mapping the COSE
/// module's errors to the pipeline's reason codes.
enum PayloadDecoding {
    /// Runs `body`, turning a CBOR shape error into `malformed_payload` with its path.
    static func field<T>(_ body: () throws -> T) throws(TrustListError) -> T {
        do {
            return try body()
        } catch let error as COSEError where error.code == .unexpectedType {
            throw TrustListError(.malformedPayload, error.reason)
        } catch let error as COSEError {
            throw TrustListError(error.code, error.reason)
        } catch let error as TrustListError {
            throw error
        } catch {
            throw TrustListError(.malformedPayload, "\(error)")
        }
    }

    /// `version` must be `major.minor` with major 1 (ISO/IEC 18013-5 Annex C: "1.0"): two non-empty runs of ASCII
    /// digits around one dot. A later minor version is accepted with a warning, another major version is the wrong
    /// list type, and anything else (`1`, `1.0.0`, `+1.0`, `1.=`) is malformed.
    static func checkVersion(_ version: String, warnings: inout ListWarnings) throws(TrustListError) {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        let isNumber = { (part: Substring) in !part.isEmpty && part.utf8.allSatisfy { (0x30...0x39).contains($0) } }
        guard parts.count == 2, isNumber(parts[0]), isNumber(parts[1]) else {
            throw TrustListError(.malformedPayload, "version: expected \"1.0\" (major.minor), found \"\(version)\"")
        }
        guard parts[0] == "1" else {
            throw TrustListError(.wrongListType, "version \(version) is not supported (major version 1 is)")
        }
        if version != "1.0" { warnings.add("version \(version) is newer than 1.0; unknown keys are reported") }
    }

    /// Records unknown keys of a map as one warning each, and capitalised spellings of known keys.
    static func reportUnknownKeys(
        _ map: CBORMapReader, known: Set<String>, aliases: [String: String] = [:], warnings: inout ListWarnings
    ) {
        // One pass over the map's keys (this runs for every entry of a list): keys neither known nor an alias are
        // reported in map order, then the aliases found, by name.
        var found: [(alias: String, proper: String)] = []
        for key in map.keys(notIn: known) {
            if let proper = aliases[key] {
                found.append((key, proper))
            } else {
                warnings.add("unknown key '\(key)' ignored", at: map.path)
            }
        }
        for (alias, proper) in found.sorted(by: { $0.alias < $1.alias }) {
            warnings.add("key '\(alias)' read as '\(proper)'", at: map.path)
        }
    }

    /// Decodes `certificateInfos` entry by entry (on every core for large lists, see ``Swift/Array/parallelMap(threshold:_:)``): an entry that does not decode is dropped with a warning, never the
    /// whole list; but a list whose every entry is broken is malformed.
    static func entries<Entry: Sendable>(
        _ root: CBORMapReader, warnings: inout ListWarnings,
        decode: @Sendable (CBORMapReader, inout ListWarnings) throws -> Entry
    ) throws(TrustListError) -> [Entry] {
        let items = try field { try root.required("certificateInfos").array() }
        // Entries are independent: decoded on every core, then taken in order with their warnings.
        let decoded = items.parallelMap { item -> (entry: Entry?, warnings: ListWarnings, failure: String?) in
            var local = ListWarnings()
            do {
                return (try decode(try item.map(), &local), local, nil)
            } catch {
                return (nil, ListWarnings(), (error as? COSEError)?.reason ?? "\(error)")
            }
        }
        var entries: [Entry] = []
        entries.reserveCapacity(items.count)
        var firstFailure: String?
        for (item, result) in zip(items, decoded) {
            if let entry = result.entry {
                entries.append(entry)
                warnings.merge(result.warnings)
            } else if let reason = result.failure {
                firstFailure = firstFailure ?? "\(item.path): \(reason)"
                warnings.add("entry dropped: \(reason)", at: item.path)
            }
        }
        if entries.isEmpty, let firstFailure {
            throw TrustListError(.malformedPayload, "no entry of certificateInfos is usable; first: \(firstFailure)")
        }
        if items.isEmpty { warnings.add("certificateInfos is empty: this list trusts no one") }
        return entries
    }

    /// Warns about entries that share an SKI (they are kept: the snapshot merges their docTypes).
    static func reportDuplicateSKIs(_ skis: [[UInt8]], path: String, warnings: inout ListWarnings) {
        var seen: Set<[UInt8]> = []
        for (index, ski) in skis.enumerated() where !seen.insert(ski).inserted {
            warnings.add("duplicate SKI of an earlier entry", at: "\(path)[\(index)]")
        }
    }
}
