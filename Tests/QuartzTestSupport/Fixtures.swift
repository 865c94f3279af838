import Foundation

/// The repository's `fixtures/` folder, found from this file's path so tests run from any directory.
public let fixturesDirectory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("fixtures")

/// Parses a JSON file under `fixtures/`.
public func loadFixtureJSON(_ relativePath: String) throws -> Any {
    let data = try Data(contentsOf: fixturesDirectory.appendingPathComponent(relativePath))
    return try JSONSerialization.jsonObject(with: data)
}

/// A fixture scene's path.
public func fixtureScene(_ name: String) -> String {
    fixturesDirectory.appendingPathComponent("scenes/\(name)").path
}
