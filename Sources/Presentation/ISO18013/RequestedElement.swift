/// One requested data element of an ItemsRequest (ISO/IEC 18013-5 §8.3.2.1.2.1, `DataElements`): its identifier and
/// whether the reader intends to retain it, as a consent screen shows them.
public struct RequestedElement: Sendable, Hashable {
    /// The data element identifier (`family_name`, `portrait`, ...).
    public let identifier: String
    /// `IntentToRetain`: whether the reader says it will keep the value after the transaction (§8.3.2.1.2.1).
    public let intentToRetain: Bool

    /// Creates a requested element.
    /// - Parameters:
    ///   - identifier: the data element identifier.
    ///   - intentToRetain: the reader's IntentToRetain.
    public init(identifier: String, intentToRetain: Bool) {
        self.identifier = identifier
        self.intentToRetain = intentToRetain
    }
}

/// One namespace of an ItemsRequest (ISO/IEC 18013-5 §8.3.2.1.2.1, `NameSpaces`) with its requested elements in the
/// order received.
public struct RequestedNameSpace: Sendable, Hashable {
    /// The namespace (`org.iso.18013.5.1`).
    public let name: String
    /// The requested elements, in the order of the request; never empty.
    public let elements: [RequestedElement]

    /// Creates a requested namespace.
    /// - Parameters:
    ///   - name: the namespace.
    ///   - elements: its requested elements.
    public init(name: String, elements: [RequestedElement]) {
        self.name = name
        self.elements = elements
    }
}
