/// Why a benchmark could not measure what it set out to, in one line.
struct BenchFailure: Error, CustomStringConvertible {
    var description: String
}
