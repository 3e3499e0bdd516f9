/// Step 9 (ISO/IEC 18013-5 §9.1.3): with a SessionTranscript, the `deviceSignature` verifies under the MSO's device
/// key over DeviceAuthenticationBytes. A `deviceMac` (or no transcript) is `not_checkable`: the answer stands, with
/// the warning `device_auth_not_checkable`. Refusal: `device_auth_invalid`.
struct DeviceAuthenticationPolicy: MDocPolicy {
    func check(_ context: inout MDocContext) -> CredentialError? {
        context.authenticateDevice().failure
    }
}
