import CourseKit
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension UploadStore {
    /// A new job ID such as `20261129-170512-3f9a2c`: the UTC time queued, so IDs sort by
    /// age, then random hex, so two processes queueing in the same second don't collide.
    func makeJobID(at date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let stamp = [
            pad(Int(parts.tm_year) + 1900, 4), pad(Int(parts.tm_mon) + 1, 2), pad(Int(parts.tm_mday), 2), "-",
            pad(Int(parts.tm_hour), 2), pad(Int(parts.tm_min), 2), pad(Int(parts.tm_sec), 2),
        ].joined()
        let random = String(UInt32.random(in: 0..<0x100_0000), radix: 16)
        return stamp + "-" + String(repeating: "0", count: 6 - random.count) + random
    }

    private func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
