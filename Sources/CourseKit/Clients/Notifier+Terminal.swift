import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension Notifier {
    /// A desktop notification through the terminal (OSC 777 and OSC 9), a bell, and
    /// `notify-send` where it is installed.
    ///
    /// Terminals that don't know one of the sequences ignore it, so both are sent.
    public static func terminal(processEnvironment: [String: String]) -> Notifier {
        let notifySend = executable(named: "notify-send", path: processEnvironment["PATH"] ?? "")
        return Notifier { title, body in
            let title = printable(title)
            let body = printable(body)
            let sequence = "\u{1B}]777;notify;\(title);\(body)\u{1B}\\" + "\u{1B}]9;\(title): \(body)\u{1B}\\" + "\u{07}"
            sequence.utf8CString.withUnsafeBufferPointer { bytes in
                _ = write(STDOUT_FILENO, bytes.baseAddress, bytes.count - 1)
            }
            if let notifySend {
                let process = Process()
                process.executableURL = notifySend
                process.arguments = ["--app-name=coursebrowser", title, body]
                try? process.run()
            }
        }
    }

    /// Text safe inside an OSC string: no controls that would end or escape it, no `;` separators.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) && $0 != ";" }))
    }

    private static func executable(named name: String, path: String) -> URL? {
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return URL(fileURLWithPath: candidate)
            }
        }
        return nil
    }
}
