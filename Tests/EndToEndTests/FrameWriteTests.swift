import Foundation
import Testing

/// A frame reaches the terminal in one write: dozens of writes of a few bytes each cost a
/// system call and a wakeup of the terminal apiece, and over ssh a packet apiece.
@Suite struct FrameWriteTests {
    /// The write system calls `process` made so far, as the kernel counts them.
    static func writes(of process: pid_t) throws -> Int {
        let io = try String(contentsOfFile: "/proc/\(process)/io", encoding: .utf8)
        let line = try #require(io.split(separator: "\n").first { $0.hasPrefix("syscw:") })
        return try #require(Int(line.dropFirst("syscw:".count).trimmingCharacters(in: .whitespaces)))
    }

    /// The list's footer, which counts where its selection is: "3 of 43".
    static func place(_ screen: Screen) -> Int? {
        for line in screen.text.split(separator: "\n") {
            guard let range = line.range(of: " of 43 ") else { continue }
            return Int(line[..<range.lowerBound].split(separator: " ").last ?? "")
        }
        return nil
    }

    @Test func eachKeysFrameIsOneWrite() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp()
        var screen = try await tmux.waitFor("the sample catalog in a focused list, filled") {
            $0.box(BrowseTests.list)?.isFocused == true && $0.contains("of 128")
        }
        let app = try tmux.appProcessID()
        let before = try Self.writes(of: app)
        let keys = 12
        for _ in 0..<keys {
            let from = try #require(Self.place(screen))
            try tmux.press("j")
            screen = try await tmux.waitFor("the selection moved down from \(from)") { Self.place($0) == from + 1 }
        }
        let perKey = Double(try Self.writes(of: app) - before) / Double(keys)
        // One for the frame, and the wakeups the key's handling makes between threads; a frame
        // written at every cursor movement took seven or more.
        #expect(perKey <= 4, "\(perKey) writes a key")
    }
}
