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
        // STAND-IN until UploadQueue's DownloadPlace is merged; replace the body with:
        // DownloadPlace.downloadDirectory(explicit: options.downloadDirectory, environment: processEnvironment, home: home)
        guard let explicit = options.downloadDirectory else { return home.appendingPathComponent("Downloads") }
        if explicit == "~" { return home }
        if explicit.hasPrefix("~/") { return home.appendingPathComponent(String(explicit.dropFirst(2))) }
        return URL(fileURLWithPath: explicit)
    }

    /// The engine that works uploads and downloads alike.
    static func engine(
        store: UploadStore, transport: UploadTransport, submissions: SubmissionTransport, downloads: DownloadTransport,
        clock: WallClock, backend: String, probe: (@Sendable () async -> Bool)?
    ) -> UploadEngine {
        // STAND-IN until the queue's engine takes downloads; replace with
        // UploadEngine(store:transport:submissions:downloads:clock:backend:probe:) passing `downloads`.
        _ = downloads
        return UploadEngine(store: store, transport: transport, submissions: submissions, clock: clock, backend: backend, probe: probe)
    }

    /// The queue client, placing downloads under `downloadDirectory`.
    static func uploadQueue(store: UploadStore, engine: UploadEngine, backend: String, downloadDirectory: URL) -> UploadQueueClient {
        // STAND-IN until the queue is merged; replace with
        // .live(store: store, engine: engine, backend: backend, downloadDirectory: downloadDirectory)
        _ = downloadDirectory
        return .live(store: store, engine: engine, backend: backend)
    }

    /// `environment.fileClient` showing what was saved of it at once, then Canvas's answer.
    static func savingFiles(_ files: FileClient, to store: SavedCopyStore, accounts: SavedCopyAccounts) -> FileClient {
        // STAND-IN until SavedCopies' FileClient+Saving is merged; replace with
        // files.saving(to: store) { await accounts.current() }
        _ = (store, accounts)
        return files
    }
}

extension LiveEnvironment.Services {
    /// Queues `batch` for `sync`: into `directory` itself (`DIR/<folders>/<name>`) when given, else
    /// under the download directory as the Course pane's `d` does.
    func enqueueSync(_ batch: DownloadBatch, into directory: URL?) async throws -> DownloadBatch.Outcome {
        // STAND-IN: placing a batch straight into a directory of its own needs the queue to take one.
        // At merge, with `DownloadBatch.directory: URL? = nil` added to CourseKit and honoured by
        // `enqueueDownloads` (/work/notes/cli-merge.patch), replace the two lines below with:
        //     var batch = batch
        //     batch.directory = directory
        //     return try await environment.uploadQueue.enqueueDownloads(batch)
        _ = directory
        return try await environment.uploadQueue.enqueueDownloads(batch)
    }
}

extension Backend {
    /// A course's Files: the catalog's, or Canvas's.
    func fileClient(http: HTTPClient, environment: EnvironmentValues) -> FileClient {
        switch self {
        case let .offline(catalog, _): return catalog.files
        case .canvas:
            // STAND-IN until Canvas's FileClient is merged; replace with
            // .canvas(Self.connection(url, credentials, http: http, environment: environment))
            _ = (http, environment)
            return .unimplemented
        }
    }

    /// What fetches a download's bytes: the catalog's, or Canvas's through its file store.
    func downloadTransport(http: HTTPClient, environment: EnvironmentValues) -> DownloadTransport {
        switch self {
        case let .offline(catalog, _): return catalog.downloads
        case .canvas:
            // STAND-IN until Canvas's DownloadTransport is merged; replace with
            // .canvas(Self.connection(url, credentials, http: http, environment: environment))
            _ = (http, environment)
            return .unimplemented
        }
    }
}
