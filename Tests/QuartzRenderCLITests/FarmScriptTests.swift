// The render-farm scripts of docs/cli.md run for real by Tests/Farm with the built quartz-render: a Slurm
// cluster of one node (root; slurm-wlm and munge from apt), dask.distributed clusters and the Kubernetes
// Jobs' schema check (Python packages from PyPI in a cached virtual environment). A script that cannot run on
// this machine exits 77 with the reason, and the test is skipped with it; `.ci/run` installs what they need.
import Foundation
import Testing

enum FarmScripts {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Farm")
    static let isRoot = getuid() == 0
    static let hasPython = FFmpegTools.find("python3") != nil
    static let notRoot: Comment = "not root: the Slurm cluster test needs root (slurmd runs the tasks; apt-get installs slurm-wlm, munge)"
    static let noPython: Comment = "no python3 on PATH: the Dask and Kubernetes tests are skipped (apt-get install python3 python3-venv; .ci/run does)"

    /// Runs `Tests/Farm/NAME` with the built binary; stops it (SIGTERM, which its cleanup handles) after
    /// `limit` seconds. Returns the exit status and everything it printed.
    static func run(_ name: String, limit: Double) throws -> (status: Int32, output: String) {
        let found = CLI.binaryPath()
        let binary = try #require(found.path, "quartz-render binary not found (looked at \(found.searched))")
        let work = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let log = work.appendingPathComponent("output.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [folder.appendingPathComponent(name).path, binary]
        process.currentDirectoryURL = work
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = work.path
        // The virtual environment outlives the test's folder: it is made once per machine.
        environment["QUARTZ_FARM_VENV_ROOT"] = FileManager.default.temporaryDirectory.path
        process.environment = environment
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(limit)
        while process.isRunning, Date() < deadline { usleep(100_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            Issue.record("\(name) did not finish within \(Int(limit)) s")
        }
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    /// The labels of the scripts' "ok: LABEL: details" lines.
    static func checks(_ output: String) -> [String] {
        output.split(separator: "\n").filter { $0.hasPrefix("ok: ") }.map { line in
            String(line.dropFirst(4).prefix { $0 != ":" })
        }
    }

    /// Runs a script and expects its checks, or skips the test with the script's reason (exit 77).
    static func expect(_ name: String, limit: Double, checks expected: [String], last: String) throws {
        let (status, output) = try run(name, limit: limit)
        if status == 77 {
            let reason = output.split(separator: "\n").last { $0.hasPrefix("skip: ") }.map(String.init) ?? "skip: (no reason printed)"
            try Test.cancel(Comment(rawValue: "\(name): \(reason)"))
        }
        #expect(status == 0, "\(name) exited \(status):\n\(output)")
        #expect(checks(output) == expected, "\(output)")
        #expect(output.split(separator: "\n").last?.hasPrefix(last) == true, "\(output)")
    }
}

@Suite(.serialized) struct FarmScriptTests {
    @Test(.enabled(if: FarmScripts.isRoot, FarmScripts.notRoot), .timeLimit(.minutes(5)))
    func slurmClusterRunsTheDocumentedArrays() throws {
        // The oversized --cpus-per-task check runs on nodes of fewer than 4 CPUs only.
        var expected = ["cluster", "missing logs/", "afterok after a failure", "log replaced", "serial", "kill and requeue", "shard array", "logs",
                        "stats-merge", "chunk array", "video", "node down", "node back"]
        if ProcessInfo.processInfo.activeProcessorCount < 4 { expected.insert("oversized --cpus-per-task", at: 2) }
        try FarmScripts.expect("slurm-cluster.sh", limit: 240, checks: expected, last: "slurm farm: all checks passed in ")
    }

    @Test(.enabled(if: FarmScripts.hasPython, FarmScripts.noPython), .timeLimit(.minutes(5)))
    func daskExampleRunsOnLocalClusters() throws {
        try FarmScripts.expect("dask-farm.sh", limit: 240, checks: ["alone", "four workers", "no main guard"],
                               last: "dask farm: all checks passed in ")
    }

    @Test(.enabled(if: FarmScripts.hasPython, FarmScripts.noPython), .timeLimit(.minutes(5)))
    func kubernetesJobsValidateAndTheirCommandsRender() throws {
        try FarmScripts.expect("kubernetes-check.sh", limit: 240, checks: ["chunk-job", "indexed-job"],
                               last: "kubernetes jobs: all checks passed in ")
    }
}
