/// A paginated listing that can't be read to its end, so the reader stops instead of looping.
public enum PagingError: UserFacingError, Equatable {
    /// A next-page link leads back to a page already read.
    case loopsBack
    /// More pages than any real listing has.
    case tooManyPages(limit: Int)

    /// The most pages any listing is followed for: 5,000 pages of 100 is half a million rows.
    public static let pageLimit = 5_000

    public var userMessage: String {
        switch self {
        case .loopsBack: return "The list's next page leads back to a page already read; showing what arrived"
        case let .tooManyPages(limit): return "The list goes on past \(limit) pages; showing the first \(limit)"
        }
    }
}
