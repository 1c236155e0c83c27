import Foundation

extension Process {
    /// Starts `python3 script arguments` with its errors dropped; answers it and the read end of its output.
    ///
    /// With `input`, the script's standard input is that pipe, which closes when the benchmark ends.
    static func python(_ script: String, _ arguments: [String], input: Pipe? = nil) throws -> (Process, FileHandle) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        if let input {
            process.standardInput = input
        }
        try process.run()
        return (process, output.fileHandleForReading)
    }

    /// The `NAME PORT` lines `output` gives until `names` are all there; ends the process and throws if it stops first.
    func ports(_ names: Set<String>, from output: FileHandle, script: String) throws -> [String: Int] {
        var text = ""
        var ports: [String: Int] = [:]
        while !names.isSubset(of: ports.keys) {
            let data = output.availableData
            guard !data.isEmpty else {
                terminate()
                throw BenchFailure(description: "\(script) did not start: \(text)")
            }
            text += String(decoding: data, as: UTF8.self)
            // Whole lines only: a port cut in two by the pipe would read as another port.
            for line in text[..<(text.lastIndex(of: "\n") ?? text.startIndex)].split(separator: "\n") {
                let words = line.split(separator: " ")
                if words.count == 2, let port = Int(words[1]) {
                    ports[String(words[0])] = port
                }
            }
        }
        return ports
    }
}
