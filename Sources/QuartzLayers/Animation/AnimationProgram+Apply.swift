// Applying an animation to a layer's properties at a parent (layer-local) time: timing (spec §1.3),
// endpoint resolution and interpolation (spec §2–§4, §8), then replace or add (spec §2.2).
import Foundation
import QuartzMath

/// A running transition on a layer at one time (spec §5.2): what the compositor needs to draw it.
public struct TransitionState: Sendable, Equatable {
    public var type: CATransitionType
    public var subtype: CATransitionSubtype?
    /// `q = startProgress + (endProgress − startProgress)·f(p)`, in [0, 1].
    public var progress: Double
    /// `CATransition.filter` when set: the compositor draws it instead of type and subtype.
    public var filter: TransitionFilter? = nil
    /// The captured appearance the transition starts from (see `before`).
    var beforeState: TransitionBeforeState? = nil

    /// The layer's subtree as it was presented just before the transaction that added the transition, at
    /// that transaction's commit time (spec §5.2: "capture the layer's rendered appearance (layer + sublayer
    /// subtree) before the current transaction's changes"). Its first entry is the layer itself, with its
    /// matrices relative to its superlayer's bounds space; the layer's entry in the snapshot that carries
    /// this state is the appearance after the changes. Empty when the layer was not in the committed tree
    /// before (it is being ordered in: there was nothing to show). Nil only before the first commit.
    public var before: LayerTreeSnapshot? { beforeState?.snapshot }

    /// Equal transition parameters and progress, and before-states captured at the same time with the same
    /// number of layers (separately built trees capture separate but equivalent before-states).
    public static func == (lhs: TransitionState, rhs: TransitionState) -> Bool {
        lhs.type == rhs.type && lhs.subtype == rhs.subtype && lhs.progress == rhs.progress && lhs.filter == rhs.filter
            && lhs.before?.mediaTime == rhs.before?.mediaTime && lhs.before?.layers.count == rhs.before?.layers.count
    }
}

extension AnimationProgram {
    /// Applies this animation at `parentTime` to `properties`. `removedAfterEnd` is the animation's
    /// `isRemovedOnCompletion` for a top-level animation (after its end it contributes nothing, whether or
    /// not a turn has removed it yet, so evaluation stays pure in time) and false inside a group (spec §5.1).
    func apply(
        atParentTime parentTime: Double, removedAfterEnd: Bool, to properties: inout LayerProperties,
        transition: inout TransitionState?
    ) {
        guard let state = resolvedTiming.evaluate(parentTime: parentTime), let basicTime = state.basicTime else { return }
        if removedAfterEnd && state.phase == .after { return }
        let duration = resolvedTiming.duration
        let progress = duration > 0 && duration.isFinite ? basicTime / duration : 0
        switch body {
        case .group(let children):
            // The group's timing function warps the time its children see (spec §5.1, ATT-Timing).
            let childTime = timingFunction.map { $0.value(atProgress: progress) * duration } ?? basicTime
            for child in children {
                child.apply(atParentTime: childTime, removedAfterEnd: false, to: &properties, transition: &transition)
            }
        case .transition(let program):
            let eased = timingFunction?.value(atProgress: progress) ?? progress
            let q = program.startProgress + (program.endProgress - program.startProgress) * eased
            transition = TransitionState(
                type: program.type, subtype: program.subtype, progress: min(max(q, 0), 1), filter: program.filter,
                beforeState: program.before)
        case .property(let program):
            program.apply(
                progress: progress, basicTime: basicTime, cycle: state.cycle, timingFunction: timingFunction,
                to: &properties)
        }
    }
}

extension PropertyProgram {
    func apply(
        progress: Double, basicTime: Double, cycle: Int, timingFunction: CAMediaTimingFunction?,
        to properties: inout LayerProperties
    ) {
        if let fixedEndpoints {
            // The same arithmetic as `LayerValue.interpolated(to:fraction:)` on the general path.
            let eased = timingFunction?.value(atProgress: progress) ?? progress
            switch fixedEndpoints {
            case .number(let a, let b): writeNumber(a + (b - a) * eased, into: &properties)
            case .point(let a, let b):
                let point = a.interpolated(to: b, fraction: eased)
                if target.fields.isEmpty, let setPoint = target.accessor.setPoint {
                    // The checks of the accessor's `write`, without boxing the value.
                    if point.x.isFinite && point.y.isFinite { setPoint(&properties, point) }
                } else {
                    _ = target.write(.point(point), into: &properties)
                }
            }
            return
        }
        guard let underlying = target.read(&properties) else { return }
        // With a value function the interpolated quantity is a number (or three); its "current value" is
        // the function's identity input [U: Apple does not document to-only value-function animations].
        let current = valueFunction.map { Self.identityInput(of: $0) } ?? underlying
        let additiveHere = isAdditive && valueFunction == nil
        var value: LayerValue
        switch values {
        case .basic(let from, let to, let by, let previous):
            let eased = timingFunction?.value(atProgress: progress) ?? progress
            let endpoints = BasicAnimationEndpoints(fromValue: from, toValue: to, byValue: by, current: current, previous: previous)
            if target.kind == .image {
                // Images cross-dissolve (spec §2.4): present the end image and record the fade for the renderer.
                if case .image(let image) = endpoints.start { properties.contentsCrossfade = ContentsCrossfade(fromImage: image, fraction: eased) }
                else { properties.contentsCrossfade = ContentsCrossfade(fromImage: nil, fraction: eased) }
                value = endpoints.end
            } else {
                value = endpoints.presentationValue(
                    atFraction: eased, cycle: cycle, cumulative: isCumulative, additive: additiveHere, over: underlying)
            }
        case .spring(let spring, let from, let to, let by, let previous):
            // The spring runs on basic local time in seconds; the timing function is ignored (spec §8.2 [U]).
            let endpoints = BasicAnimationEndpoints(fromValue: from, toValue: to, byValue: by, current: current, previous: previous)
            value = endpoints.presentationValue(
                atFraction: spring.progress(atTime: basicTime), cycle: cycle, cumulative: isCumulative,
                additive: additiveHere, over: underlying)
        case .keyframes(let interpolator):
            value = interpolator.value(atProgress: progress)
            if isCumulative, cycle > 0, let last = interpolator.values.last { value = value.adding(last.repeatedlyAdded(cycle)) }
            if additiveHere { value = value.adding(underlying) }
        case .path(let path, let rotationOffset, let pathTimingFunction):
            let eased = pathTimingFunction?.value(atProgress: progress) ?? progress
            let sample = path.sample(atProgress: eased)
            value = .point(sample.point)
            if additiveHere { value = value.adding(underlying) }
            if let rotationOffset {
                // rotationMode: rotate about z by the tangent angle, composed before the model transform
                // (spec §3.5: presentation.transform = Concat(Rz(θ), model.transform)).
                let angle = atan2(Double(sample.tangent.y), Double(sample.tangent.x)) + rotationOffset
                properties.transform = CATransform3DConcat(CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1), properties.transform)
            }
        }
        if let valueFunction {
            guard let matrix = Self.matrix(valueFunction, value) else { return }
            // Non-additive replaces the underlying transform; additive concatenates first (spec §4.2, §2.2).
            if isAdditive, case .transform(let under) = underlying {
                value = .transform(CATransform3DConcat(matrix, under))
            } else {
                value = .transform(matrix)
            }
        }
        _ = target.write(value, into: &properties)
    }

    /// Writes a number at the target path as `ResolvedKeyPath.write` does, through typed accessors where the
    /// path allows (a whole scalar property, or a transform field over an identity transform).
    private func writeNumber(_ number: Double, into properties: inout LayerProperties) {
        let accessor = target.accessor
        if target.fields.isEmpty, let setNumber = accessor.setNumber {
            if number.isFinite { setNumber(&properties, number) }
            return
        }
        if let field = target.transformField, let get = accessor.getTransform, let set = accessor.setTransform,
            CATransform3DIsIdentity(get(&properties))
        {
            if let matrix = field.matrixReplacingIdentityComponent(with: .number(number)) { set(&properties, matrix) }
            return
        }
        _ = target.write(.number(number), into: &properties)
    }

    static func identityInput(of function: TransformValueFunction) -> LayerValue {
        switch function {
        case .scale: return .numbers([1, 1, 1])
        case .translate: return .numbers([0, 0, 0])
        case .scaleX, .scaleY, .scaleZ: return .number(1)
        default: return .number(0)
        }
    }

    static func matrix(_ function: TransformValueFunction, _ value: LayerValue) -> CATransform3D? {
        switch value {
        case .number(let number): return try? function.transform([number])
        case .numbers(let numbers): return try? function.transform(numbers)
        default: return nil
        }
    }
}
