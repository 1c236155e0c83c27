import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Closes folders to new entries, as a read-only disk would be closed, for a test of what the
/// queue says then: by their mode for a user, and with the immutable flag (`chattr +i`) for
/// root, whom modes don't stop. Either way a write fails with "permission denied".
enum WriteLock {
    /// `FS_IOC_GETFLAGS`, `FS_IOC_SETFLAGS` and `FS_IMMUTABLE_FL` from <linux/fs.h>, which Swift can't import.
    private static let getFlags = UInt(0x8008_6601)
    private static let setFlags = UInt(0x4008_6602)
    private static let immutable: Int32 = 0x10

    /// Whether this machine can close a folder here: false for root on a file system without the immutable flag.
    static let isAvailable: Bool = {
        guard let probe = try? ScratchFolder() else { return false }
        defer { probe.remove() }
        guard lock([probe.url.path]) else { return false }
        defer { unlock([probe.url.path]) }
        return mkdir(probe.url.path + "/x", 0o700) != 0
    }()

    /// Closes every folder of `paths`; false if one could not be closed.
    @discardableResult
    static func lock(_ paths: [String]) -> Bool {
        paths.allSatisfy { geteuid() == 0 ? setImmutable(true, $0) : chmod($0, 0o500) == 0 }
    }

    /// Opens them again, so they can be changed and removed.
    static func unlock(_ paths: [String]) {
        for path in paths {
            if geteuid() == 0 { _ = setImmutable(false, path) } else { chmod(path, 0o700) }
        }
    }

    /// Every folder in `root`, `root` too, deepest last.
    static func folders(in root: URL) -> [String] {
        let found = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey])?
            .compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
            .map(\.path) ?? []
        return [root.path] + found
    }

    private static func setImmutable(_ on: Bool, _ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var flags: Int32 = 0
        guard ioctl(descriptor, getFlags, &flags) == 0 else { return false }
        flags = on ? flags | immutable : flags & ~immutable
        return ioctl(descriptor, setFlags, &flags) == 0
    }
}
