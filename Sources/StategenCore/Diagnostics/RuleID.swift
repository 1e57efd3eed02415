/// The id of the rule a diagnostic comes from: one case per rule of docs/diagnostics.md, its raw
/// value the kebab-case id printed in brackets (`[unknown-key]`), in JSON (`"rule"`) and named in
/// `warnings: { ignore: [...] }` and `--warnings-as-errors=RULE,...`.
///
/// The warning rules come first, then the error rules; ``DiagnosticRules`` derives its lists
/// from these cases.
public enum RuleID: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    // Warnings.
    case colorComponentRange = "color-component-range"
    case colorFallbackMismatch = "color-fallback-mismatch"
    case contrast = "contrast"
    case deadEndState = "dead-end-state"
    case deprecatedToken = "deprecated-token"
    case ignoredExtension = "ignored-extension"
    case ignoredMember = "ignored-member"
    case incompleteToken = "incomplete-token"
    case manyStates = "many-states"
    case namespaceShadowsModule = "namespace-shadows-module"
    case rowNeedsSelection = "row-needs-selection"
    case tokenOverrideType = "token-override-type"
    case uikitUnmappedState = "uikit-unmapped-state"
    case unknownTemplate = "unknown-template"
    case unreachableState = "unreachable-state"
    case unusedEvent = "unused-event"
    case unusedToken = "unused-token"
    // Errors: no setting silences them.
    case attributeNotInSets = "attribute-not-in-sets"
    case conflictingRows = "conflicting-rows"
    case contradictoryPrecedence = "contradictory-precedence"
    case duplicateControlState = "duplicate-control-state"
    case duplicateName = "duplicate-name"
    case duplicateRole = "duplicate-role"
    case duplicateUikitProperty = "duplicate-uikit-property"
    case emptyList = "empty-list"
    case emptySpec = "empty-spec"
    case eventNotInKind = "event-not-in-kind"
    case eventShadowsShared = "event-shadows-shared"
    case extraOutput = "extra-output"
    case fallbackCycle = "fallback-cycle"
    case invalidCombination = "invalid-combination"
    case invalidContrastPair = "invalid-contrast-pair"
    case invalidControlState = "invalid-control-state"
    case invalidFallback = "invalid-fallback"
    case invalidName = "invalid-name"
    case invalidPrecedence = "invalid-precedence"
    case invalidRegion = "invalid-region"
    case invalidRole = "invalid-role"
    case invalidValue = "invalid-value"
    case io = "io"
    case legacyTokenFile = "legacy-token-file"
    case mergeKey = "merge-key"
    case missingKey = "missing-key"
    case missingNormalState = "missing-normal-state"
    case missingNormalValue = "missing-normal-value"
    case missingOutput = "missing-output"
    case multipleDocuments = "multiple-documents"
    case nameCollision = "name-collision"
    case narrowImportAccess = "narrow-import-access"
    case orphanedTemporary = "orphaned-temporary"
    case outsideRoot = "outside-root"
    case output = "output"
    case roleTypeMismatch = "role-type-mismatch"
    case rowKeepsRegion = "row-keeps-region"
    case selectionRequired = "selection-required"
    case staleOutput = "stale-output"
    case stateNotInKind = "state-not-in-kind"
    case stateShadowsShared = "state-shadows-shared"
    case template = "template"
    case tokenCycle = "token-cycle"
    case tokenLimit = "token-limit"
    case tokenTypeMismatch = "token-type-mismatch"
    case tooManyStates = "too-many-states"
    case uikitTypeMismatch = "uikit-type-mismatch"
    case uikitUnsupportedProperty = "uikit-unsupported-property"
    case undeclaredAppearance = "undeclared-appearance"
    case undefinedAttribute = "undefined-attribute"
    case undefinedAttributeSet = "undefined-attribute-set"
    case undefinedControl = "undefined-control"
    case undefinedEvent = "undefined-event"
    case undefinedModifier = "undefined-modifier"
    case undefinedState = "undefined-state"
    case undefinedToken = "undefined-token"
    case unknownKey = "unknown-key"
    case unknownWarning = "unknown-warning"
    case unsupportedVersion = "unsupported-version"
    case wrongNodeKind = "wrong-node-kind"
    case wrongType = "wrong-type"
    case yamlDuplicateKey = "yaml-duplicate-key"
    case yamlEncoding = "yaml-encoding"
    case yamlLimit = "yaml-limit"
    case yamlSyntax = "yaml-syntax"
    case yamlUndefinedAlias = "yaml-undefined-alias"

    /// The kebab-case id, as printed.
    public var description: String { rawValue }

    /// Whether the rule reports warnings (which can be ignored or made errors), not errors.
    public var isWarning: Bool {
        switch self {
        case .colorComponentRange, .colorFallbackMismatch, .contrast, .deadEndState, .deprecatedToken,
            .ignoredExtension, .ignoredMember, .incompleteToken, .manyStates, .namespaceShadowsModule,
            .rowNeedsSelection, .tokenOverrideType, .uikitUnmappedState, .unknownTemplate, .unreachableState,
            .unusedEvent, .unusedToken:
            return true
        default:
            return false
        }
    }

    /// Whether the rule is a warning about one control kind, which a kind's own
    /// `warnings: { ignore: [...] }` can silence for that kind.
    public var isKindWarning: Bool {
        switch self {
        case .contrast, .deadEndState, .manyStates, .rowNeedsSelection, .uikitUnmappedState, .unreachableState,
            .unusedEvent:
            return true
        default:
            return false
        }
    }
}
