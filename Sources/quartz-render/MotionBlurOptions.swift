// The `--motion-blur` and `--shutter` flags (MotionBlur in QuartzOutput has the sampling rule).
import ArgumentParser
import OpenQuartz
import QuartzOutput

/// The `--motion-blur` and `--shutter` flags.
struct MotionBlurOptions: ParsableArguments {
    @Option(name: .customLong("motion-blur"), parsing: .unconditional, help: ArgumentHelp(
        "Sub-frame samples averaged per output frame, 1...64 (default 1: off, the plain render at the frame time).",
        valueName: "samples"))
    var samples: Int = 1

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Shutter angle in degrees, 0 < angle <= 360 (default 180): the shutter opens at the frame time and stays open angle/360 of a frame.",
        valueName: "angle"))
    var shutter: Double = 180

    func validate() throws {
        guard (1...MotionBlur.maximumSamples).contains(samples) else {
            throw ValidationError("--motion-blur must be in 1...\(MotionBlur.maximumSamples) samples, got \(samples)")
        }
        guard shutter.isFinite, shutter > 0, shutter <= 360 else {
            throw ValidationError("--shutter must be an angle in degrees with 0 < angle <= 360, got \(shutter)")
        }
    }

    func motionBlur(rate: SceneFrameRate) -> MotionBlur {
        MotionBlur(samples: samples, shutterAngle: shutter, rate: rate)
    }
}
