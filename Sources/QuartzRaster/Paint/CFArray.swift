// Core Graphics takes colour lists as CFArray, and ported code writes `[c1, c2] as CFArray`. Foundation on
// Linux has no CFArray type, so here it names an array of objects and the APIs that take one accept it.
public typealias CFArray = [Any]
