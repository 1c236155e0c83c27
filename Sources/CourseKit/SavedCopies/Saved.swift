import FoundationEssentials

/// A value as it was last seen from the backend, and when.
public struct Saved<Value: Sendable>: Sendable {
    public var value: Value
    public var savedAt: Date

    public init(value: Value, savedAt: Date) {
        self.value = value
        self.savedAt = savedAt
    }
}

extension Saved: Equatable where Value: Equatable {}
