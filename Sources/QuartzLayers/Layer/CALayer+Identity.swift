// Apple's CALayer is an NSObject, equal only to itself and hashed by identity, so code keys dictionaries and
// sets by layer. The same holds here.
import Foundation

extension CALayer: Hashable {
    public static func == (lhs: CALayer, rhs: CALayer) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
