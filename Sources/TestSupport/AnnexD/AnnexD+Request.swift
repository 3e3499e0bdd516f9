/// ISO/IEC 18013-5:2021 Annex D, the request side, as published in the test suite of the OpenWallet Foundation's
/// identity-credential (Multipaz) project, `multipaz/src/commonTest/kotlin/org/multipaz/mdoc/TestVectors.kt`
/// (constants `ISO_18013_5_ANNEX_D_*`); the same bytes appear in other mdoc libraries' test suites.
///
/// Cross-checked outside this code with Python `cbor2` and `cryptography`: the DeviceRequest decodes, its
/// ItemsRequestBytes are ``itemsRequest``, its x5chain is ``readerCertificate``, and its readerAuth signature
/// verifies over ReaderAuthenticationBytes built from ``sessionTranscriptBytes``, so no byte of the signed parts can
/// have been mistyped. The reader certificate's SHA-256 was computed with `openssl x509 -outform der | sha256sum`.
extension AnnexD {
    /// D.4.1.1: the DeviceRequest (one mDL DocRequest with readerAuth).
    public static let deviceRequest = hex(
        """
        a26776657273696f6e63312e306b646f63526571756573747381a26c6974656d7352657175657374d8185893a267646f
        6354797065756f72672e69736f2e31383031332e352e312e6d444c6a6e616d65537061636573a1716f72672e69736f2e
        31383031332e352e31a66b66616d696c795f6e616d65f56f646f63756d656e745f6e756d626572f57264726976696e67
        5f70726976696c65676573f56a69737375655f64617465f56b6578706972795f64617465f568706f727472616974f46a
        726561646572417574688443a10126a118215901b7308201b330820158a00302010202147552715f6add323d4934a1ba
        175dc945755d8b50300a06082a8648ce3d04030230163114301206035504030c0b72656164657220726f6f74301e170d
        3230313030313030303030305a170d3233313233313030303030305a3011310f300d06035504030c0672656164657230
        59301306072a8648ce3d020106082a8648ce3d03010703420004f8912ee0f912b6be683ba2fa0121b2630e601b2b628d
        ff3b44f6394eaa9abdbcc2149d29d6ff1a3e091135177e5c3d9c57f3bf839761eed02c64dd82ae1d3bbfa38188308185
        301c0603551d1f041530133011a00fa00d820b6578616d706c652e636f6d301d0603551d0e04160414f2dfc4acafc5f3
        0b464fada20bfcd533af5e07f5301f0603551d23041830168014cfb7a881baea5f32b6fb91cc29590c50dfac416e300e
        0603551d0f0101ff04040302078030150603551d250101ff040b3009060728818c5d050106300a06082a8648ce3d0403
        020349003046022100fb9ea3b686fd7ea2f0234858ff8328b4efef6a1ef71ec4aae4e307206f9214930221009b94f0d7
        39dfa84cca29efed529dd4838acfd8b6bee212dc6320c46feb839a35f658401f3400069063c189138bdcd2f631427c58
        9424113fc9ec26cebcacacfcdb9695d28e99953becabc4e30ab4efacc839a81f9159933d192527ee91b449bb7f80bf
        """)

    /// D.4.1.1: the ItemsRequest, the content of the DocRequest's ItemsRequestBytes.
    public static let itemsRequest = hex(
        """
        a267646f6354797065756f72672e69736f2e31383031332e352e312e6d444c6a6e616d65537061636573a1716f72672e
        69736f2e31383031332e352e31a66b66616d696c795f6e616d65f56f646f63756d656e745f6e756d626572f572647269
        76696e675f70726976696c65676573f56a69737375655f64617465f56b6578706972795f64617465f568706f72747261
        6974f4
        """)

    /// D.5.4: the reader certificate (CN=reader, issued by CN=reader root, 2020-10-01 .. 2023-12-31).
    public static let readerCertificate = hex(
        """
        308201b330820158a00302010202147552715f6add323d4934a1ba175dc945755d8b50300a06082a8648ce3d04030230
        163114301206035504030c0b72656164657220726f6f74301e170d3230313030313030303030305a170d323331323331
        3030303030305a3011310f300d06035504030c067265616465723059301306072a8648ce3d020106082a8648ce3d0301
        0703420004f8912ee0f912b6be683ba2fa0121b2630e601b2b628dff3b44f6394eaa9abdbcc2149d29d6ff1a3e091135
        177e5c3d9c57f3bf839761eed02c64dd82ae1d3bbfa38188308185301c0603551d1f041530133011a00fa00d820b6578
        616d706c652e636f6d301d0603551d0e04160414f2dfc4acafc5f30b464fada20bfcd533af5e07f5301f0603551d2304
        1830168014cfb7a881baea5f32b6fb91cc29590c50dfac416e300e0603551d0f0101ff04040302078030150603551d25
        0101ff040b3009060728818c5d050106300a06082a8648ce3d0403020349003046022100fb9ea3b686fd7ea2f0234858
        ff8328b4efef6a1ef71ec4aae4e307206f9214930221009b94f0d739dfa84cca29efed529dd4838acfd8b6bee212dc63
        20c46feb839a35
        """)

    /// SHA-256 of ``readerCertificate``'s DER, from `openssl x509 -inform der -outform der | sha256sum`.
    public static let readerCertificateSHA256 = "46afc5d08e001b422ab57463a0dd9dfabbd8fc4ba4ca5fc7d2c0c08f15de3aac"

    /// SHA-256 of the ReaderAuthenticationBytes (755 bytes) of D.4.1.1 in the session of D.5.1, built with `cbor2`.
    public static let readerAuthenticationBytesSHA256 = "d6e35addfc49a676827927344952930758be15354bc022a3da8524bff0ba35c9"

    /// The reader certificate's notBefore, 2020-10-01T00:00:00Z, in seconds since 1970.
    public static let readerNotBefore: Double = 1_601_510_400
    /// The reader certificate's notAfter, 2023-12-31T00:00:00Z, in seconds since 1970.
    public static let readerNotAfter: Double = 1_703_980_800

    /// The data elements of D.4.1.1 in the order sent, with their IntentToRetain.
    public static let requestedElements: [(String, Bool)] = [
        ("family_name", true), ("document_number", true), ("driving_privileges", true), ("issue_date", true),
        ("expiry_date", true), ("portrait", false),
    ]
}
