import CourseKit

/// A text or a link handed in as one submission.
enum HandInContent: Equatable {
    /// A text written in the student's editor, and the draft it is in until it is queued.
    case text(String, draft: LocalPath)
    /// An address, as typed, with `http://` before one written without a scheme.
    case link(String)

    /// As the question and the notices name it: `a text of 212 words`, `the link https://…`.
    var description: String {
        switch self {
        case let .text(text, _): return HandInText.naming(text: text)
        case let .link(address): return HandInText.naming(link: address)
        }
    }
}
