import Dispatch
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The terminal's modes from before the app took it, kept in a file while the app runs.
///
/// A run killed with SIGKILL runs no handler and leaves the terminal raw; the next run would
/// take those raw modes for the ones to give back when it ends. With the record, the next run
/// on that terminal puts back the modes the killed run found, before curses reads them, and
/// so leaves the terminal as it was before either ran.
package struct TerminalModesRecord {
    package let path: String
    /// Where the record is written, beside curses starting: only a later run reads it.
    private let writer = DispatchQueue(label: "coursebrowser.terminal-modes")

    /// The record for the terminal on standard input, in `directory`; nil when there is no terminal.
    package init?(directory: URL) {
        guard isatty(STDIN_FILENO) != 0, let name = ttyname(STDIN_FILENO) else { return nil }
        let device = String(cString: name).unicodeScalars.map { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) ? Character(scalar) : "-"
        }
        path = directory.appendingPathComponent("terminal" + String(device)).path
    }

    /// The folder records go in: the session's runtime folder, which a reboot empties, else `fallback`.
    package static func directory(environment: [String: String], fallback: URL) -> URL {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return fallback }
        return URL(fileURLWithPath: runtime, isDirectory: true).appendingPathComponent("coursebrowser", isDirectory: true)
    }

    /// Puts back the modes a killed run recorded, if one did, then records the modes now. Call
    /// before curses starts; a record that can't be read or written is passed over.
    package func recoverAndRecord() {
        var modes = termios()
        let size = MemoryLayout<termios>.size
        if let data = Files.contents(of: path, atMost: Int64(size)), data.count == size {
            data.withUnsafeBytes { bytes in
                withUnsafeMutableBytes(of: &modes) { $0.copyMemory(from: bytes) }
            }
            tcsetattr(STDIN_FILENO, TCSANOW, &modes)
        }
        guard tcgetattr(STDIN_FILENO, &modes) == 0 else { return }
        let data = withUnsafeBytes(of: &modes) { Data($0) }
        writer.async { [path] in Self.write(data, to: path) }
    }

    /// Forgets the record once it is written: the run gave the terminal back itself.
    package func remove() {
        writer.sync { _ = unlink(path) }
    }

    private static func write(_ data: Data, to path: String) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        // Kept only while the app runs: nothing here waits for the disk.
        guard (try? FileDescriptor.makeDirectories(folder, mode: 0o700, durable: false)) != nil,
              let descriptor = try? FileDescriptor.open(folder, O_RDONLY | O_DIRECTORY) else { return }
        defer { descriptor.close() }
        try? AtomicFile.write(data, as: url.lastPathComponent, in: descriptor, durable: false)
    }
}
