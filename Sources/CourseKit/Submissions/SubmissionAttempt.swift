import FoundationEssentials

/// One attempt at an assignment as the backend recorded it: its number, when, and its files.
public struct SubmissionAttempt: Equatable, Sendable, Codable {
    /// A file handed in with an attempt, as the backend lists it.
    public struct File: Equatable, Sendable, Codable {
        /// The backend's ID of the file, as its upload returned it, when the backend says.
        public var id: String?
        public var name: String
        public var size: Int64

        public init(id: String? = nil, name: String, size: Int64) {
            self.id = id
            self.name = name
            self.size = size
        }
    }

    /// The attempt's number: 1 for the first, counting up with every new submission.
    public var attempt: Int
    public var submittedAt: Date?
    public var isLate: Bool
    public var files: [File]
    /// Where a hand-in changes the attempt it lands in rather than making a new one (Moodle),
    /// a number that grows with every change the backend records to it: when it last changed,
    /// in the backend's own seconds. Nil where every hand-in is an attempt of its own (Canvas).
    public var revision: Int?
    /// Whether the attempt is handed in, rather than kept as a draft the student still has to
    /// submit for grading (Moodle, where an assignment asks for that second step).
    public var isHandedIn: Bool
    /// A text entry's words as `HandInText.normalized` writes them, read from the body the backend keeps.
    public var text: String?
    /// A link handed in, as the backend keeps it.
    public var url: String?

    public init(
        attempt: Int, submittedAt: Date? = nil, isLate: Bool = false, files: [File] = [], revision: Int? = nil, isHandedIn: Bool = true,
        text: String? = nil, url: String? = nil
    ) {
        self.attempt = attempt
        self.submittedAt = submittedAt
        self.isLate = isLate
        self.files = files
        self.revision = revision
        self.isHandedIn = isHandedIn
        self.text = text
        self.url = url
    }

    private enum CodingKeys: String, CodingKey {
        case attempt, submittedAt, isLate, files, revision, isHandedIn, text, url
    }

    /// Reads an attempt, also one recorded before `revision` and `isHandedIn` were kept: every
    /// attempt then was a Canvas one, handed in.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        attempt = try container.decode(Int.self, forKey: .attempt)
        submittedAt = try container.decodeIfPresent(Date.self, forKey: .submittedAt)
        isLate = try container.decode(Bool.self, forKey: .isLate)
        files = try container.decode([File].self, forKey: .files)
        revision = try container.decodeIfPresent(Int.self, forKey: .revision)
        isHandedIn = try container.decodeIfPresent(Bool.self, forKey: .isHandedIn) ?? true
        text = try container.decodeIfPresent(String.self, forKey: .text)
        url = try container.decodeIfPresent(String.self, forKey: .url)
    }

    /// Where the attempt stands among the others: every change to the assignment's submission
    /// comes after the ones before it, so a change made after a reading has a greater order than
    /// every attempt that reading saw.
    public var order: Int {
        revision ?? attempt
    }

    /// Whether this attempt is the text entry or link `plan` hands in: the same words, or the
    /// same link (the backend puts `http://` before one written without a scheme).
    public func carries(contentOf plan: UploadJob.Submission) -> Bool {
        if let text = plan.text { return self.text == HandInText.normalized(text) }
        if let url = plan.url { return self.url.map(HandInText.link) == HandInText.link(url) }
        return false
    }

    /// Whether this attempt hands in exactly `files`, which were uploaded as `ids` (nil where not yet).
    ///
    /// The IDs decide when both sides have them all: Canvas renames a file whose name its
    /// submissions folder already holds (`essay-1.pdf`), so names can't. Otherwise the same
    /// names and sizes in any order, a name counting as the same when Canvas renamed it so.
    public func carries(_ files: [QueuedFile], ids: [String?] = []) -> Bool {
        guard self.files.count == files.count else { return false }
        let known = ids.compactMap { $0 }
        let theirs = self.files.compactMap(\.id)
        if known.count == files.count, theirs.count == self.files.count, Set(known) == Set(theirs) {
            return true
        }
        var unmatched = self.files
        for file in files {
            guard let index = unmatched.firstIndex(where: { $0.size == file.size && Self.name($0.name, couldBe: file.name) }) else { return false }
            unmatched.remove(at: index)
        }
        return true
    }
}
