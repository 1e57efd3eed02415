/// Keys of the template context that an earlier context version had and this one renamed or
/// removed, so that a custom template written against the old shape fails with an error that
/// says what to use instead, not only that a name is missing.
///
/// Shape: ``changed`` maps the old key (as a template names it) to the version that changed
/// it and a sentence naming what replaces it. The list is checked by
/// `TemplateContextShapeTests`: no key in it is still in the context of any valid fixture.
public enum TemplateContextKeys {
    /// One renamed or removed key.
    public struct Change: Sendable, Equatable {
        /// The ``TemplateContextBuilder/contextVersion`` that renamed or removed the key.
        public var version: Int
        /// What to use instead, as a sentence fragment without a final full stop.
        public var explanation: String
    }

    /// Every key renamed or removed since context version 3, by its old name.
    public static let changed: [String: Change] = [
        "optionalSteps": Change(
            version: 4,
            explanation:
                "the chain without 'normal' is 'fallbackCases', and each kind's 'specs' hold tables with the fallbacks applied"
        ),
        "allowedEvents": Change(
            version: 4,
            explanation: "each entry of 'switchCases' lists its events in 'handledEvents' and 'unhandledEvents'"),
    ]

    /// `message` with a note appended when it is the renderer's strict-mode miss
    /// (`no value for 'NAME'`) of a key in ``changed``: the version that changed it and what
    /// replaces it. Any other message is returned unchanged. A dotted name
    /// (`states.optionalSteps`) is explained by its first part that is such a key.
    public static func explained(_ message: String) -> String {
        let prefix = "no value for '"
        guard message.hasPrefix(prefix), let end = message.dropFirst(prefix.count).firstIndex(of: "'") else {
            return message
        }
        // The note goes right after the name; what the renderer added (the element being
        // rendered) stays at the end.
        let name = message[message.index(message.startIndex, offsetBy: prefix.count)..<end]
        let head = message[..<message.index(after: end)]
        let tail = message[message.index(after: end)...]
        guard
            let first = name.split(separator: ".").map(String.init).first(where: { changed[$0] != nil }),
            let change = changed[first]
        else { return message }
        return head
            + "; context version \(change.version) removed '\(first)' (this is version "
            + "\(TemplateContextBuilder.contextVersion)): "
            + change.explanation + tail
    }
}
