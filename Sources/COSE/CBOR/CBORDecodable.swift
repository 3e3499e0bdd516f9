/// A model that decodes itself from a CBOR item through a ``CBORReader``, so that nested models read as
/// `try info.required("validity").decode(Validity.self)` and their errors keep the full path.
public protocol CBORDecodable {
    /// Decodes the model from the item under `reader`.
    /// - Parameter reader: the item and its path.
    /// - Throws: ``COSEError`` `unexpected_type` (from the reader's accessors) naming the path of the offending item,
    ///   or any error the model's own checks throw.
    init(cbor reader: CBORReader) throws
}

extension CBORReader {
    /// Decodes a model from this item (see ``CBORDecodable``).
    /// - Parameter type: the model type; inferred from the context when omitted.
    /// - Returns: the model.
    /// - Throws: whatever the model's ``CBORDecodable/init(cbor:)`` throws.
    public func decode<Model: CBORDecodable>(_ type: Model.Type = Model.self) throws -> Model {
        try Model(cbor: self)
    }
}
