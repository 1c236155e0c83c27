import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Tells when the entries of one folder change (one added, removed or renamed) or the folder
/// itself is touched, through inotify: nothing is polled, the kernel wakes the watch only when
/// something happens there.
///
/// A folder not made yet is waited for: the nearest folder above it that exists is watched
/// for the next one down appearing, and the watch moves down as they do; the folder appearing
/// counts as a change, as it may hold entries already. Changes read together are told once.
package final class FolderWatch: Sendable {
    private struct Watched {
        var descriptor: Int32 = -1
        var path = ""
    }

    private let inotify: Int32
    private let path: String
    private let watched = Mutex(Watched())
    /// The read source on the inotify descriptor; in a mutex only because Dispatch's sources are not `Sendable`.
    private let source: Mutex<any DispatchSourceRead>
    private let changed: @Sendable () -> Void

    /// What is told about the folder itself: its entries changing, it being touched, and it going.
    private static let contentEvents = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
    /// What is told about a folder above it: a folder appearing in it, and it going.
    private static let appearingEvents = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)
    /// The watched folder went: what is watched must be found again.
    private static let goneEvents = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED)

    /// Calls `changed` (on a queue of its own) after each change to the folder at `path`, until
    /// cancelled; throws when the system has no watch to give (its limit of inotify instances).
    package init(path: String, changed: @escaping @Sendable () -> Void) throws {
        let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else { throw FileSystemError.last(path) }
        self.inotify = inotify
        self.path = path
        self.changed = changed
        let source = DispatchSource.makeReadSource(fileDescriptor: inotify, queue: DispatchQueue(label: "coursebrowser.folder-watch"))
        source.setCancelHandler { _ = close(inotify) }
        self.source = Mutex(source)
        watchNearest()
        self.source.withLock { source in
            source.setEventHandler { [weak self] in self?.readEvents() }
            source.resume()
        }
    }

    deinit {
        cancel()
    }

    /// Stops watching; nothing is told after it returns but a call already begun.
    package func cancel() {
        source.withLock { $0.cancel() }
    }

    /// Watches the folder if it is there, else the nearest folder above it that is.
    private func watchNearest() {
        var folder = path
        // Each pass goes up a folder, or down one that appeared meanwhile; a path has only so many.
        for _ in 0..<256 {
            let isTarget = folder == path
            let descriptor = inotify_add_watch(inotify, folder, (isTarget ? Self.contentEvents : Self.appearingEvents) | UInt32(IN_ONLYDIR))
            if descriptor < 0 {
                // Missing, or not a folder: wait on the one above. Anything else (no permission,
                // no watches left) leaves it unwatched: the changes then go unheard.
                guard errno == ENOENT || errno == ENOTDIR, let parent = Self.parent(of: folder) else { return }
                folder = parent
                continue
            }
            let previous = watched.withLock { watched in
                defer { watched = Watched(descriptor: descriptor, path: folder) }
                return watched.descriptor
            }
            if previous >= 0, previous != descriptor {
                _ = inotify_rm_watch(inotify, previous)
            }
            // The next folder down may have appeared before the watch began, unseen: look again.
            guard !isTarget, let next = nextStep(below: folder), access(next, F_OK) == 0 else { return }
            folder = path
        }
    }

    /// The folder one step from `folder` towards the watched one.
    private func nextStep(below folder: String) -> String? {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        guard path.hasPrefix(base) else { return nil }
        let rest = path.dropFirst(base.count)
        guard let name = rest.split(separator: "/").first else { return nil }
        return base + name
    }

    private static func parent(of folder: String) -> String? {
        guard folder != "/", let slash = folder.lastIndex(of: "/") else { return nil }
        let parent = String(folder[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    /// Reads every event waiting, then tells of a change once if any concerned the folder.
    private func readEvents() {
        var didChange = false
        var moved = false
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        while true {
            let count = read(inotify, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            let current = watched.withLock { $0 }
            let isTarget = current.path == path
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = offset + MemoryLayout<inotify_event>.size
                offset = nameStart + Int(event.len)
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    // Events were lost: whatever they were, look again.
                    didChange = true
                    continue
                }
                guard event.wd == current.descriptor else { continue }
                if event.mask & Self.goneEvents != 0 {
                    moved = true
                    didChange = didChange || isTarget
                } else if isTarget {
                    didChange = true
                } else if Self.name(in: buffer, from: nameStart, length: Int(event.len)) == nextStep(below: current.path).map(Self.lastComponent) {
                    moved = true
                }
            }
        }
        if moved {
            watchNearest()
            // The folder appeared (or came back): what is in it is news.
            if watched.withLock({ $0.path }) == path { didChange = true }
        }
        if didChange { changed() }
    }

    private static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// An event's name: `length` bytes from `start`, ended early by a zero byte.
    private static func name(in buffer: UnsafeMutableRawBufferPointer, from start: Int, length: Int) -> String {
        guard length > 0, start + length <= buffer.count else { return "" }
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[start..<(start + length)])
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}
