import CourseKit
import Foundation
import Testing

/// Without `HOME`, paths fall back to the account's home directory as `NSHomeDirectory` gives it.
@Suite struct HomeDirectoryTests {
    @Test(arguments: [[:], ["HOME": ""], ["HOME": "  "]])
    func withoutHomeTheAccountsHomeDirectoryIsUsed(environment: [String: String]) {
        let home = URL(fileURLWithPath: NSHomeDirectory())
        let paths = Paths.live(environment: environment)
        #expect(paths.dataDirectory.path == home.appendingPathComponent(".local/share/coursebrowser").path)
        #expect(paths.configDirectory.path == home.appendingPathComponent(".config/coursebrowser").path)
    }
}
