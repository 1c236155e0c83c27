import Foundation
@testable import Moodle
import Testing

/// Logging in through a browser as Moodle's app does (admin/tool/mobile/launch.php): the address
/// the site sends back, checked against the site and the passport (research/1-login-site.md §4).
struct MoodleLaunchTests {
    static let site = URL(string: "https://learn.example.edu")!
    static let passport = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
    static let token = "6f1d2e3c4b5a69788796a5b4c3d2e1f0"
    /// md5("https://learn.example.edu" + passport), from Python's hashlib.
    static let signature = "884d6e10125e4d3f79cac5d80111cb85"
    /// base64(signature ":::" token ":::" private token), from Python's base64.
    static let withPrivateToken =
        "ODg0ZDZlMTAxMjVlNGQzZjc5Y2FjNWQ4MDExMWNiODU6Ojo2ZjFkMmUzYzRiNWE2OTc4ODc5NmE1YjRjM2QyZTFmMDo6Olp4OUtxMkxtM05wNFJzNVR1NlZ3N1h5OFphMUJjMkRlM0ZnNEhpNUprNkxtN05vOFBxOVJzMFR1MVZ3Mlh5M1o="
    /// base64(signature ":::" token), as a site that keeps the private token back sends it.
    static let withoutPrivateToken = "ODg0ZDZlMTAxMjVlNGQzZjc5Y2FjNWQ4MDExMWNiODU6Ojo2ZjFkMmUzYzRiNWE2OTc4ODc5NmE1YjRjM2QyZTFmMA=="

    func token(_ pasted: String, site: URL = site, passport: String = passport) throws(MoodleLoginError) -> String {
        try MoodleLaunch.token(fromPasted: pasted, site: site, passport: passport)
    }

    @Test func theAddressTheSiteSendsBackGivesItsToken() throws {
        #expect(try token("moodlemobile://token=\(Self.withPrivateToken)") == Self.token)
        #expect(try token("moodlemobile://token=\(Self.withoutPrivateToken)") == Self.token)
    }

    @Test func theAddressIsReadAsABrowserMayHaveCopiedIt() throws {
        #expect(try token("  moodlemobile://token=\(Self.withoutPrivateToken)\n") == Self.token)
        let encoded = Self.withoutPrivateToken.replacing("=", with: "%3D")
        #expect(try token("moodlemobile://token=\(encoded)") == Self.token)
        #expect(try token("myschoolapp://token=\(Self.withPrivateToken)") == Self.token, "a site may force its own scheme")
    }

    @Test func theSignatureIsTheMD5OfTheSiteAndThePassport() {
        #expect(MD5.hex(Array((Self.site.absoluteString + Self.passport).utf8)) == Self.signature)
    }

    @Test func anAddressMadeForAnotherSiteOrLoginIsRefused() {
        #expect(throws: MoodleLoginError.wrongSignature) {
            try token("moodlemobile://token=\(Self.withPrivateToken)", site: URL(string: "https://other.example.edu")!)
        }
        #expect(throws: MoodleLoginError.wrongSignature) {
            try token("moodlemobile://token=\(Self.withPrivateToken)", passport: "ffffffffffffffffffffffffffffffff")
        }
        let forged = Data("00000000000000000000000000000000:::\(Self.token)".utf8).base64EncodedString()
        #expect(throws: MoodleLoginError.wrongSignature) { try token("moodlemobile://token=\(forged)") }
    }

    @Test func aTokenCopiedFromSecurityKeysIsTakenAsItIs() throws {
        #expect(try token(Self.token) == Self.token)
        #expect(try token(" \(Self.token.uppercased())\n") == Self.token)
    }

    @Test(arguments: [
        "", "hello", "6f1d2e3c4b5a69788796a5b4c3d2e1f", "6f1d2e3c4b5a69788796a5b4c3d2e1fz", "moodlemobile://token=",
        "moodlemobile://token=!!!!", "moodlemobile://token=YWJj", "https://learn.example.edu/login/index.php",
        "moodlemobile://token=" + Data("884d6e10125e4d3f79cac5d80111cb85:::".utf8).base64EncodedString(),
    ])
    func anythingElseIsNoToken(_ pasted: String) {
        #expect(throws: MoodleLoginError.notAToken) { try token(pasted) }
    }

    @Test func thePassportIsFreshRandomHex() {
        let first = MoodleLaunch.passport()
        let second = MoodleLaunch.passport()
        #expect(first.count == 32)
        #expect(first.allSatisfy { $0.isHexDigit })
        #expect(first != second)
    }

    @Test func theLaunchAddressAsksForTheMobileServiceWithThePassport() throws {
        let url = MoodleLaunch.url(site: Self.site, passport: Self.passport)
        #expect(url.absoluteString == "https://learn.example.edu/admin/tool/mobile/launch.php?service=moodle_mobile_app&passport=\(Self.passport)&urlscheme=moodlemobile")
        let folder = MoodleLaunch.url(site: try #require(URL(string: "https://example.edu/moodle")), passport: "p")
        #expect(folder.path == "/moodle/admin/tool/mobile/launch.php")
    }

    // MARK: - MD5

    @Test func md5MatchesTheKnownVectors() {
        #expect(MD5.hex([]) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5.hex(Array("abc".utf8)) == "900150983cd24fb0d6963f7d28e17f72")
        #expect(MD5.hex(Array("message digest".utf8)) == "f96b697d7cb7938d525a2f31aaf161d0")
        #expect(MD5.hex(Array("abcdefghijklmnopqrstuvwxyz".utf8)) == "c3fcd3d76192e4007dfb496cca67e13b")
        #expect(MD5.hex(Array(String(repeating: "1234567890", count: 8).utf8)) == "57edf4a22be3c955ac49da2e2107b67a")
        #expect(MD5.hex(Array("The quick brown fox jumps over the lazy dog".utf8)) == "9e107d9d372bb6826bd81d3542a419d6")
        #expect(MD5.hex(Array("Mật-khẩu".utf8)) == "241ca6d7b27ab42fc142670b4fbdfb5b")
    }

    /// Lengths around the padding's edges: 55 bytes fit one block with the length, 56 need two.
    @Test(arguments: [
        (55, "ef1772b6dff9a122358552954ad0df65"), (56, "3b0c8ac703f828b04c6c197006d17218"), (63, "b06521f39153d618550606be297466d5"),
        (64, "014842d480b571495a4a0363793f7367"), (65, "c743a45e0d2e6a95cb859adae0248435"),
    ])
    func md5OfInputsAtTheBlockEdges(_ length: Int, _ digest: String) {
        #expect(MD5.hex(Array(repeating: UInt8(ascii: "a"), count: length)) == digest)
    }

    @Test func md5OfAThousandBytesMatchesMd5sum() {
        // python3 -c "import sys; sys.stdout.buffer.write(bytes(i % 251 for i in range(1000)))" | md5sum
        let bytes = (0..<1000).map { UInt8($0 % 251) }
        #expect(MD5.hex(bytes) == "a24f1e3ef66950e1327f210e3997ba2c")
        #expect(MD5.digest(bytes).count == 16)
    }
}
