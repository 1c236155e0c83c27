/// Which LMS a site is: what a login and `--canvas` or `--moodle` choose.
public enum SiteKind: String, Sendable, Codable, CaseIterable {
    case canvas
    case moodle

    /// The LMS's own name, as messages say it.
    var name: String {
        switch self {
        case .canvas: "Canvas"
        case .moodle: "Moodle"
        }
    }

    /// The environment variable that gives the token, for a script.
    var tokenVariable: String {
        switch self {
        case .canvas: "CANVAS_TOKEN"
        case .moodle: "MOODLE_TOKEN"
        }
    }

    /// The environment variable that gives the site's address.
    var urlVariable: String {
        switch self {
        case .canvas: "CANVAS_URL"
        case .moodle: "MOODLE_URL"
        }
    }
}
