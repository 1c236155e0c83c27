import FoundationEssentials
import TextBasics

/// Logging in to a single sign-on site as Moodle's app does: the student opens the site's launch
/// address in a browser where they are signed in, and the site sends the browser to
/// `moodlemobile://token=` + base64(`md5(wwwroot + passport)` `:::` token [`:::` private token]),
/// which they paste back (admin/tool/mobile/launch.php).
public enum MoodleLaunch {
    /// A fresh random passport: the secret that ties the address sent back to this login.
    public static func passport() -> String {
        // The system's generator, which reads the kernel's random source.
        (0..<16).map { _ in UInt8.random(in: 0...255).hexDigits }.joined()
    }

    /// The address to open in the browser.
    public static func url(site: URL, passport: String) -> URL {
        MoodleSite.address(site, "/admin/tool/mobile/launch.php", query: [
            ("service", "moodle_mobile_app"), ("passport", passport), ("urlscheme", "moodlemobile"),
        ])
    }

    /// The token in what the student pasted: the `…://token=…` address the site sent the browser
    /// to, checked against this site and passport, or a token copied from Moodle's Security keys
    /// (32 hex digits).
    public static func token(fromPasted pasted: String, site: URL, passport: String) throws(MoodleLoginError) -> String {
        let text = pasted.trimming(.whitespacesAndNewlines)
        if text.count == 32, text.utf8.allSatisfy({ $0.hexDigitValue != nil }) { return text.lowercased() }
        guard let marker = text.firstRange(of: "://token=") else { throw .notAToken }
        let encoded = String(text[marker.upperBound...]).removingPercentEncodingLeniently
        guard let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters),
              let decoded = String(validating: data, as: UTF8.self) else { throw .notAToken }
        let parts = decoded.split(separator: ":::", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, let token = parts[1].nonBlank else { throw .notAToken }
        guard parts[0].lowercased() == MD5.hex(Array((site.absoluteString + passport).utf8)) else { throw .wrongSignature }
        return token
    }
}

private extension String {
    /// The text with `%XX` decoded where it forms UTF-8, else as it is: a browser may or may not
    /// have encoded the `=` of base64 when the address was copied.
    var removingPercentEncodingLeniently: String {
        percentDecoded ?? self
    }
}
