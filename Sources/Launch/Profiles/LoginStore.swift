import CourseKit
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The saved logins, one file per profile: `<config>/profiles/NAME.json`.
///
/// The config directory and `profiles/` are kept `0700` and each file `0600`; a file that
/// other users could read is refused, as ssh refuses such a key.
public struct LoginStore: Sendable {
    /// `$XDG_CONFIG_HOME/coursebrowser`, else `~/.config/coursebrowser`.
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    var profilesDirectory: URL { directory.appendingPathComponent("profiles") }

    /// Where `profile`'s login is kept.
    public func file(for profile: ProfileName) -> URL {
        profilesDirectory.appendingPathComponent(profile.text + ".json")
    }

    /// The login saved for `profile`; nil when there is none.
    public func login(for profile: ProfileName) throws(LoginFileError) -> SavedLogin? {
        let path = file(for: profile).path
        switch PrivateFile.status(path) {
        case .missing: return nil
        case let .unreadable(reason): throw .unreadable(path: path, reason: reason)
        case let .shared(mode): throw .notPrivate(path: path, mode: mode)
        case .ownerOnly: break
        }
        guard let data = Files.contents(of: path, atMost: 1024 * 1024) else {
            throw .unreadable(path: path, reason: "permission denied, or not a regular file")
        }
        do {
            return try JSONDecoder().decode(SavedLogin.self, from: data)
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            // One of SavedLogin's own checks, which say what is wrong in words.
            throw .malformed(path: path, reason: context.debugDescription)
        } catch {
            throw .malformed(path: path, reason: "it is not a login (canvas_url, token or token_command)")
        }
    }

    /// Saves `login` as `profile`'s, replacing any before it in one step.
    public func save(_ login: SavedLogin, for profile: ProfileName) throws {
        let folder = try privateDirectory()
        defer { folder.close() }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(try encoder.encode(login), as: profile.text + ".json", in: folder)
    }

    /// Forgets `profile`'s login; false when none was saved.
    public func remove(_ profile: ProfileName) throws(LoginFileError) -> Bool {
        let path = file(for: profile).path
        guard unlink(path) == 0 else {
            if errno == ENOENT { return false }
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        return true
    }

    /// Opens `profiles/`, creating it and the config directory as needed, both made `0700`
    /// even if something else made them first.
    private func privateDirectory() throws -> FileDescriptor {
        try FileDescriptor.makeDirectories(profilesDirectory.path)
        for path in [directory.path, profilesDirectory.path] where chmod(path, 0o700) != 0 {
            throw FileSystemError.last(path)
        }
        return try FileDescriptor.open(profilesDirectory.path, O_RDONLY | O_DIRECTORY)
    }
}

/// A saved login file that can't be used.
public enum LoginFileError: UserFacingError, Equatable {
    case unreadable(path: String, reason: String)
    case malformed(path: String, reason: String)
    case notPrivate(path: String, mode: UInt32)

    public var userMessage: String {
        switch self {
        case let .unreadable(path, reason):
            return "Can't read login file \(path): \(reason)"
        case let .malformed(path, reason):
            return "Login file \(path) can't be used: \(reason)"
        case let .notPrivate(path, mode):
            return "Login file \(path) can be read by other users (mode \(String(mode, radix: 8))); run: chmod 600 \(path)"
        }
    }
}
