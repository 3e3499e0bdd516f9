import Foundation
import Glibc

/// A plain TCP socket for what an HTTP client library will not do: trickle a request byte by byte, stall
/// mid-body, sit idle, or listen so that a port is taken. It writes bytes and watches for the peer closing; it
/// parses nothing.
///
/// `@unchecked Sendable`: the kernel serialises calls on one descriptor; tests close a socket only after the threads
/// that use it are done with it.
public final class RawSocket: @unchecked Sendable {
    /// The descriptor; -1 once closed.
    public private(set) var descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close() }

    /// Connects to `127.0.0.1:port`.
    /// - Parameter receiveTimeoutSeconds: a bound on any one wait for the peer, so that a broken test fails
    ///   instead of hanging.
    public static func connect(port: Int, receiveTimeoutSeconds: Int = 60) throws -> RawSocket {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SocketError("socket", errno) }
        let raw = RawSocket(descriptor: descriptor)
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = loopback(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { throw SocketError("connect to 127.0.0.1:\(port)", errno) }
        return raw
    }

    /// Connects to `127.0.0.1:port` until a connection is refused: the listener is gone. A connection the
    /// still-listening socket takes is closed again at once; one that the listener's close resets before `connect`
    /// has returned is tried again.
    /// - Parameter attempts: how many connections to try, 10 ms apart.
    /// - Returns: true once a connection was refused; false when every attempt connected or was reset.
    /// - Throws: ``SocketError`` for a failure other than a refusal or a reset.
    public static func waitUntilRefused(port: Int, attempts: Int = 3000) throws -> Bool {
        for _ in 0..<attempts {
            do {
                try connect(port: port).close()
            } catch let error as SocketError where error.isConnectionRefused {
                return true
            } catch let error as SocketError where error.isConnectionReset {}
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    /// A socket bound to `127.0.0.1` (or `::1`) on an ephemeral port and listening.
    /// - Parameter ipv6: bind `::1` instead of `127.0.0.1`.
    /// - Returns: the socket and its port.
    public static func listen(ipv6: Bool = false) throws -> (socket: RawSocket, port: Int) {
        let descriptor = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SocketError("socket", errno) }
        let raw = RawSocket(descriptor: descriptor)
        var storage = sockaddr_storage()
        var length: socklen_t
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_addr = in6addr_loopback
            withUnsafeBytes(of: address) { source in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        } else {
            let address = loopback(port: 0)
            withUnsafeBytes(of: address) { source in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
        }
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else { throw SocketError("bind", errno) }
        guard Glibc.listen(descriptor, 16) == 0 else { throw SocketError("listen", errno) }
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw SocketError("getsockname", errno) }
        // sin_port and sin6_port sit at the same offset, right after the family.
        let port = withUnsafeBytes(of: storage) { $0.load(fromByteOffset: 2, as: UInt16.self) }
        return (raw, Int(UInt16(bigEndian: port)))
    }

    /// Gives up ownership of the descriptor (to hand it to the server).
    public func release() -> Int32 {
        defer { descriptor = -1 }
        return descriptor
    }

    /// Sends all of `bytes`.
    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw SocketError("send", errno) }
            offset += sent
        }
    }

    /// Sends text as UTF-8.
    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Whether the peer has closed: true when a read finds end of stream or a reset, false when it would block
    /// (the connection is open and nothing has arrived).
    public func peerHasClosed() -> Bool {
        var byte: UInt8 = 0
        let received = recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK))
        if received == 0 { return true }
        if received < 0 { return errno != EAGAIN && errno != EWOULDBLOCK }
        return false
    }

    /// Whether bytes from the peer are waiting to be read, without waiting.
    public func hasData() -> Bool {
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK)) > 0
    }

    /// Waits for the next bytes from the peer.
    /// - Returns: what one read delivered; empty when the peer closed.
    /// - Throws: ``SocketError`` when the receive timeout passes first.
    public func readSome() throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        guard count >= 0 else { throw SocketError("recv", errno) }
        return Array(buffer[0..<count])
    }

    /// Reads until the peer closes the connection.
    /// - Returns: everything received.
    /// - Throws: ``SocketError`` when the receive timeout passes first (the peer kept the connection open).
    public func readUntilClosed() throws -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count == 0 { return received }
            if count < 0 {
                if errno == ECONNRESET { return received }
                throw SocketError("recv (the server kept the connection open)", errno)
            }
            received.append(contentsOf: buffer[0..<count])
        }
    }

    /// Closes the socket.
    public func close() {
        if descriptor >= 0 {
            _ = Glibc.close(descriptor)
            descriptor = -1
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        return address
    }
}

/// A socket call that failed.
public struct SocketError: Error, CustomStringConvertible {
    /// The system call, with what it was for.
    public let call: String
    /// `errno`.
    public let code: Int32
    /// Records a failed call.
    public init(_ call: String, _ code: Int32) {
        self.call = call
        self.code = code
    }
    /// Whether the failure was "connection refused".
    public var isConnectionRefused: Bool { code == ECONNREFUSED }
    /// Whether the peer reset the connection; from `connect`, the listener closed after taking the handshake.
    public var isConnectionReset: Bool { code == ECONNRESET }
    /// `call: strerror(code)`.
    public var description: String { "\(call): \(String(cString: strerror(code)))" }
}
