import Foundation
import Testing

/// The installed binary must not load Foundation, which brings ICU's 40 MB: only
/// FoundationEssentials. One `import Foundation` in any module it links undoes that.
@Suite struct LinkageTests {
    /// Libraries that only full Foundation needs, and ICU itself.
    static let forbidden = [
        "libFoundation.so", "libFoundationInternationalization", "libFoundationNetworking", "libFoundationXML",
        "lib_FoundationICU", "libicu",
    ]

    @Test func theBinaryLoadsNeitherFoundationNorICU() throws {
        let binary = try AppBinary.path()
        let ldd = try #require(Command.which("ldd"), "ldd lists the libraries the binary loads")
        let result = try Command.run(ldd, [binary], environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let libraries = result.stdout.split(separator: "\n").compactMap { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
        }
        // The list was read: the C library is always there.
        #expect(libraries.contains { $0.hasPrefix("libc.so") }, "\(result.stdout)")
        let loaded = libraries.filter { library in Self.forbidden.contains { library.hasPrefix($0) } }
        #expect(loaded.isEmpty, "\(binary) loads \(loaded); some module it links imports Foundation instead of FoundationEssentials")
    }

    /// The release build has the Swift libraries linked in, so Foundation would show in its
    /// symbols rather than in its libraries.
    @Test func noFoundationNorICUIsLinkedIn() throws {
        let binary = try AppBinary.path()
        let nm = try #require(Command.which("nm"), "nm lists the binary's symbols")
        let result = try Command.run(nm, [binary], environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let symbols = result.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").last }
        // The list was read: the app's own code is always there.
        #expect(symbols.contains { $0.hasPrefix("$s13CourseBrowser") }, "no symbols in \(binary)")
        let foreign = symbols.filter { symbol in
            ["$s10Foundation", "$s30FoundationInternationalization", "$s14_FoundationICU", "ucol_open", "ures_open"].contains { symbol.hasPrefix($0) }
        }
        #expect(foreign.isEmpty, "\(binary) holds \(foreign.prefix(5)); some module it links imports Foundation")
    }

    /// libcurl and the thirty libraries it brings load only when a request needs them, so
    /// an offline start pays for none, and a machine without libcurl still browses catalogs;
    /// SHA-256 is computed in the package, so OpenSSL's libcrypto is not loaded at all.
    @Test(arguments: ["libcurl", "libcrypto"])
    func neitherLibcurlNorLibcryptoIsLinked(library: String) throws {
        let binary = try AppBinary.path()
        let ldd = try #require(Command.which("ldd"), "ldd lists the libraries the binary loads")
        let result = try Command.run(ldd, [binary], environment: ProcessInfo.processInfo.environment)
        // The release build has the Swift libraries linked in; every build has the C library.
        #expect(result.stdout.contains("libc.so"), "\(result.stdout)")
        #expect(!result.stdout.contains(library), "\(result.stdout)")
    }
}
