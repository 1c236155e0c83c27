import CourseKit
import Foundation

/// Something `o` opens in the browser and `y` copies: a course, an assignment, a module item.
struct WebPage: Equatable {
    var title: String
    /// Nil where the backend has no web (the offline catalogs).
    var url: URL?

    /// What to tell the user about `outcome`.
    func notice(for outcome: WebBrowser.Outcome) -> Notice {
        guard let url else {
            return Notice(text: "\(title) has no web address here: the offline catalogs have no web pages", isProblem: true)
        }
        switch outcome {
        case .opened:
            return Notice(text: "Opened \(title) in the browser")
        case .noDisplay:
            return Notice(text: "No browser here (no display); the address, y copies it:", link: url)
        case let .failed(reason):
            return Notice(text: "Couldn't open the browser: \(reason); the address:", isProblem: true, link: url)
        }
    }
}
