/// Text as an iCalendar TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped
/// with a backslash, a line break written `\n`, and the control characters TEXT can't hold
/// left out. A colon stays as it is: the RFC says it must not be escaped.
enum ICalendarText {
    static func escaped(_ text: String) -> String {
        var result = ""
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n": result += "\\n"
            case "\r":
                // CR LF, or a CR alone, is one line break.
                if scalars.first == "\n" { scalars.removeFirst() }
                result += "\\n"
            case "\t": result += " "
            case _ where isControl(scalar): continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The C0 and C1 controls and DEL, which no iCalendar value may hold (its CONTROL rule),
    /// and which a terminal showing the file would act on.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
