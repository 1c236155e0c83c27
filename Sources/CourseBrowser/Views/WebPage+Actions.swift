import CourseKit

extension WebPage {
    /// Asks `browser` to open this page and hands its answer to `answered`; a page without an
    /// address is never offered (its key says so instead).
    @MainActor
    func open(in browser: WebBrowser, answered: @escaping @MainActor (WebBrowser.Outcome) -> Void) {
        guard let url else { return }
        Task { @MainActor in
            answered(await browser.open(url))
        }
    }

    /// What to say once this page's address is on the clipboard, or that it has none.
    var copiedNotice: Notice {
        guard let url else { return notice(for: .opened) }
        return Notice(text: "Copied the address of \(title)", link: url)
    }
}
