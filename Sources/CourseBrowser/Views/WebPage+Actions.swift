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

    /// Whether `o` and `y` can act on `page`: not without one (saying `reason`), nor on one without an address.
    static func availability(of page: WebPage?, without reason: String) -> Availability {
        guard let page else { return .disabled(reason) }
        return Availability(unless: page.url == nil ? "\(page.title) has no web address to open" : nil)
    }

    /// What to say once this page's address is on the clipboard, or that it has none.
    var copiedNotice: Notice {
        guard let url else { return notice(for: .opened) }
        return Notice(text: "Copied the address of \(title)", link: url)
    }
}
