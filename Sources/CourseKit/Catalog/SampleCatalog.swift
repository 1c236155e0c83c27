import Foundation

/// The sample catalog compiled into the binary, so the app works offline and when copied alone.
public enum SampleCatalog {
    /// The name errors use for the embedded catalog.
    public static let sourceName = "embedded sample catalog"

    /// Decodes the embedded JSON; it is checked by tests, so failure here means a broken build.
    public static func load() throws -> Catalog {
        try Catalog.decode(Data(json.utf8), source: sourceName)
    }
}
