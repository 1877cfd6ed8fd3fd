import Foundation
import ModalLab

/// One line of the benchmark's table: named figures, and the budget they are held to when there is one.
struct Row {
    let section: String
    let label: String
    let figures: [(name: String, value: Double, unit: String)]
    /// The budget in words, e.g. "p99 ≤ 4 × memcpy".
    var budget: String?
    /// Whether the figures meet the budget; nil when the row has none.
    var met: Bool?
}

/// Collects rows, prints them as one table and writes them as JSON.
final class Report {
    private(set) var rows: [Row] = []
    var machine: [String: String] = [:]

    func add(_ row: Row) {
        rows.append(row)
        print(Report.format(row))
        fflush(stdout)
    }

    static func header() -> String {
        pad("section", 8) + pad("case", 34) + pad("figures", 74) + "budget"
    }

    static func format(_ row: Row) -> String {
        let figures = row.figures.map { "\($0.name) \(number($0.value))\($0.unit)" }.joined(separator: "  ")
        let verdict = row.met.map { $0 ? "ok" : "MISSED" } ?? ""
        let budget = row.budget.map { "\($0)  \(verdict)" } ?? ""
        return pad(row.section, 8) + pad(row.label, 34) + pad(figures, 74) + budget
    }

    /// Three significant decimals for small figures, fewer for big ones.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        let digits = abs(value) >= 100 ? 0 : abs(value) >= 10 ? 1 : abs(value) >= 1 ? 2 : 3
        return String(format: "%.\(digits)f", value)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        let count = text.count
        return count >= width ? text + " " : text + String(repeating: " ", count: width - count)
    }

    /// The whole run as a JSON object, through the lab's JSON writer: the machine and every row with its figures,
    /// keys in alphabetical order.
    func json() -> String {
        let rows = rows.map { row -> JSONValue in
            var object: [(String, JSONValue)] = []
            if let budget = row.budget { object.append(("budget", .string(budget))) }
            object.append(("case", .string(row.label)))
            let figures = row.figures.sorted { $0.name < $1.name }.map { ($0.name, JSONValue.number($0.value)) }
            object.append(("figures", .dictionary(figures)))
            if let met = row.met { object.append(("met", .bool(met))) }
            object.append(("section", .string(row.section)))
            return .dictionary(object)
        }
        let machine = machine.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }
        return JSONValue.lines([("machine", .lines(machine)), ("rows", .array(rows))]).text + "\n"
    }
}
