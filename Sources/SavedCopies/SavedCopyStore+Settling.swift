extension SavedCopyStore {
    /// Counts a write a background writer takes on, until `writeEnded`.
    func writeBegan() {
        writesUnderWay.began()
    }

    func writeEnded() {
        writesUnderWay.ended()
    }

    /// Waits, blocking the calling thread, until every write under way has finished or
    /// `seconds` have passed: what a process about to exit does so that the record of what was
    /// seen, or the answer it just printed, is not cut off; a stuck disk or an account still
    /// being asked of Canvas holds the exit up no longer than that. It returns as the last
    /// write ends. Whether every write had finished.
    @discardableResult
    public func settle(within seconds: Double) -> Bool {
        writesUnderWay.waitUntilNone(within: seconds)
    }
}
