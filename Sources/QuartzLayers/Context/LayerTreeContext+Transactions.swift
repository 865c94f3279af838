// Transaction operations of a context: begin/commit/flush, keyed values, completion groups and the
// commit itself (spec §6.1, §11 step 1).
import Foundation

extension LayerTreeContext {
    // MARK: - Scopes

    func beginTransaction() {
        withLock { transactions.scopes.append(TransactionScope(isImplicit: false)) }
    }

    /// Opens the implicit transaction if no transaction is open ("created automatically … when the layer
    /// tree is modified by a thread without an active transaction", SDK-CATransaction).
    func ensureTransaction() {
        withLock {
            if transactions.isEmpty { transactions.scopes.append(TransactionScope(isImplicit: true)) }
        }
    }

    /// Commits the innermost scope. Without an open transaction it does nothing: Apple's header says it
    /// raises, but Apple-run tests show it does not (spec §6.1, §12).
    func commitTransaction() {
        withLock {
            guard let scope = transactions.scopes.popLast() else { return }
            closeCompletionGroup(scope.openCompletionGroup)
            if transactions.isEmpty {
                performCommit()
            } else if transactions.flushRequested, transactions.scopes.count == 1, transactions.scopes[0].isImplicit {
                // A flush arrived while explicit transactions were open: it commits now (SDK-CATransaction).
                commitImplicitTransaction()
            }
        }
        drainCallbacks()
    }

    /// Ends the headless run-loop turn: commits the implicit transaction (delayed while explicit ones are
    /// open, SDK-CATransaction `+flush`), then fires the callbacks that are due at the clock's time.
    func flushTransactions() {
        withLock {
            if transactions.scopes.count == 1, transactions.scopes[0].isImplicit {
                commitImplicitTransaction()
            } else if !transactions.isEmpty {
                transactions.flushRequested = true
            }
            if transactions.isEmpty { processAnimationEvents(upTo: mediaTime) }
        }
        drainCallbacks()
    }

    private func commitImplicitTransaction() {
        transactions.flushRequested = false
        let scope = transactions.scopes.removeLast()
        closeCompletionGroup(scope.openCompletionGroup)
        performCommit()
    }

    // MARK: - Keyed values

    func transactionValue(forKey key: String) -> Any? {
        withLock { transactions.value(forKey: key) }
    }

    /// Sets `key` in the innermost scope ("setting a key always sets it in the innermost scope"); with no
    /// transaction open it opens the implicit one, as Apple does for any transaction call.
    func setTransactionValue(_ value: Any?, forKey key: String) {
        withLock {
            ensureTransaction()
            let index = transactions.scopes.count - 1
            if key == kCATransactionCompletionBlock {
                // Rule 4: replacing the block closes the previous block's set of animations.
                closeCompletionGroup(transactions.scopes[index].openCompletionGroup)
                transactions.scopes[index].openCompletionGroup = nil
                if let block = value as? () -> Void {
                    transactions.scopes[index].openCompletionGroup = CompletionGroup(block: block)
                }
            }
            transactions.scopes[index].values[key] = value
        }
        drainCallbacks()
    }

    /// `animationDuration`: the innermost setting, else 0.25 s (spec §6.1 defaults). Non-finite or
    /// negative settings fall back to the default rather than producing endless animations.
    var transactionAnimationDuration: Double {
        guard let value = transactionValue(forKey: kCATransactionAnimationDuration),
            let seconds = LayerValue.number(from: value), seconds.isFinite, seconds >= 0
        else { return 0.25 }
        return seconds
    }

    var transactionDisablesActions: Bool {
        guard let value = transactionValue(forKey: kCATransactionDisableActions) else { return false }
        if let flag = value as? Bool { return flag }
        return (LayerValue.number(from: value) ?? 0) != 0
    }

    // MARK: - Completion groups

    private func closeCompletionGroup(_ group: CompletionGroup?) {
        guard let group, !group.isClosed else { return }
        group.isClosed = true
        // Rule 3: with nothing tracked the block runs when the transaction commits.
        fireIfDue(group)
    }

    func fireIfDue(_ group: CompletionGroup) {
        guard group.isDue else { return }
        group.hasFired = true
        pendingCallbacks.append(group.block)
    }

    /// Runs queued callbacks outside the lock, in order; callbacks may open new transactions.
    func drainCallbacks() {
        let callbacks: [() -> Void] = withLock {
            guard !isRunningCallbacks, !pendingCallbacks.isEmpty else { return [] }
            isRunningCallbacks = true
            defer { pendingCallbacks.removeAll() }
            return pendingCallbacks
        }
        guard !callbacks.isEmpty else { return }
        for callback in callbacks { callback() }
        withLock { isRunningCallbacks = false }
        drainCallbacks()
    }

    // MARK: - Dirty layers

    /// Records that `layer` changed in the open transaction (opening the implicit one if needed).
    func noteChange(of layer: CALayer) {
        withLock {
            ensureTransaction()
            if !layer.isDirty {
                layer.isDirty = true
                dirtyLayers.append(DirtyLayer(layer: layer))
            }
        }
    }
}

/// A layer changed in the open transaction, as the context's dirty list keeps it (not owned).
struct DirtyLayer {
    weak var layer: CALayer?
}
