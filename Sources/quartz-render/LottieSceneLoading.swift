// Lottie files given where a scene is expected: a JSON object with "v", "fr", "ip", "op" and "layers" and no
// scene "version" is imported with QuartzLottie and rendered as a scene of frames ip..<op at fr.
import ArgumentParser
import Foundation
import OpenQuartz

/// The Lottie file at `path` as a scene, or nil when it is not a Lottie file. Load errors exit 65 with the
/// error's JSON path; unsupported features are logged as warnings. `motionPaths`: how layers travel along curved
/// motion paths.
func loadLottieScene(at path: String, motionPaths: LottieMotionPathTiming) throws -> Scene? {
    let url = URL(fileURLWithPath: path)
    guard let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int, size <= 64 << 20,
          let data = try? Data(contentsOf: url), LottieAnimation.isLottieDocument(data)
    else { return nil }
    let animation: LottieAnimation
    do {
        animation = try LottieAnimation(data: data, directory: url.deletingLastPathComponent())
    } catch {
        throw CLIFailure(.dataError, "\(path): 1 error\n  \(error)")
    }
    // Exporters write rates as 32-bit floats (29.9700012207031 for 29.97): those are rendered at the rate to
    // three decimals, and the root's speed makes output frame i show Lottie frame ip + i exactly.
    guard let frameRate = SceneFrameRate(animation.frameRate) ?? SceneFrameRate((animation.frameRate * 1000).rounded() / 1000) else {
        throw CLIFailure(.dataError, "\(path): 1 error\n  fr: the frame rate \(animation.frameRate) cannot be rendered")
    }
    for feature in animation.unsupportedFeatures { cliLog.warning("Lottie feature not supported: \(feature)") }
    let counts = animation.builtCounts()
    cliLog.debug("loaded \(path) as Lottie: \(counts.layers) layers, \(counts.animations) animations")
    return Scene.hosting(
        size: CGSize(width: animation.width, height: animation.height), frameRate: frameRate, duration: animation.duration,
        unsupportedFeatures: animation.unsupportedFeatures, layers: counts.layers, animations: counts.animations,
        makeRoot: {
            let root = animation.makeLayer(motionPaths: motionPaths)
            root.speed = Float(frameRate.framesPerSecond / animation.frameRate)
            return root
        })
}

/// `--lottie-motion`: how Lottie layers travel along curved motion paths.
enum LottieMotionOption: String, CaseIterable, ExpressibleByArgument {
    case afterEffects = "after-effects"
    case coreAnimation = "core-animation"

    var timing: LottieMotionPathTiming {
        switch self {
        case .afterEffects: return .afterEffects
        case .coreAnimation: return .coreAnimation
        }
    }
}
