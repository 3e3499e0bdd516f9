import Glibc
import Testing

@testable import HTTPServer

/// The client address text a handler gets (`HTTPRequest.remoteAddress`): IPv4 written by the server itself, compared
/// with glibc's `inet_ntop`; IPv6 by `inet_ntop` (RFC 5952).
@Suite("HTTPServer: the client's numeric address")
struct NumericHostTests {
    /// `inet_ntop`'s text of an IPv4 address given in host byte order.
    static func libcText(_ address: UInt32) -> String {
        var value = in_addr(s_addr: address.bigEndian)
        var buffer = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        _ = inet_ntop(AF_INET, &value, &buffer, socklen_t(buffer.count))
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test("IPv4 is dotted decimal as inet_ntop writes it: edge values and 10,000 spread addresses")
    func ipv4LikeInetNtop() {
        var addresses: [UInt32] = [0, 0x7F00_0001, 0xFFFF_FFFF, 0x0A00_6409, 0xC000_020A, 0x0909_0909, 0x6463_0A00]
        var state: UInt32 = 2_463_534_242
        for _ in 0..<10_000 {
            // xorshift32: a fixed spread over every octet value and length.
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            addresses.append(state)
        }
        for address in addresses {
            #expect(ListenAddress.dottedDecimal(address) == Self.libcText(address))
        }
    }

    @Test("a socket address gives its numeric host: IPv4 and IPv6")
    func socketAddresses() {
        var ipv4 = sockaddr_in()
        ipv4.sin_family = sa_family_t(AF_INET)
        ipv4.sin_addr = in_addr(s_addr: UInt32(0xC000_020A).bigEndian)
        let four = withUnsafePointer(to: &ipv4) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { ListenAddress.numericHost(of: $0) }
        }
        #expect(four == "192.0.2.10")
        var ipv6 = sockaddr_in6()
        ipv6.sin6_family = sa_family_t(AF_INET6)
        _ = inet_pton(AF_INET6, "2001:db8::7", &ipv6.sin6_addr)
        let six = withUnsafePointer(to: &ipv6) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { ListenAddress.numericHost(of: $0) }
        }
        #expect(six == "2001:db8::7")
    }
}
