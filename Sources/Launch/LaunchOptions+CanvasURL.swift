import Canvas
import Foundation

extension LaunchOptions {
    /// A Canvas base URL, normalized: https, or http to this machine only.
    public static func canvasURL(_ text: String, name: String = "--canvas") throws(UsageError) -> URL {
        do throws(CanvasBaseURL.Problem) {
            return try CanvasBaseURL.normalize(text)
        } catch {
            switch error {
            case .notAURL:
                throw UsageError("\(name) needs a URL like https://school.instructure.com, not '\(text)'")
            case let .insecure(host):
                throw UsageError("\(name) uses plain http, which would send your access token unencrypted; use https://\(host)")
            }
        }
    }
}
