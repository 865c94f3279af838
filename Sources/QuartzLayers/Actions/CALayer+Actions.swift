// The action search (spec §6.2): delegate → `actions` → `style` (recursively) → `defaultAction(forKey:)`
// → Core Animation's built-in implicit animation. `NSNull` at any step stops the search.
import Foundation

extension CALayer {
    /// The body of `action(forKey:)`: Apple's search order.
    func searchAction(forKey event: String) -> (any CAAction)? {
        if let delegate, let found = delegate.action(for: self, forKey: event) {
            return found is NSNull ? nil : found
        }
        if let found = actions?[event] {
            return found is NSNull ? nil : found
        }
        var styleLevel = style
        var depth = 0
        // The depth bound keeps a self-referencing style dictionary from looping forever.
        while let level = styleLevel, depth < 64 {
            if let styleActions = level["actions"] as? [String: Any], let found = styleActions[event] {
                if found is NSNull { return nil }
                if let action = found as? any CAAction { return action }
            }
            styleLevel = level["style"] as? [AnyHashable: Any]
            depth += 1
        }
        if let found = type(of: self).defaultAction(forKey: event) {
            return found is NSNull ? nil : found
        }
        return builtInImplicitAction(forKey: event)
    }
}
