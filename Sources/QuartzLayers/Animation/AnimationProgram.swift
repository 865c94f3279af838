// The frozen, Sendable form of an attached animation: everything evaluation needs, resolved once when
// the animation is added (key path against the layer's class, `Any?` values to typed values, keyframe
// tables). Evaluating it is then a pure function of (underlying properties, parent time).
import Foundation
import QuartzMath

/// An evaluable animation. A final class so evaluation shares it instead of copying its payload every frame.
final class AnimationProgram: Sendable {
    /// The timing node; duration already defaulted (spec §1.1), beginTime fixed at commit (spec §1.5).
    let timing: MediaTimingNode
    /// `timing` with its constants worked out once (evaluated every frame).
    let resolvedTiming: ResolvedMediaTiming
    let timingFunction: CAMediaTimingFunction?
    let body: Body

    init(timing: MediaTimingNode, timingFunction: CAMediaTimingFunction?, body: Body) {
        self.timing = timing
        resolvedTiming = ResolvedMediaTiming(timing)
        self.timingFunction = timingFunction
        self.body = body
    }

    /// The same program with another timing node (a resolved begin or child duration).
    func withTiming(_ newTiming: MediaTimingNode) -> AnimationProgram {
        AnimationProgram(timing: newTiming, timingFunction: timingFunction, body: body)
    }

    enum Body: Sendable {
        case property(PropertyProgram)
        /// Children evaluated at the group's basic time (spec §5.1).
        case group([AnimationProgram])
        case transition(TransitionProgram)
    }
}

/// A property animation's target and values.
final class PropertyProgram: Sendable {
    let target: ResolvedKeyPath
    let isAdditive: Bool
    let isCumulative: Bool
    let valueFunction: TransformValueFunction?
    let values: Values
    /// Set for the common plain case, evaluated without the general path's value copies (see `FixedEndpoints`).
    let fixedEndpoints: FixedEndpoints?

    init(target: ResolvedKeyPath, isAdditive: Bool, isCumulative: Bool, valueFunction: TransformValueFunction?, values: Values) {
        self.target = target
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.valueFunction = valueFunction
        self.values = values
        fixedEndpoints = FixedEndpoints(
            values: values, target: target, plain: !isAdditive && !isCumulative && valueFunction == nil)
    }

    /// A basic animation with both `fromValue` and `toValue`, neither additive nor cumulative nor through a
    /// value function, on a number or a point whose underlying value always reads: its endpoints do not
    /// depend on the underlying value (spec §2.1 first row), so evaluation interpolates two constants.
    enum FixedEndpoints: Sendable {
        case number(Double, Double)
        case point(CGPoint, CGPoint)

        init?(values: Values, target: ResolvedKeyPath, plain: Bool) {
            guard plain, target.fields.isEmpty || target.transformField != nil,
                case .basic(let from?, let to?, _, _) = values
            else { return nil }
            switch (from, to) {
            case (.number(let a), .number(let b)): self = .number(a, b)
            case (.point(let a), .point(let b)): self = .point(a, b)
            default: return nil
            }
        }
    }

    enum Values: Sendable {
        /// `previous` is the presentation value captured at add time, for the all-nil case (spec §2.1).
        case basic(from: LayerValue?, to: LayerValue?, by: LayerValue?, previous: LayerValue?)
        case spring(DampedSpring, from: LayerValue?, to: LayerValue?, by: LayerValue?, previous: LayerValue?)
        case keyframes(KeyframeInterpolator<LayerValue>)
        /// `rotationOffset` is nil without a rotation mode, 0 for auto and π for autoReverse (spec §3.5).
        case path(KeyframePathProgram, rotationOffset: Double?, timingFunction: CAMediaTimingFunction?)
    }
}

/// A transition's parameters (spec §5.2); the compositor draws it from `TransitionState`.
struct TransitionProgram: Sendable {
    let type: CATransitionType
    let subtype: CATransitionSubtype?
    let startProgress: Double
    let endProgress: Double
    /// `CATransition.filter` at add time; when set, type and subtype are ignored (spec §5.2).
    var filter: TransitionFilter? = nil
    /// The appearance before the transaction that added the transition, captured at its commit.
    var before: TransitionBeforeState? = nil
}

/// What is wrong with an animation's description. The animation is always added (its key, delegate and
/// timing callbacks behave as Apple's); with `keyTimesIgnored` it still runs, with the others it changes no
/// property.
enum AnimationProgramError: Error, CustomStringConvertible {
    case missingKeyPath
    case keyPath(LayerKeyPathError)
    case unknownProperty(String)
    case keyframes(KeyframeError)
    case valueType(keyPath: String)
    /// The key times were invalid and are ignored, as Apple documents; the animation runs without them.
    case keyTimesIgnored(KeyframeError)

    /// Whether the animation still changes its property.
    var stillAnimates: Bool {
        if case .keyTimesIgnored = self { return true }
        return false
    }

    var description: String {
        switch self {
        case .missingKeyPath: return "property animation without a keyPath"
        case .keyPath(let error): return error.description
        case .unknownProperty(let key): return "\"\(key)\" is not an animatable property of this layer class"
        case .keyframes(let error): return "keyframes: \(error)"
        case .valueType(let keyPath): return "a value does not fit the type of \"\(keyPath)\""
        case .keyTimesIgnored(let error): return "\(error); the keyTimes are ignored and the default key times used"
        }
    }
}

extension AnimationProgram {
    /// Compiles `animation` (already copied and defaulted) for a layer with property table `table`.
    /// `presentationValue` reads the layer's current presentation value at a resolved path. Group members
    /// that cannot be compiled are left out of the group; their errors, and the problems of animations that
    /// run anyway (ignored key times), are appended to `problems`.
    static func compile(
        _ animation: CAAnimation, table: [String: LayerPropertyAccessor],
        presentationValue: (ResolvedKeyPath) -> LayerValue?, problems: inout [(CAAnimation, AnimationProgramError)]
    ) -> Result<AnimationProgram, AnimationProgramError> {
        let timing = animation.timingNode
        switch animation {
        case let group as CAAnimationGroup:
            var children: [AnimationProgram] = []
            for child in group.animations ?? [] {
                // A child with duration 0 spans the group (spec §1.3, §5.1 [O/U]).
                switch compile(child, table: table, presentationValue: presentationValue, problems: &problems) {
                case .success(let program):
                    children.append(program.withTiming(program.timing.resolvingZeroDuration(to: timing.duration)))
                case .failure(let error):
                    problems.append((child, error))
                }
            }
            return .success(AnimationProgram(timing: timing, timingFunction: group.timingFunction, body: .group(children)))
        case let transition as CATransition:
            let start = Double(min(max(transition.startProgress, 0), 1))
            let end = Double(min(max(transition.endProgress, 0), 1))
            let program = TransitionProgram(
                type: transition.type, subtype: transition.subtype, startProgress: start, endProgress: max(start, end),
                filter: TransitionFilter(transition.filter))
            TransitionFilter.reportIfUnsupported(program.filter)
            return .success(AnimationProgram(timing: timing, timingFunction: transition.timingFunction, body: .transition(program)))
        case let property as CAPropertyAnimation:
            return compileProperty(
                property, timing: timing, table: table, presentationValue: presentationValue, problems: &problems)
        default:
            // A plain CAAnimation animates nothing but still has timing and callbacks.
            return .success(AnimationProgram(timing: timing, timingFunction: animation.timingFunction, body: .group([])))
        }
    }

    private static func compileProperty(
        _ animation: CAPropertyAnimation, timing: MediaTimingNode, table: [String: LayerPropertyAccessor],
        presentationValue: (ResolvedKeyPath) -> LayerValue?, problems: inout [(CAAnimation, AnimationProgramError)]
    ) -> Result<AnimationProgram, AnimationProgramError> {
        guard let keyPath = animation.keyPath else { return .failure(.missingKeyPath) }
        let target: ResolvedKeyPath
        switch ResolvedKeyPath.resolve(keyPath, in: table) {
        case .success(let resolved): target = resolved
        case .failure(let error): return .failure(.keyPath(error))
        case nil: return .failure(.unknownProperty(keyPath))
        }
        let valueFunction = animation.valueFunction?.function
        // With a value function the animated quantities are numbers (or arrays of three), spec §4.2.
        let valueKind: LayerValueKind = valueFunction.map { $0.inputCount == 1 ? .double : .numbers } ?? target.kind
        func typed(_ value: Any?) -> Result<LayerValue?, AnimationProgramError> {
            guard let value else { return .success(nil) }
            guard let converted = LayerValue(boxed: value, as: valueKind) else { return .failure(.valueType(keyPath: keyPath)) }
            return .success(converted)
        }
        let values: PropertyProgram.Values
        switch animation {
        case let keyframe as CAKeyframeAnimation:
            if let path = keyframe.path, target.kind == .point,
                let program = KeyframePathProgram(
                    path: path, keyTimes: keyframe.keyTimes?.map(\.doubleValue), paced: keyframe.calculationMode.isPaced,
                    timingFunctions: keyframe.timingFunctions)
            {
                if let ignored = program.ignoredKeyTimes { problems.append((keyframe, .keyTimesIgnored(ignored))) }
                let offset: Double? = keyframe.rotationMode.map { $0 == .rotateAutoReverse ? Double.pi : 0 }
                values = .path(program, rotationOffset: offset, timingFunction: keyframe.timingFunction)
            } else {
                var converted: [LayerValue] = []
                for value in keyframe.values ?? [] {
                    switch typed(value) {
                    case .success(let typedValue?): converted.append(typedValue)
                    case .success(nil): break
                    case .failure(let error): return .failure(error)
                    }
                }
                do {
                    let interpolator = try KeyframeInterpolator(
                        values: converted, keyTimes: keyframe.keyTimes?.map(\.doubleValue),
                        calculationMode: keyframe.calculationMode, timingFunctions: keyframe.timingFunctions,
                        tensionValues: keyframe.tensionValues?.map(\.doubleValue),
                        continuityValues: keyframe.continuityValues?.map(\.doubleValue),
                        biasValues: keyframe.biasValues?.map(\.doubleValue), timingFunction: keyframe.timingFunction)
                    if let ignored = interpolator.ignoredKeyTimes { problems.append((keyframe, .keyTimesIgnored(ignored))) }
                    values = .keyframes(interpolator)
                } catch {
                    return .failure(.keyframes(error))
                }
            }
        case let basic as CABasicAnimation:
            let from: LayerValue?, to: LayerValue?, by: LayerValue?
            switch (typed(basic.fromValue), typed(basic.toValue), typed(basic.byValue)) {
            case (.success(let f), .success(let t), .success(let b)): (from, to, by) = (f, t, b)
            default: return .failure(.valueType(keyPath: keyPath))
            }
            // All nil: "the previous value of keyPath in the target layer's presentation layer" (spec §2.1).
            let previous = (from == nil && to == nil && by == nil && valueFunction == nil) ? presentationValue(target) : nil
            if let spring = basic as? CASpringAnimation {
                values = .spring(spring.spring, from: from, to: to, by: by, previous: previous)
            } else {
                values = .basic(from: from, to: to, by: by, previous: previous)
            }
        default:
            return .success(AnimationProgram(timing: timing, timingFunction: animation.timingFunction, body: .group([])))
        }
        let program = PropertyProgram(
            target: target, isAdditive: animation.isAdditive, isCumulative: animation.isCumulative,
            valueFunction: valueFunction, values: values)
        return .success(AnimationProgram(timing: timing, timingFunction: animation.timingFunction, body: .property(program)))
    }
}
