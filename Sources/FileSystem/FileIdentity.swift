#if canImport(Glibc)
import Glibc
#endif

/// The device and inode of a file: what a name points at, independent of the name.
///
/// Lock holders compare identities to notice that the name they locked was
/// removed or replaced between `open` and `flock`.
package struct FileIdentity: Equatable, Sendable {
    package var device: UInt64
    package var inode: UInt64

    package init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
