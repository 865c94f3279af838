// The built-in static demo: one frame that exercises the raster core — gradients, soft shadows,
// rounded rectangles, even-odd paths, dashed and round-capped strokes, and an image under perspective.
// Device space: pixels, y down.
import Foundation
import OpenQuartz

enum RasterDemo {
    static func render(width: Int = 960, height: Int = 540) -> PremultipliedRGBA8Bitmap {
        var bitmap = PremultipliedRGBA8Bitmap(width: width, height: height)
        let frame = FillRectCoverage(rect: CGRect(x: 0, y: 0, width: width, height: height))
        let sx = Double(width) / 960, sy = Double(height) / 540
        let toDemo = CGAffineTransform(scaleX: sx, y: sy)
        let fromDevice = PaintProjectiveTransform(toDemo.inverted())

        // Background: a diagonal axial gradient from deep blue to violet.
        let sky = CGGradient(colorsSpace: nil, colors: [
            CGColor(red: 0.07, green: 0.10, blue: 0.25, alpha: 1), CGColor(red: 0.33, green: 0.13, blue: 0.42, alpha: 1),
        ], locations: nil)!
        bitmap.fill(frame, shader: PaintAxialGradientShader(
            gradient: sky, start: SIMD2(0, 0), end: SIMD2(960, 540),
            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation], deviceToGradient: fromDevice))

        // Three cards with soft shadows (analytic blurred rounded rects) and rounded corners.
        let cardColors = [(0.95, 0.36, 0.35), (0.98, 0.75, 0.26), (0.30, 0.80, 0.62)]
        for (i, c) in cardColors.enumerated() {
            let card = CGRect(x: 60 + Double(i) * 150, y: 70 + Double(i) * 24, width: 200, height: 130)
            let shadowRect = card.offsetBy(dx: 6, dy: 10).applying(toDemo)
            let shadow = PaintBlurredRoundedRect(rect: shadowRect, cornerRadius: 18 * sx, sigma: 9 * sx)
            bitmap.fill(FillRectCoverage(rect: shadowRect.insetBy(dx: -40 * sx, dy: -40 * sy)),
                        shader: PaintBlurredRoundedRectShader(shape: shadow, color: PremultipliedRGBA8(
                            straightRed: 0, green: 0, blue: 0, alpha: 0.45)))
            bitmap.fill(FillRoundedRectCoverage(rect: card, cornerRadius: 18, transform: toDemo),
                        color: PremultipliedRGBA8(straightRed: c.0, green: c.1, blue: c.2, alpha: 0.92))
        }

        // An even-odd star over a nonzero one: the centre pentagon is a hole only in the even-odd one.
        for (offset, rule) in [(0.0, CGPathFillRule.winding), (170.0, .evenOdd)] {
            let star = CGMutablePath()
            for k in 0..<5 {
                let angle = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
                let point = CGPoint(x: 640 + offset + 70 * cos(angle), y: 150 + 70 * sin(angle))
                k == 0 ? star.move(to: point) : star.addLine(to: point)
            }
            star.closeSubpath()
            fill(star, transform: toDemo, rule: rule, color: PremultipliedRGBA8(
                straightRed: 1, green: 0.92, blue: 0.55, alpha: 1), into: &bitmap)
        }

        // A dashed, round-capped wave and a thick round-joined zig-zag.
        let wave = CGMutablePath()
        wave.move(to: CGPoint(x: 60, y: 330))
        for k in 0..<4 {
            let x = 60 + Double(k) * 110
            wave.addCurve(to: CGPoint(x: x + 110, y: 330), control1: CGPoint(x: x + 35, y: 270),
                          control2: CGPoint(x: x + 75, y: 390))
        }
        let dashed = wave.copy(dashingWithPhase: 0, lengths: [28, 16])
        stroke(dashed, width: 9, cap: .round, join: .round, transform: toDemo,
               color: PremultipliedRGBA8(straightRed: 0.55, green: 0.85, blue: 1, alpha: 1), into: &bitmap)
        let zigzag = CGMutablePath()
        zigzag.addLines(between: (0..<9).map { CGPoint(x: 60 + Double($0) * 55, y: $0 % 2 == 0 ? 420 : 480) })
        stroke(zigzag, width: 14, cap: .round, join: .round, transform: toDemo,
               color: PremultipliedRGBA8(straightRed: 1, green: 0.45, blue: 0.7, alpha: 0.85), into: &bitmap)

        // A radial-gradient sphere.
        let sphereGradient = CGGradient(colorsSpace: nil, colors: [
            CGColor(red: 1, green: 1, blue: 1, alpha: 1), CGColor(red: 0.2, green: 0.55, blue: 0.95, alpha: 1),
            CGColor(red: 0.05, green: 0.12, blue: 0.35, alpha: 1),
        ], locations: nil)!
        let sphere = CGPath(ellipseIn: CGRect(x: 600, y: 290, width: 180, height: 180), transform: nil)
        fill(sphere, transform: toDemo, rule: .winding, shader: PaintRadialGradientShader(
            gradient: sphereGradient, startCenter: SIMD2(655, 340), startRadius: 4, endCenter: SIMD2(690, 380),
            endRadius: 92, options: [.drawsBeforeStartLocation], deviceToGradient: fromDevice), into: &bitmap)

        // A checkerboard image rotated about y under perspective (m34 = −1/500), bilinear and trilinear.
        let checker = checkerboard(size: 128, cells: 8)
        let perspective = CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeTranslation(-64, -64, 0), CATransform3DMakeRotation(0.8, 0, 1, 0)),
            CATransform3DConcat(CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                              m31: 0, m32: 0, m33: 1, m34: -1.0 / 500, m41: 0, m42: 0, m43: 0, m44: 1),
                                CATransform3DMakeTranslation(860, 380, 0)))
        let m = perspective
        let imageToDemo = PaintProjectiveTransform(m.m11, m.m21, m.m41, m.m12, m.m22, m.m42, m.m14, m.m24, m.m44)
        let imageToDevice = PaintProjectiveTransform(toDemo).concatenating(after: imageToDemo)
        if let deviceToImage = imageToDevice.inverted() {
            var builder = FillEdgeBuilder(clip: FillPixelBounds(width: width, height: height))
            CGPath(rect: CGRect(x: 0, y: 0, width: 128, height: 128), transform: nil).geometry
                .flatten(into: &builder, localTolerance: 0.05) { imageToDevice.apply(x: $0.x, y: $0.y) ?? SIMD2(.nan, .nan) }
            builder.finish()
            bitmap.fill(FillPathCoverage(builder: builder, fillRule: .winding),
                        shader: PaintImageShader(image: checker, deviceToImage: deviceToImage, filter: .trilinear))
        }
        return bitmap
    }

    static func fill(
        _ path: CGPath, transform: CGAffineTransform, rule: CGPathFillRule, color: PremultipliedRGBA8,
        into bitmap: inout PremultipliedRGBA8Bitmap
    ) {
        bitmap.fill(coverage(of: path.geometry, transform: transform, rule: rule, size: bitmap), color: color)
    }

    static func fill<Shader: SpanShader>(
        _ path: CGPath, transform: CGAffineTransform, rule: CGPathFillRule, shader: Shader,
        into bitmap: inout PremultipliedRGBA8Bitmap
    ) {
        bitmap.fill(coverage(of: path.geometry, transform: transform, rule: rule, size: bitmap), shader: shader)
    }

    static func stroke(
        _ path: CGPath, width: Double, cap: CGLineCap, join: CGLineJoin, transform: CGAffineTransform,
        color: PremultipliedRGBA8, into bitmap: inout PremultipliedRGBA8Bitmap
    ) {
        let outline = path.geometry.strokeOutline(style: PathStrokeStyle(lineWidth: width, lineCap: cap, lineJoin: join),
                                                  tolerance: 0.1)
        bitmap.fill(coverage(of: outline, transform: transform, rule: .winding, size: bitmap), color: color)
    }

    static func coverage(
        of geometry: PathGeometry, transform: CGAffineTransform, rule: CGPathFillRule,
        size bitmap: PremultipliedRGBA8Bitmap
    ) -> FillPathCoverage {
        var builder = FillEdgeBuilder(clip: FillPixelBounds(width: bitmap.width, height: bitmap.height))
        geometry.flatten(into: &builder, transform: transform)
        builder.finish()
        return FillPathCoverage(builder: builder, fillRule: rule)
    }

    static func checkerboard(size: Int, cells: Int) -> CGImage {
        var image = PremultipliedRGBA8Bitmap(width: size, height: size)
        for y in 0..<size {
            for x in 0..<size {
                let light = (x * cells / size + y * cells / size) % 2 == 0
                image[x, y] = light
                    ? PremultipliedRGBA8(straightRed: 0.98, green: 0.98, blue: 0.95, alpha: 1)
                    : PremultipliedRGBA8(straightRed: 0.15, green: 0.6, blue: 0.55, alpha: 1)
            }
        }
        return CGImage(bitmap: image)
    }
}
