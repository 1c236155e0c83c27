import CourseKit
import FoundationEssentials

extension UploadQueueClient {
    /// The durable queue in `store`, worked by `engine`, which announces every change; course
    /// files are downloaded below `downloadDirectory` (see `DownloadPlace`).
    ///
    /// Without a `downloadDirectory`, the user's own is used, as `DownloadPlace` finds it with no `--download-dir`.
    public static func live(
        store: UploadStore, engine: UploadEngine, backend: String,
        downloadDirectory: URL = DownloadPlace.downloadDirectory(
            explicit: nil, environment: ProcessInfo.processInfo.environment, home: FileManager.default.homeDirectoryForCurrentUser
        )
    ) -> UploadQueueClient {
        UploadQueueClient(
            jobs: { try store.jobs() },
            enqueue: { file, course in
                let job = try store.enqueue(file: file, course: course, backend: backend)
                engine.announce(.updated(job))
                return job
            },
            enqueueSubmission: { files, course, assignment in
                // Queued only once the student said yes to the hand-in, statement and all.
                let plan = UploadJob.Submission(
                    assignmentID: assignment.id, assignmentName: assignment.name, dueAt: assignment.dueAt,
                    acceptedStatement: assignment.submissionStatement
                )
                let job = try store.enqueue(files: files, course: course, backend: backend, submission: plan)
                engine.announce(.updated(job))
                return job
            },
            retry: { id in try await engine.retry(id) },
            retryAllFailed: { try await engine.retryAllFailed() },
            remove: { id in
                try store.remove(id)
                engine.announce(.removed(id: id))
            },
            progress: { engine.activity.snapshot },
            progressUpdates: { engine.activity.updates() },
            updates: { engine.subscribe().changes },
            changesOnDisk: { store.changes() },
            checkWritable: { try store.checkWritable() },
            enqueueDownloads: { batch in
                let outcome = try store.enqueueDownloads(batch, backend: backend, downloadDirectory: downloadDirectory)
                for job in outcome.queued {
                    engine.announce(.updated(job))
                }
                return outcome
            },
            localCopies: { course, files in
                store.downloadRecords.currentCopies(of: files, backend: backend, course: course)
            },
            enqueueMark: { item, done in
                let job = try store.enqueueMark(item, done: done, backend: backend)
                engine.announce(.updated(job))
                return job
            },
            enqueueNote: { note in
                let job = try store.enqueueNote(note, backend: backend)
                engine.announce(.updated(job))
                return job
            },
            enqueueContent: { text, url, course, assignment in
                let plan = UploadJob.Submission(
                    assignmentID: assignment.id, assignmentName: assignment.name, dueAt: assignment.dueAt,
                    acceptedStatement: assignment.submissionStatement, text: text, url: url
                )
                let job = try store.enqueueContent(course: course, backend: backend, submission: plan)
                engine.announce(.updated(job))
                return job
            },
            enqueueReply: { reply, course in
                let job = try store.enqueueReply(reply, course: course, backend: backend)
                engine.announce(.updated(job))
                return job
            }
        )
    }
}
