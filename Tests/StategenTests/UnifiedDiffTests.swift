import Foundation
import XCTest

@testable import StategenCore

/// ``UnifiedDiff``: exact output on known cases (the same as GNU `diff -u` where the shortest
/// diff is unique), and on random texts a diff that applies and is as short as the longest
/// common subsequence allows.
final class UnifiedDiffTests: XCTestCase {
    func diff(_ old: String, _ new: String, context: Int = 3) -> String {
        UnifiedDiff.render(from: old, to: new, oldLabel: "old", newLabel: "new", context: context)
    }

    func testEqualTextsGiveNothing() {
        XCTAssertEqual(diff("a\nb\n", "a\nb\n"), "")
        XCTAssertEqual(diff("", ""), "")
    }

    func testOneChangedLineWithContext() {
        let old = (1...10).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        XCTAssertEqual(
            diff(old, new),
            """
            --- old
            +++ new
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8

            """)
    }

    func testDistantChangesMakeTwoHunksAndNearOnesOne() {
        let old = (1...20).map { "\($0)\n" }.joined()
        var lines = (1...20).map { "\($0)\n" }
        lines[1] = "two\n"
        lines[18] = "nineteen\n"
        XCTAssertEqual(
            diff(old, lines.joined(), context: 1),
            """
            --- old
            +++ new
            @@ -1,3 +1,3 @@
             1
            -2
            +two
             3
            @@ -18,3 +18,3 @@
             18
            -19
            +nineteen
             20

            """)
        lines = (1...20).map { "\($0)\n" }
        lines[1] = "two\n"
        lines[4] = "five\n"
        XCTAssertEqual(
            diff(old, lines.joined(), context: 1),
            """
            --- old
            +++ new
            @@ -1,6 +1,6 @@
             1
            -2
            +two
             3
             4
            -5
            +five
             6

            """)
    }

    func testInsertionsAndDeletionsAtTheEdgesUseDiffsLineNumbers() {
        XCTAssertEqual(
            diff("b\nc\n", "a\nb\nc\n"),
            """
            --- old
            +++ new
            @@ -1,2 +1,3 @@
            +a
             b
             c

            """)
        XCTAssertEqual(
            diff("a\nb\n", "", context: 0),
            """
            --- old
            +++ new
            @@ -1,2 +0,0 @@
            -a
            -b

            """)
        XCTAssertEqual(
            diff("a\nb\nc\n", "a\nb\nx\nc\n", context: 0),
            """
            --- old
            +++ new
            @@ -2,0 +3 @@
            +x

            """)
    }

    func testAMissingFinalLineBreakIsMarked() {
        XCTAssertEqual(
            diff("a\nb", "a\nb\n"),
            """
            --- old
            +++ new
            @@ -1,2 +1,2 @@
             a
            -b
            \\ No newline at end of file
            +b

            """)
    }

    func testCarriageReturnsArePartOfTheLine() {
        XCTAssertEqual(
            diff("a\r\nb\n", "a\nb\n"),
            "--- old\n+++ new\n@@ -1,2 +1,2 @@\n-a\r\n+a\n b\n")
    }

    /// Random texts over a small alphabet (many repeats, so many equally short scripts): the
    /// diff must turn the old text into the new one and change exactly as many lines as the
    /// longest common subsequence leaves.
    func testRandomDiffsApplyAndAreShortest() {
        var generator = SplitMix(seed: 7)
        for round in 0..<400 {
            let old = randomLines(&generator)
            let new = mutate(old, &generator)
            let text = diff(old.joined(), new.joined(), context: round % 4)
            if old == new {
                XCTAssertEqual(text, "")
                continue
            }
            let applied = apply(text, to: old)
            XCTAssertEqual(applied, new, "round \(round):\n\(text)")
            let changed = text.split(separator: "\n").filter {
                ($0.hasPrefix("-") && !$0.hasPrefix("---")) || ($0.hasPrefix("+") && !$0.hasPrefix("+++"))
            }.count
            let lcs = longestCommonSubsequence(old, new)
            XCTAssertEqual(changed, old.count + new.count - 2 * lcs, "round \(round): not shortest\n\(text)")
        }
    }

    func testMoreDifferencesThanTheLimitStillGiveACorrectDiff() {
        let old = (0..<(UnifiedDiff.maxEditDistance + 10)).map { "a\($0)\n" }
        let new = (0..<(UnifiedDiff.maxEditDistance + 10)).map { "b\($0)\n" }
        let text = diff(old.joined(), new.joined())
        XCTAssertEqual(apply(text, to: old), new)
    }

    /// Agrees with GNU diff on a case whose shortest diff is unique.
    func testMatchesGNUDiff() throws {
        let diffTool = URL(fileURLWithPath: "/usr/bin/diff")
        guard FileManager.default.isExecutableFile(atPath: diffTool.path) else {
            throw XCTSkip("/usr/bin/diff is not installed")
        }
        let directory = try TestSupport.temporaryDirectory(self)
        let old = "alpha\nbeta\ngamma\ndelta\nepsilon\nzeta\neta\ntheta\niota\nkappa\nlambda\nmu\n"
        let new = "alpha\nbeta\nGAMMA\ndelta\nepsilon\nzeta\neta\ntheta\niota\nkappa\nlambda\nmu\nnu\n"
        try Data(old.utf8).write(to: directory.appendingPathComponent("old"))
        try Data(new.utf8).write(to: directory.appendingPathComponent("new"))
        let result = try TestSupport.run(
            diffTool, ["-u", "--label", "old", "--label", "new", "old", "new"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(diff(old, new), result.stdout)
    }

    // MARK: Helpers

    func randomLines(_ generator: inout SplitMix) -> [String] {
        (0..<Int(generator.next() % 12)).map { _ in "\(["a", "b", "c", "d"][Int(generator.next() % 4)])\n" }
    }

    func mutate(_ lines: [String], _ generator: inout SplitMix) -> [String] {
        var lines = lines
        for _ in 0..<Int(generator.next() % 5) {
            let operation = generator.next() % 3
            if operation == 0 || lines.isEmpty {
                lines.insert(
                    "\(["a", "b", "e"][Int(generator.next() % 3)])\n",
                    at: Int(generator.next() % UInt64(lines.count + 1)))
            } else if operation == 1 {
                lines.remove(at: Int(generator.next() % UInt64(lines.count)))
            } else {
                lines[Int(generator.next() % UInt64(lines.count))] = "f\n"
            }
        }
        return lines
    }

    /// Applies a unified diff of whole lines (each ending in a line break) to `old`.
    func apply(_ diff: String, to old: [String]) -> [String] {
        var result: [String] = []
        var position = 0
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2) {
            if line.hasPrefix("@@") {
                let oldRange = line.split(separator: " ")[1].dropFirst()
                let parts = oldRange.split(separator: ",")
                let start = Int(parts[0]) ?? 0
                let count = parts.count > 1 ? Int(parts[1]) ?? 0 : 1
                let firstIndex = count == 0 ? start : start - 1
                result += old[position..<firstIndex]
                position = firstIndex
            } else if line.hasPrefix(" ") {
                XCTAssertEqual(old[position], String(line.dropFirst()) + "\n")
                result.append(old[position])
                position += 1
            } else if line.hasPrefix("-") {
                XCTAssertEqual(old[position], String(line.dropFirst()) + "\n")
                position += 1
            } else if line.hasPrefix("+") {
                result.append(String(line.dropFirst()) + "\n")
            }
        }
        return result + old[position...]
    }

    func longestCommonSubsequence(_ a: [String], _ b: [String]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }
}

/// A small deterministic random number generator (SplitMix64), so that failures reproduce.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
