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
        // The list was read: the Swift runtime is always there.
        #expect(libraries.contains { $0.hasPrefix("libswiftCore") }, "\(result.stdout)")
        let loaded = libraries.filter { library in Self.forbidden.contains { library.hasPrefix($0) } }
        #expect(loaded.isEmpty, "\(binary) loads \(loaded); some module it links imports Foundation instead of FoundationEssentials")
    }

    /// libcurl and the thirty libraries it brings load only when a request needs them, so
    /// an offline start pays for none, and a machine without libcurl still browses catalogs.
    @Test func libcurlIsOpenedWhenNeededNotLinked() throws {
        let binary = try AppBinary.path()
        let ldd = try #require(Command.which("ldd"), "ldd lists the libraries the binary loads")
        let result = try Command.run(ldd, [binary], environment: ProcessInfo.processInfo.environment)
        #expect(result.stdout.contains("libswiftCore"), "\(result.stdout)")
        #expect(!result.stdout.contains("libcurl"), "\(result.stdout)")
    }
}
