// CASpringAnimation's motion (spec §8) as a value: a damped harmonic oscillator
// `m·x'' + b·x' + k·x = 0` on the normalised displacement x = progress − 1, starting at x(0) = −1
// with x'(0) = initialVelocity (in whole from→to distances per second). Time is the animation's
// basic local time in seconds; the shape does not depend on `duration`.
import Foundation

/// The spring behind `CASpringAnimation`, with Apple's property names and defaults
/// ([A: SDK-CAAnimation]: mass 1, stiffness 100, damping 10, initialVelocity 0).
package struct DampedSpring: Hashable, Sendable {
    /// Must be > 0.
    package var mass: Double
    /// Must be > 0.
    package var stiffness: Double
    /// Must be ≥ 0.
    package var damping: Double
    /// Positive values move toward the target ([A: SDK-CAAnimation]).
    package var initialVelocity: Double
    /// Apple's iOS 17 / macOS 14 property. When false (Apple's default) an overdamped spring is
    /// evaluated as critically damped (spec §8.2 [O: RBB], [A: SwiftUI's documented equivalent]).
    package var allowsOverdamping: Bool

    package init(
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
        allowsOverdamping: Bool = false
    ) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping
    }

    /// The settling threshold on |x| that reproduces both of Apple's documented data points
    /// (damping 5 → "approximately 2.85 s", damping 15 → "just over 1 second"; spec §8.3).
    package static let settlingEpsilon = 8.31e-4

    /// Whether the parameters describe a spring: finite, mass and stiffness > 0, damping ≥ 0.
    package var isValid: Bool {
        mass > 0 && stiffness > 0 && damping >= 0 && mass.isFinite && stiffness.isFinite
            && damping.isFinite && initialVelocity.isFinite
    }

    /// The solved motion: decay rate β = b/2m (clamped to ω0 unless overdamping is allowed) and the
    /// natural frequency ω0 = √(k/m).
    private var motion: SpringMotion? {
        guard isValid else { return nil }
        let omega0 = (stiffness / mass).squareRoot()
        var beta = damping / (2 * mass)
        if !allowsOverdamping && beta > omega0 { beta = omega0 }
        return SpringMotion(beta: beta, omega0: omega0, velocity: initialVelocity)
    }

    /// Progress from the start (0) to the target (1) at `time` seconds; overshoots above 1
    /// (spec §8.2). Time before 0 shows the start. Invalid parameters, or a NaN time, give 1: the
    /// spring at rest on its target.
    package func progress(atTime time: Double) -> Double {
        guard let motion, !time.isNaN else { return 1 }
        return 1 + motion.displacement(at: max(time, 0))
    }

    /// The value between `from` and `to` at `time`, extrapolated beyond `to` on overshoot
    /// (spec §8.2: `from + (to − from)·progress`).
    package func value<Value: AnimationInterpolatable>(from: Value, to: Value, atTime time: Double) -> Value {
        from.interpolated(to: to, fraction: progress(atTime: time))
    }

    /// Apple's `settlingDuration` estimate (spec §8.3): when the decay envelope of |x| falls to
    /// `settlingEpsilon`. Underdamped: `ln(A/ε)/β` with amplitude `A = √(x0² + ((β·x0 + v0)/ω1)²)`,
    /// which reproduces Apple's 2.85 s and ~1 s. Critically damped and overdamped springs use the same
    /// threshold on their own envelope (our extension; Apple gives no data point for them). An
    /// undamped spring never settles (infinity); invalid parameters settle at once (0).
    package var settlingDuration: Double {
        guard let motion else { return 0 }
        return motion.settlingTime(epsilon: Self.settlingEpsilon)
    }
}

/// The closed-form solution of spec §8.2 for x(0) = −1, x'(0) = v0.
private struct SpringMotion {
    let beta: Double, omega0: Double, velocity: Double
    private let x0 = -1.0

    /// Relative gap |β − ω0| below which the spring counts as critically damped; the underdamped and
    /// overdamped forms divide by √|ω0² − β²| and lose precision there.
    private static let criticalBand = 1e-9

    private enum Regime { case under(omega1: Double), critical, over(omega2: Double) }

    private var regime: Regime {
        let gap = omega0 * omega0 - beta * beta
        if abs(beta - omega0) <= Self.criticalBand * omega0 { return .critical }
        return gap > 0 ? .under(omega1: gap.squareRoot()) : .over(omega2: (-gap).squareRoot())
    }

    func displacement(at t: Double) -> Double {
        let decay = exp(-beta * t)
        let drive = beta * x0 + velocity
        switch regime {
        case .under(let w1): return decay * (x0 * cos(w1 * t) + drive / w1 * sin(w1 * t))
        case .critical: return decay * (x0 + drive * t)
        case .over(let w2):
            // cosh/sinh overflow for large w2·t although the product with e^{−βt} is tiny; the
            // exponential form e^{(−β±ω2)t} stays finite.
            let slow = exp((w2 - beta) * t), fast = exp((-w2 - beta) * t)
            return 0.5 * (x0 + drive / w2) * slow + 0.5 * (x0 - drive / w2) * fast
        }
    }

    func settlingTime(epsilon: Double) -> Double {
        let drive = beta * x0 + velocity
        switch regime {
        case .under(let w1):
            guard beta > 0 else { return .infinity }
            let amplitude = (x0 * x0 + (drive / w1) * (drive / w1)).squareRoot()
            return max(log(amplitude / epsilon) / beta, 0)
        case .critical:
            // Envelope (|x0| + |drive|·t)·e^{−βt}, decreasing after its peak.
            let envelope = { (t: Double) in (abs(x0) + abs(drive) * t) * exp(-beta * t) }
            let peak = drive == 0 ? 0 : max(1 / beta - abs(x0) / abs(drive), 0)
            return Self.lastCrossing(of: envelope, from: peak, level: epsilon, rate: beta)
        case .over(let w2):
            let slowAmplitude = abs(0.5 * (x0 + drive / w2)), fastAmplitude = abs(0.5 * (x0 - drive / w2))
            let envelope = { (t: Double) in
                slowAmplitude * exp((w2 - beta) * t) + fastAmplitude * exp((-w2 - beta) * t)
            }
            return Self.lastCrossing(of: envelope, from: 0, level: epsilon, rate: beta - w2)
        }
    }

    /// The time after `start` at which a decreasing envelope falls to `level`, by bisection
    /// (bounded step counts, so no input can hang it). `rate` is the slowest decay rate.
    private static func lastCrossing(of envelope: (Double) -> Double, from start: Double, level: Double, rate: Double) -> Double {
        guard envelope(start) > level else { return start }
        guard rate > 0 else { return .infinity }
        var low = start, high = start + 1 / rate
        var doublings = 0
        while envelope(high) > level {
            low = high
            high = start + 2 * (high - start)
            doublings += 1
            if doublings > 2000 || !high.isFinite { return .infinity }
        }
        for _ in 0..<200 {
            let mid = 0.5 * (low + high)
            if mid <= low || mid >= high { break }
            if envelope(mid) > level { low = mid } else { high = mid }
        }
        return high
    }
}
