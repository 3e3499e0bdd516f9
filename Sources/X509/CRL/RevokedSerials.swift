internal import COpenSSL
import Foundation

/// The serial numbers a CRL lists (RFC 5280 §5.1.2.6), indexed once at decode for constant-time lookups, over the
/// entries OpenSSL decoded.
///
/// The index holds no copy of a serial or a date: an open-addressing table maps each serial's hash to the position
/// of its entry in OpenSSL's `revokedCertificates` stack (8 bytes per slot, at most half the slots used), and a
/// lookup compares the serial it finds there with the one asked for. A revocation date is converted to a `Date`
/// only when a serial is found. Serials are compared by value, not by encoding: the sign and the big-endian
/// magnitude without leading zeros, so that a certificate's `serialNumber` content octets (`00 8F …`) and the
/// CRL's (`8F …` after OpenSSL's decoding) meet, whatever their length.
///
/// The positions stay valid because nothing sorts the stack (`X509_CRL_get0_by_serial` would; ``OpenSSLCRL`` is
/// never given to it).
struct RevokedSerials: Sendable {
    /// The decoded CRL whose entries the slots point to; kept alive with the index.
    private let crl: OpenSSLCRL?
    /// Per slot: 0 when empty, else the upper 32 bits of the serial's hash (its fingerprint) above the entry's
    /// position plus one.
    private var slots: [UInt64]
    /// `slots.count - 1` (a power of two minus one).
    private let mask: Int

    /// An empty index (a CRL without entries).
    init() {
        crl = nil
        slots = [0]
        mask = 0
    }

    /// Indexes every entry of `crl`'s revokedCertificates, `count` of them. Each revocationDate must already have
    /// been checked (`ASN1_TIME_check`): a serial listed twice keeps the entry with the earlier date.
    init(_ crl: OpenSSLCRL, entries: OpaquePointer, count: Int) {
        self.crl = crl
        var size = 8
        while size < 2 * count { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
        for position in 0..<count {
            guard let entry = shim_sk_X509_REVOKED_value(entries, Int32(position)) else { continue }
            insert(entry, at: position, entries: entries)
        }
    }

    private mutating func insert(_ entry: OpaquePointer, at position: Int, entries: OpaquePointer) {
        let serial = Serial(X509_REVOKED_get0_serialNumber(entry))
        let hash = serial.hash
        let fingerprint = UInt64(truncatingIfNeeded: UInt(bitPattern: hash)) >> 32
        var slot = hash & mask
        while slots[slot] != 0 {
            let existing = Int(slots[slot] & 0xFFFF_FFFF) - 1
            if slots[slot] >> 32 == fingerprint, let other = shim_sk_X509_REVOKED_value(entries, Int32(existing)),
                Serial(X509_REVOKED_get0_serialNumber(other)) == serial
            {
                // Listed twice: the earlier revocation date stands.
                let earlier = ASN1_TIME_compare(
                    X509_REVOKED_get0_revocationDate(entry), X509_REVOKED_get0_revocationDate(other))
                if earlier < 0 && earlier != -2 { slots[slot] = fingerprint << 32 | UInt64(position + 1) }
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = fingerprint << 32 | UInt64(position + 1)
    }

    /// The revocation date of a certificate's serial; nil when the CRL does not list it.
    /// - Parameter contentOctets: the INTEGER's DER content octets, two's complement (RFC 5280 §4.1.2.2): a leading
    ///   0x00 before a high bit, or a non-minimal encoding, is accepted; a high first bit is a negative serial.
    func revocationDate(serialContentOctets contentOctets: [UInt8]) -> Date? {
        guard let first = contentOctets.first, crl != nil else { return nil }
        if first & 0x80 == 0 {
            return contentOctets.withUnsafeBufferPointer { date(of: Serial(magnitude: $0, negative: false)) }
        }
        // Two's complement negative: the magnitude is the negation (invert, add one).
        var magnitude = contentOctets.map { ~$0 }
        for position in magnitude.indices.reversed() {
            magnitude[position] &+= 1
            if magnitude[position] != 0 { break }
        }
        return magnitude.withUnsafeBufferPointer { date(of: Serial(magnitude: $0, negative: true)) }
    }

    private func date(of serial: Serial) -> Date? {
        guard let crl, let entries = X509_CRL_get_REVOKED(crl.pointer) else { return nil }
        let hash = serial.hash
        let fingerprint = UInt64(truncatingIfNeeded: UInt(bitPattern: hash)) >> 32
        var slot = hash & mask
        while slots[slot] != 0 {
            if slots[slot] >> 32 == fingerprint,
                let entry = shim_sk_X509_REVOKED_value(entries, Int32(slots[slot] & 0xFFFF_FFFF) - 1),
                Serial(X509_REVOKED_get0_serialNumber(entry)) == serial
            {
                var broken = tm()
                // Checked at decode; a listed serial is revoked even if the date could not be read now.
                guard ASN1_TIME_to_tm(X509_REVOKED_get0_revocationDate(entry), &broken) == 1 else {
                    OpenSSLErrorQueue.clear()
                    return .distantPast
                }
                return Date(timeIntervalSince1970: TimeInterval(timegm(&broken)))
            }
            slot = (slot + 1) & mask
        }
        return nil
    }
}

/// A serial number's value, borrowed: the sign and the magnitude without leading zeros (zero has no sign).
private struct Serial: Equatable {
    let magnitude: UnsafeBufferPointer<UInt8>
    let negative: Bool

    init(magnitude: UnsafeBufferPointer<UInt8>, negative: Bool) {
        var start = 0
        while start < magnitude.count && magnitude[start] == 0 { start += 1 }
        self.magnitude = UnsafeBufferPointer(rebasing: magnitude[start...])
        self.negative = negative && start < magnitude.count
    }

    /// An ASN1_INTEGER as OpenSSL decoded it: its data is the magnitude, its type says the sign.
    init(_ integer: UnsafePointer<ASN1_INTEGER>?) {
        self.init(
            magnitude: UnsafeBufferPointer(
                start: ASN1_STRING_get0_data(integer), count: Int(ASN1_STRING_length(integer))),
            negative: ASN1_STRING_type(integer) == V_ASN1_NEG_INTEGER)
    }

    /// Seeded per process (`Hasher`), so that a CRL cannot be made to collide on purpose.
    var hash: Int {
        var hasher = Hasher()
        hasher.combine(negative)
        hasher.combine(bytes: UnsafeRawBufferPointer(magnitude))
        return hasher.finalize()
    }

    static func == (left: Serial, right: Serial) -> Bool {
        left.negative == right.negative && left.magnitude.elementsEqual(right.magnitude)
    }
}
