import Foundation
import XCTest

@testable import StategenCore

/// The output stage under faults and concurrency (issue 25, items 2, 7 and 8): parallel runs
/// into one folder, inputs saved during a run, edits and signals while writing, read-only
/// outputs. Run through the built `stategen` where the behaviour is the process's.
final class ConcurrentOutputTests: ProjectTestCase {
    /// Copies the example spec and its token files into the project folder.
    func copyExample() throws {
        let example = TestSupport.exampleSpec.deletingLastPathComponent()
        for name in try FileManager.default.contentsOfDirectory(atPath: example.path)
        where name.hasSuffix(".yml") || name.hasSuffix(".json") {
            try FileManager.default.copyItem(
                at: example.appendingPathComponent(name), to: project.appendingPathComponent(name))
        }
    }

    /// Starts `count` copies of `stategen arguments` at once (all running together, not a pool)
    /// and waits for them all; their exit statuses and standard errors.
    func concurrently(_ count: Int, _ arguments: [String]) throws -> [(status: Int32, stderr: String)] {
        try concurrently(Array(repeating: arguments, count: count))
    }

    /// Starts one `stategen` per element of `runs` (its arguments) at once and waits for them all.
    func concurrently(_ runs: [[String]]) throws -> [(status: Int32, stderr: String)] {
        let logs = try TestSupport.temporaryDirectory(self)
        var processes: [(Process, URL)] = []
        for (index, arguments) in runs.enumerated() {
            let process = Process()
            process.executableURL = TestSupport.stategenBinary
            process.arguments = arguments
            process.currentDirectoryURL = project
            let log = logs.appendingPathComponent("\(index).err")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: log)
            process.standardOutput = FileHandle.nullDevice
            processes.append((process, log))
        }
        for (process, _) in processes { try process.run() }
        return try processes.map { process, log in
            process.waitUntilExit()
            return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
        }
    }

    /// Item 7: 20 identical `generate`s into one folder at once, into a new folder and over an
    /// older output, all succeed (a third failed, each finding the others' identical file in
    /// its path), the output is what one run writes, and no temporary file is left.
    func testTwentyConcurrentIdenticalRunsAllSucceed() throws {
        try copyExample()
        let arguments = ["generate", "controls.yml", "--output", "Generated", "--quiet"]
        let expected = try stategen(["generate", "controls.yml", "--output", "Expected", "--quiet"])
        XCTAssertEqual(expected.status, 0, expected.stderr)
        let wanted = try read("Expected/Controls.swift")
        for round in 0..<3 {
            switch round {
            case 0: break
            case 1:
                // Over an older generated file: every run plans an update.
                try write(wanted.replacingOccurrences(of: "public", with: "internal"), "Generated/Controls.swift")
                try FileManager.default.removeItem(at: project.appendingPathComponent("Generated/.stategen-stamp"))
            default:
                try FileManager.default.removeItem(at: project.appendingPathComponent("Generated"))
            }
            let results = try concurrently(20, arguments)
            let failures = results.filter { $0.status != 0 }
            XCTAssertEqual(failures.count, 0, "round \(round): " + failures.map(\.stderr).joined(separator: "\n"))
            XCTAssertEqual(try read("Generated/Controls.swift"), wanted, "round \(round)")
            let left = try FileManager.default.contentsOfDirectory(
                atPath: project.appendingPathComponent("Generated").path
            ).filter { $0.hasSuffix(".tmp") }
            XCTAssertEqual(left, [], "round \(round): no temporary file may remain")
        }
        XCTAssertEqual(try stategen(["check", "controls.yml", "--output", "Generated", "--quiet"]).status, 0)
    }

    /// Item 7, the lock: concurrent runs that write different bytes into one folder (the same
    /// spec with `--access internal` and without) take turns, so each plans against what the
    /// previous one wrote and succeeds; without the lock, a run found the other's file in its
    /// path and failed.
    func testConcurrentRunsWithDifferentOutputsTakeTurns() throws {
        try copyExample()
        for round in 0..<2 {
            try? FileManager.default.removeItem(at: project.appendingPathComponent("Generated"))
            let base = ["generate", "controls.yml", "--output", "Generated", "--quiet"]
            let results = try concurrently((0..<16).map { $0 % 2 == 0 ? base : base + ["--access", "internal"] })
            let failures = results.filter { $0.status != 0 }
            XCTAssertEqual(failures.count, 0, "round \(round): " + failures.map(\.stderr).joined(separator: "\n"))
        }
    }

    /// One folder reached by two spellings whose canonical paths differ (`real/G`, and `sub/G`
    /// through `sub`, a symbolic link to `real`, which is missing until the run creates it):
    /// the lock deduplicated by canonical path, so it opened the folder twice and waited
    /// forever on its own first lock. Locked once by identity, the run ends.
    func testAFolderReachedTwoWaysIsLockedOnce() throws {
        let timeout = try XCTUnwrap(TestSupport.executable("timeout"), "coreutils' timeout")
        try write(StarterSpec.text, "controls.yml")
        try write(spec(module: "Other"), "other.yml")
        try FileManager.default.createSymbolicLink(
            atPath: project.appendingPathComponent("sub").path, withDestinationPath: "real")
        try write(
            """
            stategen: 1
            outputs:
              - specs: [controls.yml]
                output: real/G
              - specs: [other.yml]
                output: sub/G
            """, "stategen.yml")
        let result = try TestSupport.run(timeout, ["60", TestSupport.stategenBinary.path, "generate"], in: project)
        XCTAssertNotEqual(result.status, 124, "generate waited on its own lock")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(exists("real/G/Controls.swift"))
        XCTAssertTrue(exists("real/G/Other.swift"))
    }
}

/// Paths with a NUL character: the system cuts a C string at it, so `G\0x` was reported as
/// written while `G` was written, and an entry `G` beside it made `generate` lock `G` twice and
/// hang. Each is a located error before anything is read or written.
final class NulPathTests: ProjectTestCase {
    func testANulInAPathIsALocatedError() throws {
        try write(StarterSpec.text, "controls.yml")
        try write(spec(module: "Other"), "other.yml")
        let timeout = try XCTUnwrap(TestSupport.executable("timeout"), "coreutils' timeout")
        let configs: [(text: String, location: String)] = [
            ("outputs:\n  - specs: [controls.yml]\n    output: \"G\\0x\"\n", "stategen.yml:4:13"),
            (
                "outputs:\n  - specs: [controls.yml]\n    output: G\n  - specs: [other.yml]\n    output: \"G\\0x\"\n",
                "stategen.yml:6:13"
            ),
            ("outputs:\n  - specs: [\"controls.yml\\0x\"]\n    output: G\n", "stategen.yml:3:13"),
            ("templates: \"T\\0x\"\noutputs:\n  - specs: [controls.yml]\n    output: G\n", "stategen.yml:2:12"),
            ("roots: [\"..\\0x\"]\noutputs:\n  - specs: [controls.yml]\n    output: G\n", "stategen.yml:2:9"),
        ]
        for (text, location) in configs {
            try write("stategen: 1\n" + text, "stategen.yml")
            let result = try TestSupport.run(timeout, ["60", TestSupport.stategenBinary.path, "generate"], in: project)
            XCTAssertEqual(result.status, 1, "\(text.debugDescription): \(result.stdout) \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains("\(location): error: ") && result.stderr.contains("NUL character"),
                "\(text.debugDescription): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", text.debugDescription)
            XCTAssertFalse(exists("G"), text.debugDescription)
        }
        try FileManager.default.removeItem(at: project.appendingPathComponent("stategen.yml"))

        // A spec's token file.
        try write(##"{ "color": { "$type": "color", "primary": { "$value": "#0A84FF" } } }"##, "tokens.json")
        try write("tokenFiles: [\"tokens.json\\0x\"]\nunusedTokens: ignore\n" + StarterSpec.text, "controls.yml")
        let tokens = try stategen(["generate", "controls.yml", "--output", "G"])
        XCTAssertEqual(tokens.status, 1, tokens.stdout)
        XCTAssertTrue(
            tokens.stderr.contains("controls.yml:1:14: error: ") && tokens.stderr.contains("NUL character"),
            tokens.stderr)
        XCTAssertFalse(exists("G"))
    }
}

/// The writer's side of items 7 and 8(a), with the race injected through its file-system seam
/// just before the rename.
final class ConcurrentWriteTests: XCTestCase {
    static let header = OutputWriterTests.header

    func entries(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    /// Item 7: the file that appeared at a path planned as new, or took the place of the planned
    /// file, holds exactly this run's bytes (a concurrent identical run): the run succeeds.
    func testAConcurrentRunsIdenticalFileIsSuccess() throws {
        let mine = Self.header + "let a = 2\n"
        let directory = try TestSupport.temporaryDirectory(self)
        var writer = OutputWriter()
        writer.fileSystem.placeNew = { from, to in
            try? Data(mine.utf8).write(to: URL(fileURLWithPath: to))
            return FileSystemCalls.system.placeNew(from, to)
        }
        let created = writer.plan([
            PlannedOutput(directory: directory.path, file: GeneratedFile(name: "A.swift", contents: mine))
        ])
        XCTAssertEqual(try writer.apply(created).written, [directory.appendingPathComponent("A.swift").path])
        XCTAssertEqual(try entries(directory), ["A.swift"])

        for exchangeAvailable in [true, false] {
            let folder = try TestSupport.temporaryDirectory(self)
            _ = try OutputWriter().write(
                [GeneratedFile(name: "A.swift", contents: Self.header + "old\n")], to: folder.path)
            var writer = OutputWriter()
            let plan = writer.plan([
                PlannedOutput(directory: folder.path, file: GeneratedFile(name: "A.swift", contents: mine))
            ])
            writer.fileSystem.exchange = { a, b in
                // Another run renames its identical file into place (a new inode).
                try? Data(mine.utf8).write(to: URL(fileURLWithPath: b + ".other"))
                rename(b + ".other", b)
                return exchangeAvailable ? FileSystemCalls.system.exchange(a, b) : ENOSYS
            }
            XCTAssertNoThrow(try writer.apply(plan), "exchange available: \(exchangeAvailable)")
            XCTAssertEqual(
                try String(contentsOf: folder.appendingPathComponent("A.swift"), encoding: .utf8), mine)
            XCTAssertEqual(try entries(folder), ["A.swift"])
        }
    }

    /// Item 8(a): the planned file edited in place (same inode, other bytes) between the plan
    /// and the rename is left as edited, and the run fails saying so.
    func testAnInPlaceEditDuringTheWriteIsNotOverwritten() throws {
        for exchangeAvailable in [true, false] {
            let directory = try TestSupport.temporaryDirectory(self)
            let target = directory.appendingPathComponent("A.swift")
            _ = try OutputWriter().write(
                [GeneratedFile(name: "A.swift", contents: Self.header + "old\n")], to: directory.path)
            var writer = OutputWriter()
            let plan = writer.plan([
                PlannedOutput(
                    directory: directory.path, file: GeneratedFile(name: "A.swift", contents: Self.header + "new\n"))
            ])
            let edited = Self.header + "old, edited by hand\n"
            writer.fileSystem.exchange = { a, b in
                // An editor that saves in place: the same inode, new bytes.
                let handle = FileHandle(forWritingAtPath: b)!
                handle.write(Data(edited.utf8))
                try? handle.close()
                return exchangeAvailable ? FileSystemCalls.system.exchange(a, b) : ENOSYS
            }
            XCTAssertThrowsError(try writer.apply(plan)) { error in
                XCTAssertTrue(
                    (error as? OutputError)?.message.contains("the file was edited while stategen was writing it")
                        == true,
                    "\(error)")
            }
            XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), edited, "exchange: \(exchangeAvailable)")
            XCTAssertEqual(try entries(directory), ["A.swift"], "no temporary file may remain")
        }
    }
}

/// Item 2: the stamp records the inputs as the run read them, so an input saved during a run
/// (an editor saving while Xcode builds) makes the next run a full one instead of a skip that
/// keeps the stale output forever.
final class StampReadBytesTests: XCTestCase {
    func testAnInputSavedDuringTheRunMakesTheNextRunAFullOne() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let example = TestSupport.exampleSpec.deletingLastPathComponent()
        for name in try FileManager.default.contentsOfDirectory(atPath: example.path)
        where name.hasSuffix(".yml") || name.hasSuffix(".json") {
            try FileManager.default.copyItem(
                at: example.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let spec = directory.appendingPathComponent("controls.yml")
        let tokens = directory.appendingPathComponent("base.tokens.json")
        let output = directory.appendingPathComponent("Generated").path
        let specText = try String(contentsOf: spec, encoding: .utf8)
        let tokenText = try String(contentsOf: tokens, encoding: .utf8)
        for (saved, edit) in [(spec.path, specText + "\n# saved during the run\n"), (tokens.path, tokenText + "\n")] {
            // No stamp: the first run is a full one.
            try? FileManager.default.removeItem(atPath: output + "/" + GenerationStamp.fileName)
            var options = GeneratorPipeline.Options()
            // The editor saves the file right after the run read it.
            options.afterReadingInput = { path in
                if path == saved { try? Data(edit.utf8).write(to: URL(fileURLWithPath: path)) }
            }
            let job = GenerationJob(specs: [SpecReference(path: spec.path)], output: output, options: options)
            // What `generate` does after the run: the plan, the write, the stamps.
            func writeOutputsAndStamps(of generation: Generation) throws {
                let plan = GeneratorPipeline.plan(generation.outputs).plan
                _ = try GeneratorPipeline.write(plan)
                GeneratorPipeline.writeStamps(generation, plan: plan)
            }
            let generation = GeneratorPipeline.run([job], stampVersion: "test")
            XCTAssertEqual(generation.results.map(\.skipped), [false], "a full run, which reads \(saved)")
            XCTAssertFalse(generation.hasErrors, "\(generation.results.flatMap(\.diagnostics))")
            try writeOutputsAndStamps(of: generation)

            let next = GeneratorPipeline.run(
                [GenerationJob(specs: [SpecReference(path: spec.path)], output: output, options: .init())],
                stampVersion: "test")
            XCTAssertEqual(next.results.map(\.skipped), [false], "after saving \(saved) during the run")
            // And the run after that one, over unchanged inputs, skips again.
            try writeOutputsAndStamps(of: next)
            let third = GeneratorPipeline.run(
                [GenerationJob(specs: [SpecReference(path: spec.path)], output: output, options: .init())],
                stampVersion: "test")
            XCTAssertEqual(third.results.map(\.skipped), [true])
        }
    }
}

/// Item 8(b): a run of one spec never replaces the file another living spec generated there,
/// also when that spec's path holds a control character (the header writes it as a `\u{...}`
/// escape) or the output folder is reached through a symbolic link (the header names the spec
/// relative to the folder as spelled).
final class OtherSpecGuardTests: ProjectTestCase {
    func testTheGuardHoldsForEscapedSpecPathsAndLinkedFolders() throws {
        try write(StarterSpec.text, "a.yml")
        try write(StarterSpec.text, "te\tam/a.yml")
        XCTAssertEqual(try stategen(["generate", "te\tam/a.yml", "--output", "Same"]).status, 0)
        let theirs = try read("Same/Controls.swift")
        XCTAssertTrue(theirs.hasPrefix("// Generated by stategen from ../te\\u{9}am/a.yml."), theirs)
        let mine = try stategen(["generate", "a.yml", "--output", "Same"])
        XCTAssertEqual(mine.status, 1, mine.stdout)
        XCTAssertTrue(mine.stderr.contains("another spec, which still exists"), mine.stderr)
        XCTAssertEqual(try read("Same/Controls.swift"), theirs)

        try write(StarterSpec.text, "team/a.yml")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("real/deep/out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: project.appendingPathComponent("link").path, withDestinationPath: "real/deep/out")
        XCTAssertEqual(try stategen(["generate", "team/a.yml", "--output", "link"]).status, 0)
        let linked = try read("link/Controls.swift")
        XCTAssertTrue(linked.hasPrefix("// Generated by stategen from ../team/a.yml."), linked)
        let other = try stategen(["generate", "a.yml", "--output", "link"])
        XCTAssertEqual(other.status, 1, other.stdout)
        XCTAssertTrue(other.stderr.contains("another spec, which still exists"), other.stderr)
        XCTAssertEqual(try read("link/Controls.swift"), linked)

        // A spec that was renamed still replaces its old file, escaped or not.
        try FileManager.default.moveItem(
            at: project.appendingPathComponent("te\tam/a.yml"), to: project.appendingPathComponent("te\tam/b.yml"))
        let renamed = try stategen(["generate", "a.yml", "--output", "Same"])
        XCTAssertEqual(renamed.status, 0, renamed.stderr)
    }
}

/// Item 8(c) and (d): a file-size limit and an interrupt leave no temporary file.
final class InterruptedWriteTests: ProjectTestCase {
    func temporaryFiles(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent(folder).path)) ?? [])
            .filter { $0.hasSuffix(".tmp") }
    }

    /// 8(c): `ulimit -f` below the output's size: a located "File too large" error, exit 1,
    /// no temporary file and no folder left (SIGXFSZ killed the run, leaving a partial file).
    func testAFileSizeLimitIsALocatedErrorAndLeavesNothing() throws {
        try write(StarterSpec.text, "controls.yml")
        let result = try TestSupport.run(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c", "ulimit -f 4; exec \"$0\" generate controls.yml --output Generated",
                TestSupport.stategenBinary.path,
            ],
            in: project)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "Generated/Controls.swift: error: cannot write the file (in Generated): File too large"),
            result.stderr)
        XCTAssertFalse(exists("Generated"), "the folder the run created is removed again, with no temporary file")
    }

    /// 8(d): SIGINT or SIGTERM while the temporary files are written: the run removes them and
    /// ends by the signal (a shell shows 130 or 143); the old output is as it was.
    /// Runs `generate controls.yml --output folder`, held between writing its temporary files and
    /// renaming them (`STATEGEN_PAUSE_BEFORE_RENAME`), sends it `sig` once its temporary file is
    /// in `folder`, and returns the ended process.
    func interruptWhileWriting(into folder: String, with sig: Int32) throws -> Process {
        let process = Process()
        process.executableURL = TestSupport.stategenBinary
        process.arguments = ["generate", "controls.yml", "--output", folder, "--quiet"]
        process.currentDirectoryURL = project
        var environment = ProcessInfo.processInfo.environment
        environment["STATEGEN_PAUSE_BEFORE_RENAME"] = "30"
        process.environment = environment
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while temporaryFiles(folder).isEmpty, process.isRunning, Date() < deadline { usleep(2000) }
        XCTAssertFalse(temporaryFiles(folder).isEmpty, "the run is writing")
        kill(process.processIdentifier, sig)
        process.waitUntilExit()
        return process
    }

    func testAnInterruptRemovesTheRunsTemporaryFiles() throws {
        try write(StarterSpec.text, "controls.yml")
        XCTAssertEqual(try stategen(["generate", "controls.yml", "--output", "Generated", "--quiet"]).status, 0)
        let old = try read("Generated/Controls.swift")
        let edited = StarterSpec.text.replacingOccurrences(of: "A touch is down", with: "A touch is now down")
        XCTAssertNotEqual(edited, StarterSpec.text)
        try write(edited, "controls.yml")
        for sig in [SIGINT, SIGTERM] {
            let process = try interruptWhileWriting(into: "Generated", with: sig)
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "signal \(sig)")
            XCTAssertEqual(process.terminationStatus, sig)
            XCTAssertEqual(temporaryFiles("Generated"), [], "signal \(sig)")
            XCTAssertEqual(try read("Generated/Controls.swift"), old)
        }
        // The output folders the interrupted run created (here `New` and `New/Sub`) are removed
        // again once its temporary files are gone, as after a failed run; a folder that was
        // there before (`Generated`, above) stays.
        let process = try interruptWhileWriting(into: "New/Sub", with: SIGINT)
        XCTAssertEqual(process.terminationStatus, SIGINT)
        XCTAssertFalse(exists("New"), "the folders the interrupted run created are removed")
        XCTAssertTrue(exists("Generated/Controls.swift"))
    }
}

/// Item 8(e): a read-only (0444) generated file, as Perforce leaves a file not checked out, is
/// refused with advice, unless `--overwrite-read-only`; an unchanged one is no error.
final class ReadOnlyOutputTests: ProjectTestCase {
    func testAReadOnlyGeneratedFileIsRefusedUnlessTheFlagSaysOtherwise() throws {
        try write(StarterSpec.text, "controls.yml")
        XCTAssertEqual(try stategen(["generate", "controls.yml", "--output", "Generated", "--quiet"]).status, 0)
        let path = project.appendingPathComponent("Generated/Controls.swift").path
        XCTAssertEqual(chmod(path, 0o444), 0)
        let old = try read("Generated/Controls.swift")
        let unchanged = try stategen(["generate", "controls.yml", "--output", "Generated"])
        XCTAssertEqual(unchanged.status, 0, "an unchanged read-only file is not written: \(unchanged.stderr)")

        try write(
            StarterSpec.text.replacingOccurrences(of: "A touch is down", with: "A touch is now down"), "controls.yml")
        let refused = try stategen(["generate", "controls.yml", "--output", "Generated"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(
            refused.stderr.contains(
                "Generated/Controls.swift: error: the file is read-only; it is left untouched: check it out for editing (Perforce: p4 edit) or pass --overwrite-read-only"
            ), refused.stderr)
        XCTAssertEqual(try read("Generated/Controls.swift"), old)

        let overwritten = try stategen(["generate", "controls.yml", "--output", "Generated", "--overwrite-read-only"])
        XCTAssertEqual(overwritten.status, 0, overwritten.stderr)
        XCTAssertTrue(try read("Generated/Controls.swift").contains("A touch is now down"))
        XCTAssertEqual(FileSystemCalls.entry(at: path)?.mode, 0o444, "the file keeps its permission bits")
        XCTAssertTrue(try stategen(["generate", "--help"]).stdout.contains("--overwrite-read-only"))
        XCTAssertTrue(try stategen(["completions", "bash"]).stdout.contains("--overwrite-read-only"))
    }

    /// A read-only generated file that a run would remove (stale: its spec's module renamed; or
    /// another spec's in a managed folder) was deleted without a word, though one that must
    /// change is refused: now refused the same way, before anything is written.
    func testAReadOnlyGeneratedFileIsNotRemovedUnlessTheFlagSaysOtherwise() throws {
        try write(StarterSpec.text, "controls.yml")
        XCTAssertEqual(try stategen(["generate", "controls.yml", "--output", "G", "--quiet"]).status, 0)
        let path = project.appendingPathComponent("G/Controls.swift").path
        XCTAssertEqual(chmod(path, 0o444), 0)
        let old = try read("G/Controls.swift")
        try write(spec(module: "Renamed"), "controls.yml")
        let refused = try stategen(["generate", "controls.yml", "--output", "G"])
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(
            refused.stderr.contains(
                "G/Controls.swift: error: the file is read-only; it is not removed: check it out for delete (Perforce: p4 delete) or pass --overwrite-read-only"
            ), refused.stderr)
        XCTAssertEqual(refused.stdout, "", "nothing is written")
        XCTAssertFalse(exists("G/Renamed.swift"))
        XCTAssertEqual(try read("G/Controls.swift"), old)
        let removed = try stategen(["generate", "controls.yml", "--output", "G", "--overwrite-read-only"])
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertFalse(exists("G/Controls.swift"))
        XCTAssertTrue(exists("G/Renamed.swift"))

        // Another spec's file in a managed folder, no longer listed.
        try write(StarterSpec.text, "controls.yml")
        try write(spec(module: "Other"), "other.yml")
        let both = "stategen: 1\noutputs:\n  - specs: [controls.yml, other.yml]\n    output: M\n    managed: true\n"
        try write(both, "stategen.yml")
        XCTAssertEqual(try stategen(["generate", "--quiet"]).status, 0)
        XCTAssertEqual(chmod(project.appendingPathComponent("M/Other.swift").path, 0o444), 0)
        try write(both.replacingOccurrences(of: ", other.yml", with: ""), "stategen.yml")
        try write(
            StarterSpec.text.replacingOccurrences(of: "A touch is down", with: "A touch is now down"), "controls.yml")
        let unlisted = try stategen(["generate"])
        XCTAssertEqual(unlisted.status, 1, unlisted.stdout)
        XCTAssertTrue(
            unlisted.stderr.contains("M/Other.swift: error: the file is read-only; it is not removed"), unlisted.stderr)
        XCTAssertTrue(exists("M/Other.swift"))
        XCTAssertFalse(try read("M/Controls.swift").contains("A touch is now down"), "nothing is written")
    }
}
