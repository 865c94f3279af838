// Option values the command line reads straight into QuartzOutput's types.
import ArgumentParser
import QuartzOutput

extension StreamFormat: ExpressibleByArgument {}
extension FitMode: ExpressibleByArgument {}
