import FoundationEssentials
import HTMLText

/// Text as Moodle sends it, read as a person sees it on the site.
enum MoodleText {
    /// A name or a short message as plain text: Moodle escapes names for HTML
    /// (`Cơ sở dữ liệu &amp; SQL`, `&lt;HTML&gt;`), and some carry tags; both read as the page shows them.
    static func plain(_ text: String) -> String {
        guard text.contains("&") || text.contains("<") else { return text }
        return HTMLText.plainText(text)
    }

    /// A name, or nil when it is blank once read.
    static func name(_ text: String?) -> String? {
        guard let text else { return nil }
        let plain = plain(text)
        return plain.allSatisfy(\.isWhitespace) ? nil : plain
    }
}

/// A moment as Moodle sends it: Unix seconds, where `0` means "not set".
enum MoodleTime {
    /// The latest moment a date can be: years past 9999 are no date a person means.
    private static let latest: Int = 253_402_300_799

    /// The date `seconds` names, or nil for 0, a negative number or one past year 9999.
    static func date(_ seconds: Int?) -> Date? {
        guard let seconds, seconds > 0, seconds <= latest else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `date` as Moodle's Unix seconds.
    static func seconds(_ date: Date) -> Int {
        Int(date.timeIntervalSince1970.rounded(.down))
    }
}
