import CourseKit
import FileSystem
import Synchronization

/// The jobs last read from their records, kept while each record's file stays the same.
///
/// The Uploads pane reads the whole queue every few seconds to see what other processes
/// did; with a thousand finished jobs that was a thousand records decoded for nothing.
/// Records are replaced by rename, so a record that changed has a new version.
final class JobRecordCache: Sendable {
    private let jobs = Mutex<[String: (version: FileVersion, job: UploadJob)]>([:])
    private let keptCount = Mutex(0)

    /// How many records were read and kept: once per job and per change of its record.
    var reads: Int { keptCount.withLock { $0 } }

    /// The job read before from the record that now has `version`, if it is still that one.
    func job(named name: String, version: FileVersion) -> UploadJob? {
        jobs.withLock { jobs in
            guard let kept = jobs[name], kept.version == version else { return nil }
            return kept.job
        }
    }

    func keep(_ job: UploadJob, named name: String, version: FileVersion) {
        jobs.withLock { $0[name] = (version, job) }
        keptCount.withLock { $0 += 1 }
    }

    /// Forgets every job but those named, so removed jobs don't stay in memory.
    func keepOnly(_ names: Set<String>) {
        jobs.withLock { jobs in
            jobs = jobs.filter { names.contains($0.key) }
        }
    }
}
