/// "Did you mean" suggestions by edit distance, for misspelt keys and names.
public enum Suggestion {
    /// The candidate closest to `word` by ``editDistance(_:_:)``, if it is close enough to be a
    /// likely misspelling: at most 1 edit for words up to 4 characters, 2 up to 8, 3 beyond.
    /// A candidate equal to `word` but for case always matches.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let limit = word.count <= 4 ? 1 : word.count <= 8 ? 2 : 3
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            if candidate.lowercased() == word.lowercased() { return candidate }
            let distance = editDistance(word, candidate)
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// `"; did you mean 'x'?"`, or "" when nothing is close.
    public static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { "; did you mean \(DiagnosticText.quoted($0))?" } ?? ""
    }

    /// Optimal string alignment distance over Unicode scalars: Levenshtein's insertions,
    /// deletions and substitutions, plus a swap of two adjacent characters as one edit
    /// (Damerau, 1964), so that `jsno` is one edit from `json`, as a typist's slip is.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
