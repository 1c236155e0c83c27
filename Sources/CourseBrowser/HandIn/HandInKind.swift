import CourseKit

/// A way of handing an assignment in that can be sent from here: files, a text written in the
/// student's editor, or a link.
enum HandInKind: CaseIterable, Equatable {
    case files, text, link

    /// The `submission_types` entry of an assignment that takes it.
    var submissionType: String {
        switch self {
        case .files: return "online_upload"
        case .text: return "online_text_entry"
        case .link: return "online_url"
        }
    }

    /// As a sentence names it: "Hand in to Essay as a text".
    var name: String {
        switch self {
        case .files: return "files"
        case .text: return "a text"
        case .link: return "a link"
        }
    }
}

extension Assignment {
    /// The kinds of hand-in it takes that can be sent from here, files first; texts and links
    /// only where the backend takes them from here (`takesContent`).
    func handInKinds(takesContent: Bool) -> [HandInKind] {
        HandInKind.allCases.filter { kind in
            (kind == .files || takesContent) && submissionTypes.contains(kind.submissionType)
        }
    }

    /// Why nothing can be handed in to it from here now, or nil: as `uploadRefusal`, counting
    /// texts and links where the backend takes them.
    func handInRefusal(takesContent: Bool, isFresh: Bool = true) -> String? {
        guard takesContent else { return uploadRefusal(isFresh: isFresh) }
        guard !handInKinds(takesContent: true).isEmpty else {
            return "\(name) takes no files, text or link (it takes: \(takenKinds))"
        }
        return lockRefusal(isFresh: isFresh)
    }
}
