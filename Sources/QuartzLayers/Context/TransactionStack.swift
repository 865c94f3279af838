// The nested transaction scopes of one context and their keyed data (spec §6.1): reads search from
// the innermost scope outwards, writes go to the innermost scope, and a scope's values vanish when it
// commits. Completion blocks track the animations added after they were set (spec §6.1 rules 1–4).
import Foundation

/// A completion block and the animations it waits for.
final class CompletionGroup {
    let block: () -> Void
    /// Tracked animations that have not yet ended or been removed.
    var pendingAnimationCount = 0
    /// True once the transaction that set the block has committed or the block was replaced.
    var isClosed = false
    var hasFired = false

    init(block: @escaping () -> Void) {
        self.block = block
    }

    /// Whether the block is due: closed and nothing left to wait for.
    var isDue: Bool { isClosed && pendingAnimationCount == 0 && !hasFired }
}

/// One `begin()`/`commit()` pair, or the implicit transaction a change opens.
struct TransactionScope {
    var isImplicit: Bool
    var values: [String: Any] = [:]
    /// The group of the completion block set in this scope, while it accepts animations.
    var openCompletionGroup: CompletionGroup?
}

/// The stack of open transaction scopes, innermost last.
struct TransactionStack {
    var scopes: [TransactionScope] = []
    /// Set by `flush()` while explicit scopes are open: commit the implicit one when they close.
    var flushRequested = false

    var isEmpty: Bool { scopes.isEmpty }

    /// The innermost value set for `key`, or nil.
    func value(forKey key: String) -> Any? {
        for scope in scopes.reversed() {
            if let value = scope.values[key] { return value }
        }
        return nil
    }

    /// Every completion group currently accepting animations, outermost first.
    var openCompletionGroups: [CompletionGroup] {
        scopes.compactMap(\.openCompletionGroup)
    }
}

/// Apple's `kCATransaction…` keys (raw strings from SDK-CATransaction, [V: GS-tests]).
public let kCATransactionAnimationDuration: String = "animationDuration"
public let kCATransactionDisableActions: String = "disableActions"
public let kCATransactionAnimationTimingFunction: String = "animationTimingFunction"
public let kCATransactionCompletionBlock: String = "completionBlock"
