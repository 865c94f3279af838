// Apple's CATransaction: class methods over the current context's transaction stack (spec §6.1).
import Foundation

/// Apple: groups layer-tree changes into atomic updates and carries their animation settings.
///
/// Every method acts on `LayerTreeContext.current`. Changes made outside `begin()`/`commit()` open an
/// implicit transaction, which commits when the headless run-loop turn ends: at `flush()`, or when a
/// renderer begins a frame (`LayerTreeContext.beginFrame()`).
open class CATransaction {
    /// Apple: opens a transaction (nested ones have nested data scope).
    public class func begin() {
        LayerTreeContext.current.beginTransaction()
    }

    /// Apple: commits the innermost transaction; the outermost one commits its changes (layout,
    /// display, model → committed state, animation begin times). Without an open transaction it does
    /// nothing: Apple's header says it raises, Apple-run tests show it does not (spec §12).
    public class func commit() {
        LayerTreeContext.current.commitTransaction()
    }

    /// Apple: commits any extant implicit transaction, delayed until open explicit transactions have
    /// committed. Here it also ends the run-loop turn: due animation callbacks and completion blocks fire.
    public class func flush() {
        LayerTreeContext.current.flushTransactions()
    }

    /// Apple: takes the recursive lock that guards the current context's shared state.
    public class func lock() {
        LayerTreeContext.current.lock.lock()
    }

    /// Apple: releases the lock taken by `lock()`.
    public class func unlock() {
        LayerTreeContext.current.lock.unlock()
    }

    /// Apple: the duration given to animations added in this transaction whose own duration is 0;
    /// 0.25 s unless set (spec §6.1), also outside any transaction.
    public class func animationDuration() -> CFTimeInterval {
        LayerTreeContext.current.transactionAnimationDuration
    }

    /// Apple: sets `kCATransactionAnimationDuration` in the innermost transaction.
    public class func setAnimationDuration(_ dur: CFTimeInterval) {
        LayerTreeContext.current.setTransactionValue(dur, forKey: kCATransactionAnimationDuration)
    }

    /// Apple: the timing function given to animations added in this transaction whose own is nil; nil
    /// unless set (implicit animations then use `.default`, spec §6.4).
    public class func animationTimingFunction() -> CAMediaTimingFunction? {
        LayerTreeContext.current.transactionTimingFunction
    }

    /// Apple: sets `kCATransactionAnimationTimingFunction` in the innermost transaction.
    public class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        LayerTreeContext.current.setTransactionValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Apple: whether property changes look up and run actions. Default false.
    public class func disableActions() -> Bool {
        LayerTreeContext.current.transactionDisablesActions
    }

    /// Apple: sets `kCATransactionDisableActions` in the innermost transaction.
    public class func setDisableActions(_ flag: Bool) {
        LayerTreeContext.current.setTransactionValue(flag, forKey: kCATransactionDisableActions)
    }

    /// Apple: the block run once every animation added after it was set in this transaction group has
    /// ended or been removed — at commit when there are none (spec §6.1 rules 1–4).
    public class func completionBlock() -> (() -> Void)? {
        LayerTreeContext.current.transactionValue(forKey: kCATransactionCompletionBlock) as? () -> Void
    }

    /// Apple: sets the completion block of the innermost transaction (closing the previous block's group).
    public class func setCompletionBlock(_ block: (() -> Void)?) {
        LayerTreeContext.current.setTransactionValue(block, forKey: kCATransactionCompletionBlock)
    }

    /// Apple: the innermost transaction's value for `key` (arbitrary keys allowed).
    public class func value(forKey key: String) -> Any? {
        LayerTreeContext.current.transactionValue(forKey: key)
    }

    /// Apple: sets `key` in the innermost transaction.
    public class func setValue(_ anObject: Any?, forKey key: String) {
        LayerTreeContext.current.setTransactionValue(anObject, forKey: key)
    }
}
