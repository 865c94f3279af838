// `--jobs N`: N frames render at once on N worker threads, each with its own renderer (layer trees are not
// shared between threads); the caller receives the results strictly in frame order, so output files and
// video frames are the same as a serial render. Workers take the next position from a shared counter but
// never run more than `window` positions ahead of the consumer, which bounds memory.
import Foundation

/// Renders `count` positions on worker threads and hands the results to the caller in order.
package final class OrderedFrameWorkers<Output: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: every mutable field below is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var results: [Int: Result<Output, any Error>] = [:]
    private var nextToProduce = 0
    private var nextToConsume = 0
    private var cancelled = false
    private var running = 0
    private var setupError: (any Error)?
    private let count: Int
    private let window: Int

    private init(count: Int, window: Int) {
        self.count = count
        self.window = window
    }

    /// Runs `produce` for positions 0..<count on `jobs` threads and `consume` on the calling thread in order.
    /// `makeProducer` runs once on each worker thread and returns that thread's producer. With one job
    /// everything runs on the calling thread, unless `background`: then one worker thread produces up to two
    /// positions ahead while the calling thread consumes. The first error stops the workers and is rethrown.
    package static func run(
        count: Int, jobs: Int, background: Bool = false,
        makeProducer: @escaping @Sendable () throws -> (Int) throws -> Output,
        consume: (Int, Output) throws -> Void
    ) throws {
        guard count > 0 else { return }
        if jobs <= 1 && !background {
            let produce = try makeProducer()
            for position in 0..<count { try consume(position, try produce(position)) }
            return
        }
        let workers = OrderedFrameWorkers(count: count, window: 2 * max(1, jobs))
        let threads = min(jobs, count)
        workers.running = threads
        for _ in 0..<threads {
            let thread = Thread { workers.work(makeProducer) }
            thread.stackSize = 8 << 20  // layer-tree walks recurse; match the main thread's stack
            thread.start()
        }
        do {
            for position in 0..<count {
                try consume(position, try workers.take(position))
            }
        } catch {
            workers.cancelAndJoin()
            throw error
        }
        workers.cancelAndJoin()
    }

    /// A worker thread: make a producer, then render positions until none are left or the run is cancelled.
    private func work(_ makeProducer: () throws -> (Int) throws -> Output) {
        let produce: (Int) throws -> Output
        do {
            produce = try makeProducer()
        } catch {
            condition.lock()
            if setupError == nil { setupError = error }
            running -= 1
            condition.broadcast()
            condition.unlock()
            return
        }
        while true {
            condition.lock()
            while !cancelled && nextToProduce < count && nextToProduce >= nextToConsume + window { condition.wait() }
            guard !cancelled, nextToProduce < count else {
                running -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let position = nextToProduce
            nextToProduce += 1
            condition.unlock()
            let result = Result { try produce(position) }
            condition.lock()
            results[position] = result
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The result of `position`, waiting for it; throws the worker's error.
    private func take(_ position: Int) throws -> Output {
        condition.lock()
        // A position once taken is always delivered; it can only be missing when every worker has stopped.
        while results[position] == nil && running > 0 { condition.wait() }
        let result = results.removeValue(forKey: position)
        nextToConsume = position + 1
        condition.broadcast()
        let setup = setupError
        condition.unlock()
        guard let result else {
            throw setup ?? FrameOutputError(.software, "a render worker stopped before frame position \(position)")
        }
        return try result.get()
    }

    /// Stops the workers after their current frame and waits until all have returned.
    private func cancelAndJoin() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        results.removeAll()
        condition.unlock()
    }
}
