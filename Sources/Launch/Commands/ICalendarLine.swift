/// One iCalendar content line as written (RFC 5545 §3.1): ended by CR LF, and folded so no
/// line is longer than 75 octets, each continuation starting with a space, never between
/// the octets of one UTF-8 character.
enum ICalendarLine {
    /// The most octets a line holds, not counting its CR LF.
    static let octetLimit = 75

    /// `line` folded and ended with CR LF.
    static func folded(_ line: String) -> String {
        let bytes = Array(line.utf8)
        var pieces: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            // A continuation's leading space is one of its 75 octets.
            let room = pieces.isEmpty ? octetLimit : octetLimit - 1
            var end = min(start + room, bytes.count)
            // Back up to the start of a character: a UTF-8 continuation octet is 10xxxxxx.
            while end < bytes.count, end > start + 1, bytes[end] & 0xC0 == 0x80 {
                end -= 1
            }
            pieces.append(bytes[start..<end])
            start = end
        }
        let text = pieces.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\r\n ")
        return text + "\r\n"
    }
}
