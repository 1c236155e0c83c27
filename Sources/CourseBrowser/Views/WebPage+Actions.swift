import CourseKit

extension WebPage {
    /// Asks `browser` to open this page and hands its answer to `answered`; returns the notice
    /// to show at once when there is no address to open, else nil.
    @MainActor
    func open(in browser: WebBrowser, answered: @escaping @MainActor (WebBrowser.Outcome) -> Void) -> Notice? {
        guard let url else { return notice(for: .opened) }
        Task { @MainActor in
            answered(await browser.open(url))
        }
        return nil
    }

    /// Puts this page's address on `clipboard`; the notice that says so, or that there is none.
    func copy(to clipboard: Clipboard) -> Notice {
        guard let url else { return notice(for: .opened) }
        clipboard.copy(url.absoluteString)
        return Notice(text: "Copied the address of \(title)", link: url)
    }
}
