// Core Image transition filters on CATransition.filter, drawn as render nodes: CIDissolveTransition,
// CIBarsSwipeTransition, CISwipeTransition, CICopyMachineTransition [A: CIFR descriptions, quoted below], and
// CIModTransition (RenderTransition+Mod).
// Core Image renders them per pixel from the two images; the shapes here follow the reference's
// descriptions and parameters, the exact profiles are [U].
//
// Spaces: the filter's geometry is in the layer's bounds space, which CATransition hands the filter as
// inputExtent [A: DOC-CATransition filter "kCIInputExtentKey … is set to a rectangle describing the region
// in which the transition should run"], so a filter's own inputExtent is overridden. Angles turn from +x
// towards +y of that space, as Core Image's do in its own space. inputTime is the progress q (spec §5.2).
// u = (cos a, sin a) is the sweep direction, v = (−sin a, cos a) across it; [uMin, uMax] × [vMin, vMax] is the
// bounds' extent in those coordinates.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster

extension RenderTransition {
    /// At most this many bars: a tiny inputWidth widens the bars instead of making millions of them.
    public static let maximumBarCount = 1024

    /// The nodes drawing `filter` at progress `q`: old and new appearance composed as the filter names.
    /// An unsupported filter draws the new appearance (it was reported when the transition was added).
    public static func compose(
        filter: TransitionFilter, progress q: Double, old: [RenderNode], new: [RenderNode], layerBounds: CGRect,
        layerWorld: CATransform3D
    ) -> [RenderNode] {
        let p = q.isNaN ? 0 : min(1, max(0, q))
        let space = LayerSpace(bounds: layerBounds, world: layerWorld)
        guard filter.isSupported else { return new }
        if filter.name == "CIDissolveTransition" { return linearMix(old: old, new: new, progress: p) }
        if p <= 0 { return old }
        if p >= 1 || !space.hasArea { return new }
        let angle = finite(filter.number(kCIInputAngleKey), or: 0)
        let frame = SweepFrame(bounds: space.bounds, angle: angle)
        switch filter.name {
        case "CIBarsSwipeTransition":
            let width = max(2, finite(filter.number(kCIInputWidthKey), or: 30))
            let offset = max(0, finite(filter.number("inputBarOffset"), or: 10))
            return old + [.group(RenderGroup(
                children: new, mask: [space.fill(barsSwipeMask(frame: frame, width: width, barOffset: offset, progress: p))]))]
        case "CISwipeTransition":
            return swipe(filter, frame: frame, progress: p, old: old, new: new, space: space, hardEdge: false)
        case "CICopyMachineTransition":
            return swipe(filter, frame: frame, progress: p, old: old, new: new, space: space, hardEdge: true)
        case "CIModTransition":
            return mod(filter, progress: p, old: old, new: new, space: space)
        default:
            return new
        }
    }

    /// "Transitions from one image to another by passing a bar over the source image" [A: CIFR]: the layer
    /// is cut into bars of `width` along u; in each the new appearance is revealed from uMin for a swept
    /// length s = p·(Δu + barOffset), less `barOffset` in every other bar (Apple: "the offset of one bar with
    /// respect to another"), so all bars start at p = 0 and end at p = 1.
    static func barsSwipeMask(frame: SweepFrame, width: Double, barOffset: Double, progress p: Double) -> [TransitionPolygon] {
        let across = frame.vMax - frame.vMin
        let barWidth = max(width, across / Double(maximumBarCount))
        guard barWidth > 0, across > 0 else { return [] }
        let count = min(maximumBarCount, Int((across / barWidth).rounded(.up)))
        let du = frame.uMax - frame.uMin
        var bars: [TransitionPolygon] = []
        for k in 0..<count {
            let swept = min(du, max(0, p * (du + barOffset) - (k % 2 == 1 ? barOffset : 0)))
            if swept <= 0 { continue }
            let v0 = frame.vMin + Double(k) * barWidth, v1 = min(frame.vMax, v0 + barWidth)
            bars.append(frame.polygon(u0: frame.uMin, u1: frame.uMin + swept, v0: v0, v1: v1))
        }
        return bars
    }

    /// CISwipeTransition ("simulating a swiping action") and CICopyMachineTransition ("simulating the
    /// effect of a copy machine") [A: CIFR]: a band of inputWidth, centred at c = uMin − w/2 + p·(Δu + w),
    /// sweeps along u; the new appearance lies behind it. The swipe ramps from new to old across the band
    /// with inputColor at inputOpacity peaking at its centre; the copy machine switches at the band's centre
    /// under a lamp of inputColor added with plusLighter, peak alpha min(1, inputOpacity).
    static func swipe(
        _ filter: TransitionFilter, frame: SweepFrame, progress p: Double, old: [RenderNode], new: [RenderNode],
        space: LayerSpace, hardEdge: Bool
    ) -> [RenderNode] {
        let du = frame.uMax - frame.uMin
        let defaultWidth = hardEdge ? 200.0 : 300.0
        let w = min(max(0.1, finite(filter.number(kCIInputWidthKey), or: defaultWidth)), 1e6)
        let c = frame.uMin - w / 2 + p * (du + w)
        let rgba = filter.color(kCIInputColorKey) ?? (hardEdge ? (0.6, 1, 0.8, 1) : (1, 1, 1, 1))
        func color(_ alpha: Double) -> CGColor {
            CGColor(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: alpha)
        }
        let opacity = min(1, max(0, finite(filter.number("inputOpacity"), or: hardEdge ? 1.3 : 0)))
        let front = frame.point(u: c - w / 2, v: frame.vMin), back = frame.point(u: c + w / 2, v: frame.vMin)
        var nodes = old
        let revealed: RenderNode?
        if hardEdge {
            let behind = TransitionPolygon(rect: space.surroundings).clipped(keeping: -frame.u, atLeast: -c)
            revealed = behind.isEmpty ? nil : space.fill([behind])
        } else {
            revealed = space.gradient(
                [CGColor(gray: 1, alpha: 1), CGColor(gray: 1, alpha: 0)], from: front, to: back, over: space.surroundings)
        }
        if let revealed { nodes.append(.group(RenderGroup(children: new, mask: [revealed]))) }
        if opacity > 0, let band = space.gradient([color(0), color(opacity), color(0)], from: front, to: back, over: space.bounds) {
            // The band ends where its ramps reach zero: clip it to them so the extended ends draw nothing.
            nodes.append(.group(RenderGroup(
                children: [band], blendMode: hardEdge ? .plusLighter : .normal,
                mask: [space.fill([frame.band(from: c - w / 2, to: c + w / 2)])])))
        }
        return nodes
    }

    static func finite(_ value: Double?, or fallback: Double) -> Double {
        guard let value, value.isFinite else { return fallback }
        return value
    }
}

/// The sweep coordinates of a filter: u along the angle, v across it, with the bounds' extent in both.
struct SweepFrame: Sendable {
    let u: SIMD2<Double>
    let v: SIMD2<Double>
    let uMin: Double, uMax: Double, vMin: Double, vMax: Double

    init(bounds: CGRect, angle: Double) {
        let u = SIMD2(cos(angle), sin(angle)), v = SIMD2(-sin(angle), cos(angle))
        self.u = u
        self.v = v
        let corners = TransitionPolygon(rect: bounds).points
        let us = corners.map { ($0 * u).sum() }, vs = corners.map { ($0 * v).sum() }
        uMin = us.min() ?? 0; uMax = us.max() ?? 0
        vMin = vs.min() ?? 0; vMax = vs.max() ?? 0
    }

    func point(u a: Double, v b: Double) -> SIMD2<Double> { u * a + v * b }

    func polygon(u0: Double, u1: Double, v0: Double, v1: Double) -> TransitionPolygon {
        TransitionPolygon([point(u: u0, v: v0), point(u: u1, v: v0), point(u: u1, v: v1), point(u: u0, v: v1)])
    }

    /// The strip u0 ≤ u ≤ u1 across the whole extent.
    func band(from u0: Double, to u1: Double) -> TransitionPolygon {
        polygon(u0: u0, u1: u1, v0: vMin, v1: vMax)
    }
}
