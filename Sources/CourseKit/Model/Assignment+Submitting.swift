import FoundationEssentials

extension Assignment {
    /// Why nothing can be handed in to this assignment as files now, or nil when it takes them.
    ///
    /// `isFresh` says whether the assignment was read from the backend just now. A lock in a
    /// copy saved earlier may have lifted since (it opened, a prerequisite was met), so only a
    /// lock read just now refuses; an older one is only warned of, and the
    /// backend decides when the hand-in is sent.
    public func uploadRefusal(isFresh: Bool = true) -> String? {
        if !acceptsUploads {
            return "\(name) takes no file uploads (it takes: \(takenKinds))"
        }
        return lockRefusal(isFresh: isFresh)
    }

    /// What it takes, as a person reads `submission_types`: `online text entry, on paper`.
    public var takenKinds: String {
        submissionTypes.isEmpty ? "no submissions" : submissionTypes.map { $0.replacing("_", with: " ") }.joined(separator: ", ")
    }

    /// Why it is locked, when that was read just now (`isFresh`), or nil.
    public func lockRefusal(isFresh: Bool = true) -> String? {
        guard isLocked, isFresh else { return nil }
        return lockExplanation.map { "\(name) is locked: \($0)" } ?? "\(name) is locked"
    }

    /// Why the file `name` can't be handed in here, or nil when its type is allowed.
    public func refusal(forFileNamed fileName: String) -> String? {
        guard !allowedExtensions.isEmpty else { return nil }
        let fileExtension = Self.fileExtension(of: fileName)
        if let fileExtension, allowedExtensions.contains(fileExtension) { return nil }
        return "\(fileName): \(name) takes only \(allowedTypes) files"
    }

    /// The allowed types as a person lists them: `.pdf, .docx or .odt`.
    public var allowedTypes: String {
        let dotted = allowedExtensions.map { "." + $0 }
        guard let last = dotted.last, dotted.count > 1 else { return dotted.first ?? "any" }
        return dotted.dropLast().joined(separator: ", ") + " or " + last
    }

    /// Whether its due date has passed at `now`: a submission now counts as late.
    public func isPastDue(at now: Date) -> Bool {
        dueAt.map { $0 < now } ?? false
    }

    /// The lower-case extension after the last dot, nil when the name has none (`.bashrc` has none).
    static func fileExtension(of name: String) -> String? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let text = name[name.index(after: dot)...].lowercased()
        return text.isEmpty ? nil : text
    }
}
