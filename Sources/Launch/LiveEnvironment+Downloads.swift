import CourseKit
import FoundationEssentials

extension LiveEnvironment.Services {
    /// Queues `batch` for `sync`: into `directory` itself (`DIR/<folders>/<name>`) when given, else
    /// under the download directory as the Course pane's `d` does.
    func enqueueSync(_ batch: DownloadBatch, into directory: URL?) async throws -> DownloadBatch.Outcome {
        var batch = batch
        batch.directory = directory
        return try await environment.uploadQueue.enqueueDownloads(batch)
    }
}
