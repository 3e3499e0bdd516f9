/// Where a value lies in a LoTE payload, for messages (`LoTE.TrustedEntitiesList[3].TrustedEntityInformation.TEName`):
/// kept as the parent's path and the last step, and spelled only when a message or a warning is written, so that
/// decoding 10,000 well-formed entities builds no path text.
final class LoTEPath: Sendable, CustomStringConvertible {
    private enum Step {
        case member(String)
        case element(Int)
    }
    private let parent: LoTEPath?
    private let step: Step?

    private init(parent: LoTEPath?, step: Step?) {
        self.parent = parent
        self.step = step
    }

    /// The payload itself (spelled as the empty string).
    static let root = LoTEPath(parent: nil, step: nil)

    /// The member `name` of the value here.
    func member(_ name: String) -> LoTEPath { LoTEPath(parent: self, step: .member(name)) }

    /// The element `index` of the array here.
    func element(_ index: Int) -> LoTEPath { LoTEPath(parent: self, step: .element(index)) }

    /// Whether this is the payload itself.
    var isRoot: Bool { step == nil }

    /// The path: member names joined by `.`, element indexes in brackets.
    var description: String {
        guard let parent, let step else { return "" }
        switch step {
        case .member(let name): return parent.isRoot ? name : "\(parent).\(name)"
        case .element(let index): return "\(parent)[\(index)]"
        }
    }
}
