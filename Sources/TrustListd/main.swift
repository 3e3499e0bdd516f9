import Foundation

// Everything, signal handlers included, lives outside this file: closures written here would be isolated to the
// main actor, and Dispatch calls signal handlers on its own threads.
exit(DaemonCommand.main(Array(CommandLine.arguments.dropFirst())))
