import CourseKit
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Submissions handed in to the offline backends, kept in the data directory, so the whole
/// flow works, and can be checked, without a network.
///
/// Layout, per assignment (directories 0700, files 0600):
///
///     submissions/<course>/<assignment>/files/<file-id>/<name>   a file uploaded for it
///     submissions/<course>/<assignment>/attempt-<n>/             attempt n: its files and
///     submissions/<course>/<assignment>/attempt-<n>/submission.json   when, late or not
///
/// An attempt appears in one rename of a complete, synced directory, so it is there whole
/// or not at all; a directory never replaces a non-empty one, so two attempts can't take
/// one number.
public struct LocalSubmissions: Sendable {
    public let directory: URL
    let clock: WallClock

    public init(directory: URL, clock: WallClock) {
        self.directory = directory
        self.clock = clock
    }

    static let recordName = "submission.json"
    static let attemptPrefix = "attempt-"

    /// Every recorded attempt at `assignment`, oldest first.
    public func attempts(course: CourseID, assignment: String) -> [SubmissionAttempt] {
        let folder = assignmentFolder(course: course, assignment: assignment)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { name -> SubmissionAttempt? in
            guard let number = Self.attemptNumber(name) else { return nil }
            // A record damaged on disk still holds its number: it counts as an attempt, carrying nothing.
            return Self.readRecord(folder + "/" + name, number: number) ?? SubmissionAttempt(attempt: number)
        }.sorted { $0.attempt < $1.attempt }
    }

    /// Whether anything was ever handed in to `course`: one look at its folder, so that
    /// listing a course nobody handed in to reads no folder per assignment.
    public func hasHandIns(course: CourseID) -> Bool {
        var status = stat()
        return stat(courseFolder(course), &status) == 0
    }

    /// The newest recorded attempt at `assignment`, if any.
    public func latest(course: CourseID, assignment: String) -> SubmissionAttempt? {
        attempts(course: course, assignment: assignment).last
    }

    /// Copies file `index` of `job` from `payload` into the assignment's uploads; returns its new ID.
    func storeFile(_ job: UploadJob, index: Int, payload: String, isCancelled: () -> Bool, progress: (Int64) -> Void) throws -> String {
        guard let plan = job.submission, job.files.indices.contains(index) else { throw UploadQueueError.noFiles }
        let name = job.files[index].name
        let id = UUID().uuidString.lowercased()
        let folder = assignmentFolder(course: job.courseID, assignment: plan.assignmentID) + "/files/" + id
        try LocalCopy.copy(payload, to: folder, as: Files.safeComponent(name), fileName: name, isCancelled: isCancelled, progress: progress)
        return id
    }

    /// Records a new attempt of the files `fileIDs` name, numbered after every recorded one and after `previous`.
    func submit(_ job: UploadJob, fileIDs: [String], after previous: Int) throws -> SubmissionAttempt {
        guard let plan = job.submission else { throw UploadQueueError.noFiles }
        let folder = assignmentFolder(course: job.courseID, assignment: plan.assignmentID)
        guard fileIDs.count == job.files.count else { throw UploadError.payloadMissing(fileName: job.fileName) }
        let files = try zip(fileIDs, job.files).map { id, file in try uploadedFile(id, named: file.name, in: folder) }
        let now = clock.now()
        let record = Record(
            submitted_at: now, late: plan.dueAt.map { now > $0 } ?? false,
            files: files.map { SubmissionAttempt.File(id: $0.id, name: $0.name, size: $0.size) }
        )
        let number: Int
        do {
            let staged = try stage(record, files: files, in: folder)
            var next = max(previous, attempts(course: job.courseID, assignment: plan.assignmentID).map(\.attempt).max() ?? 0) + 1
            while rename(folder + "/" + staged, folder + "/" + Self.attemptPrefix + String(next)) != 0 {
                guard errno == EEXIST || errno == ENOTEMPTY else { throw FileSystemError.last(folder + "/" + staged) }
                next += 1
            }
            number = next
            Files.syncDirectory(folder)
        } catch let failure as FileSystemError {
            throw UploadError.cannotSave(fileName: job.fileName, reason: failure.reason)
        }
        // The attempt holds its own links to the files; the uploads it was made of are never needed again.
        for id in fileIDs {
            try? FileManager.default.removeItem(atPath: folder + "/files/" + Files.safeComponent(id))
        }
        return record.attempt(number)
    }

    /// What `submission.json` holds: the attempt's number is its directory's.
    private struct Record: Codable {
        var submitted_at: Date?
        var late: Bool
        var files: [SubmissionAttempt.File]

        func attempt(_ number: Int) -> SubmissionAttempt {
            SubmissionAttempt(attempt: number, submittedAt: submitted_at, isLate: late, files: files)
        }
    }

    /// Writes the attempt's record and links its files into a hidden directory; returns its name.
    private func stage(_ record: Record, files: [UploadedFile], in folder: String) throws -> String {
        let name = ".staging-" + UUID().uuidString.lowercased()
        let parent = try FileDescriptor.open(folder, O_RDONLY | O_DIRECTORY)
        defer { parent.close() }
        try parent.makeDirectory(name)
        let staged = try parent.openDirectory(name)
        defer { staged.close() }
        var used: Set<String> = [Self.recordName]
        for (index, file) in files.enumerated() {
            var shown = Files.safeComponent(file.name)
            if !used.insert(shown).inserted {
                shown = "\(index + 1)-\(shown)"
                used.insert(shown)
            }
            // A hard link: the upload stays in files/ for a resend, and nothing is copied twice.
            guard link(file.path, staged.child(shown)) == 0 else { throw FileSystemError.last(file.path) }
        }
        try AtomicFile.write(try Self.encoder.encode(record), as: Self.recordName, in: staged)
        try staged.sync()
        return name
    }

    /// A file uploaded for an assignment, found again by its ID.
    private struct UploadedFile {
        var id: String
        var name: String
        var size: Int64
        var path: String
    }

    /// The file uploaded as `id`, by the name `storeFile` gave it.
    private func uploadedFile(_ id: String, named name: String, in folder: String) throws -> UploadedFile {
        let path = folder + "/files/" + Files.safeComponent(id) + "/" + Files.safeComponent(name)
        guard let size = Files.size(of: path) else { throw UploadError.payloadMissing(fileName: name) }
        return UploadedFile(id: id, name: name, size: size, path: path)
    }

    func assignmentFolder(course: CourseID, assignment: String) -> String {
        courseFolder(course) + "/" + Files.safeComponent(assignment)
    }

    /// Where `course`'s assignments' hand-ins are kept.
    private func courseFolder(_ course: CourseID) -> String {
        directory.path + "/submissions/" + Files.safeComponent(course.rawValue)
    }

    /// The number an attempt's directory name gives it; nil for other names, and for numbers
    /// past Canvas's 32-bit range, after which no next number could be made.
    static func attemptNumber(_ name: String) -> Int? {
        guard name.hasPrefix(attemptPrefix), let number = Int(name.dropFirst(attemptPrefix.count)), number > 0,
              number < Int(Int32.max) else { return nil }
        return number
    }

    private static func readRecord(_ folder: String, number: Int) -> SubmissionAttempt? {
        guard let data = Files.contents(of: folder + "/" + recordName, atMost: 16 * 1024 * 1024),
              let record = try? decoder.decode(Record.self, from: data) else { return nil }
        return record.attempt(number)
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
