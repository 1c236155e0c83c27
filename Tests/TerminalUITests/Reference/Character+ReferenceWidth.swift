@testable import TerminalUI

/// Widths measured the plain way, reading Unicode properties for every character.
///
/// This is what `displayWidth` computed before it had a table; the fast paths must
/// give the same answer for every input, and the tests hold them to it.

extension Character {
    /// The columns this cluster occupies, by the rules ``displayWidth`` describes.
    var referenceDisplayWidth: Int {
        let scalars = Array(unicodeScalars)
        guard let baseIndex = scalars.firstIndex(where: { !$0.isZeroWidth }) else { return 0 }
        let base = scalars[baseIndex]
        if base.isUndrawable { return 0 }
        if base.isWide { return 2 }

        let rest = scalars[(baseIndex + 1)...]
        if base.properties.isEmoji {
            if rest.first == .emojiPresentationSelector { return 2 }
            if rest.contains(.zeroWidthJoiner) { return 2 }
        }
        if base.isRegionalIndicator, rest.first?.isRegionalIndicator == true { return 2 }
        return 1
    }
}

extension StringProtocol {
    /// The columns this text occupies, cluster by cluster.
    var referenceDisplayWidth: Int {
        reduce(0) { $0 + $1.referenceDisplayWidth }
    }
}

extension String {
    /// ``truncated(toWidth:ellipsis:)`` measured cluster by cluster.
    func referenceTruncated(toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if referenceDisplayWidth <= width { return self }

        let ellipsisWidth = ellipsis.referenceDisplayWidth
        guard ellipsisWidth <= width else { return ellipsis.referencePrefix(fittingWidth: width) }
        return referencePrefix(fittingWidth: width - ellipsisWidth) + ellipsis
    }

    /// ``prefix(fittingWidth:)`` measured cluster by cluster.
    func referencePrefix(fittingWidth width: Int) -> String {
        var used = 0
        var end = startIndex
        for index in indices {
            let columns = self[index].referenceDisplayWidth
            if used + columns > width { break }
            used += columns
            end = self.index(after: index)
        }
        return String(self[..<end])
    }
}

extension Unicode.Scalar {
    /// Whether this scalar takes no column of its own (combining marks, joiners,
    /// variation selectors and other format characters such as U+200B).
    var isZeroWidth: Bool {
        properties.generalCategory.isZeroWidth
    }

    /// Whether a terminal would act on this scalar instead of drawing it.
    var isUndrawable: Bool {
        properties.generalCategory.isUndrawable
    }
}
