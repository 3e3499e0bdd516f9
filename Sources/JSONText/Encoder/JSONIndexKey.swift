/// A coding key the encoder makes itself: an array index (`Index 3` in a coding path, as `JSONEncoder` names it), or
/// `super`. Small enough to sit in an existential's inline buffer: an element's key costs no allocation, and its text
/// is made only when a coding path is read.
enum JSONIndexKey: CodingKey {
    case index(Int)
    case named(String)

    init(stringValue: String) { self = .named(stringValue) }

    init(intValue: Int) { self = .index(intValue) }

    var stringValue: String {
        switch self {
        case .index(let index): "Index \(index)"
        case .named(let name): name
        }
    }

    var intValue: Int? {
        if case .index(let index) = self { return index }
        return nil
    }
}
