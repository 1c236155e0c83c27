import CourseKit
import FoundationEssentials

extension Notifier {
    /// A desktop notification through the terminal (OSC 777 and OSC 9), a bell, and
    /// `notify-send` where it is installed.
    ///
    /// Terminals that don't know one of the sequences ignore it, so both are sent. `notify-send`
    /// runs as a `ChildProcess`: away from the terminal, without the Canvas token, and reaped.
    static func terminal(processEnvironment: [String: String]) -> Notifier {
        Notifier { title, body in
            let title = printable(title)
            let body = printable(body)
            StandardStream.output.write("\u{1B}]777;notify;\(title);\(body)\u{1B}\\" + "\u{1B}]9;\(title): \(body)\u{1B}\\" + "\u{07}")
            // Looked for when a notification is sent, not at start, where the search of PATH
            // would come before the first frame.
            if let notifySend = ChildProcess.locate("notify-send", path: processEnvironment["PATH"] ?? "") {
                ChildProcess.launch(notifySend, ["notify-send", "--app-name=coursebrowser", title, body], environment: processEnvironment)
            }
        }
    }

    /// Text safe inside an OSC string: no controls that would end or escape it, no `;` separators.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) && $0 != ";" }))
    }
}
