/// Which of a group's scores count under its drop rules, chosen as Canvas chooses them.
///
/// Dropping the lowest scores keeps the set of scores whose ratio of points earned to points
/// possible is highest, not the lowest raw scores: a 7 of 10 is dropped before a 17 of 24.
/// That set is found by bisecting on the ratio q: for a guess q, each score is worth
/// `score - q × total`, and the best `keep` of them add up to above zero exactly when a set
/// with a ratio above q exists (Kane and Kane, "Dropping Lowest Grades"). Dropping the
/// highest runs the same search for the lowest ratio, on what dropping the lowest kept.
enum DropRule {
    /// The items that count under `rules`.
    static func keep(_ items: [GradeItem], rules: DropRules) -> [GradeItem] {
        guard rules.dropsAny else { return items }
        let cannotDrop = items.filter { rules.neverDrop.contains($0.id) }
        let droppable = items.filter { !rules.neverDrop.contains($0.id) }
        guard !droppable.isEmpty else { return items }
        // At least one droppable score always counts, and dropping the highest gives way to the lowest.
        let dropLowest = min(rules.dropLowest, droppable.count - 1)
        let dropHighest = dropLowest + rules.dropHighest >= droppable.count ? 0 : rules.dropHighest
        let keepHighest = droppable.count - dropLowest
        let keepLowest = keepHighest - dropHighest
        let kept: [GradeItem]
        if let maxTotal = droppable.map(\.total).max(), maxTotal > 0 {
            let highest = best(droppable, keep: keepHighest, lowest: false, always: cannotDrop, maxTotal: maxTotal)
            kept = best(highest, keep: keepLowest, lowest: true, always: cannotDrop, maxTotal: maxTotal)
        } else {
            // Nothing is worth points: the scores themselves decide.
            let sorted = droppable.sorted { ($0.score, IDOrder(id: $0.id)) < ($1.score, IDOrder(id: $1.id)) }
            kept = Array(sorted.suffix(keepHighest).prefix(keepLowest))
        }
        let keptIDs = Set(kept.map(\.id))
        return items.filter { keptIDs.contains($0.id) || rules.neverDrop.contains($0.id) }
    }

    /// The `keep` items that, with `always`, give the highest ratio (or the lowest, with `lowest`).
    private static func best(_ items: [GradeItem], keep: Int, lowest: Bool, always: [GradeItem], maxTotal: Double) -> [GradeItem] {
        let keep = max(1, keep)
        guard items.count > keep else { return items }
        let everything = items + always
        let pointed = everything.filter { $0.total != 0 }
        let unpointedScore = everything.filter { $0.total == 0 }.reduce(0) { $0 + $1.score }
        let ratios = pointed.map { $0.score / $0.total }.sorted()
        guard let first = ratios.first, let last = ratios.last else { return Array(items.prefix(keep)) }
        let pointedTotal = pointed.reduce(0) { $0 + $1.total }
        let pointedScore = pointed.reduce(0) { $0 + $1.score }
        var low = first
        var high = everything.contains { $0.total == 0 } ? (max(pointedTotal, pointedScore) + unpointedScore) / pointedTotal : last
        var middle = (low + high) / 2
        var (value, kept) = choose(items, keep: keep, lowest: lowest, always: always, ratio: middle)
        let threshold = 1 / (2 * Double(keep) * maxTotal * maxTotal)
        while high - low >= threshold {
            if value < 0 { high = middle } else { low = middle }
            let next = (low + high) / 2
            guard next != high, next != low else { break }
            middle = next
            (value, kept) = choose(items, keep: keep, lowest: lowest, always: always, ratio: middle)
        }
        return kept
    }

    /// The `keep` items worth most (least, with `lowest`) at `ratio`, and what they and `always` add up to.
    private static func choose(
        _ items: [GradeItem], keep: Int, lowest: Bool, always: [GradeItem], ratio: Double
    ) -> (value: Double, kept: [GradeItem]) {
        let rated = items.map { ($0.score - ratio * $0.total, $0) }.sorted { left, right in
            if left.0 != right.0 { return lowest ? left.0 < right.0 : left.0 > right.0 }
            return IDOrder(id: left.1.id) < IDOrder(id: right.1.id)
        }
        let kept = rated.prefix(keep)
        let value = kept.reduce(0) { $0 + $1.0 } + always.reduce(0) { $0 + $1.score - ratio * $1.total }
        return (value, kept.map(\.1))
    }
}

/// Assignment IDs in Canvas's order for ties: as numbers where they are numbers.
struct IDOrder: Comparable {
    var id: String

    static func < (left: IDOrder, right: IDOrder) -> Bool {
        switch (Int(left.id), Int(right.id)) {
        case let (l?, r?): l < r
        default: left.id < right.id
        }
    }
}
