// The layer model: CALayer family, CATransaction, CAAnimation family, CAMediaTiming.
