extension StringProtocol {
    /// Whether every UTF-8 byte of this text is printable ASCII, U+0020 through U+007E.
    ///
    /// Such text is one grapheme cluster and one column per byte and holds nothing a
    /// terminal would act on, so measuring, cutting and cleaning it can work on bytes
    /// and skip everything done per `Character`.
    var isPrintableASCII: Bool {
        if let answer = utf8.withContiguousStorageIfAvailable(allPrintableASCII) { return answer }
        return utf8.allSatisfy(isPrintableASCIIByte)
    }
}

private func allPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes where !isPrintableASCIIByte(byte) {
        return false
    }
    return true
}

private func isPrintableASCIIByte(_ byte: UInt8) -> Bool {
    byte &- 0x20 < 0x5F
}
