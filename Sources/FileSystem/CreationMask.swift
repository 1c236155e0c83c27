import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The process's file creation mask (umask), read without changing it.
///
/// `umask(2)` can only be read by setting it, which would let a file created meanwhile on
/// another thread get the wrong mode; Linux shows it in `/proc/self/status` instead.
package enum CreationMask {
    /// The mask, or `0o022` (the usual one) where `/proc` does not say.
    package static let current: mode_t = {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
              let mask = mode_t(line.dropFirst("Umask:".count).filter { $0 != " " && $0 != "\t" }, radix: 8)
        else { return 0o022 }
        return mask
    }()

    /// `mode` as a file created with it gets it: less what the mask takes away.
    package static func applied(to mode: mode_t) -> mode_t {
        mode & ~current
    }
}
