import Foundation

/// The repository's `fixtures/` folder, found from this file's path so tests run from any directory.
let fixturesDirectory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("fixtures")

/// Parses a JSON file under `fixtures/`.
func loadFixtureJSON(_ relativePath: String) throws -> Any {
    let data = try Data(contentsOf: fixturesDirectory.appendingPathComponent(relativePath))
    return try JSONSerialization.jsonObject(with: data)
}
