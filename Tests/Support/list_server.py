#!/usr/bin/env python3
"""Loopback HTTP(S) server with fault injection, for tests of the trust-list fetcher and refresh.

Standard library only. Started by the Swift tests as a child process:

    list_server.py --root DIR [--tls CERTFILE KEYFILE] [--control FILE] [--log FILE]
                   [--exit-on-stdin-eof] [--verbose]

It binds 127.0.0.1 on a free port and prints that port as the first line of stdout.

Files under DIR are served with GET: 200, Content-Length, an ETag (a double-quoted prefix of the
SHA-256 of the content, or the `etag` parameter) and Last-Modified (the file's mtime), and 304 when a
conditional request matches (If-None-Match first; If-Modified-Since only without it). A missing
file is 404. GET /_headers answers with the request's headers as a JSON object.

Faults are chosen per request by query parameters, or per path by the control file (a JSON object
mapping a path such as "/vical" to an object of the same parameters; re-read on every request, so a
test can change it between requests). Query parameters win over the control file.

    status=N            answer status N with a short text body (no body for 304)
    redirect=LOCATION   answer redirect_status (default 302) with that Location (absolute or relative)
    redirect_status=N   the status for `redirect` and `loop`
    loop=1              redirect to the very same path and query, forever
    delay=SECONDS       wait before the status line
    trickle=BPS         send the body at about BPS bytes per second
    endless=1           200 without Content-Length, then bytes until the client goes away
    truncate=N          announce the file's full Content-Length, send only its first N bytes, close
    content_length=N    announce Content-Length N whatever the body's size, send the body, close
    no_length=1         send the body without Content-Length (ends when the connection closes)
    etag=VALUE          use VALUE as ETag (sent verbatim); etag=none sends none. Redirects and
                        injected statuses send an ETag only when this names one
    last_modified=VALUE use VALUE as Last-Modified; last_modified=none sends none (as for etag)
    header_case=lower   send header names in lower case
    content_type=TYPE   send Content-Type TYPE with a file (default application/octet-stream)
    http09=1            answer bytes without any status line (not HTTP/1.x), then close
    big_header=N        answer 200 with one header line of N bytes

POST is answered as GET (OpenID4VP request_uri_method=post); its body is logged.

With --log FILE every request is appended to FILE as one JSON line:
{"method", "path", "query", "headers", "body"}.
"""

import argparse
import email.utils
import hashlib
import json
import os
import socket
import ssl
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ENDLESS_LIMIT_SECONDS = 300
CHUNK = 16 * 1024


class FaultHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "list_server/1"
    timeout = 300  # seconds a connection may stay idle; slow tests end far earlier

    # -- plumbing ---------------------------------------------------------------------------

    def version_string(self):
        return self.server_version

    def log_message(self, fmt, *args):
        if self.server.verbose:
            sys.stderr.write("list_server: " + (fmt % args) + "\n")

    def params(self, path, query):
        merged = {}
        rules = self.server.control_rules()
        rule = rules.get(path)
        if isinstance(rule, dict):
            merged.update({k: str(v) for k, v in rule.items()})
        for key, values in urllib.parse.parse_qs(query, keep_blank_values=True).items():
            merged[key] = values[-1]
        return merged

    def header(self, name, value):
        if self.fault.get("header_case") == "lower":
            name = name.lower()
        self.send_header(name, value)

    def start(self, status, headers):
        self.send_response(status)
        for name, value in headers:
            self.header(name, value)
        self.header("Connection", "close")
        self.close_connection = True
        self.end_headers()

    def send_body(self, data):
        bps = float(self.fault.get("trickle", "0") or 0)
        try:
            if bps > 0:
                step = max(1, int(bps // 10))
                for offset in range(0, len(data), step):
                    self.wfile.write(data[offset:offset + step])
                    self.wfile.flush()
                    time.sleep(step / bps)
            else:
                self.wfile.write(data)
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, ssl.SSLError, socket.timeout, OSError):
            pass

    def simple(self, status, text, extra=()):
        body = b"" if status in (204, 304) or self.command == "HEAD" else (text + "\n").encode()
        headers = list(extra)
        if status not in (204, 304):
            headers += [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))]
        self.start(status, headers)
        if body:
            self.send_body(body)

    # -- requests ---------------------------------------------------------------------------

    def do_GET(self):
        parsed = urllib.parse.urlsplit(self.path)
        path = urllib.parse.unquote(parsed.path)
        self.fault = self.params(path, parsed.query)
        self.server.log_request_line(self.command, path, parsed.query, self.headers, getattr(self, "posted", b""))

        delay = float(self.fault.get("delay", "0") or 0)
        if delay > 0:
            time.sleep(delay)

        # Injected answers carry ETag / Last-Modified only when the parameters name them.
        injected = [(n, self.fault[k]) for n, k in (("ETag", "etag"), ("Last-Modified", "last_modified"))
                    if self.fault.get(k, "none") != "none"]
        if self.fault.get("loop") == "1":
            status = int(self.fault.get("redirect_status", "302"))
            return self.simple(status, "loop", [("Location", self.path)] + injected)
        if "redirect" in self.fault:
            status = int(self.fault.get("redirect_status", "302"))
            return self.simple(status, "moved", [("Location", self.fault["redirect"])] + injected)
        if "status" in self.fault:
            status = int(self.fault["status"])
            return self.simple(status, "status %d (injected)" % status, injected)
        if self.fault.get("endless") == "1":
            return self.endless()
        if self.fault.get("http09") == "1":
            # No status line at all: the bytes a non-HTTP service (or an HTTP/0.9 server) would send.
            self.close_connection = True
            self.wfile.write(b"SSH-2.0-OpenSSH_9.2 garbage, not HTTP\r\n" * 4)
            return
        if "big_header" in self.fault:
            self.send_response_only(200)
            self.send_header("X-Big", "a" * int(self.fault["big_header"]))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if path == "/_headers":
            body = json.dumps(dict(self.headers.items()), sort_keys=True).encode()
            return self.file_response(body, None)

        file_path = self.server.resolve(path)
        if file_path is None:
            return self.simple(404, "not found: " + path)
        with open(file_path, "rb") as f:
            data = f.read()
        return self.file_response(data, os.stat(file_path).st_mtime)

    def do_HEAD(self):
        self.do_GET()

    def do_POST(self):
        # A POST (OpenID4VP request_uri_method=post) is answered like a GET; its body is logged.
        length = int(self.headers.get("Content-Length", "0") or 0)
        self.posted = self.rfile.read(length) if length > 0 else b""
        self.do_GET()

    def file_response(self, data, mtime):
        etag = self.fault.get("etag", '"%s"' % hashlib.sha256(data).hexdigest()[:16])
        if etag == "none":
            etag = None
        if "last_modified" in self.fault:
            last_modified = self.fault["last_modified"]
        elif mtime is not None:
            last_modified = email.utils.formatdate(int(mtime), usegmt=True)
        else:
            last_modified = "none"
        if last_modified == "none":
            last_modified = None
        validators = [(n, v) for n, v in (("ETag", etag), ("Last-Modified", last_modified)) if v]

        if self.not_modified(etag, last_modified):
            return self.simple(304, "", validators)

        headers = [("Content-Type", self.fault.get("content_type", "application/octet-stream"))] + validators
        body = data
        if "truncate" in self.fault:
            body = data[: int(self.fault["truncate"])]
            headers.append(("Content-Length", str(len(data))))
        elif "content_length" in self.fault:
            headers.append(("Content-Length", self.fault["content_length"]))
        elif self.fault.get("no_length") != "1":
            headers.append(("Content-Length", str(len(data))))
        self.start(200, headers)
        if self.command != "HEAD":
            self.send_body(body)

    def not_modified(self, etag, last_modified):
        if_none_match = self.headers.get("If-None-Match")
        if if_none_match is not None:
            tags = [t.strip() for t in if_none_match.split(",")]
            return etag is not None and ("*" in tags or etag in tags)
        since = self.headers.get("If-Modified-Since")
        if since is None or last_modified is None:
            return False
        try:
            return email.utils.parsedate_to_datetime(last_modified) <= email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError):
            return False

    def endless(self):
        self.start(200, [("Content-Type", "application/octet-stream")])
        chunk = b"\xa5" * CHUNK
        bps = float(self.fault.get("trickle", "0") or 0)
        deadline = time.monotonic() + ENDLESS_LIMIT_SECONDS
        try:
            while time.monotonic() < deadline:
                if bps > 0:
                    self.wfile.write(chunk[: max(1, int(bps // 10))])
                    self.wfile.flush()
                    time.sleep(0.1)
                else:
                    self.wfile.write(chunk)
        except (BrokenPipeError, ConnectionResetError, ssl.SSLError, socket.timeout, OSError):
            pass


class FaultServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, root, control, log, tls_context, verbose):
        self.root = os.path.realpath(root)
        self.control = control
        self.log_path = log
        self.log_lock = threading.Lock()
        self.tls_context = tls_context
        self.verbose = verbose
        super().__init__(("127.0.0.1", 0), FaultHandler)

    def control_rules(self):
        if not self.control:
            return {}
        try:
            with open(self.control, "r", encoding="utf-8") as f:
                rules = json.load(f)
            return rules if isinstance(rules, dict) else {}
        except (OSError, ValueError):
            return {}

    def resolve(self, path):
        candidate = os.path.realpath(os.path.join(self.root, path.lstrip("/")))
        if os.path.commonpath([candidate, self.root]) != self.root or not os.path.isfile(candidate):
            return None
        return candidate

    def log_request_line(self, method, path, query, headers, body=b""):
        if not self.log_path:
            return
        entry = {"method": method, "path": path, "query": query, "headers": dict(headers.items()),
                 "body": body.decode("utf-8", "replace")}
        with self.log_lock, open(self.log_path, "a", encoding="utf-8") as f:
            f.write(json.dumps(entry, sort_keys=True) + "\n")

    def finish_request(self, request, client_address):
        # Runs on the connection's own thread, so a slow or failing TLS handshake blocks nobody else.
        if self.tls_context is not None:
            try:
                request = self.tls_context.wrap_socket(request, server_side=True)
            except (ssl.SSLError, OSError) as error:
                if self.verbose:
                    sys.stderr.write("list_server: TLS handshake failed: %s\n" % error)
                return
        super().finish_request(request, client_address)

    def handle_error(self, request, client_address):
        if self.verbose:
            super().handle_error(request, client_address)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", required=True, help="directory whose files are served")
    parser.add_argument("--tls", nargs=2, metavar=("CERTFILE", "KEYFILE"), help="serve HTTPS with this PEM pair")
    parser.add_argument("--control", help="JSON file of per-path fault rules, re-read on every request")
    parser.add_argument("--log", help="append one JSON line per request to this file")
    parser.add_argument("--exit-on-stdin-eof", action="store_true", help="exit when stdin closes (parent died)")
    parser.add_argument("--verbose", action="store_true", help="log requests and errors to stderr")
    args = parser.parse_args()

    context = None
    if args.tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls[0], args.tls[1])

    server = FaultServer(args.root, args.control, args.log, context, args.verbose)
    sys.stdout.write("%d\n" % server.server_address[1])
    sys.stdout.flush()

    if args.exit_on_stdin_eof:
        def watch_stdin():
            while sys.stdin.buffer.read(4096):
                pass
            os._exit(0)

        threading.Thread(target=watch_stdin, daemon=True).start()

    server.serve_forever(poll_interval=0.2)


if __name__ == "__main__":
    main()
