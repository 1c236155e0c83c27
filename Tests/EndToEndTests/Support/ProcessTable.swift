import Foundation

/// A snapshot of the processes in `/proc`: their names and parents.
enum ProcessTable {
    /// One process: its command name (at most 15 characters, as the kernel keeps it) and its parent.
    struct Entry {
        var name: String
        var parent: pid_t
    }

    /// Every process readable in `/proc`, by process ID.
    static func read() -> [pid_t: Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        var table: [pid_t: Entry] = [:]
        for name in names {
            guard let pid = pid_t(name),
                  let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { continue }
            // After "pid (comm)" come the state and then the parent's ID.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, let parent = pid_t(fields[1]) else { continue }
            table[pid] = Entry(name: String(stat[stat.index(after: open)..<close]), parent: parent)
        }
        return table
    }

    /// The parent, grandparent… of `pid`, nearest first.
    static func ancestors(of pid: pid_t, in table: [pid_t: Entry]) -> [pid_t] {
        var chain: [pid_t] = []
        var current = pid
        while let parent = table[current]?.parent, parent > 0, !chain.contains(parent) {
            chain.append(parent)
            current = parent
        }
        return chain
    }
}
