import CourseKit
import Foundation

extension UploadQueueClient {
    /// The durable queue in `store`, worked by `engine`, with progress from `activity`.
    public static func live(store: UploadStore, engine: UploadEngine, activity: UploadActivity, backend: String) -> UploadQueueClient {
        UploadQueueClient(
            jobs: { try store.jobs() },
            enqueue: { file, course in
                let job = try store.enqueue(file: file, course: course, backend: backend)
                activity.changed()
                await engine.signal()
                return job
            },
            retry: { id in
                try await engine.retry(id)
                activity.changed()
            },
            retryAllFailed: {
                try await engine.retryAllFailed()
                activity.changed()
            },
            remove: { id in
                try store.remove(id)
                activity.changed()
            },
            progress: { activity.snapshot },
            changes: { activity.changes() }
        )
    }
}
