import FoundationEssentials
import HTTP
import TextBasics

/// Tells what came back when Moodle's answer is not the JSON asked for.
enum MoodleAnswer {
    /// Whether `response` is a web page: a login page, a proxy's or a maintenance page.
    static func isWebPage(_ response: HTTPResponse) -> Bool {
        if let type = response.header("Content-Type")?.lowercased(), type.contains("html") { return true }
        return response.body.first(where: { !isSpace($0) }) == UInt8(ascii: "<")
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
