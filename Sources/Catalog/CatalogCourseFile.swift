import CanvasJSON
import CourseKit
import FoundationEssentials

/// One file of a catalog course, as a catalog document writes it: its folder as a path, and
/// the content the offline backends serve as its bytes.
///
/// `{"id": "…", "name": "slides.pdf", "folder": "Lectures/Week 1", "size": 1234,
/// "updated_days_ago": 3, "text": "…", "locked": "why"}`; only `id` and `name` are needed.
struct CatalogCourseFile: Decodable, Sendable {
    var id: CanvasID
    var name: String
    /// Folder names below the course's top folder, `/` between them; none: the top folder.
    var folder: String?
    /// Bytes, when no `text` gives them: the file is then that many bytes of a repeated pattern.
    var size: Int64?
    /// Days before the day the catalog is read; a fraction is part of a day.
    var updated_days_ago: Double?
    /// An ISO 8601 date, which wins over `updated_days_ago` and never moves.
    var updated_at: String?
    var text: String?
    /// Why the file is locked; present: it is, and it can't be downloaded.
    var locked: String?

    /// The folder names, top first, empty names dropped.
    var folderPath: [String] {
        (folder ?? "").split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// The most bytes a file without `text` is made of: they are made in memory, so a catalog's
    /// `size` can't exhaust it.
    static let largestMadeSize: Int64 = 64 << 20

    /// Its bytes, as the offline backends serve them.
    var content: [UInt8] {
        if let text { return Array(text.utf8) }
        let pattern = Array("coursebrowser sample file \(id.text)\n".utf8)
        return (0..<Int(byteCount)).map { pattern[$0 % pattern.count] }
    }

    /// How many bytes it has.
    var byteCount: Int64 {
        text.map { Int64($0.utf8.count) } ?? min(max(0, size ?? 0), Self.largestMadeSize)
    }

    /// When it last changed: `updated_at`, else `updated_days_ago` counted back from the start of
    /// `now`'s day (UTC), so the date stays the same all day and a download stays current.
    func updatedAt(now: Date) -> Date? {
        if let updated_at, let date = CanvasDate.parse(updated_at) { return date }
        guard let days = updated_days_ago, days.isFinite else { return nil }
        let day = (now.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
        return Date(timeIntervalSince1970: day - days * 86_400)
    }

    /// The validator a catalog transport gives its bytes: it changes when the file does.
    func validator(now: Date) -> String {
        "\"catalog-\(id.text)-\(byteCount)-\(Int64(updatedAt(now: now)?.timeIntervalSince1970 ?? 0))\""
    }
}
