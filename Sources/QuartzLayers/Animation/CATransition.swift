// CATransition (spec §5.2): its types, subtypes and the transition animation class.
import Foundation

/// Apple's `CATransitionType` (raw strings [V: GS-tests constants.m]).
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let fade = CATransitionType(rawValue: "fade")
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    public static let push = CATransitionType(rawValue: "push")
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// Apple's `CATransitionSubtype`.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// Apple: an animated transition of the layer's whole appearance (spec §5.2). Always stored under the
/// key `kCATransition` ("transition"); the compositor draws it from the snapshot's transition state.
open class CATransition: CAAnimation {
    /// Default `.fade`.
    open var type: CATransitionType = .fade
    /// Default nil (fade ignores it).
    open var subtype: CATransitionSubtype?
    /// In [0, 1]; default 0.
    open var startProgress: Float = 0
    /// In [0, 1], ≥ startProgress; default 1.
    open var endProgress: Float = 1
    /// When set, `type` and `subtype` are ignored (Core Image filters are not available: kept, not drawn).
    open var filter: Any?

    public required init() {}

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CATransition else { return }
        type = other.type
        subtype = other.subtype
        startProgress = other.startProgress
        endProgress = other.endProgress
        filter = other.filter
    }
}
