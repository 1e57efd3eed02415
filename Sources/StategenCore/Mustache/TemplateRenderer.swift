// Renders a parsed node tree into one output buffer of UTF-8 bytes.

import Dispatch
import Glibc

/// One entry of the context stack.
private struct ContextFrame {
    /// The frame's value; `.null` while ``pending`` is set.
    var value: TemplateValue
    /// Position in the list being iterated, or -1 when the frame is not a list element.
    let index: Int
    let count: Int
    /// The lazy list whose element `index` the frame is, when that element is made only once a
    /// name is looked up in it (a kind whose partials are written by typed code may never need
    /// its context); `nil` once made, or for a frame made up front.
    var pending: TemplateLazyList? = nil
    /// The typed renderers of the kinds when the frame is one of them (``KindRenderer``).
    var kinds: KindRenderer? = nil
}

/// Where partials come from during one render.
enum PartialSource {
    case templates([String: Template])
    case cache(PartialCache)
}

final class TemplateRenderer {
    /// The UTF-8 rendered so far: one buffer, appended to and never copied.
    private var output: [UInt8] = []
    /// `options.removesTrailingWhitespace`, read once.
    private let trims: Bool
    private var stack: [ContextFrame]
    private let options: RenderOptions
    private let partials: PartialSource
    /// Prepended at each `.lineStart` (standalone partial, parent and block indentation).
    private var indentation = ""
    /// Block arguments of the innermost parent being rendered (~inheritance.yml).
    private var overrides: [String: [Node]] = [:]
    /// Output size at which a `.lineStart` is skipped: the start of a block expanded
    /// mid-line, where the line already has its text (~inheritance.yml "Standalone block").
    private var suppressIndentAt = -1
    private var depth = 0
    /// Node lists being rendered, one inside the other (`TemplateParser.maxNesting`).
    private var nesting = 0
    /// Expansions so far (`RenderOptions.maxExpansions`).
    private var expansions = 0
    /// Bytes of outer renders set aside while a lambda result renders into `output`.
    private var setAside = 0
    /// The tag whose expansion is being rendered (the innermost section, partial, parent,
    /// block or lambda), where a passed output limit is reported; `nil` at the top level.
    private var expanding: TemplateLocation?
    /// The names of the partials (and parents) this render used, for build dependencies.
    private(set) var usedPartials: Set<String> = []
    /// Where finished lines go once ``output`` holds ``sinkChunk`` bytes (``render(_:into:)``),
    /// so that the render holds one chunk, not the file; `nil`: everything stays in ``output``.
    private var sink: ((UnsafeBufferPointer<UInt8>) throws(TemplateError) -> Void)?
    /// Bytes already given to ``sink``: positions in the file are `flushed + output.count`.
    private var flushed = 0
    /// How many bytes ``output`` collects before they go to the sink: 256 KiB (its buffer of
    /// twice that is a part of the peak; a 60 MB file is about 230 writes).
    static let sinkChunk = 1 << 18

    /// The name of the template rendered, for errors at its top level.
    private let topName: String
    /// A typed partial written ahead for a batch of kinds (``RenderOptions/typedThreads``):
    /// its name, the index of the batch's first kind, and each kind's output.
    private var ahead: (name: String, start: Int, outputs: [KindOutput])?
    /// The fewest kinds a section must go over for its typed partial to be written ahead on
    /// more than one thread: one batch (``aheadBatch``). A chosen bound, not a measured break-even:
    /// a spec of fewer kinds renders in a few milliseconds on one thread.
    static let aheadMinimum = 64
    /// How many kinds one batch written ahead holds: with the synthetic spec's kind size
    /// (about 6 KB of Swift), a batch holds about 400 KB at a time (256 kinds added 3.5 MiB to
    /// the peak of a 3,000-kind run).
    static let aheadBatch = 64

    init(context: TemplateValue, partials: PartialSource, options: RenderOptions, name: String = "") {
        self.topName = name
        self.stack = [ContextFrame(value: context, index: -1, count: 0)]
        self.partials = partials
        self.options = options
        self.trims = options.removesTrailingWhitespace
    }

    /// Renders `nodes` and returns the output's UTF-8 bytes. `capacity` is reserved up front
    /// (a guess of the output size, in bytes; the buffer grows past it as needed).
    func render(_ nodes: [Node], capacity: Int = 0) throws(TemplateError) -> [UInt8] {
        output.reserveCapacity(capacity)
        try renderNodes(nodes)
        if trims { trimTrailingBlanks() }
        return output
    }

    /// Renders `nodes`, giving the output to `sink` in pieces of whole lines, about
    /// ``sinkChunk`` bytes each (the last piece may end without a line break), in order; the
    /// bytes are those ``render(_:capacity:)`` returns. Returns how many bytes were given.
    ///
    /// - Throws: what `sink` throws (the render stops there), or the render's `TemplateError`.
    func render(
        _ nodes: [Node], into sink: @escaping (UnsafeBufferPointer<UInt8>) throws(TemplateError) -> Void
    ) throws(TemplateError) -> Int {
        self.sink = sink
        defer { self.sink = nil }
        output.reserveCapacity(Self.sinkChunk * 2)
        try renderNodes(nodes)
        if trims { trimTrailingBlanks() }
        try output.withUnsafeBufferPointer { (bytes) throws(TemplateError) in try sink(bytes) }
        flushed += output.count
        output.removeAll()
        return flushed
    }

    /// Gives the finished lines of ``output`` to the sink, keeping the line being written (its
    /// trailing blanks may still be trimmed). Only between nodes of the top render: a lambda's
    /// result is rendered into ``output`` on its own (``setAside``).
    private func flushLines() throws(TemplateError) {
        guard let sink, setAside == 0,
            let lastBreak = output.lastIndex(of: 0x0A)
        else { return }
        let end = lastBreak + 1
        try output.withUnsafeBufferPointer { (bytes) throws(TemplateError) in
            try sink(UnsafeBufferPointer(rebasing: bytes[..<end]))
        }
        flushed += end
        output.removeSubrange(..<end)
    }

    /// The position in the whole file of the next byte appended.
    private var position: Int { flushed + output.count }

    // MARK: - Output

    /// Appends `text`'s UTF-8.
    @inline(__always)
    private func append(_ text: String) {
        if !trims {
            output.append(contentsOf: text.utf8)
            return
        }
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends `bytes`; with `removesTrailingWhitespace`, every line this completes loses the
    /// spaces and tabs at its end first (they may have been appended by earlier calls).
    private func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard trims, let base = bytes.baseAddress else {
            output.append(contentsOf: bytes)
            return
        }
        var start = 0
        while start < bytes.count {
            guard let found = memchr(base + start, 0x0A, bytes.count - start) else {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
                return
            }
            let newline = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<newline]))
            trimTrailingBlanks()
            output.append(0x0A)
            start = newline + 1
        }
    }

    /// Drops the spaces and tabs at the end of the output. Both are ASCII, so the output stays
    /// valid UTF-8; generated string literals are single-line with escapes, so no literal's
    /// content is touched.
    private func trimTrailingBlanks() {
        while let last = output.last, last == 0x20 || last == 0x09 { output.removeLast() }
    }

    // MARK: - Nodes

    private func renderNodes(_ nodes: [Node]) throws(TemplateError) {
        // The template's own node list is level 0, each expansion's list one more.
        nesting += 1
        defer { nesting -= 1 }
        if nesting > TemplateParser.maxNesting + 1 {
            throw TemplateError(
                location: expanding ?? TemplateLocation(template: topName, line: 1, column: 1),
                message:
                    "sections, partials, parents, blocks and lambdas expanded more than "
                    + "\(TemplateParser.maxNesting) levels deep")
        }
        for node in nodes {
            switch node {
            case .text(let text):
                append(text)
            case .lineStart:
                if !indentation.isEmpty && position != suppressIndentAt {
                    append(indentation)
                }
            case .variable(let variable):
                guard let value = try resolve(variable.name, at: variable.location) else {
                    continue
                }
                try interpolate(
                    value, escaped: variable.escaped, name: variable.name, at: variable.location)
            case .section(let section):
                try renderSection(section)
            case .partial(let partial):
                try renderPartial(
                    partial.reference, indentation: partial.indentation, arguments: nil,
                    at: partial.location)
            case .parent(let parent):
                try renderPartial(
                    parent.reference, indentation: parent.indentation,
                    arguments: parent.arguments, at: parent.location)
            case .block(let block):
                try renderBlock(block)
            }
            if output.count + setAside + flushed > options.maxOutputBytes { try outputLimitPassed(at: node) }
            if output.count >= Self.sinkChunk, sink != nil { try flushLines() }
        }
    }

    /// Throws the output limit's error at `node`'s tag, or at the tag being expanded for text.
    private func outputLimitPassed(at node: Node) throws(TemplateError) {
        let location: TemplateLocation?
        switch node {
        case .variable(let variable): location = variable.location
        case .section(let section): location = section.location
        case .partial(let partial): location = partial.location
        case .parent(let parent): location = parent.location
        case .block(let block): location = block.location
        case .text, .lineStart: location = expanding
        }
        throw TemplateError(
            location: location ?? TemplateLocation(template: topName, line: 1, column: 1),
            message:
                "the output passed the limit of \(options.maxOutputBytes) bytes "
                + "(partials or sections that multiply the output?)")
    }

    /// Counts one expansion of the tag at `location`; throws past `options.maxExpansions`.
    private func expand(at location: TemplateLocation) throws(TemplateError) {
        expansions += 1
        if expansions > options.maxExpansions {
            throw TemplateError(
                location: location,
                message:
                    "rendering made more than \(options.maxExpansions) expansions of sections, partials, "
                    + "blocks and lambdas (partials or sections that multiply?)")
        }
    }

    /// Mustache spec, interpolation.yml: values render as text, `{{x}}` HTML-escapes
    /// (`& " < >`) unless `escapesHTML` is false, `{{{x}}}` and `{{&x}}` never escape.
    private func interpolate(
        _ value: TemplateValue, escaped: Bool, name: VariableName, at location: TemplateLocation
    ) throws(TemplateError) {
        let text: String
        switch value {
        case .lambda(let lambda):
            // ~lambdas.yml: call with no argument, render a string result with default
            // delimiters, then escape it like any interpolation.
            try expand(at: location)
            let result = lambda(nil)
            if case .string(let source) = result {
                text = try renderLambdaResult(
                    source, delimiters: .standard, name: name, at: location)
            } else {
                guard let scalar = result.scalarText else {
                    try complainAboutInterpolating(result, name: name, at: location)
                    return
                }
                text = scalar
            }
        default:
            guard let scalar = value.scalarText else {
                try complainAboutInterpolating(value, name: name, at: location)
                return
            }
            text = scalar
        }
        if escaped && options.escapesHTML {
            appendEscaped(text)
        } else {
            append(text)
        }
    }

    private func complainAboutInterpolating(
        _ value: TemplateValue, name: VariableName, at location: TemplateLocation
    ) throws(TemplateError) {
        guard options.isStrict else { return }
        let kind: String
        switch value {
        case .list, .lazyList: kind = "a list"
        case .object: kind = "an object"
        default: kind = "a lambda result"
        }
        throw TemplateError(
            location: location, message: "cannot interpolate '\(name.text)': it is \(kind)")
    }

    private func appendEscaped(_ text: String) {
        var needsEscaping = false
        for byte in text.utf8 where byte == 0x26 || byte == 0x22 || byte == 0x3C || byte == 0x3E {
            needsEscaping = true
            break
        }
        guard needsEscaping else {
            append(text)
            return
        }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case 0x26: escaped.append(contentsOf: "&amp;".utf8)
            case 0x22: escaped.append(contentsOf: "&quot;".utf8)
            case 0x3C: escaped.append(contentsOf: "&lt;".utf8)
            case 0x3E: escaped.append(contentsOf: "&gt;".utf8)
            default: escaped.append(byte)
            }
        }
        escaped.withUnsafeBufferPointer { append($0) }
    }

    /// Mustache spec, sections.yml and inverted.yml: a list repeats the section once per
    /// element, another truthy value is pushed once, falsey values (null, false, empty list)
    /// and misses skip it; an inverted section renders exactly when the section would not.
    private func renderSection(_ section: SectionNode) throws(TemplateError) {
        let value = try resolve(section.name, at: section.location)
        let outer = expanding
        expanding = section.location
        defer { expanding = outer }
        if section.inverted {
            if value?.isFalsey ?? true {
                try expand(at: section.location)
                try renderNodes(section.children)
            }
            return
        }
        guard let value, !value.isFalsey else { return }
        switch value {
        case .list(let items):
            for (index, item) in items.enumerated() {
                try expand(at: section.location)
                stack.append(ContextFrame(value: item, index: index, count: items.count))
                try renderNodes(section.children)
                stack.removeLast()
            }
        case .lazyList(let list):
            // Each element is made here and released when its frame is popped. A kind whose
            // partials may be written by typed code is made only when a name is looked up in it.
            let deferred = list.kinds != nil && !options.typedPartials.isEmpty
            let written = deferred ? writtenAhead(section, count: list.count) : nil
            defer { ahead = nil }
            for index in 0..<list.count {
                if let written, let kinds = list.kinds, index % Self.aheadBatch == 0 {
                    writeAhead(written, kinds: kinds, from: index, count: min(Self.aheadBatch, list.count - index))
                }
                try expand(at: section.location)
                stack.append(
                    deferred
                        ? ContextFrame(value: .null, index: index, count: list.count, pending: list, kinds: list.kinds)
                        : ContextFrame(value: list[index], index: index, count: list.count))
                try renderNodes(section.children)
                stack.removeLast()
            }
        case .lambda(let lambda):
            // ~lambdas.yml: called with the raw section text; a string result is rendered
            // with the delimiters in effect at the section tag.
            try expand(at: section.location)
            let result = lambda(section.rawText)
            if case .string(let source) = result {
                append(
                    try renderLambdaResult(
                        source, delimiters: section.delimiters, name: section.name,
                        at: section.location))
            } else if let scalar = result.scalarText {
                append(scalar)
            }
        default:
            try expand(at: section.location)
            stack.append(ContextFrame(value: value, index: -1, count: 0))
            try renderNodes(section.children)
            stack.removeLast()
        }
    }

    private func renderLambdaResult(
        _ source: String, delimiters: Delimiters, name: VariableName,
        at location: TemplateLocation
    ) throws(TemplateError) -> String {
        let nodes: [Node]
        do throws(TemplateError) {
            nodes = try TemplateParser(
                source: source, name: "lambda '\(name.text)'", delimiters: delimiters
            ).parse()
        } catch {
            throw TemplateError(
                location: location,
                message: "result of lambda '\(name.text)' does not parse: \(error.description)")
        }
        try enterNesting("lambda '\(name.text)'", at: location)
        defer { depth -= 1 }
        let savedOutput = output
        let savedIndentation = indentation
        let savedSuppress = suppressIndentAt
        let savedExpanding = expanding
        setAside += savedOutput.count
        output = []
        indentation = ""
        suppressIndentAt = -1
        expanding = location
        defer {
            setAside -= savedOutput.count
            output = savedOutput
            indentation = savedIndentation
            suppressIndentAt = savedSuppress
            expanding = savedExpanding
        }
        try renderNodes(nodes)
        // Blanks at the result's end are mid-line in the output: the caller's append keeps or
        // trims them as the line ends.
        return String(decoding: output, as: UTF8.self)
    }

    /// Partials (partials.yml) and parents (~inheritance.yml): rendered against the current
    /// context stack, each line indented by the standalone tag's indentation. A parent passes
    /// its block arguments down; arguments from further out take precedence.
    private func renderPartial(
        _ reference: PartialReference, indentation extra: String,
        arguments: [String: [Node]]?, at location: TemplateLocation
    ) throws(TemplateError) {
        let name: String
        switch reference {
        case .fixed(let fixed):
            name = fixed
        case .dynamic(let variable):
            // ~dynamic-names.yml: the name resolves like an interpolation; misses render
            // nothing.
            guard let value = try resolve(variable, at: location) else { return }
            guard case .string(let resolved) = value else {
                if options.isStrict {
                    throw TemplateError(
                        location: location,
                        message: "dynamic partial name '\(variable.text)' is not a string")
                }
                return
            }
            name = resolved
        }
        if case .fixed = reference, try renderTyped(name, indentation: extra, arguments: arguments, at: location) {
            return
        }
        guard let nodes = try partialNodes(named: name) else {
            if options.isStrict {
                throw TemplateError(location: location, message: "no partial named '\(name)'")
            }
            return
        }
        usedPartials.insert(name)
        try expand(at: location)
        try enterNesting("partial '\(name)'", at: location)
        let savedIndentation = indentation
        let savedOverrides = overrides
        let savedExpanding = expanding
        expanding = location
        indentation += extra
        if let arguments, !arguments.isEmpty {
            var merged = arguments
            for (key, value) in overrides { merged[key] = value }
            overrides = merged
        }
        defer {
            depth -= 1
            indentation = savedIndentation
            overrides = savedOverrides
            expanding = savedExpanding
        }
        try renderNodes(nodes)
    }

    /// Writes partial `name` by its typed renderer (``KindRenderer``) when the options allow
    /// it, the partial is included by a fixed name directly inside a kind of the file's
    /// `controls` (the stack is the file's context and the kind), without indentation or block
    /// arguments (the typed code writes the template's lines as they are): what its template
    /// would render there. `false`, writing nothing, where any of that does not hold.
    private func renderTyped(
        _ name: String, indentation extra: String, arguments: [String: [Node]]?, at location: TemplateLocation
    ) throws(TemplateError) -> Bool {
        guard options.typedPartials.contains(name), stack.count == 2, let kinds = stack[1].kinds,
            extra.isEmpty, indentation.isEmpty, arguments?.isEmpty ?? true
        else { return false }
        var written = KindOutput()
        let index = stack[1].index
        if let ahead, ahead.name == name, index >= ahead.start, index - ahead.start < ahead.outputs.count {
            written = ahead.outputs[index - ahead.start]
        } else {
            guard kinds.render(name, kind: index, into: &written) else { return false }
        }
        try expand(at: location)
        usedPartials.insert(name)
        usedPartials.formUnion(written.included)
        written.bytes.withUnsafeBufferPointer { append($0) }
        return true
    }

    /// The typed partial a section over `count` kinds has written ahead
    /// (``RenderOptions/typedThreads``): the first that its content includes directly, by a
    /// fixed name and without indentation, where ``renderTyped(_:indentation:arguments:at:)``
    /// would write it; `nil` with one thread, below ``aheadMinimum`` kinds, or inside a
    /// partial or block.
    private func writtenAhead(_ section: SectionNode, count: Int) -> String? {
        guard options.typedThreads > 1, count >= Self.aheadMinimum, stack.count == 1, indentation.isEmpty else {
            return nil
        }
        for node in section.children {
            if case .partial(let partial) = node, case .fixed(let name) = partial.reference,
                partial.indentation.isEmpty, options.typedPartials.contains(name)
            {
                return name
            }
        }
        return nil
    }

    /// Writes partial `name` for kinds `start..<start + count` on ``RenderOptions/typedThreads``
    /// threads (kind `i` on thread `i % threads`, so that each thread gets kinds of every
    /// size), into ``ahead``. What each kind gets is what ``KindRenderer/render(_:kind:into:)``
    /// writes on this thread: it reads only the plans and names, which no thread changes.
    private func writeAhead(_ name: String, kinds: KindRenderer, from start: Int, count: Int) {
        let threads = min(options.typedThreads, count)
        var outputs = [KindOutput](repeating: KindOutput(), count: count)
        outputs.withUnsafeMutableBufferPointer { buffer in
            // Each thread writes its own elements of the buffer, and the buffer outlives them
            // (`concurrentPerform` returns once every iteration has).
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                var index = thread
                while index < count {
                    _ = kinds.render(name, kind: start + index, into: &slots[index])
                    index += threads
                }
            }
        }
        ahead = (name, start, outputs)
    }

    /// ~inheritance.yml: a block renders the argument of that name passed by an enclosing
    /// parent, else its default content, re-indented to this position.
    private func renderBlock(_ block: BlockNode) throws(TemplateError) {
        let argument = overrides[block.name]
        let content = argument ?? block.children
        let savedIndentation = indentation
        let savedSuppress = suppressIndentAt
        indentation += block.indentation
        if block.isStandalone {
            if !indentation.isEmpty, let first = content.first {
                if case .lineStart = first {} else { append(indentation) }
            }
        } else {
            suppressIndentAt = position
        }
        if argument != nil { try enterNesting("block '\(block.name)'", at: block.location) }
        let savedExpanding = expanding
        expanding = block.location
        defer {
            if argument != nil { depth -= 1 }
            indentation = savedIndentation
            suppressIndentAt = savedSuppress
            expanding = savedExpanding
        }
        try expand(at: block.location)
        try renderNodes(content)
    }

    private func enterNesting(_ what: String, at location: TemplateLocation) throws(TemplateError) {
        if depth >= options.maxPartialDepth {
            throw TemplateError(
                location: location,
                message:
                    "\(what) nested more than \(options.maxPartialDepth) levels deep "
                    + "(recursive partial?)")
        }
        depth += 1
    }

    private func partialNodes(named name: String) throws(TemplateError) -> [Node]? {
        switch partials {
        case .templates(let templates):
            return templates[name]?.nodes
        case .cache(let cache):
            return try cache.nodes(named: name)
        }
    }

    // MARK: - Names

    /// Mustache spec, interpolation.yml / sections.yml name resolution: `.` is the top of the
    /// context stack; otherwise the first dotted part is looked up from the top of the stack
    /// down (the first hash that has the key wins, even if its value is null), the other
    /// parts only inside the previous result. Extension: `@first`, `@last`, `@index` refer to
    /// the innermost list iteration. Strict mode turns a miss into an error.
    private func resolve(_ name: VariableName, at location: TemplateLocation) throws(TemplateError)
        -> TemplateValue?
    {
        if let value = lookup(name) { return value }
        if options.isStrict {
            throw TemplateError(location: location, message: "no value for '\(name.text)'" + missDetail(name))
        }
        return nil
    }

    /// What a strict-mode miss of `name` adds to its message: the part of a dotted name that
    /// is not an object (`; 'selection' is false here`), and the innermost list element being
    /// rendered, by its `name` where it has one (`; in the list element named 'PushButton'`),
    /// since a miss that only some elements make is otherwise hard to place.
    private func missDetail(_ name: VariableName) -> String {
        var detail = ""
        if name.keys.count > 1, let first = name.components.first.flatMap(VariableName.init),
            var current = lookup(first)
        {
            for (index, component) in name.keys.enumerated().dropFirst() {
                guard case .object(let object) = current else {
                    let path = name.components.prefix(index).joined(separator: ".")
                    detail += "; '\(path)' is \(Self.describe(current)) here"
                    break
                }
                guard let next = object[component] else { break }
                current = next
            }
        }
        if let position = stack.lastIndex(where: { $0.index >= 0 }) {
            let frame = stack[position]
            if case .object(let object) = frameValue(position), case .string(let elementName)? = object["name"] {
                detail += "; in the list element named '\(elementName)' (@index \(frame.index))"
            } else {
                detail += "; in list element @index \(frame.index)"
            }
        }
        return detail
    }

    /// A value's kind, for a message: `false`, `a string`, `a list`.
    private static func describe(_ value: TemplateValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .int, .double: "a number"
        case .string: "a string"
        case .list, .lazyList: "a list"
        case .object: "an object"
        case .lambda: "a lambda"
        }
    }

    /// The value of the frame at `position`, made first if it is pending.
    @inline(__always)
    private func frameValue(_ position: Int) -> TemplateValue {
        if let list = stack[position].pending {
            stack[position].value = list[stack[position].index]
            stack[position].pending = nil
        }
        return stack[position].value
    }

    private func lookup(_ name: VariableName) -> TemplateValue? {
        guard let first = name.keys.first else { return frameValue(stack.count - 1) }
        if let special = name.special {
            var position = stack.count - 1
            while position >= 0 {
                let frame = stack[position]
                if frame.index >= 0 {
                    switch special {
                    case .first: return .bool(frame.index == 0)
                    case .last: return .bool(frame.index == frame.count - 1)
                    case .index: return .int(frame.index)
                    }
                }
                position -= 1
            }
            return nil
        }
        var found: TemplateValue?
        var position = stack.count - 1
        while position >= 0 {
            if case .object(let object) = frameValue(position), let value = object[first] {
                found = value
                break
            }
            position -= 1
        }
        guard var current = found else { return nil }
        for component in name.keys.dropFirst() {
            guard case .object(let object) = current, let value = object[component] else {
                return nil
            }
            current = value
        }
        return current
    }
}
