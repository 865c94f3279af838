// CAMediaTiming on layers (spec §1.2): a layer's fields map its superlayer's time to its own. They are
// not animatable (spec §1.7), so changing them runs no implicit animation; the new mapping applies to
// every animation of the layer and its sublayers from the next commit.
import Foundation

extension CALayer: CAMediaTiming {
    public var beginTime: CFTimeInterval {
        get { modelValues.timing.beginTime }
        set { setTiming(\.timing.beginTime, newValue, forKey: "beginTime") }
    }

    public var duration: CFTimeInterval {
        get { modelValues.timing.duration }
        set {
            guard !newValue.isNaN else { return }
            setModelValue(\.timing.duration, newValue, forKey: "duration")
        }
    }

    public var speed: Float {
        get { modelValues.timing.speed }
        set {
            guard newValue.isFinite else { return }
            setModelValue(\.timing.speed, newValue, forKey: "speed")
        }
    }

    public var timeOffset: CFTimeInterval {
        get { modelValues.timing.timeOffset }
        set { setTiming(\.timing.timeOffset, newValue, forKey: "timeOffset") }
    }

    public var repeatCount: Float {
        get { modelValues.timing.repeatCount }
        set {
            guard !newValue.isNaN else { return }
            setModelValue(\.timing.repeatCount, newValue, forKey: "repeatCount")
        }
    }

    public var repeatDuration: CFTimeInterval {
        get { modelValues.timing.repeatDuration }
        set {
            guard !newValue.isNaN else { return }
            setModelValue(\.timing.repeatDuration, newValue, forKey: "repeatDuration")
        }
    }

    public var autoreverses: Bool {
        get { modelValues.timing.autoreverses }
        set { setModelValue(\.timing.autoreverses, newValue, forKey: "autoreverses") }
    }

    public var fillMode: CAMediaTimingFillMode {
        get { CAMediaTimingFillMode(rawValue: modelValues.timing.fillModeName) }
        set { setModelValue(\.timing.fillModeName, newValue.rawValue, forKey: "fillMode") }
    }

    private func setTiming(_ path: WritableKeyPath<LayerProperties, Double>, _ value: Double, forKey key: String) {
        guard value.isFinite else { return }
        setModelValue(path, value, forKey: key)
    }
}
