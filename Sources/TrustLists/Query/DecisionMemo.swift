import Foundation
import Synchronization

/// Trusted answers of one generation, kept by the chain asked about and the question (docs/architecture.md,
/// Queries): a verifier asks about the same chain again and again, and between two changes of a list's or a CRL's
/// state the policies give the same answer.
///
/// With the generation fixed, a decision about a chain depends on the time only through the state of each consulted
/// list, the state of each CRL the validated chain was checked against, and whether the time lies in the validated
/// chain's validity window (``ValidationMemo``). So an answer is kept with those states and that window, and given
/// again only at a time where every one of those states is the same and the window holds: the answer the policies
/// would give then. Only trusted answers are kept (the messages of the others name the time); nothing of a kept
/// answer is computed again. When ``capacity`` is reached the memo is emptied.
final class DecisionMemo: Sendable {
    /// A chain and the question asked about it.
    struct Key: Hashable, Sendable {
        /// ``ValidationMemo/key(_:)`` of the chain.
        let chain: ByteKey
        /// ``DecisionProfile/memoKey``.
        let profile: String
    }

    /// One kept answer and the facts it was given under. A class: a lookup copies one reference out of the lock.
    final class Entry: Sendable {
        /// The answer.
        let decision: TrustDecision
        /// The validated chain's window: latest notBefore, earliest notAfter.
        let validFrom: Date
        let validUntil: Date
        /// Each consulted list's position in the generation's sources, and its state when the answer was made.
        let lists: [(position: Int, state: ListState)]
        /// Each CRL check's issuer (position in the generation's CRL issuers; nil for none) and its state then.
        let crls: [(issuer: Int?, state: CRLState)]

        init(
            decision: TrustDecision, validFrom: Date, validUntil: Date, lists: [(position: Int, state: ListState)],
            crls: [(issuer: Int?, state: CRLState)]
        ) {
            self.decision = decision
            self.validFrom = validFrom
            self.validUntil = validUntil
            self.lists = lists
            self.crls = crls
        }

        /// Whether the answer holds at `time`: inside the window, every list and CRL in the state it was in.
        func holds(at time: Date, in index: TrustIndex) -> Bool {
            guard validFrom <= time, time <= validUntil else { return false }
            for list in lists where index.sources[list.position].state(at: time).state != list.state { return false }
            let issuers = index.revocation.issuers
            for crl in crls where (crl.issuer.map { issuers[$0].state(at: time) } ?? .none) != crl.state {
                return false
            }
            return true
        }
    }

    /// The most answers kept; 0 keeps none.
    let capacity: Int
    private let entries = Mutex<[Key: Entry]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The kept answer for `key`, if any (whether it holds now is the caller's check, ``Entry/holds(at:in:)``).
    func lookup(_ key: Key) -> Entry? {
        guard capacity > 0 else { return nil }
        return entries.withLock { $0[key] }
    }

    /// Keeps an answer.
    func store(_ entry: Entry, for key: Key) {
        guard capacity > 0 else { return }
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
    }
}
