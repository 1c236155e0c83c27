import Foundation

/// A loopback file server for the download tests, in a Python child process: it answers
/// `Range` requests as a file store does, or misbehaves as a query asks.
///
/// `GET /file?size=N` serves N bytes where byte `i` is `i % 251` (see `byte(at:)`), with a
/// `206` for `Range: bytes=a-`. Queries: `ignoreRange=1` always answers `200`;
/// `rangeStart=K` claims a `206` starting at K whatever was asked; `dropAfter=M` closes the
/// connection after M body bytes; `stallAfter=M` sends M bytes, then nothing for a minute.
/// `GET /status?code=C` answers C with a short text body.
final class DownloadServer: @unchecked Sendable {
    let baseURL: URL
    private let process: Process

    struct DidNotStart: Error {
        var output: String
    }

    /// Starts the server and waits for its port on a thread of its own, off the few threads tasks run on.
    static func start() async throws -> DownloadServer {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try DownloadServer() })
            }
        }
    }

    private init() throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else {
                process.terminate()
                throw DidNotStart(output: text)
            }
            text += String(decoding: data, as: UTF8.self)
        }
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count >= 2, words[0] == "PORT", let port = Int(words[1]), let url = URL(string: "http://127.0.0.1:\(port)") else {
            process.terminate()
            throw DidNotStart(output: text)
        }
        baseURL = url
    }

    /// The address of `path` with `query` items.
    func url(_ path: String, _ query: [String: Int] = [:]) -> URL {
        baseURL.appendingPathComponent(path).appending(queryItems: query.sorted { $0.key < $1.key }.map {
            URLQueryItem(name: $0.key, value: String($0.value))
        })
    }

    /// Ends the server; the child is reaped on a thread of its own, as nothing waits for it.
    func stop() {
        if process.isRunning {
            process.terminate()
        }
        let process = process
        Thread.detachNewThread {
            process.waitUntilExit()
        }
    }

    /// The byte the server sends at `offset` of every file.
    static func byte(at offset: Int) -> UInt8 {
        UInt8(offset % 251)
    }

    /// The bytes `range` of every file.
    static func bytes(_ range: Range<Int>) -> Data {
        var data = Data(count: range.count)
        data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) in
            for (index, offset) in range.enumerated() {
                buffer[index] = byte(at: offset)
            }
        }
        return data
    }

    /// The server. The test runner's threads block SIGTERM and a child inherits the mask, so
    /// it unblocks it first; it also ends when its parent does.
    private static let script = #"""
import os, signal, socket, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from socketserver import TCPServer
from urllib.parse import parse_qs, urlsplit

signal.pthread_sigmask(signal.SIG_SETMASK, set())
PERIOD = 251
BLOCK = bytes(i % PERIOD for i in range(PERIOD * 1024))

def piece(start, end):
    """Bytes start..<end of the body, from the repeating block."""
    out = []
    while start < end:
        offset = start % PERIOD
        count = min(end - start, len(BLOCK) - offset)
        out.append(BLOCK[offset:offset + count])
        start += count
    return b"".join(out)

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *_args):
        pass

    def do_GET(self):
        split = urlsplit(self.path)
        query = {k: int(v[0]) for k, v in parse_qs(split.query).items()}
        if split.path == "/status":
            body = b"no such file"
            self.send_response(query.get("code", 404))
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        size = query.get("size", 0)
        start = 0
        asked = self.headers.get("Range", "")
        if asked.startswith("bytes=") and not query.get("ignoreRange"):
            start = int(asked[6:].split("-")[0])
        if "rangeStart" in query:
            start = query["rangeStart"]
        partial = start > 0 or "rangeStart" in query
        self.send_response(206 if partial else 200)
        if partial:
            self.send_header("Content-Range", f"bytes {start}-{size - 1}/{size}")
        self.send_header("Content-Length", str(size - start))
        self.send_header("ETag", '"v1"')
        self.end_headers()
        limit = size
        if "dropAfter" in query:
            limit = min(size, start + query["dropAfter"])
        if "stallAfter" in query:
            limit = min(size, start + query["stallAfter"])
        position = start
        while position < limit:
            end = min(limit, position + 1024 * 1024)
            self.wfile.write(piece(position, end))
            position = end
        self.wfile.flush()
        if "stallAfter" in query:
            time.sleep(60)
        if position < size:
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True

class Server(ThreadingHTTPServer):
    daemon_threads = True

    def server_bind(self):
        TCPServer.server_bind(self)
        self.server_name, self.server_port = self.server_address[:2]

server = Server(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
print(f"PORT {server.server_port}", flush=True)
parent = os.getppid()
deadline = time.monotonic() + 300
while os.getppid() == parent and time.monotonic() < deadline:
    time.sleep(0.1)
"""#
}
