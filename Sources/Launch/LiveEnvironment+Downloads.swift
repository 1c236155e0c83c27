import Canvas
import HTTP
import SavedCopies
import CourseKit
import FoundationEssentials
import UploadQueue

// Every call here into the Canvas, SavedCopies and UploadQueue parts of downloads goes through
// this one file, so that their final shapes meet the root in one place.

extension LiveEnvironment {
    /// Where downloads go: `--download-dir`, else the XDG download directory, else `~/Downloads`.
    static func downloadDirectory(options: LaunchOptions, processEnvironment: [String: String], home: URL) -> URL {
        DownloadPlace.downloadDirectory(explicit: options.downloadDirectory, environment: processEnvironment, home: home)
    }

    /// The engine that works uploads and downloads alike.
    static func engine(
        store: UploadStore, transport: UploadTransport, submissions: SubmissionTransport, downloads: DownloadTransport,
        clock: WallClock, backend: String, probe: (@Sendable () async -> Bool)?
    ) -> UploadEngine {
        UploadEngine(store: store, transport: transport, submissions: submissions, downloads: downloads, clock: clock, backend: backend, probe: probe)
    }

    /// The queue client, placing downloads under `downloadDirectory`.
    static func uploadQueue(store: UploadStore, engine: UploadEngine, backend: String, downloadDirectory: URL) -> UploadQueueClient {
        .live(store: store, engine: engine, backend: backend, downloadDirectory: downloadDirectory)
    }

    /// `environment.fileClient` showing what was saved of it at once, then Canvas's answer.
    static func savingFiles(_ files: FileClient, to store: SavedCopyStore, accounts: SavedCopyAccounts) -> FileClient {
        files.saving(to: store) { await accounts.current() }
    }
}

extension LiveEnvironment.Services {
    /// Queues `batch` for `sync`: into `directory` itself (`DIR/<folders>/<name>`) when given, else
    /// under the download directory as the Course pane's `d` does.
    func enqueueSync(_ batch: DownloadBatch, into directory: URL?) async throws -> DownloadBatch.Outcome {
        var batch = batch
        batch.directory = directory
        return try await environment.uploadQueue.enqueueDownloads(batch)
    }
}

extension Backend {
    /// A course's Files: the catalog's, or Canvas's.
    func fileClient(http: HTTPClient, environment: EnvironmentValues) -> FileClient {
        switch self {
        case let .offline(catalog, _): return catalog.files
        case let .canvas(url, credentials): return .canvas(Self.connection(url, credentials, http: http, environment: environment))
        }
    }

    /// What fetches a download's bytes: the catalog's, or Canvas's through its file store.
    func downloadTransport(http: HTTPClient, environment: EnvironmentValues) -> DownloadTransport {
        switch self {
        case let .offline(catalog, _): return catalog.downloads
        case let .canvas(url, credentials): return .canvas(Self.connection(url, credentials, http: http, environment: environment))
        }
    }
}
