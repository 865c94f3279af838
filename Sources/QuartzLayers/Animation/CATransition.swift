// CATransition (spec §5.2): its types, subtypes and the transition animation class.
import Foundation

/// Apple's `CATransitionType` (raw strings [V: GS-tests constants.m]).
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// "fade": the old appearance dissolves into the new one, a linear mix old·(1 − q) + new·q (Apple's fade
    /// swaps the images without the backdrop showing through).
    public static let fade = CATransitionType(rawValue: "fade")
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    public static let push = CATransitionType(rawValue: "push")
    public static let reveal = CATransitionType(rawValue: "reveal")

    // UIKit's view transitions as CATransition types. Apple implements them with private CATransition type
    // strings ("oglFlip", "pageCurl", "pageUnCurl"), which are what ported code sets, so those are the raw
    // values; the Swift names follow UIKit's `UIView.AnimationOptions` (`transitionFlipFromLeft`,
    // `transitionCurlUp`, `transitionCurlDown`, `transitionCrossDissolve`). Their look is not documented [U]:
    // see `RenderTransition` in QuartzCompositor for what is drawn.

    /// "oglFlip": the layer turns about its centre axis in 3-D with perspective; the old appearance turns
    /// away over the first half and the new one turns in over the second (back faces are never shown).
    /// Subtypes: fromLeft (default), fromRight turn about the vertical axis; fromTop, fromBottom about the
    /// horizontal one.
    public static let flip = CATransitionType(rawValue: "oglFlip")
    /// "pageCurl": the old appearance curls away like a page folded over a moving line, its shaded back
    /// showing, revealing the new one beneath. The subtype names the edge that lifts first (default
    /// fromBottom, as UIKit's curl up).
    public static let curlUp = CATransitionType(rawValue: "pageCurl")
    /// "pageUnCurl": the reverse of `curlUp`: the new appearance uncurls over the old one, settling last on
    /// the subtype's edge (default fromBottom, as UIKit's curl down coming from the top).
    public static let curlDown = CATransitionType(rawValue: "pageUnCurl")
    /// "crossDissolve" (an OpenQuartz string: UIKit's `transitionCrossDissolve` has no public CATransition
    /// type): a linear mix, pixel = old·(1 − q) + new·q, so a pixel that is the same in both stays unchanged
    /// throughout; `fade` is drawn the same way (a true mix of the two states, so the backdrop never shows
    /// through mid-way). Ignores the subtype.
    public static let crossDissolve = CATransitionType(rawValue: "crossDissolve")
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
    /// Apple: "An optional Core Image filter object that provides the transition … When a transition filter
    /// is specified the type and subtype properties are ignored" [A: DOC-CATransition filter]. A `CIFilter`
    /// made by `CIFilter(name:)` is drawn with `inputTime` = q and `inputExtent` = the layer's bounds (Apple:
    /// kCIInputExtentKey "is set to a rectangle describing the region in which the transition should run").
    /// Any other object draws the new appearance and is reported once on stderr. Its inputs are read when the
    /// transition is added (the copy made by `add(_:forKey:)`), so later changes to the filter do not apply.
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
