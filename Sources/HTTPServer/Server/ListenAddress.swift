internal import Glibc

/// A numeric IP address and TCP port to listen on: `127.0.0.1:8441`, `[::1]:8441`, `0.0.0.0:80`, `[::]:8441`.
/// Port 0 asks the system for a free (ephemeral) port; ``HTTPServer/ports`` reports the one bound.
public struct ListenAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address family.
    public enum Family: Hashable, Sendable {
        /// IPv4.
        case ipv4
        /// IPv6 (the daemon then binds IPv6 only, `IPV6_V6ONLY`).
        case ipv6
    }

    /// The numeric address as written, without brackets (`127.0.0.1`, `::1`).
    public let host: String
    /// The TCP port, 0…65535; 0 for an ephemeral port.
    public let port: Int
    /// IPv4 or IPv6.
    public let family: Family

    /// Parses `IPv4:port` or `[IPv6]:port`.
    /// - Parameter text: the address; host names are not resolved, so `localhost:8441` is refused.
    /// - Throws: ``HTTPServerError`` `.invalidListenAddress` naming the part that is wrong.
    public init(_ text: String) throws(HTTPServerError) {
        let host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw HTTPServerError(
                    .invalidListenAddress, "listen address \"\(text)\": expected [IPv6]:port, like [::1]:8441")
            }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), text.firstIndex(of: ":") == colon else {
                throw HTTPServerError(
                    .invalidListenAddress,
                    "listen address \"\(text)\": expected IPv4:port like 127.0.0.1:8441, or [IPv6]:port like "
                        + "[::1]:8441")
            }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ ("0"..."9").contains($0) }),
            let port = Int(portText), port <= 65535
        else {
            throw HTTPServerError(
                .invalidListenAddress, "listen address \"\(text)\": port \"\(portText)\" is not a number 0…65535")
        }
        let isIPv6 = text.hasPrefix("[")
        guard Self.parses(String(host), ipv6: isIPv6) else {
            throw HTTPServerError(
                .invalidListenAddress,
                "listen address \"\(text)\": \"\(host)\" is not a numeric \(isIPv6 ? "IPv6" : "IPv4") address "
                    + "(host names are not resolved)")
        }
        self.host = String(host)
        self.port = port
        self.family = isIPv6 ? .ipv6 : .ipv4
    }

    /// `host:port`, with brackets around an IPv6 host.
    public var description: String { family == .ipv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Calls `body` with this address as a `sockaddr_in` or `sockaddr_in6`, and its length in bytes.
    func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        switch family {
        case .ipv4:
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            _ = inet_pton(AF_INET, host, &address.sin_addr)
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        case .ipv6:
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            _ = inet_pton(AF_INET6, host, &address.sin6_addr)
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    body($0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
    }

    private static func parses(_ host: String, ipv6: Bool) -> Bool {
        var buffer = in6_addr()
        return inet_pton(ipv6 ? AF_INET6 : AF_INET, host, &buffer) == 1
    }

    /// An IPv4 address (host byte order) as dotted decimal: four numbers 0…255 without leading zeros.
    static func dottedDecimal(_ address: UInt32) -> String {
        // At most 15 bytes: a small string, written in place without an allocation.
        String(unsafeUninitializedCapacity: 15) { text in
            var count = 0
            for shift in stride(from: 24, through: 0, by: -8) {
                let octet = UInt8(truncatingIfNeeded: address >> UInt32(shift))
                if shift != 24 { text[count] = UInt8(ascii: "."); count += 1 }
                if octet >= 100 { text[count] = UInt8(ascii: "0") + octet / 100; count += 1 }
                if octet >= 10 { text[count] = UInt8(ascii: "0") + octet / 10 % 10; count += 1 }
                text[count] = UInt8(ascii: "0") + octet % 10
                count += 1
            }
            return count
        }
    }

    /// The TCP port of an IPv4 or IPv6 socket address, in host order; nil for another family.
    static func port(of address: UnsafePointer<sockaddr>) -> UInt16? {
        switch Int32(address.pointee.sa_family) {
        case AF_INET: address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        case AF_INET6:
            address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
        default: nil
        }
    }

    /// The numeric text of a socket address (`127.0.0.1`, `::1`), or nil for a family other than IPv4 and IPv6.
    static func numericHost(of address: UnsafePointer<sockaddr>) -> String? {
        let family = Int32(address.pointee.sa_family)
        guard family == AF_INET || family == AF_INET6 else { return nil }
        if family == AF_INET {
            // Dotted decimal (what inet_ntop writes for AF_INET), written here: glibc's inet_ntop formats through
            // sprintf, a measurable part of a request's cost.
            let value = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                UInt32(bigEndian: $0.pointee.sin_addr.s_addr)
            }
            return dottedDecimal(value)
        }
        // A buffer on the stack: this runs once per request. IPv6 text has rules of its own (RFC 5952): inet_ntop's.
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(INET6_ADDRSTRLEN) + 1) { text in
            let converted = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
                withUnsafePointer(to: ipv6.pointee.sin6_addr) {
                    inet_ntop(AF_INET6, $0, text.baseAddress, socklen_t(text.count))
                }
            }
            return converted.map { String(cString: $0) }
        }
    }
}
