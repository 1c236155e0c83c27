import Foundation

extension ServerProcess {
    /// `scheme://127.0.0.1:PORT` for the port the server printed as `name`.
    package func loopbackURL(_ name: String, scheme: String = "http") throws -> URL {
        guard let port = ports[name], let url = URL(string: "\(scheme)://127.0.0.1:\(port)") else {
            throw DidNotStart(output: "no \(name) in \(ports)")
        }
        return url
    }
}
