import CourseKit

/// What refuses files for a hand-in before anything is queued: their types, how many, and how
/// large, as the assignment limits them. The prompt shows the first; `coursebrowser submit`
/// prints each. A file that can't be read is left to the queue, which says so as it copies it.
package enum HandInChecks {
    package static func refusals(_ files: [LocalPath], to assignment: Assignment) -> [String] {
        var refusals = files.compactMap { assignment.refusal(forFileNamed: $0.lastPathComponent) }
        if let most = assignment.maxFileCount, files.count > most {
            refusals.append("\(assignment.name) takes at most \(most) file\(most == 1 ? "" : "s") in one hand-in, not \(files.count)")
        }
        if let limit = assignment.maxFileBytes {
            for file in files {
                guard let size = file.status().map({ Int64($0.st_size) }), size > limit else { continue }
                refusals.append("\(file.lastPathComponent) is \(ByteSize.format(size)): \(assignment.name) takes files of at most \(ByteSize.format(limit))")
            }
        }
        return refusals
    }
}
