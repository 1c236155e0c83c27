import CourseKit
import FileSystem
import FoundationEssentials

/// What every tool reads through: the clients the panes use (so the same saved copies and the
/// same rate budget), the site's name for the answers' source, and how long a saved copy waits
/// for the site before it is answered instead.
struct MCPContext: Sendable {
    var environment: EnvironmentValues
    /// The site's host, or `coursebrowser-sample` or `coursebrowser-catalog`, as `status` names it.
    var site: String
    /// The course codes the queue's jobs are named by, as `queue` names them.
    var courseNames: @Sendable ([UploadJob]) async -> [CourseID: String]
    /// The options that chose the site, its token and the queue (`--canvas URL`, `--profile NAME`,
    /// …), as a command line for the same site must give them again.
    var siteArguments: [String] = []
    /// Waits, briefly, for the saved copies still being written: an answer goes out before its
    /// copy is on disk, and the next question may need that copy.
    var settleWrites: @Sendable () async -> Void = {}
    /// How long a question waits for the site when a saved copy could answer it: a person asked
    /// their assistant, and a copy of a few hours ago with its age beats a spinner.
    var waitLimit: Duration = .seconds(4)

    var now: Date { environment.clock.now() }
}

extension MCPContext {
    /// The context of the live services.
    static func live(_ services: LiveEnvironment.Services, options: LaunchOptions) -> MCPContext {
        MCPContext(
            environment: services.environment, site: services.backendName,
            courseNames: { jobs in await QueueCommands.courseNames(of: jobs, services: services) },
            siteArguments: options.siteArguments,
            settleWrites: { [store = services.savedCopyStore] in
                guard let store else { return }
                _ = try? await Files.offload { _ in store.settle(within: 0.5) }
            }
        )
    }
}
