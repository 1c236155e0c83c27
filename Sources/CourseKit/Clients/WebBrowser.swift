import FoundationEssentials

/// Opens web pages in the user's browser, or says why it can't here.
public struct WebBrowser: Sendable {
    /// What became of asking for a page.
    public enum Outcome: Equatable, Sendable {
        case opened
        /// There is no browser to open here (an ssh session without a display): show the address instead.
        case noDisplay
        /// The browser command could not be started; why.
        case failed(String)
    }

    public var open: @Sendable (_ url: URL) async -> Outcome

    public init(open: @escaping @Sendable (_ url: URL) async -> Outcome) {
        self.open = open
    }
}

extension WebBrowser {
    /// Opens nothing and says there is no display, so the address is shown.
    public static let noOp = WebBrowser { _ in .noDisplay }
}

extension WebBrowser: Unimplementable {
    /// Says there is no display, as `noOp` does, after reporting the call.
    public static func unimplemented(report: @escaping Unimplemented.Report) -> WebBrowser {
        WebBrowser { _ in
            report("WebBrowser.open")
            return .noDisplay
        }
    }
}
