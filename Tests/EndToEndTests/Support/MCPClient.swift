import Foundation
import Glibc
import Testing

/// `coursebrowser mcp` spoken to as an MCP client speaks to it: over pipes, a JSON-RPC message a
/// line, each request of revision 2026-07-28 carrying its `_meta` unless told not to.
final class MCPClient {
    let pid: pid_t
    private var input: Int32
    private var output: Int32
    private let stderrPath: String
    private var buffer: [UInt8] = []
    /// Answers read while waiting for another, by id.
    private var early: [String: [String: JSONValue]] = [:]
    private var status: Int32?

    /// The `_meta` of a request of revision 2026-07-28.
    static var meta: [String: Any] { [
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": [String: Any](),
        "io.modelcontextprotocol/clientInfo": ["name": "coursebrowser-tests", "version": "1"],
    ] }

    init(_ arguments: [String], environment: [String: String]) throws {
        stderrPath = FileManager.default.temporaryDirectory.appendingPathComponent("cb-mcp-\(UUID().uuidString.prefix(8)).err").path
        (pid, input, output) = try Command.spawnPiped(try AppBinary.path(), ["mcp"] + arguments, environment: environment, stderr: stderrPath)
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            _ = Command.wait(pid)
        }
        if input >= 0 { close(input) }
        if output >= 0 { close(output) }
        unlink(stderrPath)
    }

    var stderr: String {
        String(decoding: FileManager.default.contents(atPath: stderrPath) ?? Data(), as: UTF8.self)
    }

    /// Writes `line` and a line break as the client's next message.
    func send(_ line: String) throws {
        var bytes = Array((line + "\n").utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            guard written > 0 else { throw Command.SpawnError(description: "can't write to the server: \(String(cString: strerror(errno)))") }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Sends request `id` for `method`; with `_meta` of revision 2026-07-28 unless `stateless` is false.
    func request(_ id: Int, _ method: String, _ params: [String: Any] = [:], stateless: Bool = true) throws {
        var params = params
        if stateless { params["_meta"] = Self.meta }
        try send(Self.text(["jsonrpc": "2.0", "id": id, "method": method, "params": params]))
    }

    /// Sends request `id` and waits for its answer.
    func ask(_ id: Int, _ method: String, _ params: [String: Any] = [:], stateless: Bool = true, timeout: Double = 30) throws -> [String: JSONValue] {
        try request(id, method, params, stateless: stateless)
        return try answer(to: id, timeout: timeout)
    }

    /// Calls `tool` with `arguments` as request `id`: the call's result.
    func call(_ id: Int, _ tool: String, _ arguments: [String: Any] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: JSONValue] {
        let answer = try ask(id, "tools/call", ["name": tool, "arguments": arguments])
        return try #require(answer["result"]?.objectValue, "a result: \(answer)", sourceLocation: sourceLocation)
    }

    /// The answer to request `id`, read in whatever order answers come.
    func answer(to id: Int, timeout: Double = 30) throws -> [String: JSONValue] {
        let key = "\(id)"
        let deadline = Date().addingTimeInterval(timeout)
        while early[key] == nil {
            let message = try next(until: deadline)
            let got = message["id"].map(Self.key) ?? "null"
            early[got] = message
        }
        return early.removeValue(forKey: key) ?? [:]
    }

    /// The next message the server writes, whatever it answers.
    func next(timeout: Double = 30) throws -> [String: JSONValue] {
        try next(until: Date().addingTimeInterval(timeout))
    }

    /// Every message the server writes until its output ends (or `timeout` passes), answers read early too.
    func rest(timeout: Double = 30) -> [[String: JSONValue]] {
        let deadline = Date().addingTimeInterval(timeout)
        var messages = Array(early.values)
        early = [:]
        while let message = try? next(until: deadline) {
            messages.append(message)
        }
        return messages
    }

    func closeInput() {
        close(input)
        input = -1
    }

    /// Stops reading the server's output, as a client that went away mid-answer.
    func closeOutput() {
        close(output)
        output = -1
    }

    /// Waits up to `timeout` seconds for the server to exit: its status, or nil while it still runs (then it is killed).
    func finish(timeout: Double = 30) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        var raw: Int32 = 0
        while Date() < deadline {
            if waitpid(pid, &raw, WNOHANG) == pid {
                let signal = raw & 0x7F
                status = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
                return status
            }
            usleep(20_000)
        }
        return nil
    }

    private func next(until deadline: Date) throws -> [String: JSONValue] {
        let text = try line(until: deadline)
        return try #require(try JSONValue.parse(text).objectValue, "a JSON object: \(text)")
    }

    /// The next line of output; throws when none comes by `deadline` or the output ends.
    private func line(until deadline: Date) throws -> String {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                defer { buffer.removeSubrange(...newline) }
                return String(decoding: buffer[..<newline], as: UTF8.self)
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Command.SpawnError(description: "no message from the server in time; stderr: \(stderr)") }
            var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(min(left, 1) * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Command.SpawnError(description: "the server's output ended; stderr: \(stderr)") }
            buffer += chunk[..<count]
        }
    }

    static func key(_ id: JSONValue) -> String {
        switch id {
        case let .number(number): String(Int(number))
        case let .string(text): text
        default: "null"
        }
    }

    static func text(_ object: [String: Any]) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: object)) ?? Data(), as: UTF8.self)
    }
}
