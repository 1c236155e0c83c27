/// A paginated listing that can't be read to its end, so the reader stops instead of looping.
public enum PagingError: UserFacingError, Equatable {
    /// A next-page link leads back to a page already read, or a page holds just what one already read held.
    case loopsBack
    /// More pages than any real listing has.
    case tooManyPages(limit: Int)
    /// Still loading when `limit` had passed.
    case tookTooLong(limit: Duration)

    /// The most pages any listing is followed for: 5,000 pages of 100 is half a million rows.
    public static let pageLimit = 5_000

    /// The longest any listing is followed for.
    ///
    /// Canvas answers a page in well under a second and real listings run to a few dozen pages,
    /// so one still going after five minutes never ends: its pages change every time, so no
    /// repeat gives it away, and on a slow network the page limit would take most of an hour.
    /// Five minutes still leaves room for Canvas's throttling, whose longest wait is two.
    public static let timeLimit = Duration.seconds(300)

    public var userMessage: String {
        switch self {
        case .loopsBack: return "The list's next page leads back to a page already read; showing what arrived"
        case let .tooManyPages(limit): return "The list goes on past \(limit) pages; showing the first \(limit)"
        case let .tookTooLong(limit):
            return "The list was still loading after \(limit.components.seconds / 60) minutes; showing what arrived"
        }
    }
}
