// CASpringAnimation (spec §8): a basic animation whose progress follows a damped spring in seconds of
// basic local time; the shape does not depend on `duration`, which still bounds the active interval.
import Foundation

/// Apple: a spring-driven basic animation.
open class CASpringAnimation: CABasicAnimation {
    /// Default 1; must be > 0.
    open var mass: CGFloat = 1
    /// Default 100; must be > 0.
    open var stiffness: CGFloat = 100
    /// Default 10; must be ≥ 0.
    open var damping: CGFloat = 10
    /// In whole from→to distances per second; positive moves toward the target. Default 0.
    open var initialVelocity: CGFloat = 0
    /// When false (Apple's default) an overdamped spring is treated as critically damped (spec §8.2).
    open var allowsOverdamping = false

    public required init() {}

    /// Apple (iOS 17): a spring whose stiffness and damping follow from a perceptual duration and a
    /// bounce, with SwiftUI's mapping `stiffness = (2π/duration)²`, `damping = 4π(1−bounce)/duration`
    /// (spec §8.2 [U for Core Animation]). Non-positive or non-finite durations keep the defaults.
    public convenience init(perceptualDuration: TimeInterval, bounce: CGFloat) {
        self.init()
        guard perceptualDuration > 0, perceptualDuration.isFinite, bounce.isFinite else { return }
        let clampedBounce = min(max(Double(bounce), -1), 1)
        stiffness = CGFloat(pow(2 * Double.pi / perceptualDuration, 2))
        damping = CGFloat(4 * Double.pi * (1 - clampedBounce) / perceptualDuration)
        storedPerceptualDuration = perceptualDuration
        storedBounce = CGFloat(clampedBounce)
    }

    var storedPerceptualDuration: TimeInterval?
    var storedBounce: CGFloat?

    /// Apple (iOS 17): the perceptual duration; derived from stiffness when not given (2π/√(k/m)).
    open var perceptualDuration: TimeInterval {
        storedPerceptualDuration ?? 2 * Double.pi / (Double(stiffness) / Double(mass)).squareRoot()
    }

    /// Apple (iOS 17): the bounce; derived from the damping ratio when not given (1 − ζ).
    open var bounce: CGFloat {
        storedBounce ?? CGFloat(1 - Double(damping) / (2 * (Double(stiffness) * Double(mass)).squareRoot()))
    }

    /// The spring maths for the current parameters.
    var spring: DampedSpring {
        DampedSpring(
            mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
            initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
    }

    /// Apple: the estimated time for the spring to come to rest, for the current parameters (spec §8.3).
    open var settlingDuration: CFTimeInterval { spring.settlingDuration }

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CASpringAnimation else { return }
        mass = other.mass
        stiffness = other.stiffness
        damping = other.damping
        initialVelocity = other.initialVelocity
        allowsOverdamping = other.allowsOverdamping
        storedPerceptualDuration = other.storedPerceptualDuration
        storedBounce = other.storedBounce
    }
}
