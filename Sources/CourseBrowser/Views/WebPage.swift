import CourseKit
import FoundationEssentials

/// Something `o` opens in the browser and `y` copies: a course, an assignment, a module item.
struct WebPage: Equatable {
    var title: String
    /// Nil where there is none (the offline catalogs, a course closed by date, a module's subheading).
    var url: URL?

    /// `url` only when it is a web address: one read back from a saved copy is checked again.
    init(title: String, url: URL?) {
        self.title = title
        let scheme = url?.scheme?.lowercased()
        self.url = scheme == "https" || scheme == "http" ? url : nil
    }

    /// What to tell the user about `outcome`.
    func notice(for outcome: WebBrowser.Outcome) -> Notice {
        guard let url else {
            return Notice(text: "\(title) has no web address to open", isProblem: true)
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
