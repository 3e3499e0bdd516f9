import FuzzSupport
import X509

// A certificate file or x5chain entry over arbitrary bytes (Certificate.certificates(derOrPEMEncoded:)): certificates,
// or malformed_certificate / malformed_pem / input_too_large. The certificate's fields are decoded one by one from
// the DER (Sources/X509/OpenSSL/DERElements.swift walks it with unsafe pointers), so each decoded certificate must
// decode again, from its DER and from its PEM, to the same fields; its names, key and description never crash. As a
// list entry (Certificate(listedDER:), Names and most extensions decoded when first read) the same bytes load exactly
// when the whole decode succeeds or its deferred part fails, which the entry then reports.
//
// libFuzzer options: -max_len=4096 -dict=Fuzz/Dictionaries/der.dict

/// The entry point libFuzzer calls with each input; returns 0 (the input is never rejected from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = Fuzz.bytes(start, count)
    checkListed(input)
    let certificates: [Certificate]
    do {
        certificates = try Certificate.certificates(derOrPEMEncoded: input)
    } catch {
        Fuzz.requireCode(
            error, in: [.malformedCertificate, .malformedPEM, .inputTooLarge], "certificates(derOrPEMEncoded:)")
        return 0
    }
    Fuzz.require(!certificates.isEmpty, "no certificate and no error")
    if input.first == 0x30 {
        Fuzz.require(certificates.count == 1 && certificates[0].derEncoded == input, "DER input not kept as given")
    }
    for certificate in certificates {
        check(certificate)
    }
    return 0
}

/// The certificate decodes again from its DER and from its PEM with the same fields; everything else is readable.
func check(_ certificate: Certificate) {
    Fuzz.require(certificate.sha256 == Digest.sha256.hash(certificate.derEncoded), "sha256 is not that of the DER")
    for again in [
        try? Certificate(derEncoded: certificate.derEncoded), try? Certificate(pemEncoded: certificate.pemEncoded),
    ] {
        guard let again else { fatalError("a decoded certificate does not decode again from its DER or PEM") }
        Fuzz.require(again == certificate, "the certificate read again differs")
        Fuzz.require(fields(again) == fields(certificate), "the fields read again differ")
    }
    do {
        _ = try certificate.publicKey
    } catch {
        Fuzz.requireCode(error, in: [.unsupportedKey], "publicKey")
    }
    _ = certificate.description
    _ = (certificate.subject.rfc4514, certificate.subject.commonName, certificate.subject.country)
    _ = (certificate.issuer.rfc4514, certificate.isSelfIssued, certificate.isValid(at: certificate.notBefore))
}

/// The decoded fields, for comparing two decodes.
func fields(_ certificate: Certificate) -> String {
    "\(certificate.subject.derEncoded) \(certificate.issuer.derEncoded) \(certificate.serialNumber) "
        + "\(certificate.notBefore.timeIntervalSince1970) \(certificate.notAfter.timeIntervalSince1970) "
        + "\(certificate.signatureAlgorithmOID) \(certificate.subjectPublicKeyInfo) \(certificate.extensions)"
}

/// `Certificate(listedDER:)` agrees with the whole decode: it loads whatever decodes whole, with the same fields and no
/// deferred error, and whatever it loads that does not decode whole has a deferred `malformed_certificate`.
func checkListed(_ input: [UInt8]) {
    let whole = try? Certificate(derEncoded: input)
    let listed: Certificate
    do {
        listed = try Certificate(listedDER: input)
    } catch {
        Fuzz.requireCode(error, in: [.malformedCertificate, .inputTooLarge], "init(listedDER:)")
        Fuzz.require(whole == nil, "decoded whole but refused as a list entry")
        return
    }
    if let whole {
        Fuzz.require(listed.deferredDecodingError == nil, "decoded whole but a list entry's deferred part fails")
        Fuzz.require(fields(listed) == fields(whole), "a list entry's fields differ from the whole decode's")
    } else {
        Fuzz.require(
            listed.deferredDecodingError?.code == .malformedCertificate,
            "refused whole but a list entry's deferred part decodes")
        _ = (listed.extensions, listed.subject.rfc4514, listed.subjectKeyIdentifier, listed.authorityKeyIdentifier)
    }
}
