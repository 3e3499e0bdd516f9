/// The known word closest to one that was mistyped, for the "did you mean …?" hints of the command line (options,
/// commands) and of the configuration file (keys): one rule for both.
package enum Spelling {
    /// The candidate closest to `word` by ``editDistance(_:_:)``, when it is close: at most 2 edits, or a third of
    /// `word`'s length for longer words. Ties go to the first candidate in `candidates`' order.
    /// - Parameters:
    ///   - word: what was typed.
    ///   - candidates: the words that exist.
    /// - Returns: the closest candidate, or nil when none is close (or `word` is one of them).
    package static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        var best: (word: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(word, candidate)
            if distance < best?.distance ?? Int.max { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(2, word.count / 3) else { return nil }
        return best.word
    }

    /// The Levenshtein distance between two words: the fewest insertions, deletions and substitutions of characters
    /// that turn one into the other.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
