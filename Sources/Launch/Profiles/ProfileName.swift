import FoundationEssentials

/// The name of one saved login and of everything kept for it: its upload queue and saved copies.
///
/// Names are letters, digits, `-`, `_` and `.` (not first), so a name is always a plain
/// file name and reads the same in every shell.
public struct ProfileName: Hashable, Sendable, CustomStringConvertible {
    public let text: String

    /// The profile used when none is named.
    public static let standard = ProfileName(checked: "default")

    public init(_ text: String) throws(UsageError) {
        guard Self.isValid(text) else {
            throw UsageError("--profile needs a name of letters, digits, '-', '_' and '.' (not first), at most 64 long, not '\(text)'")
        }
        self.text = text
    }

    private init(checked text: String) {
        self.text = text
    }

    public var description: String { text }

    /// Whether this is the profile used when none is named.
    public var isStandard: Bool { self == .standard }

    /// The command that logs this profile in, as a message tells the user to run it.
    public var loginCommand: String {
        isStandard ? "coursebrowser login" : "coursebrowser login --profile \(text)"
    }

    /// The command that logs this profile in to the Moodle site at `url` again.
    public func moodleLoginCommand(_ url: URL) -> String {
        loginCommand + " --moodle \(url.absoluteString)"
    }

    static func isValid(_ text: String) -> Bool {
        guard let first = text.utf8.first, first != UInt8(ascii: "."), text.utf8.count <= 64 else { return false }
        return text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                return true
            default:
                return false
            }
        }
    }
}
