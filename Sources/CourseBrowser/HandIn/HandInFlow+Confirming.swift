import CourseKit
import FoundationEssentials
import TerminalUI

extension HandInFlow {
    /// The answers to "hand these in?"; any other key, a second Enter too, leaves the question asked.
    static let confirmBindings: [Binding<Bool>] = [
        Binding([[.character("y")]], does: "hand the files in", hint: "hand in", action: true),
        Binding([[.character("n")], [.escape]], does: "go back to the files", hint: "back", action: false),
    ]

    /// What handing `paths` in to the prompt's assignment will do, as a question (`HandInSummary`).
    func question(about paths: [LocalPath], from prompt: UploadPrompt, now: Date) -> String? {
        guard case let .assignment(assignment) = prompt.target else { return nil }
        return HandInSummary.question(files: paths.map(\.lastPathComponent), to: assignment, now: now)
    }
}
