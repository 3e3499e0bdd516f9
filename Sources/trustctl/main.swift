import Foundation
import TrustCLI

exit(Trustctl.main(Array(CommandLine.arguments.dropFirst())))
