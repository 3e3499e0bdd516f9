import Foundation
import X509

/// Files named on the command line, read with a size limit and parsed with errors that name the file.
enum InputFiles {
    /// An input file that cannot be used.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The bytes of `path`, refusing files over `limit` bytes before reading them.
    static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        guard !path.isEmpty else { throw Failure(description: "an empty file name was given") }
        let url = URL(fileURLWithPath: path)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let size = attributes[.size] as? NSNumber
        else { throw Failure(description: "\(path): no such file or not readable") }
        guard size.intValue <= limit else {
            throw Failure(description: "\(path): \(size.intValue) bytes, more than the \(limit) accepted")
        }
        guard let data = try? Data(contentsOf: url) else { throw Failure(description: "\(path): cannot be read") }
        return Array(data)
    }

    /// Every certificate of a PEM file (or one DER certificate).
    static func certificates(_ path: String) throws(Failure) -> [Certificate] {
        let bytes = try read(path, limit: 1 << 20)
        do {
            return try Certificate.certificates(derOrPEMEncoded: bytes)
        } catch {
            throw Failure(description: "\(path): \(error)")
        }
    }

    /// A PEM private key.
    static func privateKey(_ path: String) throws(Failure) -> PrivateKey {
        let bytes = try read(path, limit: 1 << 20)
        do {
            return try PrivateKey(pemEncoded: String(decoding: bytes, as: UTF8.self))
        } catch {
            throw Failure(description: "\(path): \(error)")
        }
    }
}
