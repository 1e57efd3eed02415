/// How the generated Swift is written, as opposed to what it says: the `swift:` mapping of a
/// spec or of `stategen.yml`, and the command line's `--layout`, `--inlining`,
/// `--import-access`, `--codable`, `--hashable` and `--provenance`. Every field is optional so
/// that the sources layer: the command line over `stategen.yml` (an entry's over the file's),
/// over the spec, over the defaults (``resolved``). docs/spec-reference.md, "Output options".
public struct SwiftOptions: Sendable, Hashable {
    /// How a spec's code is split into files.
    public enum Layout: String, Sendable, Hashable, CaseIterable {
        /// Everything in one file, `Module.swift`: the default, the fastest from clean.
        case single
        /// One file per control kind (`Module+Kind.swift`) and one shared file (`Module.swift`):
        /// a change to one kind rewrites one file. From clean it builds no faster: at `-O` (whole
        /// module) as fast as `single`, in a debug build about twice as slow, because every
        /// compiler job parses every file (`scripts/benchmark-size`, docs/spec-reference.md).
        case split
    }

    /// Which declarations are `@inlinable` (and which types `@frozen`), for public code.
    public enum Inlining: String, Sendable, Hashable, CaseIterable {
        /// Every public declaration `@inlinable` and every public type `@frozen`: a client
        /// compiles the transition switches into its own code, so a binary framework must not
        /// change without its clients being rebuilt.
        case all
        /// Only the code that does not depend on the spec (the machine, value tables, colours,
        /// the UIKit and SwiftUI bridges): clients inline the hot paths, and the spec's own
        /// tables stay behind the module boundary, safe for binary frameworks.
        case shared
        /// Nothing: a resilient module with no inlined code and no frozen types.
        case none
    }

    /// The access level of the generated file's imports (SE-0409).
    public enum ImportAccess: String, Sendable, Hashable, CaseIterable {
        /// `public import`: needed with `InternalImportsByDefault` when the code is public.
        case `public`
        /// `package import`.
        case `package`
        /// `internal import`.
        case `internal`
        /// A plain `import`, whose access the module's settings decide.
        case plain

        /// The modifier before `import`, with its space; empty for `plain`.
        public var modifier: String { self == .plain ? "" : "\(rawValue) " }
    }

    public var layout: Located<Layout>?
    public var inlining: Located<Inlining>?
    public var importAccess: Located<ImportAccess>?
    /// `Codable` conformances on states, events, values and styles.
    public var codable: Located<Bool>?
    /// `Hashable` on each kind's `Style` and `Style.Resolved` (the shared types are always
    /// `Hashable`).
    public var hashable: Located<Bool>?
    /// Source-line comments (`controls.yml:42`) in the output; without them, editing the spec
    /// rewrites only the lines whose meaning changed.
    public var provenance: Located<Bool>?

    public init(
        layout: Located<Layout>? = nil, inlining: Located<Inlining>? = nil,
        importAccess: Located<ImportAccess>? = nil, codable: Located<Bool>? = nil,
        hashable: Located<Bool>? = nil, provenance: Located<Bool>? = nil
    ) {
        self.layout = layout
        self.inlining = inlining
        self.importAccess = importAccess
        self.codable = codable
        self.hashable = hashable
        self.provenance = provenance
    }

    /// The keys of the `swift:` mapping.
    public static let keys = ["layout", "inlining", "importAccess", "codable", "hashable", "provenance"]

    /// These options, each unset one taken from `base`.
    public func over(_ base: SwiftOptions) -> SwiftOptions {
        SwiftOptions(
            layout: layout ?? base.layout, inlining: inlining ?? base.inlining,
            importAccess: importAccess ?? base.importAccess, codable: codable ?? base.codable,
            hashable: hashable ?? base.hashable, provenance: provenance ?? base.provenance)
    }

    /// Every option decided: the set ones, and the defaults for the rest.
    public func resolved(access: AccessLevel) -> Resolved {
        Resolved(
            layout: layout?.value ?? .single,
            inlining: inlining?.value ?? .shared,
            importAccess: importAccess?.value ?? Resolved.defaultImportAccess(for: access),
            codable: codable?.value ?? false,
            hashable: hashable?.value ?? false,
            provenance: provenance?.value ?? false)
    }

    /// Every option with its value.
    public struct Resolved: Sendable, Hashable {
        public var layout: Layout
        public var inlining: Inlining
        public var importAccess: ImportAccess
        public var codable: Bool
        public var hashable: Bool
        public var provenance: Bool

        /// The imports' default access: as public as the code (`public import` for public code,
        /// which `InternalImportsByDefault` needs), and a plain `import` for internal code.
        public static func defaultImportAccess(for access: AccessLevel) -> ImportAccess {
            switch access {
            case .public: .public
            case .package: .package
            case .internal: .plain
            }
        }
    }
}
