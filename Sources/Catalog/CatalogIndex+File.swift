import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension CatalogIndex {
    /// Indexes the catalog file at `path`, reading it a chunk at a time; its courses' long
    /// parts are read from the file again when opened.
    static func file(_ path: String) throws -> (index: CatalogIndex, version: FileVersion) {
        let file = try CatalogFile.open(path)
        defer { file.descriptor.close() }
        // A pipe can't be read again when a course is opened: what comes through it is kept,
        // under its version once its writer is done, so it is not read again.
        guard file.isRegular else {
            let index = try CatalogIndex(try CatalogFile.remainder(of: file.descriptor), source: path)
            return (index, (try? file.descriptor.status()).map(FileVersion.init) ?? file.version)
        }
        let stream = CatalogStream { buffer in try CatalogFile.read(into: buffer, from: file.descriptor) }
        do {
            let index = try CatalogIndex(stream, bytes: .file(path: path, version: file.version), source: path, shift: 0)
            return (index, file.version)
        } catch is CatalogReader.Unread {
            // Read whole from the same descriptor, so the index is of the version it is kept under.
            let document = try CatalogFile.remainder(of: file.descriptor, from: 0)
            return (try CatalogIndex(wholeDocument: document, source: path, shift: 0), file.version)
        }
    }
}
