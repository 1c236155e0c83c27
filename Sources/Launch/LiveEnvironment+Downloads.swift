import Canvas
import HTTP
import CourseKit
import FoundationEssentials
import UploadQueue

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
