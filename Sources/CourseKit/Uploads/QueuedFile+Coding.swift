import FoundationEssentials

extension QueuedFile: Codable {
    /// `sourcePath` is the path as a person reads it; a path that is not UTF-8 also has its
    /// exact bytes in `sourcePathBase64`, which records from before it never needed.
    private enum CodingKeys: String, CodingKey {
        case name, sourcePath, sourcePathBase64, size, sha256
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        let shown = try container.decode(String.self, forKey: .sourcePath)
        let exact = try container.decodeIfPresent(String.self, forKey: .sourcePathBase64).flatMap { Data(base64Encoded: $0) }
        // The path is only ever shown, so bytes that can't be read back leave the readable form in their place.
        source = exact.map { LocalPath(bytes: Array($0)) } ?? LocalPath(shown)
        size = try container.decode(Int64.self, forKey: .size)
        sha256 = try container.decodeIfPresent(String.self, forKey: .sha256)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(sourcePath, forKey: .sourcePath)
        if !source.isUTF8 {
            try container.encode(Data(source.bytes).base64EncodedString(), forKey: .sourcePathBase64)
        }
        try container.encode(size, forKey: .size)
        try container.encodeIfPresent(sha256, forKey: .sha256)
    }
}
