// Loader idioms: dots and rings built from whole-turn arcs, repeated by CAReplicatorLayer with
// instanceTransform and instanceDelay, animated by keyframes whose values are NSNumbers.
// Evidence: Apple's CAReplicatorLayer reference (instanceDelay "Specifies the delay, in seconds, between
// replicated copies"; instanceTransform "applied to the previous instance to produce the current
// instance", about the replicator's anchor point as sublayerTransform is), CAKeyframeAnimation's
// keyTimes/values (linear interpolation per segment, spec §3.1), CAShapeLayer's strokeEnd ("the relative
// location at which to stop stroking the path"), and Core Graphics' addArc (a sweep of a whole turn draws
// the full circle, spec §10.1).
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct IdiomLoaderSceneTests {
    /// The classic spinner: one dot at the top, eight instances turned 45° apart, each fading
    /// 1 → 0.25 → 1 an eighth of a second after the previous one, forever.
    @Test func replicatedDotSpinnerFadesInSequence() throws {
        let scene = LayersScene()
        let replicator = scene.add(CAReplicatorLayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            $0.instanceCount = 8
            $0.instanceTransform = CATransform3DMakeRotation(2 * .pi / 8, 0, 0, 1)
            $0.instanceDelay = 1.0 / 8
        }
        let dot = scene.add(CAShapeLayer(), to: replicator) {
            $0.frame = CGRect(x: 95, y: 20, width: 10, height: 10)
            let circle = CGMutablePath()
            circle.addArc(center: CGPoint(x: 5, y: 5), radius: 5, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
            $0.path = circle
            $0.fillColor = rgb(1, 0, 0)
        }
        scene.commit {
            let fade = CAKeyframeAnimation(keyPath: "opacity")
            fade.values = [1, 0.25, 1].map { NSNumber(value: $0) }
            fade.keyTimes = [0, 0.5, 1].map { NSNumber(value: $0) }
            fade.duration = 1
            fade.repeatCount = .infinity
            dot.add(fade, forKey: "fade")
        }
        let t = 1.3
        let frame = try scene.render(at: t)
        var probes: [IdiomProbe] = []
        for k in 0..<8 {
            let phase = (t - Double(k) / 8).truncatingRemainder(dividingBy: 1)
            let alpha = phase <= 0.5 ? 1 - 1.5 * phase : 0.25 + 1.5 * (phase - 0.5)
            let angle = Double(k) * .pi / 4
            let centre = SIMD2(100 + 75 * sin(angle), 100 - 75 * cos(angle))
            let color = IdiomColor.overWhite((1, 0, 0), alpha: alpha)
            // The centre and four points 3 pt from it: the whole-turn arc is a full disc.
            for offset in [SIMD2(0.0, 0), SIMD2(3, 0), SIMD2(-3, 0), SIMD2(0, 3), SIMD2(0, -3)] {
                let p = centre + offset
                probes.append(IdiomProbe(p.x, p.y, color, "dot \(k)"))
            }
            let outside = centre + SIMD2(sin(angle), -cos(angle)) * 7.5
            probes.append(IdiomProbe(outside.x, outside.y, IdiomColor.white, "beyond dot \(k)"))
        }
        probes.append(IdiomProbe(100, 100, IdiomColor.white, "the spinner's centre"))
        #expect(frame.failedProbes(probes) == [])
    }

    /// A progress ring: a grey track (a whole-turn arc, clockwise in Core Graphics' sense) under a blue arc
    /// from the top, drawn to `strokeEnd`, animated 0 → 1 in 2 s with NSNumber values, linear.
    @Test func progressRingStrokesToItsAnimatedEnd() throws {
        let scene = LayersScene()
        let centre = CGPoint(x: 100, y: 100)
        scene.add(CAShapeLayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            let track = CGMutablePath()
            track.addArc(center: centre, radius: 60, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
            $0.path = track
            $0.fillColor = nil
            $0.strokeColor = rgb(0.8, 0.8, 0.8)
            $0.lineWidth = 10
        }
        let ring = scene.add(CAShapeLayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            let arc = CGMutablePath()
            arc.addArc(center: centre, radius: 60, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: false)
            $0.path = arc
            $0.fillColor = nil
            $0.strokeColor = rgb(0, 0, 1)
            $0.lineWidth = 10
        }
        scene.commit {
            let grow = CABasicAnimation(keyPath: "strokeEnd")
            grow.fromValue = NSNumber(value: 0)
            grow.toValue = NSNumber(value: 1)
            grow.duration = 2
            grow.timingFunction = CAMediaTimingFunction(name: .linear)
            ring.add(grow, forKey: "progress")
        }
        // At 0.75 s strokeEnd is 0.375: the arc runs from −90° through 135°, to 45° (angles grow towards +y).
        let frame = try scene.render(at: 0.75)
        func onRing(_ degrees: Double) -> (Double, Double) {
            let a = degrees * .pi / 180
            return (100 + 60 * cos(a), 100 + 60 * sin(a))
        }
        let blue = (0, 0, 255), grey = (204, 204, 204)
        var probes: [IdiomProbe] = []
        for (degrees, color) in [(-80.0, blue), (-45, blue), (0, blue), (30, blue), (60, grey), (90, grey),
                                 (180, grey), (-120, grey)] {
            let p = onRing(degrees)
            probes.append(IdiomProbe(p.0, p.1, color, "ring at \(degrees)°"))
        }
        probes.append(IdiomProbe(100, 100, IdiomColor.white, "inside the ring"))
        probes.append(IdiomProbe(100, 30, IdiomColor.white, "outside the ring"))
        #expect(frame.failedProbes(probes) == [])
    }

    /// Three pulsing balls: a round layer (cornerRadius half its size), three instances 50 pt apart, each
    /// scaling 1 → 0.3 → 1 over 0.8 s (NSNumber values for `transform.scale`), 0.15 s after the previous.
    @Test func pulsingBallsScaleAboutTheirCentres() throws {
        let scene = LayersScene()
        let replicator = scene.add(CAReplicatorLayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            $0.instanceCount = 3
            $0.instanceTransform = CATransform3DMakeTranslation(50, 0, 0)
            $0.instanceDelay = 0.15
        }
        let ball = scene.add(CALayer(), to: replicator) {
            $0.frame = CGRect(x: 40, y: 90, width: 20, height: 20)
            $0.cornerRadius = 10
            $0.backgroundColor = rgb(0, 0.6, 0)
        }
        scene.commit {
            let pulse = CAKeyframeAnimation(keyPath: "transform.scale")
            pulse.values = [NSNumber(value: 1), NSNumber(value: 0.3), NSNumber(value: 1)]
            pulse.keyTimes = [NSNumber(value: 0), NSNumber(value: 0.5), NSNumber(value: 1)]
            pulse.duration = 0.8
            pulse.repeatCount = .infinity
            ball.add(pulse, forKey: "pulse")
        }
        let t = 1.05
        let frame = try scene.render(at: t)
        let green = IdiomColor.overWhite((0, 0.6, 0))
        var probes: [IdiomProbe] = []
        for k in 0..<3 {
            let phase = (t - 0.15 * Double(k)).truncatingRemainder(dividingBy: 0.8) / 0.8
            let scale = phase <= 0.5 ? 1 - 1.4 * phase : 0.3 + 1.4 * (phase - 0.5)
            let radius = 10 * scale, cx = 50 + 50 * Double(k)
            probes += [
                IdiomProbe(cx, 100, green, "ball \(k) centre"),
                IdiomProbe(cx + radius - 2, 100, green, "inside ball \(k) (radius \(radius))"),
                IdiomProbe(cx - radius + 2, 100, green, "inside ball \(k) (radius \(radius))"),
                IdiomProbe(cx + radius + 2, 100, IdiomColor.white, "outside ball \(k) (radius \(radius))"),
                IdiomProbe(cx, 100 - radius - 2, IdiomColor.white, "above ball \(k) (radius \(radius))"),
            ]
        }
        #expect(frame.failedProbes(probes) == [])
    }
}
