import CourseKit
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension UploadStore {
    static let queueName = "queue"
    static let jobsName = "jobs"
    static let stagingName = "staging"
    static let trashName = "trash"
    static let recordName = "job.json"
    /// The most a job record may hold; a text hand-in or a reply is its largest part, far below this.
    static let largestRecord: Int64 = 64 * 1024 * 1024
    static let payloadName = "payload"

    /// The captured bytes of a job's file `index`: `payload` for the first (the only one a
    /// course file has, and the name records from before several files kept), then `payload-1`, ….
    static func payloadName(forFile index: Int) -> String {
        index == 0 ? payloadName : "\(payloadName)-\(index)"
    }

    /// Whether `name` in a job's directory holds captured bytes.
    static func isPayloadName(_ name: String) -> Bool {
        name == payloadName || (name.hasPrefix(payloadName + "-") && Int(name.dropFirst(payloadName.count + 1)) != nil)
    }

    var queueURL: URL { directory.appendingPathComponent(Self.queueName) }
    var jobsURL: URL { queueURL.appendingPathComponent(Self.jobsName) }

    /// Whether `id` can name a job directory: no separators, no dot files, nothing to escape `jobs/`.
    static func isValidJobID(_ id: String) -> Bool {
        guard let first = id.utf8.first, first != UInt8(ascii: ".") else { return false }
        return id.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"):
                return true
            default:
                return false
            }
        }
    }

    /// Opens `queue/`, creating it and its subdirectories (0700) where missing.
    func createQueue() throws -> FileDescriptor {
        do {
            try FileDescriptor.makeDirectories(queueURL.path)
            let queue = try FileDescriptor.open(queueURL.path, O_RDONLY | O_DIRECTORY)
            do {
                for name in [Self.jobsName, Self.stagingName, Self.trashName] {
                    try queue.makeDirectoryIfMissing(name)
                }
            } catch {
                queue.close()
                throw error
            }
            return queue
        } catch let error as FileSystemError {
            throw notWritable(error)
        }
    }

    /// Opens `queue/`, or returns nil if nothing was ever queued here.
    func openExistingQueue() throws -> FileDescriptor? {
        do {
            return try FileDescriptor.open(queueURL.path, O_RDONLY | O_DIRECTORY)
        } catch let error as FileSystemError where error.isMissing {
            return nil
        } catch let error as FileSystemError {
            throw UploadQueueError.unreadable(path: error.path, reason: error.reason)
        }
    }

    /// Opens a subdirectory of `queue/` such as `jobs`, mapping failures to queue errors.
    func openSubdirectory(_ name: String, of queue: FileDescriptor) throws -> FileDescriptor {
        do {
            return try queue.openDirectory(name)
        } catch let error as FileSystemError {
            throw UploadQueueError.unreadable(path: error.path, reason: error.reason)
        }
    }
}
