import Foundation

/// What the numbers were measured on, for the report.
enum Machine {
    static func describe() -> [String: String] {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let kernel = ((try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return ["cpu": model, "nproc": "\(ProcessInfo.processInfo.activeProcessorCount)", "kernel": kernel]
    }
}
