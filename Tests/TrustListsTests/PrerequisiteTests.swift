import Foundation
import TestSupport
import Testing

/// The skip rule of tests that need something from the machine (``Prerequisite``): skipped outside CI, a failure
/// in CI.
@Suite("Test prerequisites: skip outside CI, fail in CI")
struct PrerequisiteTests {
    static let present = Prerequisite("something present", hint: "always there") { true }
    static let absent = Prerequisite("something absent", hint: "never there") { false }

    @Test("outside CI a missing prerequisite skips (false); present ones run (true)")
    func outsideCI() throws {
        for environment in [[:], ["CI": "false"], ["CI": ""], ["CI": "0"]] {
            #expect(try Prerequisite.evaluate([Self.present], environment: environment))
            #expect(try !Prerequisite.evaluate([Self.present, Self.absent], environment: environment))
        }
    }

    @Test("in CI (CI=true or 1) a missing prerequisite is an error naming it; present ones run")
    func inCI() throws {
        for environment in [["CI": "true"], ["CI": "TRUE"], ["CI": "1"]] {
            #expect(try Prerequisite.evaluate([Self.present], environment: environment))
            #expect {
                try Prerequisite.evaluate([Self.present, Self.absent], environment: environment)
            } throws: { error in
                (error as? PrerequisiteMissing)?.description.contains("something absent is missing (never there)")
                    == true
            }
        }
    }
}
