import CourseKit
import FoundationEssentials

extension UploadStore {
    /// `job.json` is pretty-printed with sorted keys so a person can read it; dates are
    /// kept as numbers because they round-trip exactly, which ISO 8601 text does not.
    func encode(_ job: UploadJob) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(job)
        } catch {
            // Only a non-finite date can fail to encode; say so rather than write a broken record.
            throw UploadQueueError.notWritable(path: directory.path, reason: "the job has an invalid date")
        }
    }

    static func decode(_ data: Data) throws -> UploadJob {
        try JSONDecoder().decode(UploadJob.self, from: data)
    }
}
