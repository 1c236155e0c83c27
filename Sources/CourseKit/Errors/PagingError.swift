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
    /// so one still going after ten minutes never ends: its pages change every time, so no
    /// repeat gives it away, and on a slow network the page limit would take most of an hour.
    /// The time counts Canvas's throttling too, whose longest wait in place is two minutes a
    /// page: ten leave room for a few of those before a real listing is cut short.
    public static let timeLimit = Duration.seconds(600)

    /// What happened, without saying what is shown: the course list keeps the pages that
    /// arrived above this row, a section read whole shows none of them.
    public var userMessage: String {
        switch self {
        case .loopsBack: return "The list's next page leads back to a page already read"
        case let .tooManyPages(limit): return "The list goes on past \(limit) pages"
        case let .tookTooLong(limit):
            return "The list was still loading after \(limit.components.seconds / 60) minutes"
        }
    }
}
