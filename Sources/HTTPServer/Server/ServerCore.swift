internal import CMicroHTTPD
import Foundation
internal import Glibc
import Synchronization

/// The state every daemon of one ``HTTPServer`` shares and libmicrohttpd's callbacks reach through their `cls`
/// pointer: the router, the limits, the observer and logger, and the count of requests in flight for the drain.
///
/// `@unchecked Sendable`: the stored lets are immutable and Sendable (the draining flag is an atomic); the mutable
/// counters are guarded by `condition`.
final class ServerCore: @unchecked Sendable {
    let router: HTTPRouter
    let maxRequestBytes: Int
    let maxDiscardedBytes: Int
    let observer: (@Sendable (HTTPRequestMetrics) -> Void)?
    let logger: (@Sendable (String) -> Void)?

    private let condition = NSCondition()
    /// Requests whose header has been read and that have not completed: what a drain waits for. An atomic, so that
    /// counting a request takes no lock; the condition is signalled only while a drain waits.
    private let inFlight = Atomic<Int>(0)
    /// True once a stop began: responses then close their connection. An atomic: every response reads it.
    private let draining = Atomic<Bool>(false)
    /// libmicrohttpd's messages while a daemon starts, for the error if it does not.
    private var startMessages: [String]?

    init(
        router: HTTPRouter, configuration: HTTPServerConfiguration,
        observer: (@Sendable (HTTPRequestMetrics) -> Void)?, logger: (@Sendable (String) -> Void)?
    ) {
        self.router = router
        self.maxRequestBytes = configuration.maxRequestBytes
        self.maxDiscardedBytes = configuration.maxDiscardedBytes
        self.observer = observer
        self.logger = logger
    }

    // MARK: Drain

    /// Marks the server as stopping: later responses carry `Connection: close`.
    func beginDrain() {
        draining.store(true, ordering: .sequentiallyConsistent)
    }

    private var isDraining: Bool { draining.load(ordering: .sequentiallyConsistent) }

    /// Waits until no request is in flight or `timeout` has passed.
    /// - Returns: true when none is in flight.
    func waitForInFlightRequests(timeout: Duration) -> Bool {
        let deadline = Date(timeIntervalSinceNow: max(0, timeout.inSeconds))
        condition.lock()
        defer { condition.unlock() }
        // `draining` is set before this wait begins, so a request completing from now on takes the lock and
        // broadcasts; the count is read under the lock, so that broadcast cannot fall between a read and the wait.
        while inFlight.load(ordering: .sequentiallyConsistent) > 0 {
            if !condition.wait(until: deadline) { return inFlight.load(ordering: .sequentiallyConsistent) == 0 }
        }
        return true
    }

    // MARK: Logging

    /// Starts keeping libmicrohttpd's messages for a start-up error.
    func captureStartMessages() {
        condition.withLock { startMessages = [] }
    }

    /// Stops keeping messages and returns those kept.
    func takeStartMessages() -> [String] {
        condition.withLock {
            defer { startMessages = nil }
            return startMessages ?? []
        }
    }

    func log(_ message: String) {
        condition.withLock { startMessages?.append(message) }
        logger?(message)
    }

    // MARK: Requests

    /// One call of libmicrohttpd's access handler (see `MHD_AccessHandlerCallback`): first with the header read,
    /// then once per piece of body, then once with no data when the request is complete.
    func handle(
        connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
        uploadData: UnsafePointer<CChar>?, uploadDataSize: UnsafeMutablePointer<Int>,
        requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let raw = requestContext.pointee else {
            let state = RequestState(
                method: HTTPMethod(method.map { String(cString: $0) } ?? ""),
                path: url.map { String(cString: $0) } ?? "/", started: .now)
            // Released by the completion callback, which libmicrohttpd calls for every request it presented.
            requestContext.pointee = Unmanaged.passRetained(state).toOpaque()
            inFlight.wrappingAdd(1, ordering: .sequentiallyConsistent)
            let resolution = router.resolve(method: state.method, path: state.path)
            state.resolution = resolution
            state.route = resolution.route
            state.headers = headers(connection)
            let framing = Framing(state.headers)
            if let refusal = framingRefusal(framing) {
                // Answered before the body is read, and the connection closed: its remaining bytes are never read
                // as another request.
                return queue(refusal, route: state.route, state, connection)
            }
            if let declared = framing.contentLength.flatMap(Self.declaredLength),
                declared > UInt64(maxRequestBytes)
            {
                // Answered before the body is read; libmicrohttpd then closes the connection after the response.
                state.overCap = true
                return queue(tooLarge(), route: state.route, state, connection)
            }
            return .YES
        }
        let state = Unmanaged<RequestState>.fromOpaque(raw).takeUnretainedValue()
        let size = uploadDataSize.pointee
        if size > 0 {
            guard let uploadData else { return .NO }
            // All of it is taken: libmicrohttpd would otherwise wait for the handler to take the rest.
            uploadDataSize.pointee = 0
            state.receivedBytes += size
            if !state.overCap && state.receivedBytes <= maxRequestBytes {
                state.body.append(contentsOf: UnsafeRawBufferPointer(start: uploadData, count: size))
            } else if !state.overCap {
                // Past the cap: drop what was read and count the rest; the answer is 413 once the body ends.
                state.overCap = true
                state.body = []
            }
            if state.overCap && state.receivedBytes - maxRequestBytes > maxDiscardedBytes {
                // The route label, not the path: the path is the client's text, and could hold a line break.
                log(
                    "request body too large, connection closed route=\(state.route) "
                        + "method=\(state.method.metricsLabel) max_request_bytes=\(maxRequestBytes) "
                        + "max_discarded_bytes=\(maxDiscardedBytes)")
                return .NO
            }
            return .YES
        }
        guard state.status == nil else { return .YES }
        if state.overCap {
            return queue(tooLarge(), route: state.route, state, connection)
        }
        let client = shim_MHD_connection_client_address(connection)
        let request = HTTPRequest(
            method: state.method, path: state.path, queryItems: queryItems(connection), headers: state.headers,
            body: state.body, remoteAddress: client.flatMap(ListenAddress.numericHost(of:)),
            remotePort: client.flatMap(ListenAddress.port(of:)))
        state.body = []
        let routed = router.dispatch(request, resolution: state.resolution)
        return queue(routed.response, route: routed.route, state, connection)
    }

    /// The completion callback: the exchange is over (response written, or the connection closed).
    func completed(_ state: RequestState) {
        observer?(
            HTTPRequestMetrics(
                route: state.route, method: state.method.metricsLabel, status: state.status,
                durationSeconds: (ContinuousClock.now - state.started).inSeconds))
        let left = inFlight.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue
        if left == 0 && isDraining {
            condition.withLock { condition.broadcast() }
        }
    }

    private static let internalError = HTTPResponse.text(500, "Internal Server Error\n")

    private func tooLarge() -> HTTPResponse {
        router.errorResponder(
            413, .contentTooLarge, "Content Too Large: the request body is over \(maxRequestBytes) bytes")
    }

    /// Copies a response into libmicrohttpd and queues it.
    private func queue(
        _ response: HTTPResponse, route: String, _ state: RequestState, _ connection: OpaquePointer
    ) -> MHD_Result {
        var response = response
        if !(100...999).contains(response.status) {
            log("response status outside 100…999, answering 500 route=\(route) status=\(response.status)")
            response = Self.internalError
        }
        var created = makeResponse(response, route: route, method: state.method)
        if created == nil {
            response = Self.internalError
            created = makeResponse(response, route: route, method: state.method)
        }
        guard let mhdResponse = created else {
            log("libmicrohttpd could not create a response, connection closed route=\(route)")
            return .NO
        }
        defer { MHD_destroy_response(mhdResponse) }
        state.route = route
        let result = MHD_queue_response(connection, UInt32(response.status), mhdResponse)
        if result == .YES { state.status = response.status }
        return result
    }

    /// A libmicrohttpd response holding a copy of the body and the header fields, or nil when a field is refused:
    /// a name that is not a token or a value with a control character other than a tab (RFC 9110 §5.1, §5.5),
    /// which could split the header.
    ///
    /// A response to `HEAD`, and a 304, carry no content (RFC 9110 §9.3.2, §15.4.5): libmicrohttpd writes their header
    /// only, with the `Content-Length` of the response it is given. So they get a response of the body's length whose
    /// bytes are never read (nor copied): for `HEAD` the `GET`'s body, so its length is stated; for a 304 the
    /// handler's (none, so `Content-Length: 0`: libmicrohttpd 0.9.75 cannot leave the field out of a 304, and the
    /// 200's length, which RFC 9110 §8.6 would allow, makes clients that read a 304's content by its length, such as
    /// wrk 4.1, wait for bytes that never come).
    private func makeResponse(_ response: HTTPResponse, route: String, method: HTTPMethod) -> OpaquePointer? {
        let created: OpaquePointer?
        if method == .head || response.status == 304 {
            created = MHD_create_response_from_callback(
                UInt64(response.body.count), 4096, unreadContentCallback, nil, nil)
        } else {
            created = response.body.withUnsafeBytes { bytes in
                // MUST_COPY: libmicrohttpd copies the bytes now, so the Swift array may go away after this call.
                MHD_create_response_from_buffer(
                    bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
            }
        }
        guard let created else { return nil }
        var hasDate = false
        for field in response.headers {
            // libmicrohttpd writes these from the body and the connection state itself.
            if HTTPHeaders.sameName(field.name, "Content-Length")
                || HTTPHeaders.sameName(field.name, "Transfer-Encoding")
            {
                continue
            }
            hasDate = hasDate || HTTPHeaders.sameName(field.name, "Date")
            // withCString: a String passed as a C string argument is copied into a new array for the call.
            guard Self.isValidField(field),
                field.name.withCString({ name in
                    field.value.withCString { value in MHD_add_response_header(created, name, value) }
                }) == .YES
            else {
                log("response field refused, answering 500 route=\(route) field=\(field.name.debugDescription)")
                MHD_destroy_response(created)
                return nil
            }
        }
        if !hasDate {
            // Ours, so that libmicrohttpd does not format one under glibc's time zone lock (DateField).
            let date = DateField.now()
            _ = date.withCString { MHD_add_response_header(created, "Date", $0) }
        }
        if isDraining && response.headers["Connection"] == nil {
            _ = MHD_add_response_header(created, "Connection", "close")
        }
        return created
    }

    /// `field-name = token` (RFC 9110 §5.1, tchar of §5.6.2); a value of visible characters, obs-text, spaces and
    /// tabs (§5.5): no CR, LF or NUL.
    static func isValidField(_ field: HTTPHeaders.Field) -> Bool {
        let nameIsToken = !field.name.isEmpty && field.name.utf8.allSatisfy { tokenCharacters[Int($0)] }
        let valueIsClean = field.value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
        return nameIsToken && valueIsClean
    }

    /// `tchar` (RFC 9110 §5.6.2) by byte value: digits, letters and ``!#$%&'*+-.^_`|~``; built once (a `Set` made
    /// per field cost more than the rest of writing the response).
    private static let tokenCharacters: [Bool] = (0..<256).map { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || "!#$%&'*+-.^_`|~".utf8.contains(UInt8(byte))
    }

    private func headers(_ connection: OpaquePointer) -> HTTPHeaders {
        var fields: [HTTPHeaders.Field] = []
        withUnsafeMutablePointer(to: &fields) { pointer in
            _ = MHD_get_connection_values(
                connection, .HEADER_KIND,
                { cls, _, key, value in
                    guard let cls, let key else { return .YES }
                    cls.assumingMemoryBound(to: [HTTPHeaders.Field].self).pointee.append(
                        HTTPHeaders.Field(name: String(cString: key), value: value.map { String(cString: $0) } ?? ""))
                    return .YES
                }, pointer)
        }
        return HTTPHeaders(fields)
    }

    private func queryItems(_ connection: OpaquePointer) -> [HTTPRequest.QueryItem] {
        var items: [HTTPRequest.QueryItem] = []
        withUnsafeMutablePointer(to: &items) { pointer in
            _ = MHD_get_connection_values(
                connection, .GET_ARGUMENT_KIND,
                { cls, _, key, value in
                    guard let cls, let key else { return .YES }
                    cls.assumingMemoryBound(to: [HTTPRequest.QueryItem].self).pointee.append(
                        HTTPRequest.QueryItem(name: String(cString: key), value: value.map { String(cString: $0) }))
                    return .YES
                }, pointer)
        }
        return items
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}

// MARK: - C callbacks

/// libmicrohttpd's access handler: forwards to the ``ServerCore`` in `cls`.
let accessHandlerCallback: MHD_AccessHandlerCallback = {
    cls, connection, url, method, _, uploadData, uploadDataSize, requestContext in
    guard let cls, let connection, let uploadDataSize, let requestContext else { return .NO }
    return Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().handle(
        connection: connection, url: url, method: method, uploadData: uploadData, uploadDataSize: uploadDataSize,
        requestContext: requestContext)
}

/// The content of a response that has none on the wire (``ServerCore``'s responses to `HEAD` and 304s): libmicrohttpd
/// writes only their header and never calls this; if it did, the connection would end with an error rather than send
/// bytes the handler did not give (`MHD_CONTENT_READER_END_WITH_ERROR`).
let unreadContentCallback: MHD_ContentReaderCallback = { _, _, _, _ in -2 }

/// libmicrohttpd's request-completed notification: releases the request's state and reports it.
let requestCompletedCallback: MHD_RequestCompletedCallback = { cls, _, requestContext, _ in
    guard let cls, let requestContext, let raw = requestContext.pointee else { return }
    requestContext.pointee = nil
    let state = Unmanaged<RequestState>.fromOpaque(raw).takeRetainedValue()
    Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().completed(state)
}

/// libmicrohttpd's error log: formats the message and hands it to the ``ServerCore`` in `cls`, instead of stderr.
/// libmicrohttpd's own unescaping (`MHD_http_unescape`) of the path and of each query argument, except that a text
/// whose unescaping would hold a NUL byte is left as sent: the handler gets the path as a C string, which ends at the
/// first NUL, so `/metrics%00.css` would be routed as `/metrics`. Left escaped, it matches no route.
let unescapeCallback: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int = {
    _, _, text in
    guard let text else { return 0 }
    let length = strlen(text)
    var copy = Array(UnsafeBufferPointer(start: text, count: length + 1))
    let unescaped = copy.withUnsafeMutableBufferPointer { MHD_http_unescape($0.baseAddress) }
    guard !copy[..<unescaped].contains(0) else { return length }
    copy.withUnsafeBufferPointer { buffer in
        guard let unescapedText = buffer.baseAddress else { return }
        _ = memcpy(text, unescapedText, unescaped + 1)
    }
    return unescaped
}

let logCallback: MHD_LogCallback = { cls, format, arguments in
    guard let cls, let format else { return }
    var buffer = [CChar](repeating: 0, count: 1024)
    guard let arguments else { return }
    _ = vsnprintf(&buffer, buffer.count, format, arguments)
    var message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    while message.hasSuffix("\n") { message.removeLast() }
    Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().log(message)
}
