import Foundation

extension TrustStore {
    /// Moves a cache file that went bad (fails verification, is not a regular file, or does not hash to its name) to
    /// `quarantine/<name>`, replacing an older one there, and reports it once; a read-only store moves nothing and
    /// reports that the file is not used. The file is never used again; its source writes it anew.
    /// - Parameters:
    ///   - file: the bad file (a symbolic link or FIFO is moved itself, never followed or opened).
    ///   - name: its name inside `quarantine/`.
    ///   - list: the list concerned, if any.
    ///   - crl: the CRL slot concerned, if any (neither: a file of the whole store, a root).
    ///   - what: what the file is, for a person (`cached version`, `cached root 9c1b…`).
    ///   - reason: why it is bad.
    ///   - code: the verification failure's reason code, when there is one.
    func quarantine(
        _ file: URL, as name: String, list: ListID? = nil, crl: CRLSlotID? = nil, what: String = "cached version",
        reason: String, code: TrustListError.Code? = nil
    ) {
        func event(_ message: String) -> Event { Event(list: list, crl: crl, message: message, reason: code) }
        guard !isReadOnly else {
            noteOnce(event("\(what) is bad (\(reason)); not used"))
            return
        }
        let target = layout.quarantine.appendingPathComponent(name)
        do {
            try AtomicFile.makeFolder(layout.quarantine)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.moveItem(at: file, to: target)
            quarantined.insert(file.path)
            expected[file] = nil
            noteOnce(event("\(what) quarantined (\(reason)): \(target.path)"))
        } catch {
            noteOnce(event("\(what) is bad (\(reason)) and could not be moved aside: \(error)"))
        }
    }

    /// Adds `event` to ``events`` unless the same one is there already (a root shared by two lists is reported once).
    func noteOnce(_ event: Event) {
        if !events.contains(event) { events.append(event) }
    }
}
