import FoundationEssentials

extension UploadJob: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, courseID, files, submission, download, plannerMark, plannerNote, discussionReply, backend, queuedAt, state, attempts
        case waitsForServer
        // A record written before jobs could hold several files kept its one file's fields here.
        case fileName, sourcePath, size, sha256
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        courseID = try container.decode(CourseID.self, forKey: .courseID)
        plannerMark = try container.decodeIfPresent(PlannerMark.self, forKey: .plannerMark)
        plannerNote = try container.decodeIfPresent(PlannerNote.self, forKey: .plannerNote)
        discussionReply = try container.decodeIfPresent(DiscussionReply.self, forKey: .discussionReply)
        submission = try container.decodeIfPresent(Submission.self, forKey: .submission)
        if let files = try container.decodeIfPresent([QueuedFile].self, forKey: .files) {
            // A mark, a to-do, a reply, a text entry or a link sends no file.
            let fileless = plannerMark != nil || plannerNote != nil || discussionReply != nil || submission?.handsInContent == true
            guard !files.isEmpty || fileless else {
                throw DecodingError.dataCorruptedError(forKey: .files, in: container, debugDescription: "a job that sends or fetches files has at least one")
            }
            self.files = files
        } else {
            files = [QueuedFile(
                name: try container.decode(String.self, forKey: .fileName),
                sourcePath: try container.decode(String.self, forKey: .sourcePath),
                size: try container.decode(Int64.self, forKey: .size),
                sha256: try container.decodeIfPresent(String.self, forKey: .sha256)
            )]
        }
        download = try container.decodeIfPresent(Download.self, forKey: .download)
        backend = try container.decode(String.self, forKey: .backend)
        queuedAt = try container.decode(Date.self, forKey: .queuedAt)
        state = try container.decode(State.self, forKey: .state)
        attempts = try container.decode(Int.self, forKey: .attempts)
        waitsForServer = try container.decodeIfPresent(Bool.self, forKey: .waitsForServer) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(courseID, forKey: .courseID)
        try container.encode(files, forKey: .files)
        try container.encodeIfPresent(submission, forKey: .submission)
        try container.encodeIfPresent(download, forKey: .download)
        try container.encodeIfPresent(plannerMark, forKey: .plannerMark)
        try container.encodeIfPresent(plannerNote, forKey: .plannerNote)
        try container.encodeIfPresent(discussionReply, forKey: .discussionReply)
        try container.encode(backend, forKey: .backend)
        try container.encode(queuedAt, forKey: .queuedAt)
        try container.encode(state, forKey: .state)
        try container.encode(attempts, forKey: .attempts)
        if waitsForServer { try container.encode(true, forKey: .waitsForServer) }
    }
}
