/// A JSON text that did not decode (``JSONDocument/init(locating:limits:label:)``), with where it failed: what a
/// reader of a file written by a person needs (a path and a line), beside the ``JOSEError`` the public decoders throw.
package struct JSONSyntaxError: Error, Sendable {
    /// The error ``JSONDocument/init(jsonEncoded:limits:label:)`` throws for the same text.
    package let error: JOSEError
    /// What is wrong, without the label and the offset (`expected a member name (a string), found '}'`).
    package let message: String
    /// The byte offset of the failure in the text.
    package let offset: Int
    /// The member names and array indices from the top value to the container being read, followed by the duplicate
    /// member's name when ``duplicateName`` is set.
    package let path: [JSONPathComponent]
    /// The member name that occurs twice in one object, when that was the failure.
    package let duplicateName: String?
}

/// One step of a path into a JSON value: a member of an object or an element of an array.
package enum JSONPathComponent: Sendable, Hashable {
    /// The member called this.
    case member(String)
    /// The element at this index, from 0.
    case index(Int)

    /// `networks[0].root.sha256`: members joined by dots, indices in brackets; empty for the top value.
    package static func dotted(_ path: [JSONPathComponent]) -> String {
        var text = ""
        for component in path {
            switch component {
            case .member(let name): text += text.isEmpty ? name : ".\(name)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
