import Foundation
import Testing

extension UploadEndToEndTests.InTheUI {
    /// The app sends nothing here (`--offline`), so every change the Queue pane shows was made by
    /// another process writing the same queue folder: `upload` queues a file, `drain` sends it.
    /// The pane reads the queue when the folder changes, with no look at the disk on a clock, so
    /// each change shows within moments. Beside the whole suite on two cores one took over 3 s,
    /// so each may take 10; that no read happens on a clock is `IdleShellTests`' to hold.
    @Test func jobsQueuedAndSentByAnotherProcessShowInTheQueueAsTheyChange() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        let data = tmux.dataDirectory
        let file = tmux.directory.appendingPathComponent("lab.bin")
        try TestFile.write(file, size: 2000)
        try tmux.launchApp(["--offline", "--data-dir", data.path])
        try await tmux.waitFor(box: "Queue", "the empty queue") { $0.contains("Nothing queued") }
        let environment = AppCommand.environment(token: nil, home: tmux.directory)

        let upload = try AppCommand.run(["upload", "--course", "10003", file.path, "--data-dir", data.path], environment: environment)
        #expect(upload.status == 0, "\(upload.stderr)")
        let queued = try await tmux.waitFor(boxTitled: "Queue", "the job another process queued", timeout: .seconds(10)) { $0.contains("lab.bin") }
        #expect(UploadEndToEndTests.rows(queued).first?.contains(/^· lab\.bin +INT2215 +2\.0 KB +queued$/) == true, "\(queued)")

        let drain = try AppCommand.run(["drain", "--data-dir", data.path], environment: environment)
        #expect(drain.status == 0, "\(drain.stderr)")
        let sent = try await tmux.waitFor(boxTitled: "Queue", "the job another process sent", timeout: .seconds(10)) { $0.contains("done") }
        #expect(UploadEndToEndTests.rows(sent).first?.contains(/^✓ lab\.bin +INT2215 +2\.0 KB +done$/) == true, "\(sent)")
    }
}
