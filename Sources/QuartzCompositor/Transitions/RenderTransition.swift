// CATransition's built-in types as render-list compositions of a layer's old and new appearance (spec §5.2);
// the UIKit-style types are in RenderTransition+Flip/+Curl, the Core Image filters in RenderTransition+Filters.
//
// Spaces: the slide offsets are in the transitioning layer's bounds space (W, H = its bounds size); they reach
// device space by conjugating with the layer's world matrix (device = local · World, so a local translation T
// becomes World⁻¹ · T · World after every accumulated matrix of the subtree). Progress q is the eased value
// startProgress + (endProgress − startProgress) · f(p) that the engine computes.
import Foundation
import QuartzMath
import QuartzRaster

/// CATransition's types; raw values are Apple's strings (`kCATransitionFade` = "fade", …), for the UIKit
/// transitions Apple's private strings ("oglFlip", "pageCurl", "pageUnCurl") and OpenQuartz's "crossDissolve"
/// (see `CATransitionType.flip` and the others in QuartzLayers).
public enum RenderTransitionType: String, Sendable, Hashable, CaseIterable {
    case fade, moveIn, push, reveal
    case flip = "oglFlip"
    case curlUp = "pageCurl"
    case curlDown = "pageUnCurl"
    case crossDissolve
}

/// CATransition's subtypes; raw values are Apple's strings (`kCATransitionFromRight` = "fromRight", …).
public enum RenderTransitionSubtype: String, Sendable, Hashable, CaseIterable {
    case fromRight, fromLeft, fromTop, fromBottom
}

extension RenderNode {
    /// The node with `deviceTransform` applied after every matrix it holds (items, clips, group shadows, masks, plane pieces).
    public func applying(_ deviceTransform: CATransform3D) -> RenderNode {
        switch self {
        case .item(var item):
            item.transform = CATransform3DConcat(item.transform, deviceTransform)
            return .item(item)
        case .group(var group):
            group.children = group.children.map { $0.applying(deviceTransform) }
            group.mask = group.mask?.map { $0.applying(deviceTransform) }
            if var clip = group.clip {
                clip.transform = CATransform3DConcat(clip.transform, deviceTransform)
                group.clip = clip
            }
            if var shadow = group.shadow {
                shadow.transform = CATransform3DConcat(shadow.transform, deviceTransform)
                group.shadow = shadow
            }
            if var piece = group.piece {
                piece.transform = CATransform3DConcat(piece.transform, deviceTransform)
                group.piece = piece
            }
            return .group(group)
        }
    }
}

public enum RenderTransition {
    /// Back-to-front nodes showing a transition at progress `q` (clamped to 0…1), after spec §5.2's table
    /// (type fromRight; fromLeft mirrors x; fromTop/fromBottom use y):
    ///
    /// | type | old | new |
    /// |---|---|---|
    /// | fade | weight 1 − q | weight q: a cross-dissolve, old·(1 − q) + new·q, no backdrop showing through |
    /// | moveIn | stays | offset +W·(1 − q), over the old |
    /// | push | offset −W·q | offset +W·(1 − q) |
    /// | reveal | offset −W·q, over the new | stays |
    ///
    /// "fromTop" starts at the layer's minimum y (the top of a y-down screen) — [U]: Apple does not say which
    /// edge is the top in a y-down tree, and reports disagree between platforms. `nil` subtype means fromLeft
    /// for the moving types [U]; fade ignores the subtype [A: ATT-Transition]. `layerWorld` is the transitioning
    /// layer's local → device matrix; when it is singular the offsets are applied in device space.
    public static func compose(
        type: RenderTransitionType, subtype: RenderTransitionSubtype?, progress q: Double,
        old: [RenderNode], new: [RenderNode], layerSize: CGSize, layerWorld: CATransform3D
    ) -> [RenderNode] {
        compose(type: type, subtype: subtype, progress: q, old: old, new: new,
                layerBounds: CGRect(origin: .zero, size: layerSize), layerWorld: layerWorld)
    }

    /// As above, with the layer's bounds (the flip turns about their centre, the curl folds inside them).
    /// The other types: flip, curlUp, curlDown (`RenderTransition+Flip`, `+Curl`) and crossDissolve, the same
    /// linear mix old·(1 − q) + new·q as fade (the new appearance added with plusLighter to the old one in an
    /// offscreen, so where only one of them draws it is at its weight).
    public static func compose(
        type: RenderTransitionType, subtype: RenderTransitionSubtype?, progress q: Double,
        old: [RenderNode], new: [RenderNode], layerBounds: CGRect, layerWorld: CATransform3D
    ) -> [RenderNode] {
        let p = q.isNaN ? 0 : min(1, max(0, q))
        let space = LayerSpace(bounds: layerBounds, world: layerWorld)
        switch type {
        case .fade, .crossDissolve: return linearMix(old: old, new: new, progress: p)
        case .flip: return flip(subtype: subtype, progress: p, old: old, new: new, space: space)
        case .curlUp: return curl(subtype: subtype, progress: p, old: old, new: new, space: space)
        case .curlDown: return curl(subtype: subtype, progress: 1 - p, old: new, new: old, space: space)
        case .moveIn, .push, .reveal: break
        }
        let layerSize = layerBounds.size
        // The unit direction the new content moves from: fromRight enters from +x.
        let w = Double(layerSize.width), h = Double(layerSize.height)
        let step: (x: Double, y: Double)
        switch subtype ?? .fromLeft {
        case .fromRight: step = (w, 0)
        case .fromLeft: step = (-w, 0)
        case .fromTop: step = (0, -h)
        case .fromBottom: step = (0, h)
        }
        func moved(_ nodes: [RenderNode], by fraction: Double) -> [RenderNode] {
            if fraction == 0 { return nodes }
            return space.applying(CATransform3DMakeTranslation(step.x * fraction, step.y * fraction, 0), to: nodes)
        }
        switch type {
        case .fade, .crossDissolve, .flip, .curlUp, .curlDown: return []
        case .moveIn: return old + moved(new, by: 1 - p)
        case .push: return moved(old, by: -p) + moved(new, by: 1 - p)
        case .reveal: return new + moved(old, by: -p)
        }
    }

    /// old·(1 − p) + new·p: both in one offscreen (forced by a mask covering every device pixel), the new
    /// one added with plusLighter (Apple: R = MIN(1, S + D)), so the weights sum to one wherever both draw.
    static func linearMix(old: [RenderNode], new: [RenderNode], progress p: Double) -> [RenderNode] {
        let everywhere = RenderNode.item(RenderItem(
            transform: CATransform3DIdentity,
            content: .solid(RenderRoundedRect(rect: CGRect(x: -1 << 20, y: -1 << 20, width: 1 << 21, height: 1 << 21)),
                            color: CGColor(gray: 1, alpha: 1))))
        // The weight p goes on an inner normal group: the compositor applies a blending group's own opacity
        // as coverage (a lerp towards the blended result), which would not add new·p.
        let weighted = RenderGroup(children: [.group(RenderGroup(children: new, opacity: p))], blendMode: .plusLighter)
        let mixed = RenderGroup(
            children: [.group(RenderGroup(children: old, opacity: 1 - p)), .group(weighted)], mask: [everywhere])
        return [.group(mixed)]
    }

    /// True when `inverse · m` is the identity to 1e-9 (CATransform3DInvert returns its input when singular).
    static func isInverse(_ inverse: CATransform3D, of m: CATransform3D) -> Bool {
        let p = CATransform3DConcat(inverse, m)
        let rows = [p.row1, p.row2, p.row3, p.row4]
        for (i, row) in rows.enumerated() {
            for j in 0..<4 where !(abs(row[j] - (i == j ? 1 : 0)) <= 1e-9) { return false }
        }
        return true
    }
}

/// The transitioning layer's bounds and local → device matrix: geometry built in the layer's bounds space
/// reaches device space through `world`, and a local motion M moves device content by World⁻¹ · M · World.
struct LayerSpace: Sendable {
    let bounds: CGRect
    let world: CATransform3D

    init(bounds: CGRect, world: CATransform3D) {
        self.bounds = bounds.standardized
        self.world = world
    }

    /// `local` (a matrix in the layer's bounds space) as a device-space matrix; `local` itself when the
    /// world matrix is singular.
    func deviceMatrix(_ local: CATransform3D) -> CATransform3D {
        let inverse = CATransform3DInvert(world)
        return RenderTransition.isInverse(inverse, of: world)
            ? CATransform3DConcat(CATransform3DConcat(inverse, local), world) : local
    }

    func applying(_ local: CATransform3D, to nodes: [RenderNode]) -> [RenderNode] {
        let device = deviceMatrix(local)
        return nodes.map { $0.applying(device) }
    }
}
