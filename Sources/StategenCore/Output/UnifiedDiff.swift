/// A line diff in the unified format of `diff -u` and `git diff`, for `stategen check`.
///
/// Lines are compared as bytes (a `\r` before a `\n` is part of the line). The edit script is
/// the shortest one (Myers, "An O(ND) Difference Algorithm and Its Variations", 1986) after the
/// common first and last lines are set aside; when more than ``maxEditDistance`` lines differ
/// in between, that middle is shown as one replacement instead, which is still a correct diff.
/// Within each change the removed lines come before the added ones. Output is deterministic:
/// no timestamps, the labels as given.
public enum UnifiedDiff {
    /// The most differing lines for which the shortest edit script is searched (its memory
    /// grows with the square of this number).
    public static let maxEditDistance = 2000

    /// The unified diff from `old` to `new` with `context` unchanged lines around each change,
    /// headed `--- oldLabel` and `+++ newLabel`; `""` when the texts are equal.
    ///
    /// A last line without a line break is followed by `\ No newline at end of file`.
    public static func render(
        from old: String, to new: String, oldLabel: String, newLabel: String, context: Int = 3
    ) -> String {
        if old == new { return "" }
        let a = Lines(old)
        let b = Lines(new)
        var identities: [Key: Int] = [:]
        func identify(_ lines: Lines) -> [Int] {
            lines.lines.indices.map { index in
                let key = Key(
                    bytes: lines.lines[index], unterminated: index == lines.lines.count - 1 && !lines.endsWithNewline)
                if let id = identities[key] { return id }
                let id = identities.count
                identities[key] = id
                return id
            }
        }
        let edits = script(identify(a), identify(b))
        var out = "--- \(oldLabel)\n+++ \(newLabel)\n"
        for hunk in hunks(edits, context: max(0, context)) {
            out += header(hunk, edits)
            for edit in edits[hunk] {
                switch edit {
                case .equal(let i, _):
                    out += line(" ", a, i)
                case .delete(let i):
                    out += line("-", a, i)
                case .insert(let j):
                    out += line("+", b, j)
                }
            }
        }
        return out
    }

    /// One step of an edit script, by 0-based line index into the old (`a`) and new (`b`) text.
    enum Edit: Equatable {
        case equal(Int, Int)
        case delete(Int)
        case insert(Int)

        var isEqual: Bool {
            if case .equal = self { return true }
            return false
        }
    }

    /// A text split into lines (without their `\n`), and whether its last line has one.
    struct Lines {
        var lines: [ArraySlice<UInt8>]
        var endsWithNewline: Bool

        init(_ text: String) {
            let bytes = Array(text.utf8)
            var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            endsWithNewline = bytes.last == UInt8(ascii: "\n") || bytes.isEmpty
            if endsWithNewline { lines.removeLast() }
            self.lines = lines
        }
    }

    /// A line's identity: its bytes, and whether it is a last line without a line break (which
    /// differs from the same text with one).
    struct Key: Hashable {
        var bytes: ArraySlice<UInt8>
        var unterminated: Bool
    }

    static func line(_ prefix: String, _ lines: Lines, _ index: Int) -> String {
        var out = prefix + String(decoding: lines.lines[index], as: UTF8.self) + "\n"
        if index == lines.lines.count - 1, !lines.endsWithNewline { out += "\\ No newline at end of file\n" }
        return out
    }

    /// The shortest edit script from `a` to `b` (lines as identities).
    static func script(_ a: [Int], _ b: [Int]) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix,
            a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
        {
            suffix += 1
        }
        var edits = (0..<prefix).map { Edit.equal($0, $0) }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        let middle =
            myers(middleA, middleB)
            ?? (middleA.indices.map { .delete($0) } + middleB.indices.map { .insert($0) })
        edits += middle.map { edit in
            switch edit {
            case .equal(let i, let j): .equal(i + prefix, j + prefix)
            case .delete(let i): .delete(i + prefix)
            case .insert(let j): .insert(j + prefix)
            }
        }
        edits += (0..<suffix).map { .equal(a.count - suffix + $0, b.count - suffix + $0) }
        return deletionsFirst(edits)
    }

    /// Myers' greedy forward search, keeping each round's furthest points to walk back.
    ///
    /// - Returns: the script, or `nil` when more than ``maxEditDistance`` lines differ.
    static func myers(_ a: [Int], _ b: [Int]) -> [Edit]? {
        let n = a.count
        let m = b.count
        let limit = min(n + m, maxEditDistance)
        // v[k + offset] is the furthest x reached on diagonal k (x - y = k).
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // trace[d] holds v[-(d-1) ... d-1] as it was when round d started.
        var trace: [[Int]] = []
        var found: Int?
        search: for d in 0...limit {
            trace.append(d == 0 ? [] : Array(v[(offset - d + 1)...(offset + d - 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
                    ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    found = d
                    break search
                }
            }
        }
        guard let distance = found else { return nil }
        var edits: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: distance, to: 0, by: -1) {
            let previous = trace[d]
            func at(_ k: Int) -> Int { previous[k + d - 1] }
            let k = x - y
            let down = k == -d || (k != d && at(k - 1) < at(k + 1))
            let previousK = down ? k + 1 : k - 1
            let previousX = at(previousK)
            let previousY = previousX - previousK
            // The snake after the edit, then the edit itself.
            let startX = down ? previousX : previousX + 1
            while x > startX {
                x -= 1
                y -= 1
                edits.append(.equal(x, y))
            }
            edits.append(down ? .insert(previousY) : .delete(previousX))
            x = previousX
            y = previousY
        }
        while x > 0 {
            x -= 1
            y -= 1
            edits.append(.equal(x, y))
        }
        return edits.reversed()
    }

    /// The same script with each run of changes reordered: removed lines, then added ones.
    static func deletionsFirst(_ edits: [Edit]) -> [Edit] {
        var out: [Edit] = []
        out.reserveCapacity(edits.count)
        var deletions: [Edit] = []
        var insertions: [Edit] = []
        func flush() {
            out += deletions
            out += insertions
            deletions.removeAll()
            insertions.removeAll()
        }
        for edit in edits {
            switch edit {
            case .equal:
                flush()
                out.append(edit)
            case .delete: deletions.append(edit)
            case .insert: insertions.append(edit)
            }
        }
        flush()
        return out
    }

    /// Ranges of the script to print: each change with `context` equal lines around it; changes
    /// at most `2 * context` equal lines apart share a hunk.
    static func hunks(_ edits: [Edit], context: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var first: Int?
        var last = 0
        for (index, edit) in edits.enumerated() where !edit.isEqual {
            if let start = first, index - last - 1 > 2 * context {
                ranges.append(max(0, start - context)..<min(edits.count, last + 1 + context))
                first = index
            } else if first == nil {
                first = index
            }
            last = index
        }
        if let start = first {
            ranges.append(max(0, start - context)..<min(edits.count, last + 1 + context))
        }
        return ranges
    }

    /// `@@ -start,count +start,count @@`: 1-based first lines, `,count` left out when 1, and the
    /// line before the range (0 at the top) when the range is empty, as `diff -u` writes them.
    static func header(_ hunk: Range<Int>, _ edits: [Edit]) -> String {
        var oldStart = 0
        var newStart = 0
        for edit in edits[..<hunk.lowerBound] {
            switch edit {
            case .equal:
                oldStart += 1
                newStart += 1
            case .delete: oldStart += 1
            case .insert: newStart += 1
            }
        }
        var oldCount = 0
        var newCount = 0
        for edit in edits[hunk] {
            switch edit {
            case .equal:
                oldCount += 1
                newCount += 1
            case .delete: oldCount += 1
            case .insert: newCount += 1
            }
        }
        func range(_ start: Int, _ count: Int) -> String {
            let first = count == 0 ? start : start + 1
            return count == 1 ? "\(first)" : "\(first),\(count)"
        }
        return "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
    }
}
