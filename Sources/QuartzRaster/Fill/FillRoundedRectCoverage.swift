// Public analytic rounded-rectangle coverage (layer backgrounds, borders, clips) and its span emission.
//
// Coordinate space: `rect` is in local space and `transform` maps it to device pixels (identity: rect is
// in device pixels). Coverage conventions as in FillFixedPoint.swift: pixel (x, y) = [x, x+1) × [y, y+1),
// coverage = area inside, written as round(coverage · 255). Accuracy: exact for axis-aligned shapes under
// identity, translation or a uniform scale; see FillRoundedRectGeometry.swift for rotated and skewed ones.

import Foundation
import QuartzMath

enum FillRoundedRectShape: Sendable {
    case empty
    case axisAligned(FillAxisAlignedRoundedRect)
    /// Boxed: the rotated shape is ~300 bytes with five references, and the shape is copied (memcpy plus
    /// retains) for every tile the compositor visits; boxed, the enum stays the size of the axis-aligned case.
    indirect case affine(FillAffineRoundedRect)

    init(rect: CGRect, cornerRadius: CGFloat, transform t: CGAffineTransform) {
        let r = rect.standardized
        let radius = Double(cornerRadius)
        // Checked and mapped without arrays: this runs for every layer of every frame.
        let finite = Double(r.minX).isFinite && Double(r.minY).isFinite && Double(r.maxX).isFinite
            && Double(r.maxY).isFinite && Double(cornerRadius).isFinite && Double(t.a).isFinite
            && Double(t.b).isFinite && Double(t.c).isFinite && Double(t.d).isFinite && Double(t.tx).isFinite
            && Double(t.ty).isFinite
        guard finite, r.width > 0, r.height > 0 else {
            self = .empty
            return
        }
        if t.b == 0 && t.c == 0 && abs(t.a) == abs(t.d) && t.a != 0 {
            // Uniform scale (possibly mirrored) plus translation keeps circles circles and sides on the axes.
            let device = r.applying(t)
            self = .axisAligned(FillAxisAlignedRoundedRect(
                x0: Double(device.minX), y0: Double(device.minY), x1: Double(device.maxX), y1: Double(device.maxY),
                radius: radius * abs(Double(t.a))))
        } else if let shape = FillAffineRoundedRect(
            minX: Double(r.minX), minY: Double(r.minY), maxX: Double(r.maxX), maxY: Double(r.maxY), radius: radius,
            a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty))
        {
            self = .affine(shape)
        } else {
            self = .empty
        }
    }
}

/// A filled rounded rectangle with circular corners (Core Animation's `cornerRadius`, clamped to half the
/// shorter side), optionally under an affine transform.
package struct FillRoundedRectCoverage: FillCoverageSource {
    package let rect: CGRect
    package let cornerRadius: CGFloat
    package let transform: CGAffineTransform
    let shape: FillRoundedRectShape

    /// Non-finite input, an empty rectangle or a singular transform give no coverage.
    package init(rect: CGRect, cornerRadius: CGFloat, transform: CGAffineTransform = .identity) {
        self.rect = rect
        self.cornerRadius = cornerRadius
        self.transform = transform
        shape = FillRoundedRectShape(rect: rect, cornerRadius: cornerRadius, transform: transform)
    }

    package func forEachCoverageSpan(
        in region: FillPixelBounds, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void
    ) {
        switch shape {
        case .empty: return
        case .axisAligned(let g): FillShapeSpans.emit(g, region: region, scratch: scratch, body)
        case .affine(let g): FillShapeSpans.emit(g, region: region, scratch: scratch, body)
        }
    }

    /// Coverage of one pixel in 0...1 (for tests and hit-testing; the span API is the fast path).
    package func coverage(x: Int, y: Int) -> Double {
        switch shape {
        case .empty: return 0
        case .axisAligned(let g): return g.coverage(x: x, y: y)
        case .affine(let g): return g.coverage(x: x, y: y)
        }
    }
}

/// A border ring: the rounded rectangle minus the same one inset by `borderWidth` on every side, whose
/// corner radius is max(0, cornerRadius − borderWidth). Core Animation draws the border inside the bounds
/// (CALayer.borderWidth: "the border is drawn inset from the receiver's bounds"); the inner radius is not
/// documented by Apple and follows the concentric rule CSS and WebKit use. Coverage is outer − inner,
/// which is exact area because the inner shape lies inside the outer one.
package struct FillRoundedRectBorderCoverage: FillCoverageSource {
    package let rect: CGRect
    package let cornerRadius: CGFloat
    package let borderWidth: CGFloat
    package let transform: CGAffineTransform
    let outer: FillRoundedRectShape
    let inner: FillRoundedRectShape

    package init(rect: CGRect, cornerRadius: CGFloat, borderWidth: CGFloat, transform: CGAffineTransform = .identity) {
        self.rect = rect
        self.cornerRadius = cornerRadius
        self.borderWidth = borderWidth
        self.transform = transform
        let width = borderWidth.isFinite ? max(borderWidth, 0) : 0
        outer = width > 0 ? FillRoundedRectShape(rect: rect, cornerRadius: cornerRadius, transform: transform) : .empty
        let standard = rect.standardized
        let clampedRadius = min(max(cornerRadius, 0), standard.width / 2, standard.height / 2)
        let insetRect = standard.insetBy(dx: width, dy: width)
        inner = insetRect.isNull || insetRect.width <= 0 || insetRect.height <= 0
            ? .empty
            : FillRoundedRectShape(rect: insetRect, cornerRadius: max(0, clampedRadius - width), transform: transform)
    }

    package func forEachCoverageSpan(
        in region: FillPixelBounds, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void
    ) {
        switch (outer, inner) {
        case (.empty, _): return
        case (.axisAligned(let o), .empty): FillShapeSpans.emit(o, region: region, scratch: scratch, body)
        case (.affine(let o), .empty): FillShapeSpans.emit(o, region: region, scratch: scratch, body)
        case (.axisAligned(let o), .axisAligned(let i)):
            FillShapeSpans.emitRing(o, i, region: region, scratch: scratch, body)
        case (.affine(let o), .affine(let i)): FillShapeSpans.emitRing(o, i, region: region, scratch: scratch, body)
        default: return  // Outer and inner always share the transform, hence the case.
        }
    }
}

/// Span emission for the geometries, shared by the shapes and the ring.
enum FillShapeSpans {
    static func emit<G: FillRoundedRectGeometry>(
        _ g: G, region: FillPixelBounds, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void
    ) {
        let lower = max(g.rows.lowerBound, region.minY)
        for y in lower..<max(lower, min(g.rows.upperBound, region.maxY)) {
            let layout = g.layout(row: y)
            let outer = clamp(layout.outer, region)
            if outer.isEmpty { continue }
            let uniform = clamp(layout.uniform, region).clamped(to: outer)
            if uniform.isEmpty {
                perPixel(outer, y: y, scratch: scratch, body) { g.coverage(x: $0, y: y) }
                continue
            }
            let a = fillCoverageByte(layout.uniformCoverage)
            if a != 0, outer.count <= scratch.rowCapacity, outer.count != uniform.count {
                mergedRow(outer, uniform, a, y: y, scratch: scratch, body) { g.coverage(x: $0, y: y) }
                continue
            }
            perPixel(outer.lowerBound..<uniform.lowerBound, y: y, scratch: scratch, body) { g.coverage(x: $0, y: y) }
            if a != 0 { body(FillCoverageSpan(y: y, x: uniform.lowerBound, count: uniform.count, alpha: a)) }
            perPixel(uniform.upperBound..<outer.upperBound, y: y, scratch: scratch, body) { g.coverage(x: $0, y: y) }
        }
    }

    /// One row's edge columns and uniform run (coverage `a` > 0) as a single mask span, so a consumer pays its
    /// per-span cost once per row instead of three times. An edge whose bytes are all 0 is left out (the
    /// separate emission skips it too); with both left out the run goes out as a plain `alpha` span. Every
    /// consumer treats a mask byte exactly like a span alpha of the same value, so the pixels do not change.
    /// Invariant: `outer.count` ≤ `scratch.rowCapacity`, uniform ⊆ outer and non-empty.
    @inline(__always)
    static func mergedRow(
        _ outer: Range<Int>, _ uniform: Range<Int>, _ a: UInt8, y: Int, scratch: FillTileScratch,
        _ body: (FillCoverageSpan) -> Void, _ coverage: (Int) -> Double
    ) {
        let mask = scratch.mask, x0 = outer.lowerBound
        let left = uniform.lowerBound &- x0, middle = uniform.count, n = outer.count
        var leftAny = false, rightAny = false
        for i in 0..<left {
            let c = fillCoverageByte(coverage(x0 &+ i))
            mask[i] = c
            leftAny = leftAny || c != 0
        }
        for i in (left &+ middle)..<n {
            let c = fillCoverageByte(coverage(x0 &+ i))
            mask[i] = c
            rightAny = rightAny || c != 0
        }
        let start = leftAny ? 0 : left, end = rightAny ? n : left &+ middle
        if start == left && end == left &+ middle {
            body(FillCoverageSpan(y: y, x: uniform.lowerBound, count: middle, alpha: a))
            return
        }
        (mask + left).update(repeating: a, count: middle)
        body(FillCoverageSpan(y: y, x: x0 &+ start, count: end &- start, mask: UnsafePointer(mask + start)))
    }

    static func emitRing<G: FillRoundedRectGeometry>(
        _ outerShape: G, _ innerShape: G, region: FillPixelBounds, scratch: FillTileScratch,
        _ body: (FillCoverageSpan) -> Void
    ) {
        let lower = max(outerShape.rows.lowerBound, region.minY)
        for y in lower..<max(lower, min(outerShape.rows.upperBound, region.maxY)) {
            let o = outerShape.layout(row: y)
            let outer = clamp(o.outer, region)
            if outer.isEmpty { continue }
            let i = innerShape.rows.contains(y)
                ? innerShape.layout(row: y) : FillRowLayout(outer: 0..<0, uniform: 0..<0, uniformCoverage: 0)
            var x = outer.lowerBound
            while x < outer.upperBound {
                // The run up to the next layout boundary shares one classification.
                var next = outer.upperBound
                @inline(__always) func cut(_ c: Int) { if c > x && c < next { next = c } }
                cut(o.uniform.lowerBound); cut(o.uniform.upperBound)
                cut(i.outer.lowerBound); cut(i.outer.upperBound)
                cut(i.uniform.lowerBound); cut(i.uniform.upperBound)
                let inOuterUniform = o.uniform.contains(x) && !o.uniform.isEmpty
                let inInnerOuter = i.outer.contains(x)
                let inInnerUniform = i.uniform.contains(x)
                if inOuterUniform && !inInnerOuter {
                    let a = fillCoverageByte(o.uniformCoverage)
                    if a != 0 { body(FillCoverageSpan(y: y, x: x, count: next - x, alpha: a)) }
                } else if inOuterUniform && inInnerUniform {
                    let a = fillCoverageByte(o.uniformCoverage - i.uniformCoverage)
                    if a != 0 { body(FillCoverageSpan(y: y, x: x, count: next - x, alpha: a)) }
                } else {
                    perPixel(x..<next, y: y, scratch: scratch, body) { px in
                        outerShape.coverage(x: px, y: y) - (inInnerOuter ? innerShape.coverage(x: px, y: y) : 0)
                    }
                }
                x = next
            }
        }
    }

    @inline(__always)
    static func clamp(_ range: Range<Int>, _ region: FillPixelBounds) -> Range<Int> {
        let a = max(range.lowerBound, region.minX), b = min(range.upperBound, region.maxX)
        return a < b ? a..<b : a..<a
    }

    /// Evaluates `coverage` per pixel into the scratch mask and emits it in chunks that fit the mask.
    @inline(__always)
    static func perPixel(
        _ columns: Range<Int>, y: Int, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void,
        _ coverage: (Int) -> Double
    ) {
        let mask = scratch.mask, capacity = scratch.rowCapacity
        var x = columns.lowerBound
        while x < columns.upperBound {
            let n = min(capacity, columns.upperBound - x)
            var any = false
            for i in 0..<n {
                let a = fillCoverageByte(coverage(x + i))
                mask[i] = a
                any = any || a != 0
            }
            if any { body(FillCoverageSpan(y: y, x: x, count: n, mask: mask)) }
            x += n
        }
    }
}
