import Canvas
import CourseKit
import FoundationEssentials
import HTTP
import TextBasics

extension LaunchOptions {
    /// A Canvas base URL, normalized: https, or http to this machine only.
    public static func canvasURL(_ text: String, name: String = "--canvas") throws(UsageError) -> URL {
        try siteURL(text, name: name, kind: .canvas)
    }

    /// A Moodle site's address, normalized as a Canvas URL is.
    public static func moodleURL(_ text: String, name: String = "--moodle") throws(UsageError) -> URL {
        try siteURL(text, name: name, kind: .moodle)
    }

    /// A site's base URL, normalized: https, or http to this machine only.
    static func siteURL(_ text: String, name: String, kind: SiteKind) throws(UsageError) -> URL {
        do throws(SiteBaseURL.Problem) {
            return try SiteBaseURL.normalize(text)
        } catch {
            switch error {
            case .notAURL:
                let example = kind == .moodle ? "https://moodle.school.edu" : "https://school.instructure.com"
                throw UsageError("\(name) needs a URL like \(example), not '\(text)'")
            case let .insecure(host):
                let secret = kind == .moodle ? "your token and password" : "your access token"
                throw UsageError("\(name) uses plain http, which would send \(secret) unencrypted; use https://\(host)")
            }
        }
    }

    /// Takes `value` as the course to open or print: a course ID, or a Canvas course's web address,
    /// whose Canvas is then used unless the command line names another backend.
    mutating func takeCourse(_ value: String, for name: String) throws(UsageError) {
        if value.contains("://") {
            let link = try Self.courseLink(value, for: name)
            course = link.course
            courseLinkBase = link.base
            return
        }
        guard let id = CourseID(value) else { throw UsageError("\(name) needs a course ID, not an empty value") }
        course = id
    }

    /// The Canvas and the course a Canvas web address names: `https://school.edu/courses/1003/modules`
    /// is course 1003 of `https://school.edu` (a Canvas under a path keeps it).
    static func courseLink(_ text: String, for name: String = "--course") throws(UsageError) -> (base: URL, course: CourseID) {
        let problem = UsageError("\(name) needs a course ID or a Canvas course address like https://school.instructure.com/courses/1003, not '\(text)'")
        guard let url = URL(string: text.trimming(.whitespaces)) else { throw problem }
        let segments = url.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let index = segments.firstIndex(of: "courses"), index + 1 < segments.count,
              let course = CourseID(segments[index + 1].percentDecoded ?? segments[index + 1]) else { throw problem }
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.path = segments.prefix(index).map { "/" + $0 }.joined()
        components?.query = nil
        components?.fragment = nil
        guard let base = components?.url else { throw problem }
        return (try canvasURL(base.absoluteString, name: name), course)
    }
}
