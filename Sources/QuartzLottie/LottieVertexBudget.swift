// The vertices read over the whole document: many keyframes of large paths could otherwise ask for billions.
import Foundation

final class LottieVertexBudget {
    private(set) var spent = 0
    let limit: Int

    init(limit: Int = LottieLimits.maximumTotalPathVertices) { self.limit = limit }

    func spend(_ vertices: Int, at node: LottieJSON) throws(LottieError) {
        spent += vertices
        guard spent <= limit else {
            throw node.fail("the paths hold more than \(limit) vertices in all")
        }
    }
}
