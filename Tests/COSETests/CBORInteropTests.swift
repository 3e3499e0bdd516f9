import COSE
import Foundation
import TestSupport
import Testing
import X509

/// Runs `python3 -c script` (the interpreter with cbor2, ``Python/interpreter``) with `input` on standard input;
/// returns its exit status and standard output.
private func runPython(_ script: String, input: String = "") throws -> (status: Int32, output: String) {
    guard let python = Python.interpreter else { throw TestSupportError("no python3 with cbor2 and cryptography") }
    let process = Process()
    process.executableURL = python
    process.arguments = ["-c", script]
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}

@Suite("Interoperability with Python cbor2", .requires(.interopModules))
struct CBORInteropTests {
    @Test("decodes nested structures that cbor2 encoded")
    func decodesCbor2Output() throws {
        let script = """
            import cbor2, datetime, sys
            doc = {
                "version": "1.0",
                "ints": [0, 1, 23, 24, 255, 256, 2**32, 2**64 - 1, -1, -24, -25, -2**64],
                "big": [2**70, -2**70],
                "floats": [1.5, 1.1, float("inf"), -0.0, 100000.0],
                "bytes": b"\\x00\\x01\\xff",
                "text": "\\u00fc\\u6c34\\U00010151",
                "tagged": cbor2.CBORTag(1234, ["x", None, True, False]),
                "nested": {"a": [{"b": {"c": [[], {}]}}]},
                7: "int key",
                "date": datetime.datetime(2025, 11, 13, 10, 9, 13, 652142, tzinfo=datetime.timezone.utc),
            }
            sys.stdout.write(cbor2.dumps(doc).hex())
            """
        let result = try runPython(script)
        #expect(result.status == 0)
        let node = try CBORDecoder().decode(hex(result.output))
        let value = node.value
        let expectedInts: CBOR = [
            0, 1, 23, 24, 255, 256, 4_294_967_296, .unsigned(UInt64.max), -1, -24, -25, .negative(UInt64.max),
        ]
        #expect(value["version"] == "1.0")
        #expect(value["ints"] == expectedInts)
        #expect(
            value["big"] == [
                .bignum([0x40, 0, 0, 0, 0, 0, 0, 0, 0]),
                .bignum([0x3f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], negative: true),
            ])
        #expect(value["floats"] == [1.5, 1.1, .float(.infinity), -0.0, 100_000.0])
        #expect(value["bytes"] == .byteString([0, 1, 0xff]))
        #expect(value["text"] == "\u{fc}\u{6c34}\u{10151}")
        #expect(value["tagged"] == .tagged(1234, ["x", .null, true, false]))
        #expect(value["nested"] == ["a": [["b": ["c": [[], [:]]]]]])
        #expect(value[7] == "int key")
        let date = try CBORReader(node).map().required("date").date()
        #expect(abs(date.timeIntervalSince1970 - 1_763_028_553.652142) < 1e-6)
    }

    @Test("encodes values that cbor2 decodes to the same structure")
    func cbor2DecodesOurOutput() throws {
        let value: CBOR = [
            "version": "1.0",
            "ints": [0, 1, 23, 24, 255, 256, 4_294_967_296, .unsigned(UInt64.max), -1, -25, .negative(UInt64.max)],
            "floats": [1.5, 1.1, 100_000.0, .float(.infinity)],
            "bytes": .byteString([0, 1, 0xff]),
            "text": "\u{fc}\u{6c34}\u{10151}",
            "tagged": .tagged(1234, ["x", .null, true, false]),
            "nested": ["a": [["b": ["c": [[], [:]]]]]],
            7: "int key",
            "date": .date(Date(timeIntervalSince1970: 1_763_028_553.5)),
            "big": .bignum([0x40, 0, 0, 0, 0, 0, 0, 0, 0]),
        ]
        let script = """
            import cbor2, datetime, sys
            got = cbor2.loads(bytes.fromhex(sys.stdin.read()))
            # cbor2 gives the array inside a tag as a tuple (hashable); compare it as a list.
            got["tagged"] = cbor2.CBORTag(got["tagged"].tag, list(got["tagged"].value))
            want = {
                "version": "1.0",
                "ints": [0, 1, 23, 24, 255, 256, 2**32, 2**64 - 1, -1, -25, -2**64],
                "floats": [1.5, 1.1, 100000.0, float("inf")],
                "bytes": b"\\x00\\x01\\xff",
                "text": "\\u00fc\\u6c34\\U00010151",
                "tagged": cbor2.CBORTag(1234, ["x", None, True, False]),
                "nested": {"a": [{"b": {"c": [[], {}]}}]},
                7: "int key",
                "date": datetime.datetime(2025, 11, 13, 10, 9, 13, 500000, tzinfo=datetime.timezone.utc),
                "big": 2**70,
            }
            for key in want:
                if got.get(key) != want[key]:
                    print("mismatch", key, repr(got.get(key)), repr(want[key]))
            print("checked", len(want), "keys of", len(got))
            """
        let result = try runPython(script, input: hexString(value.encoded()))
        #expect(result.status == 0)
        #expect(result.output == "checked 10 keys of 10\n")
    }
}
