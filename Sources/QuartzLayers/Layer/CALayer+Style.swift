// `style` defaults. Apple: "An optional dictionary used to store property values that aren't explicitly
// defined by the layer. … If the style dictionary does not define a value for an attribute, the receiver's
// defaultValue(forKey:) class method is called. … The style dictionary may itself contain a style key,
// which is searched recursively" [A: DOC-calayer/style]. A property's value is therefore: the explicitly set
// value → the style's (nearest level first) → `defaultValue(forKey:)` → the built-in default.
//
// Built-in properties keep their effective value in the model state, so snapshots and presentation copies
// show style values with no lookup per frame: setting `style` re-resolves every property not explicitly set.
// Apple does not document whether a style change runs actions; here it does not (it is not a property set).
import Foundation

extension CALayer {
    /// The value for `key` in `style`, searching nested `style` dictionaries (nearest level first).
    func styleValue(forKey key: String) -> Any? {
        var level = style
        var depth = 0
        // The depth bound keeps a self-referencing style dictionary from looping forever.
        while let current = level, depth < 64 {
            if let found = current[key] { return found }
            level = current["style"] as? [AnyHashable: Any]
            depth += 1
        }
        return nil
    }

    /// Re-resolves every built-in property not explicitly set from `style`, then `defaultValue(forKey:)`, then
    /// the built-in default (called when `style` changes, and when a layer of a class from outside this module
    /// is created, since it may override `defaultValue(forKey:)`).
    /// `notingChange` is false for a new layer: it is in no tree yet, and joining one records the change (no
    /// implicit transaction is opened just by creating a layer).
    func applyStyleDefaults(notingChange: Bool = true) {
        guard !isPresentationCopy else { return }
        let table = type(of: self).propertyTable
        let builtIn = LayerProperties()
        var changed = false
        for (key, accessor) in table where !explicitKeys.contains(key) {
            let resolved = (styleValue(forKey: key) ?? type(of: self).defaultValue(forKey: key))
                .flatMap { LayerValue(boxed: $0, as: accessor.kind) } ?? accessor.value(in: builtIn)
            guard resolved != accessor.value(in: modelValues) else { continue }
            if accessor.write(&modelValues, resolved) {
                changed = true
                didChangeValue(forKey: key)
            }
        }
        if notingChange && (changed || style != nil) { noteStructuralChange() }
    }

    /// Records that `key` was set explicitly (style values no longer apply to it).
    func markExplicit(_ key: String) {
        if !isPresentationCopy && !explicitKeys.contains(key) { explicitKeys.insert(key) }
    }
}
