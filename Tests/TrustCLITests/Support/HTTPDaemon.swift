import Foundation
import TestSupport

/// What the HTTP tests of `trustlistd` share: the port the daemon logged, and a free port for programs that cannot
/// take port 0.
enum HTTPDaemon {
    /// Waits for the daemon's `http serving` line and returns the first listener's port.
    static func port(of daemon: DaemonProcess) throws -> Int {
        let line = try daemon.waitFor("the HTTP listener") { $0.message == "http serving" }[0]
        guard let listen = line["listen"]?.split(separator: ",").first, let colon = listen.lastIndex(of: ":"),
            let port = Int(listen[listen.index(after: colon)...])
        else { throw TestSupportError("no port in \(line)") }
        return port
    }

    /// A loopback TCP port that was free a moment ago (bound to port 0, then closed): for a program that must be
    /// told its port, such as nginx. Another process may take it meanwhile; callers retry on a bind conflict.
    static func freePort() throws -> Int {
        let (socket, port) = try RawSocket.listen()
        socket.close()
        return port
    }

    /// Polls `url` until it answers `status` or `timeout` seconds pass.
    @discardableResult
    static func waitFor(
        _ url: String, status: Int = 200, timeout: TimeInterval = 20, headers: [String] = []
    ) throws -> ClientResponse {
        let deadline = Date() + timeout
        var last = "no answer"
        while Date() < deadline {
            if let response = try? LoopbackClient.get(url, headers: headers, timeoutSeconds: 5) {
                if response.status == status { return response }
                last = "\(response.status): \(response.text)"
            }
            usleep(100_000)
        }
        throw TestSupportError("\(url) did not answer \(status) within \(timeout) s; last: \(last)")
    }
}
