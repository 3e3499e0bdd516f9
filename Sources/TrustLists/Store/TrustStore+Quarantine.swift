import Foundation

extension TrustStore {
    /// Moves a cache file that went bad (fails verification, is not a regular file, or does not hash to its name) to
    /// `quarantine/<name>`, replacing an older one there, and reports it once; a read-only store moves nothing and
    /// reports that the file is not used. The file is never used again; its source writes it anew.
    /// - Parameters:
    ///   - file: the bad file (a symbolic link or FIFO is moved itself, never followed or opened).
    ///   - name: its name inside `quarantine/`.
    ///   - about: whom the event is about (its list or CRL slot, and the reason code; none for a file of the whole
    ///     store, a root); its message is replaced.
    ///   - what: what the file is, for a person (`cached version`, `cached root 9c1b…`).
    ///   - reason: why it is bad.
    func quarantine(
        _ file: URL, as name: String, event about: Event = Event(list: nil, message: ""),
        what: String = "cached version", reason: String
    ) {
        func event(_ message: String) -> Event {
            Event(
                list: about.list, crl: about.crl, statusList: about.statusList, message: message, reason: about.reason)
        }
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
