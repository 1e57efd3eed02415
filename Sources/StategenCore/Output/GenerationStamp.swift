/// What `stategen generate` records in an output folder (the file `.stategen-stamp`) so that
/// the next run over the same inputs can skip reading the spec, checking and rendering it: a
/// fingerprint of everything the output depends on, the files it read, and a hash of each file
/// it wrote.
///
/// Why a file in the output folder rather than a line in the generated header: the header
/// would have to change whenever an input's bytes change, so a comment-only edit of the spec
/// would change generated code that today stays byte-identical (and would show up in the diffs
/// of teams that check generated code in). The stamp holds no time, path of the machine or
/// random value: two runs over the same inputs write the same stamp, so it may be checked in.
///
/// A run skips only when every part matches: stategen's version, the options (access, output
/// options, YAML limits, warnings as errors, module name, output folder, every template's
/// text), the bytes of every file the last run read (the spec, its token files, custom
/// templates), and the bytes of every file it wrote, which must all still be there. A file
/// edited, deleted or replaced by hand, or any input changed, makes a full run. A run with any
/// diagnostic writes no stamp, so its warnings are printed again next time. `stategen check`
/// never reads the stamp: it always compares the content.
///
/// Hash: XXH64 (https://github.com/Cyan4973/xxHash/blob/dev/doc/xxhash_spec.md), seed 0, which
/// detects changes; it is not meant to resist a deliberate collision. It reads 32 bytes a step
/// in four independent lanes: FNV-1a, which format 1 used, multiplies once per byte in one
/// chain, and hashing the outputs with it was a sixth of a no-op run of the example (312 KB)
/// and half of one of 1,000 kinds (9 MB).
public struct GenerationStamp: Sendable, Hashable {
    /// The stamp's file name in the output folder.
    public static let fileName = ".stategen-stamp"
    /// The first line of a stamp of this format.
    static let header = "stategen-stamp 2"

    /// The fingerprint of the version, the options and the inputs' bytes, in hexadecimal.
    public var fingerprint: String
    /// The files the run read, as the run named them, in the order read.
    public var inputs: [String]
    /// Each file written, by name in the output folder, with the hash of its bytes.
    public var outputs: [Output]

    /// A file written: its name in the output folder and the hash of its bytes
    /// (``contentHash(_:)``).
    public struct Output: Sendable, Hashable {
        public var name: String
        public var hash: String
    }

    /// The stamp's text: a header line, then `fingerprint`, `input` and `output` lines.
    public var text: String {
        var lines = [Self.header, "fingerprint \(fingerprint)"]
        lines += inputs.map { "input \($0)" }
        lines += outputs.map { "output \($0.hash) \($0.name)" }
        return lines.joined(separator: "\n") + "\n"
    }

    public init(fingerprint: String, inputs: [String], outputs: [Output]) {
        self.fingerprint = fingerprint
        self.inputs = inputs
        self.outputs = outputs
    }

    /// Parses a stamp's text; `nil` for anything else (which makes a full run).
    public init?(text: String) {
        // Split as bytes: splitting the String walks it Character by Character.
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            Substring($0)
        }
        guard lines.last == "" else { return nil }
        lines.removeLast()
        guard lines.count >= 2, lines[0] == Self.header, lines[1].hasPrefix("fingerprint ") else { return nil }
        fingerprint = String(lines[1].dropFirst("fingerprint ".count))
        inputs = []
        outputs = []
        for line in lines.dropFirst(2) {
            if line.hasPrefix("input ") {
                inputs.append(String(line.dropFirst("input ".count)))
            } else if line.hasPrefix("output ") {
                let rest = line.dropFirst("output ".count)
                guard let space = rest.firstIndex(of: " ") else { return nil }
                outputs.append(Output(name: String(rest[rest.index(after: space)...]), hash: String(rest[..<space])))
            } else {
                return nil
            }
        }
        guard !outputs.isEmpty else { return nil }
    }

    // MARK: Fingerprints

    /// XXH64 of `bytes` with seed 0.
    static func xxh64(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
        let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        let prime3: UInt64 = 0x1656_67B1_9E37_79F9
        let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
        let prime5: UInt64 = 0x27D4_EB2F_1656_67C5
        func rotated(_ value: UInt64, _ bits: UInt64) -> UInt64 { value &<< bits | value &>> (64 - bits) }
        func round(_ accumulator: UInt64, _ lane: UInt64) -> UInt64 {
            rotated(accumulator &+ lane &* prime2, 31) &* prime1
        }
        func merge(_ hash: UInt64, _ accumulator: UInt64) -> UInt64 {
            (hash ^ round(0, accumulator)) &* prime1 &+ prime4
        }
        func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        let count = bytes.count
        var offset = 0
        var hash: UInt64
        if count >= 32 {
            var v1 = prime1 &+ prime2
            var v2 = prime2
            var v3: UInt64 = 0
            var v4 = 0 &- prime1
            while offset + 32 <= count {
                v1 = round(v1, word(offset))
                v2 = round(v2, word(offset + 8))
                v3 = round(v3, word(offset + 16))
                v4 = round(v4, word(offset + 24))
                offset += 32
            }
            hash = rotated(v1, 1) &+ rotated(v2, 7) &+ rotated(v3, 12) &+ rotated(v4, 18)
            hash = merge(merge(merge(merge(hash, v1), v2), v3), v4)
        } else {
            hash = prime5
        }
        hash &+= UInt64(count)
        while offset + 8 <= count {
            hash = rotated(hash ^ round(0, word(offset)), 27) &* prime1 &+ prime4
            offset += 8
        }
        if offset + 4 <= count {
            let half = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            hash = rotated(hash ^ half &* prime1, 23) &* prime2 &+ prime3
            offset += 4
        }
        while offset < count {
            hash = rotated(hash ^ UInt64(bytes[offset]) &* prime5, 11) &* prime1
            offset += 1
        }
        hash ^= hash >> 33
        hash &*= prime2
        hash ^= hash >> 29
        hash &*= prime3
        hash ^= hash >> 32
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash of a file's bytes, as the stamp records it.
    public static func contentHash(_ bytes: [UInt8]) -> String {
        hex(bytes.withUnsafeBytes { xxh64($0) })
    }

    /// What the options contribute: every field that can change the output, in a fixed order.
    static func describe(_ options: GeneratorPipeline.Options, specs: [String], version: String) -> String {
        let swift = options.swift
        var parts = [
            "version=\(version)", "specs=\(specs.map { $0 + "\u{0}" }.reduce("", +))",
            "access=\(options.access?.rawValue ?? "-")",
            "layout=\(swift.layout?.value.rawValue ?? "-")", "inlining=\(swift.inlining?.value.rawValue ?? "-")",
            "importAccess=\(swift.importAccess?.value.rawValue ?? "-")",
            "codable=\(swift.codable.map { String($0.value) } ?? "-")",
            "hashable=\(swift.hashable.map { String($0.value) } ?? "-")",
            "provenance=\(swift.provenance.map { String($0.value) } ?? "-")",
            "limits=\(options.yamlLimits.maxDepth),\(options.yamlLimits.maxNodes),\(options.yamlLimits.maxInputBytes)",
            "warningsAsErrors=\(options.warningsAsErrors)", "output=\(options.outputDirectory ?? "-")",
            "swiftModule=\(options.swiftModule ?? "-")",
        ]
        // A built-in template is named by the fingerprint of all of them, made when they were
        // embedded; a template from a folder is hashed by its text.
        for name in options.templates.sources.keys.sorted() {
            let origin = options.templates.origins[name] ?? ""
            let text =
                origin.hasPrefix(TemplateSet.builtinOriginPrefix)
                ? "builtin \(BuiltinTemplates.fingerprint)" : "\(origin)\u{0}\(options.templates.sources[name] ?? "")"
            parts.append("template=\(name)\u{0}\(text)")
        }
        // Joined by hand: the first `joined(separator:)` of a run resolves its generic
        // witnesses at run time, which cost more than the rest of this function.
        var text = ""
        for part in parts {
            if !text.isEmpty { text += "\u{1}" }
            text += part
        }
        return text
    }

    /// The fingerprint of a job: its options and specs, and the bytes of `inputs`; `nil` when
    /// an input cannot be read. One hash over the description, then each input's path and
    /// bytes, each followed by a zero byte.
    static func fingerprint(
        options: GeneratorPipeline.Options, specs: [String], inputs: [String], version: String
    ) -> String? {
        var bytes = Array(describe(options, specs: specs, version: version).utf8)
        for path in inputs {
            guard case .success(let data) = FileSystemCalls.readFile(path) else { return nil }
            bytes += path.utf8
            bytes.append(0)
            bytes += data
            bytes.append(0)
        }
        return hex(bytes.withUnsafeBytes { xxh64($0) })
    }

    // MARK: Reading and writing

    /// The files of `job` as they are on disk, when the stamp in its output folder says that
    /// nothing changed since they were written; `nil` when a full run is needed. Each file is
    /// read once, with `open` and `read` (``FileSystemCalls/readFile(_:limit:)``).
    static func unchangedFiles(of job: GenerationJob, version: String) -> (files: [GeneratedFile], inputs: [String])? {
        let path = PathNames.join(job.output, fileName)
        guard case .success(let data) = FileSystemCalls.readFile(path),
            let stamp = GenerationStamp(text: String(decoding: data, as: UTF8.self)),
            fingerprint(options: job.options, specs: job.specs.map(\.path), inputs: stamp.inputs, version: version)
                == stamp.fingerprint
        else { return nil }
        var files: [GeneratedFile] = []
        for output in stamp.outputs {
            guard case .success(let bytes) = FileSystemCalls.readFile(PathNames.join(job.output, output.name)),
                contentHash(bytes) == output.hash
            else { return nil }
            // Only the header line is kept (see `isCurrentOnDisk`): validating megabytes of UTF-8
            // again was most of a large no-op run.
            var header = Array(bytes.prefix { $0 != UInt8(ascii: "\n") })
            header.append(UInt8(ascii: "\n"))
            guard let text = String(validating: header, as: UTF8.self) else { return nil }
            var file = GeneratedFile(name: output.name, contents: text)
            file.isCurrentOnDisk = true
            files.append(file)
        }
        return (files, stamp.inputs)
    }

    /// The stamp of a job whose run read `inputs` and generated `files`.
    static func stamp(of job: GenerationJob, inputs: [String], files: [GeneratedFile], version: String)
        -> GenerationStamp?
    {
        guard
            let fingerprint = fingerprint(
                options: job.options, specs: job.specs.map(\.path), inputs: inputs, version: version)
        else { return nil }
        return GenerationStamp(
            fingerprint: fingerprint, inputs: inputs,
            outputs: files.map { Output(name: $0.name, hash: contentHash($0.bytes)) })
    }
}
