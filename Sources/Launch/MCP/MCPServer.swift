import CourseBrowser
import CourseKit
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// `coursebrowser mcp`: a Model Context Protocol server on standard input and output, one
/// JSON-RPC message a line, answering an assistant's questions with the panes' own clients.
///
/// Requests that only describe the server are answered in the order they come; tool calls and
/// resource reads run side by side, each answered when it is done, and a client's
/// `notifications/cancelled` stops one and silences its answer. At the end of input the server
/// answers what it was asked and exits; a client that stops reading ends it at once.
package enum MCPServer {
    /// Serves until standard input ends or the client stops reading; the exit status (0).
    package static func run(services: LiveEnvironment.Services, options: LaunchOptions) async -> Int32 {
        // A client that closes its end mid-answer must end the server quietly, not kill it.
        signal(SIGPIPE, SIG_IGN)
        // Saved copies are the account's: learning it now lets the first answer be saved.
        services.learnAccountAhead()
        if isatty(STDIN_FILENO) != 0 {
            QueueCommands.printError("mcp answers an assistant's MCP client, one JSON-RPC message a line, on standard input and output; "
                + "add it to the client's configuration (README, \"Assistants\"). Ctrl-D ends it.")
        }
        let server = MCPSession(context: .live(services, options: options), output: MessageOutput())
        await server.serve(MessageLines.Reader())
        return 0
    }
}
