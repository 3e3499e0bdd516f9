import COSE
import Publishing
import TrustLists
import X509

extension Fuzz {
    /// Limits for payload targets: the defaults except the depth, so that the fuzzer reaches the limit.
    public static let payloadLimits = CBORDecoder.Limits(maxDepth: 16)

    /// Decodes `input` as a payload of `kind` and checks what the decoder promises: a list of that kind or one of
    /// its documented codes; decoding a large list twice gives the same list and warnings (its entries are decoded
    /// concurrently); the list the publisher writes for the decoded content decodes to the same content.
    /// - Parameters:
    ///   - input: the fuzzer's bytes.
    ///   - kind: the kind of list the target decodes.
    public static func checkPayload(_ input: [UInt8], kind: ListKind) {
        let decoded: (list: TrustList, warnings: [String])
        do {
            decoded = try TrustList.decode(payload: input, kind: kind, limits: payloadLimits)
        } catch {
            requireCode(
                error, in: [.malformedCBOR, .limitsExceeded, .malformedPayload, .wrongListType],
                "TrustList.decode(payload:kind:limits:)")
            return
        }
        let list = decoded.list
        require(list.kind == kind, "decoded a \(list.kind) as a \(kind)")
        guard let header = Self.header(of: list) else { fatalError("a COSE payload decoded as a LoTE") }
        let version = header.version.split(separator: ".", omittingEmptySubsequences: false)
        require(
            version.count == 2 && version[0] == "1" && !version[1].isEmpty
                && version[1].allSatisfy { $0.isASCII && $0.isNumber },
            "accepted version \"\(header.version)\", which is not 1.minor")
        require(list.entryCount == list.certificates.count, "entry count and certificates disagree")
        if let vical = list.vical {
            for entry in vical.certificateInfos {
                require(!entry.docTypes.isEmpty, "a VICAL entry without docType was kept")
            }
        }
        // The entries of a list of 64 or more are decoded concurrently: decoding again must give the same result.
        if case .map(let entries)? = try? CBORDecoder(limits: payloadLimits).decode(input).value,
            case .array(let items)? = entries.first(where: { $0.key == "certificateInfos" })?.value, items.count >= 64
        {
            let again = try? TrustList.decode(payload: input, kind: kind, limits: payloadLimits)
            require(again?.warnings == decoded.warnings, "a second decode gives other warnings")
            require(again.map(\.list.certificates) == list.certificates, "a second decode gives other entries")
        }
        checkRepublished(list)
    }

    /// The CBOR header of a VICAL or RICAL; nil for a LoTE.
    static func header(of list: TrustList) -> ListHeader? {
        list.vical?.header ?? list.rical?.header
    }

    /// The content of a decoded list, written by ``ListPublisher`` and decoded again, gives the same list.
    static func checkRepublished(_ list: TrustList) {
        guard let header = header(of: list) else { return }
        let entries: [ListContent.Entry]
        if let vical = list.vical {
            entries = vical.certificateInfos.map {
                ListContent.Entry(
                    certificate: $0.certificate, docTypes: $0.docTypes, issuingAuthority: $0.issuingAuthority)
            }
        } else if let rical = list.rical {
            entries = rical.certificateInfos.map {
                ListContent.Entry(certificate: $0.certificate, name: $0.name, isTrustAnchor: $0.isTrustAnchor)
            }
        } else {
            return
        }
        guard !entries.isEmpty else { return }
        let content = ListContent(
            kind: list.kind, provider: header.provider, date: header.date, issueID: header.issueID,
            nextUpdate: header.nextUpdate, notAfter: header.notAfter, url: header.url, entries: entries)
        let payload = ListPublisher.payload(content).encoded()
        let again: TrustList
        do {
            again = try TrustList.decode(payload: payload, kind: list.kind, limits: CBORDecoder.Limits()).list
        } catch {
            fatalError("the publisher's payload for a decoded list does not decode: \(error)")
        }
        require(again.provider == list.provider, "provider changed in the round trip")
        require(
            again.date == list.date,
            "date changed: \(list.date.timeIntervalSince1970) → \(again.date.timeIntervalSince1970)")
        require(again.issueID == list.issueID, "issue id changed in the round trip")
        require(again.nextUpdate == list.nextUpdate, "nextUpdate changed in the round trip")
        require(again.notAfter == list.notAfter, "notAfter changed in the round trip")
        require(Self.header(of: again)?.url == header.url, "url changed in the round trip")
        require(again.certificates == list.certificates, "entries changed in the round trip")
        if let before = list.vical, let after = again.vical {
            require(
                before.certificateInfos.map(\.docTypes) == after.certificateInfos.map(\.docTypes), "docTypes changed")
            require(
                before.certificateInfos.map(\.issuingAuthority) == after.certificateInfos.map(\.issuingAuthority),
                "issuingAuthority changed")
        } else if let before = list.rical, let after = again.rical {
            require(before.certificateInfos.map(\.name) == after.certificateInfos.map(\.name), "names changed")
            require(
                before.certificateInfos.map(\.isTrustAnchor) == after.certificateInfos.map(\.isTrustAnchor),
                "isTrustAnchor changed")
        } else {
            fatalError("the round trip changed the kind of list")
        }
    }
}
