/// The JSON Schema (draft 2020-12) of spec format version 1, for editor completion and
/// validation (`stategen schema`; see docs/spec-reference.md, "Editor support").
///
/// It checks the spec's structure: keys, node kinds and the closed sets of values. What needs
/// the whole spec — references between names, selection support, value types by attribute,
/// fallback cycles — only `stategen lint` checks. Scalars that stategen reads as text (names,
/// docs, values) may be any JSON scalar, since an editor's YAML reader types `12` or `true`
/// before the schema sees it.
public enum SpecSchema {
    /// A JSON array of a Swift enum's raw values, so the schema's closed sets cannot drift from
    /// the decoder's.
    static func choices<T: RawRepresentable & CaseIterable>(_: T.Type) -> String where T.RawValue == String {
        "[" + T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + "]"
    }

    /// A JSON array of strings.
    static func list(_ values: [String]) -> String {
        "[" + values.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }

    public static let text = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "urn:stategen:spec:1",
          "title": "stategen spec (format version 1)",
          "description": "Control kinds, their states, events, transitions and per-state attribute values, for stategen. Reference: docs/spec-reference.md.",
          "type": "object",
          "additionalProperties": false,
          "required": ["stategen", "module", "states", "events", "controls"],
          "properties": {
            "stategen": { "description": "The spec format version.", "const": 1 },
            "module": { "description": "The namespace of the generated code and its file name.", "$ref": "#/$defs/name" },
            "access": { "description": "The access level of the generated declarations.", "enum": \#(choices(AccessLevel.self)), "default": "internal" },
            "doc": { "$ref": "#/$defs/text" },
            "initial": { "description": "The state every kind starts in unless it names its own.", "$ref": "#/$defs/name", "default": "normal" },
            "unhandledEvents": { "description": "What send does with an event no row handles.", "enum": \#(choices(UnhandledEventPolicy.self)), "default": "ignore" },
            "precedence": { "description": "The order in which a combined state's states lend it their values, strongest first.", "$ref": "#/$defs/nameList" },
            "tokens": { "description": "Design tokens in the W3C Design Tokens Community Group format: groups, and tokens with $value, $type, $description.", "$ref": "#/$defs/tokenGroup" },
            "tokenFiles": {
              "description": "DTCG token files (.tokens.json), relative to the spec, later ones overriding earlier ones path by path; { path, appearance } for one appearance's values; a DTCG resolver document (.resolver.json), with the contexts chosen from it.",
              "type": "array",
              "items": {
                "anyOf": [
                  { "type": "string" },
                  {
                    "type": "object", "additionalProperties": false, "required": ["path"],
                    "properties": { "path": { "type": "string" }, "appearance": { "enum": \#(choices(Appearance.self)) } }
                  },
                  {
                    "type": "object", "additionalProperties": false, "required": ["path"],
                    "properties": {
                      "path": { "type": "string", "pattern": "\\.resolver\\.json$" },
                      "modifiers": { "description": "The context of each modifier other than the theme; else its default.", "type": "object", "additionalProperties": { "type": "string" } },
                      "themeModifier": { "description": "The modifier whose contexts are appearances; else the one named theme, else the first whose contexts name appearances.", "type": "string" },
                      "contexts": {
                        "description": "The theme context of each appearance whose name differs.", "type": "object", "additionalProperties": false,
                        "properties": { \#(Appearance.allCases.map { "\"\($0.rawValue)\": { \"type\": \"string\" }" }.joined(separator: ", ")) }
                      }
                    }
                  }
                ]
              }
            },
            "appearances": {
              "description": "The appearances values differ by; light is required.",
              "type": "array", "uniqueItems": true, "contains": { "const": "light" },
              "items": { "enum": \#(choices(Appearance.self)) }
            },
            "unusedTokens": { "description": "Whether tokens no value uses are reported.", "enum": \#(choices(UnusedTokenPolicy.self)), "default": "warn" },
            "warnings": {
              "description": "Warnings not reported for this spec (docs/diagnostics.md, Warning control); errors cannot be ignored.",
              "type": ["object", "null"], "additionalProperties": false,
              "properties": { "ignore": { "type": "array", "items": { "enum": \#(list(DiagnosticRules.warnings)) } } }
            },
            "contrast": {
              "description": "How the contrast check judges the contrast pairs of attribute sets and kinds (docs/spec-reference.md, Contrast).",
              "type": ["object", "null"], "additionalProperties": false,
              "properties": {
                "level": { "description": "The WCAG 2.2 level pairs meet: AA (4.5:1, large text 3:1) or AAA (7:1, large text 4.5:1).", "enum": \#(choices(ContrastLevel.self)), "default": "AA" },
                "backdrop": {
                  "description": "The opaque colour behind the controls, over which translucent colours are seen (default: white in light appearances, black in dark ones): a colour, a token reference or a value by appearance.",
                  "anyOf": [
                    { "type": "string" },
                    { "type": "object", "required": ["light"], "propertyNames": { "enum": \#(choices(Appearance.self)) }, "additionalProperties": { "type": "string" } }
                  ]
                },
                "exempt": { "description": "The states not checked (default: every state whose controlState has disabled, as WCAG exempts inactive components).", "$ref": "#/$defs/nameList" }
              }
            },
            "swift": {
              "description": "How the generated Swift is written (docs/spec-reference.md, Output options); stategen.yml's swift: and the command line override each key.",
              "type": ["object", "null"], "additionalProperties": false,
              "properties": {
                "layout": { "description": "single: one file; split: a shared file and one per kind.", "enum": \#(choices(SwiftOptions.Layout.self)), "default": "single" },
                "inlining": { "description": "Which public declarations are @inlinable (and types @frozen).", "enum": \#(choices(SwiftOptions.Inlining.self)), "default": "shared" },
                "importAccess": { "description": "The access level of the generated imports; by default as public as the code.", "enum": \#(choices(SwiftOptions.ImportAccess.self)) },
                "codable": { "description": "Codable conformances on states, events and styles.", "type": "boolean", "default": false },
                "hashable": { "description": "Hashable on each kind's Style and Style.Resolved.", "type": "boolean", "default": false },
                "provenance": { "description": "Spec line numbers in the generated comments.", "type": "boolean", "default": false }
              }
            },
            "states": {
              "description": "The control states; 'normal' is required.",
              "$ref": "#/$defs/names",
              "additionalProperties": { "$ref": "#/$defs/state" }
            },
            "events": {
              "description": "The events that move a control between states.",
              "$ref": "#/$defs/names",
              "additionalProperties": { "$ref": "#/$defs/event" }
            },
            "transitions": { "$ref": "#/$defs/transitions" },
            "attributes": {
              "description": "Attributes whose values differ by state.",
              "$ref": "#/$defs/names",
              "additionalProperties": { "$ref": "#/$defs/attribute" }
            },
            "attributeSets": {
              "description": "Named groups of attributes that control kinds take as a whole.",
              "$ref": "#/$defs/names",
              "additionalProperties": { "$ref": "#/$defs/attributeSet" }
            },
            "controls": {
              "description": "The control kinds.",
              "$ref": "#/$defs/names",
              "additionalProperties": { "$ref": "#/$defs/control" }
            }
          },
          "$defs": {
            "font": {
              "description": "A font: the text style it scales with, a weight, design (the system font's) and size, or a brand typeface (family, PostScript face) with a line height (a multiple of the size) and letter spacing (points); family, weight, size, lineHeight and letterSpacing may be token references (\"{font.family.sans}\").",
              "type": "object", "required": ["style"], "additionalProperties": false,
              "properties": {
                "style": { "enum": \#(choices(FontSpec.TextStyle.self)) },
                "family": { "type": "string", "minLength": 1 },
                "face": { "type": "string", "minLength": 1 },
                "weight": { "anyOf": [{ "enum": \#(choices(FontWeight.self)) }, { "type": "number", "minimum": 1, "maximum": 1000 }, { "type": "string", "pattern": "^\\{[^{}]+\\}$" }] },
                "design": { "enum": \#(choices(FontDesign.self)) },
                "size": { "anyOf": [{ "type": "number", "exclusiveMinimum": 0 }, { "type": "string", "pattern": "^\\{[^{}]+\\}$" }] },
                "lineHeight": { "anyOf": [{ "type": "number", "exclusiveMinimum": 0 }, { "type": "string", "pattern": "^\\{[^{}]+\\}$" }] },
                "letterSpacing": { "anyOf": [{ "type": "number" }, { "type": "string", "pattern": "^\\{[^{}]+\\}$" }] }
              }
            },
            "name": { "description": "A name of the spec.", "type": ["string", "number", "boolean"] },
            "tokenGroup": {
              "type": "object",
              "properties": {
                "$type": { "enum": \#(choices(TokenType.self)) },
                "$description": { "type": "string" },
                "$extensions": { "type": "object" },
                "$deprecated": { "type": ["boolean", "string"] },
                "$extends": { "description": "The group this one inherits tokens from: {group.path} or #/group/path.", "type": "string" },
                "$ref": { "description": "A JSON Pointer to the group this one inherits tokens from, as $extends.", "type": "string" },
                "$root": { "$ref": "#/$defs/token" }
              },
              "patternProperties": { "^[^$.{}][^.{}]*$": { "anyOf": [ { "$ref": "#/$defs/token" }, { "$ref": "#/$defs/tokenGroup" } ] } },
              "additionalProperties": false
            },
            "token": {
              "type": "object",
              "anyOf": [ { "required": ["$value"] }, { "required": ["$ref"] } ],
              "properties": {
                "$value": {},
                "$ref": { "description": "A JSON Pointer (#/group/token) in place of $value.", "type": "string" },
                "$type": { "enum": \#(choices(TokenType.self)) },
                "$description": { "type": "string" },
                "$extensions": { "type": "object" },
                "$deprecated": { "type": ["boolean", "string"] }
              },
              "additionalProperties": false
            },
            "contrastPairs": {
              "description": "Foreground/background pairs the contrast check measures in every state and appearance; a kind's pair replaces its sets' pair of the same foreground.",
              "type": "array",
              "items": {
                "type": "object", "additionalProperties": false, "required": ["foreground"],
                "properties": {
                  "foreground": { "description": "A color attribute: the text (or graphic) drawn.", "$ref": "#/$defs/name" },
                  "background": { "description": "A color attribute drawn behind it (default, or where the kind lacks it: the backdrop).", "$ref": "#/$defs/name" },
                  "font": { "description": "A font attribute: large text (18 pt, or 14 pt bold) needs less contrast.", "$ref": "#/$defs/name" },
                  "level": { "enum": \#(choices(ContrastLevel.self)) },
                  "text": { "description": "false: the foreground is a component or graphic (WCAG 1.4.11, 3:1).", "type": "boolean", "default": true },
                  "exempt": { "description": "States this pair does not check, besides the spec's.", "$ref": "#/$defs/nameList" }
                }
              }
            },
            "text": { "description": "Documentation text.", "type": ["string", "number", "boolean"] },
            "nameList": { "type": "array", "items": { "$ref": "#/$defs/name" } },
            "names": {
              "description": "A mapping whose keys are names (merge keys are not supported).",
              "type": "object",
              "propertyNames": { "not": { "const": "<<" } }
            },
            "state": {
              "type": ["object", "null"],
              "additionalProperties": false,
              "properties": {
                "doc": { "$ref": "#/$defs/text" },
                "fallback": { "description": "The state whose values this one uses where it has none (default: normal).", "$ref": "#/$defs/name" },
                "selection": { "description": "Only kinds that support selection have this state.", "type": "boolean", "default": false },
                "terminal": { "description": "The state is meant to have no way out.", "type": "boolean", "default": false },
                "region": { "description": "The parallel region the state is in (default: the main region); the first state of a region is its initial state.", "$ref": "#/$defs/name" },
                "controlState": {
                  "description": "The UIKit UIControl.State flags the state stands for.",
                  "anyOf": [
                    { "enum": \#(choices(ControlStateFlag.self)) },
                    { "type": "array", "minItems": 1, "uniqueItems": true, "items": { "enum": \#(choices(ControlStateFlag.self)) } }
                  ]
                }
              }
            },
            "event": {
              "type": ["object", "null"],
              "additionalProperties": false,
              "properties": {
                "doc": { "$ref": "#/$defs/text" },
                "selection": { "description": "Only kinds that support selection have this event.", "type": "boolean", "default": false },
                "role": { "description": "The event's role for SelectableControlKind.", "enum": \#(choices(EventRole.self)) },
                "uikit": { "description": "The UIControl.Event the event is.", "enum": \#(choices(UIKitControlEvent.self)) }
              }
            },
            "transitions": {
              "description": "Rows: state: { event: target state }.",
              "$ref": "#/$defs/names",
              "additionalProperties": {
                "anyOf": [
                  { "type": "null" },
                  { "$ref": "#/$defs/names", "additionalProperties": { "$ref": "#/$defs/name" } }
                ]
              }
            },
            "attribute": {
              "type": "object",
              "additionalProperties": false,
              "required": ["type"],
              "properties": {
                "type": { "enum": \#(choices(AttributeType.self)) },
                "doc": { "$ref": "#/$defs/text" },
                "uikit": { "description": "The UIKit per-state property the attribute sets.", "enum": \#(choices(UIKitProperty.self)) },
                "scaledBy": { "description": "For a dimension: the text style whose Dynamic Type scaling it follows.", "enum": \#(choices(FontSpec.TextStyle.self)) },
                "role": { "description": "What the value is to a view, for the generated apply(to:), style(_:), ButtonStyle and ToggleStyle: background, foreground, tint and borderColor need a color attribute, cornerRadius and borderWidth a dimension, font a font.", "enum": \#(choices(AttributeRole.self)) }
              }
            },
            "attributeSet": {
              "anyOf": [
                { "$ref": "#/$defs/nameList" },
                {
                  "type": "object",
                  "additionalProperties": false,
                  "required": ["attributes"],
                  "properties": {
                    "doc": { "$ref": "#/$defs/text" },
                    "attributes": { "$ref": "#/$defs/nameList" },
                    "contrast": { "$ref": "#/$defs/contrastPairs" }
                  }
                }
              ]
            },
            "control": {
              "type": ["object", "null"],
              "additionalProperties": false,
              "properties": {
                "doc": { "$ref": "#/$defs/text" },
                "selection": { "description": "The kind supports selection.", "type": "boolean", "default": false },
                "initial": { "$ref": "#/$defs/name" },
                "uikit": { "description": "The UIKit class the kind stands for.", "enum": \#(choices(UIKitControlClass.self)) },
                "swiftui": { "description": "The SwiftUI control the kind stands for.", "enum": \#(choices(SwiftUIControl.self)) },
                "sharedStates": { "description": "The shared states the kind has (default: all); must list normal.", "$ref": "#/$defs/nameList" },
                "sharedEvents": { "description": "The shared events the kind has (default: all).", "$ref": "#/$defs/nameList" },
                "states": {
                  "description": "States only this kind has.",
                  "$ref": "#/$defs/names",
                  "additionalProperties": { "$ref": "#/$defs/state" }
                },
                "events": {
                  "description": "Events only this kind has.",
                  "$ref": "#/$defs/names",
                  "additionalProperties": { "$ref": "#/$defs/event" }
                },
                "precedence": { "description": "The kind's own precedence.", "$ref": "#/$defs/nameList" },
                "transitions": { "$ref": "#/$defs/transitions" },
                "attributeSets": { "$ref": "#/$defs/nameList" },
                "contrast": { "$ref": "#/$defs/contrastPairs" },
                "warnings": {
                  "description": "Warnings not reported about this kind (docs/diagnostics.md, Warning control).",
                  "type": ["object", "null"], "additionalProperties": false,
                  "properties": { "ignore": { "type": "array", "items": { "enum": \#(list(DiagnosticRules.warnings.filter(DiagnosticRules.kindWarnings.contains))) } } }
                },
                "values": {
                  "description": "attribute: { state: value }; each value is read as its attribute's type.",
                  "$ref": "#/$defs/names",
                  "additionalProperties": {
                    "$ref": "#/$defs/names",
                    "additionalProperties": {
                      "anyOf": [
                        { "type": ["string", "number", "boolean"] },
                        { "$ref": "#/$defs/font" },
                        {
                          "description": "A value for each appearance it names; light is required.",
                          "type": "object", "required": ["light"],
                          "propertyNames": { "enum": \#(choices(Appearance.self)) },
                          "additionalProperties": { "anyOf": [{ "type": ["string", "number", "boolean"] }, { "$ref": "#/$defs/font" }] }
                        }
                      ]
                    }
                  }
                }
              }
            }
          }
        }
        """#
}
