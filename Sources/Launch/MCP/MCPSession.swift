import CourseBrowser
import CourseKit
import FoundationEssentials

/// One client's conversation with the server: what it was told in an `initialize` handshake,
/// if it started with one, and the requests still being answered.
actor MCPSession {
    let context: MCPContext
    let output: MessageOutput
    /// The revision an `initialize` handshake agreed on; nil until one came (a client of revision
    /// 2026-07-28 sends none: each request says its revision).
    private(set) var handshakeRevision: String?
    private var running: [String: Task<Void, Never>] = [:]
    private var cancelled: Set<String> = []
    /// The reader, waiting for one of the calls running to end before it takes another.
    private var waitingForRoom: CheckedContinuation<Void, Never>?

    /// The most calls answered at once; past it, input waits (a client's burst is held, not refused).
    static let mostAtOnce = 16

    init(context: MCPContext, output: MessageOutput) {
        self.context = context
        self.output = output
    }

    /// Answers every message `reader` reads, then waits for the answers still being worked on.
    func serve(_ reader: MessageLines.Reader) async {
        for await line in reader.lines {
            reader.took()
            guard await !output.isClosed else { break }
            switch line {
            case let .tooLong(bytes):
                await output.send(MCPError(code: MCPProtocol.invalidRequest, message: "Invalid request: a message of \(bytes) bytes is longer than the \(MessageLines.longest) taken").reply)
            case let .message(bytes):
                guard !bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { continue }
                await take(bytes)
            }
        }
        // A client that only closed its input still reads what it asked for; one that stopped
        // reading wants no more answers.
        while let next = running.first, await !output.isClosed {
            await next.value.value
            running[next.key] = nil
        }
        running.values.forEach { $0.cancel() }
    }

    private func take(_ bytes: [UInt8]) async {
        switch MCPRequest.read(bytes) {
        case let .failure(error):
            await output.send(error.reply)
        case let .success(request):
            guard let id = request.id else { return notice(request) }
            guard running[PrettyJSON.line(id)] == nil else {
                await output.send(MCPError(code: MCPProtocol.invalidRequest, message: "Invalid request: id \(PrettyJSON.line(id)) is still being answered", id: id).reply)
                return
            }
            switch dispatch(request) {
            case let .now(answer):
                await output.send(reply(answer, to: id, request: request))
            case let .later(work):
                while running.count >= Self.mostAtOnce {
                    await withCheckedContinuation { waitingForRoom = $0 }
                }
                start(work, for: request, id: id)
            }
        }
    }

    /// A notification: only a cancellation asks for anything.
    private func notice(_ request: MCPRequest) {
        guard request.method == "notifications/cancelled", let id = request.params["requestId"] else { return }
        let key = PrettyJSON.line(id)
        guard let task = running[key] else { return }
        cancelled.insert(key)
        task.cancel()
    }

    private func start(_ work: @escaping @Sendable () async -> Result<PrettyJSON.Value, MCPError>, for request: MCPRequest, id: PrettyJSON.Value) {
        let key = PrettyJSON.line(id)
        running[key] = Task {
            let answer = await work()
            await self.finish(answer, to: id, request: request, key: key)
        }
    }

    private func finish(_ answer: Result<PrettyJSON.Value, MCPError>, to id: PrettyJSON.Value, request: MCPRequest, key: String) async {
        running[key] = nil
        waitingForRoom?.resume()
        waitingForRoom = nil
        guard cancelled.remove(key) == nil else { return }
        await output.send(reply(answer, to: id, request: request))
    }

    /// The message answering `request`: its result, dressed as its revision asks, or its error;
    /// every string in it cleaned of what a terminal acts on, as much of it is the site's text.
    private func reply(_ answer: Result<PrettyJSON.Value, MCPError>, to id: PrettyJSON.Value, request: MCPRequest) -> PrettyJSON.Value {
        switch answer {
        case let .success(result):
            let dressed = request.declaredVersion == nil ? result : MCPSession.stateless(result, method: request.method)
            return .object(["jsonrpc": .string("2.0"), "id": id, "result": dressed.sanitized])
        case var .failure(error):
            error.id = id
            return error.reply
        }
    }

    /// A result as revision 2026-07-28 has every result: complete, naming the server, and with
    /// how long a list or a resource may be kept.
    static func stateless(_ result: PrettyJSON.Value, method: String) -> PrettyJSON.Value {
        guard var object = result.objectValue else { return result }
        object["resultType"] = .string("complete")
        var meta = object["_meta"]?.objectValue ?? [:]
        meta[MCPProtocol.serverInfoKey] = MCPServerInfo.implementation
        object["_meta"] = .object(meta)
        let lifetime: Int? = switch method {
        case "server/discover", "tools/list", "resources/list", "resources/templates/list": MCPProtocol.listLifetime
        case "resources/read": MCPProtocol.resourceLifetime
        default: nil
        }
        if let lifetime {
            object["ttlMs"] = .integer(Int64(lifetime))
            object["cacheScope"] = .string("private")
        }
        return .object(object)
    }
}

extension MCPSession {
    /// How a request is answered: at once, or by work that runs beside the others.
    enum Dispatch {
        case now(Result<PrettyJSON.Value, MCPError>)
        case later(@Sendable () async -> Result<PrettyJSON.Value, MCPError>)
    }

    private func dispatch(_ request: MCPRequest) -> Dispatch {
        if request.method == "initialize" { return .now(handshake(request)) }
        // A ping is answered whatever revision it speaks, before a handshake too, as 2025-11-25 allows.
        if request.method == "ping" { return .now(.success(.object([:]))) }
        if let refusal = eraRefusal(request) { return .now(.failure(refusal)) }
        let context = context
        let notFound = request.declaredVersion == nil ? MCPProtocol.resourceNotFoundBefore2026 : MCPProtocol.invalidParams
        switch request.method {
        case "server/discover": return .now(.success(MCPServerInfo.discovery))
        case "tools/list": return .now(MCPServerInfo.pageOne(request, key: "tools", MCPTools.all.map(\.listing)))
        case "resources/templates/list": return .now(MCPServerInfo.pageOne(request, key: "resourceTemplates", MCPResources.templates))
        case "resources/list": return .now(MCPServerInfo.pageOne(request, key: "resources", MCPResources.listing(context)))
        case "tools/call":
            return MCPCall.prepare(request).map { call in .later { await call.answer(context) } } ?? .now(.failure(MCPCall.refusal(request)))
        case "resources/read":
            guard let uri = request.params["uri"]?.stringValue else {
                return .now(.failure(MCPError(code: MCPProtocol.invalidParams, message: "Invalid params: resources/read needs a uri")))
            }
            return .later { await MCPResources.read(uri, context: context, notFoundCode: notFound) }
        default:
            return .now(.failure(MCPError(code: MCPProtocol.methodNotFound, message: "Method not found: \(request.method)")))
        }
    }

    /// The `initialize` handshake of revisions before 2026-07-28: the revision asked for when it
    /// is one of them, else the newest of them, for this process from now on.
    private func handshake(_ request: MCPRequest) -> Result<PrettyJSON.Value, MCPError> {
        let asked = request.params["protocolVersion"]?.stringValue
        let agreed = asked.flatMap { MCPProtocol.handshakeRevisions.contains($0) ? $0 : nil } ?? MCPProtocol.handshakeRevisions[0]
        handshakeRevision = agreed
        return .success(MCPServerInfo.handshake(revision: agreed))
    }

    /// Why the request can't be answered in the revision it speaks, if it can't: one that declares
    /// a revision must declare this one and the client's capabilities; one that declares none
    /// comes after an `initialize` handshake.
    private func eraRefusal(_ request: MCPRequest) -> MCPError? {
        guard request.carriesClientMeta else {
            guard handshakeRevision == nil else { return nil }
            return MCPError(
                code: MCPProtocol.invalidParams,
                message: "Invalid params: a request carries _meta \"\(MCPProtocol.versionKey)\" and \"\(MCPProtocol.capabilitiesKey)\" (revision \(MCPProtocol.current)), or comes after initialize"
            )
        }
        guard let version = request.declaredVersion else {
            return MCPError(code: MCPProtocol.invalidParams, message: "Invalid params: _meta has no \"\(MCPProtocol.versionKey)\"")
        }
        guard version == MCPProtocol.current else {
            // Only the stateless revision is spoken per request; the earlier ones start with initialize.
            return MCPError(
                code: MCPProtocol.unsupportedVersion, message: "Unsupported protocol version (revisions before \(MCPProtocol.current) start with initialize)",
                data: .object(["supported": .array([.string(MCPProtocol.current)]), "requested": .string(version)])
            )
        }
        guard request.params["_meta"]?[MCPProtocol.capabilitiesKey]?.objectValue != nil else {
            return MCPError(code: MCPProtocol.invalidParams, message: "Invalid params: _meta has no \"\(MCPProtocol.capabilitiesKey)\" object")
        }
        return nil
    }
}
