import Foundation
import TestSupport

/// What most download tests need: a file server and a scratch folder, ended together.
struct DownloadScene {
    let server: DownloadServer
    let folder: ScratchFolder

    static func start() async throws -> DownloadScene {
        let server = try await DownloadServer.start()
        do {
            return DownloadScene(server: server, folder: try ScratchFolder())
        } catch {
            server.stop()
            throw error
        }
    }

    /// The path `name` in the scratch folder.
    func file(_ name: String) -> URL {
        folder.url.appendingPathComponent(name)
    }

    func end() {
        server.stop()
        folder.remove()
    }
}
