// Counts how many public declarations of the library products have a doc comment, from the symbol graphs that
// `swift package dump-symbol-graph --minimum-access-level public` writes. Run by .ci/docs:
//   swift .ci/doccov.swift SYMBOLGRAPH_DIR MODULE,MODULE,... MIN_PERCENT [--list]
// Prints "Module: documented/total" per module and the total; exits 1 under MIN_PERCENT (--list names the gaps).
//
// What counts (the rule):
// - Every public or open symbol a module declares counts, enum cases and protocol-requirement implementations
//   (==, hash(into:), description, a transition animator's methods) included: DocC gives each its own page or row,
//   and an undocumented one shows "No overview available".
// - Members extending another module's types (the `Module@Other` files) count for the module that declares them.
// - Not counted: symbols the compiler synthesizes or inherits (identifiers with ::SYNTHESIZED::), which a user
//   never wrote and DocC lists under the protocol they come from.
// - A symbol whose only doc comment is inherited from the standard library's protocol (OptionSet's `rawValue`,
//   RawRepresentable's `init(rawValue:)`) counts as documented: DocC shows that text, and it is right.
import Foundation

let args = CommandLine.arguments
guard args.count >= 4, let minimum = Double(args[3]) else {
    FileHandle.standardError.write("usage: doccov.swift SYMBOLGRAPH_DIR MODULE,... MIN_PERCENT [--list]\n".data(using: .utf8)!)
    exit(2)
}
let dir = args[1], modules = args[2].split(separator: ",").map(String.init), list = args.contains("--list")
let files = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
var documented = 0, total = 0, missing: [String] = []
for module in modules {
    let mine = files.filter { $0 == "\(module).symbols.json" || ($0.hasPrefix("\(module)@") && $0.hasSuffix(".symbols.json")) }
    guard mine.contains("\(module).symbols.json") else {
        FileHandle.standardError.write("doccov: no symbol graph for \(module) in \(dir)\n".data(using: .utf8)!)
        exit(2)
    }
    var moduleDocumented = 0, moduleTotal = 0
    for file in mine {
        let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + file))
        let graph = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        for case let symbol as [String: Any] in graph["symbols"] as? [Any] ?? [] {
            guard let access = symbol["accessLevel"] as? String, access == "public" || access == "open" else { continue }
            let identifier = (symbol["identifier"] as? [String: Any])?["precise"] as? String ?? ""
            if identifier.contains("::SYNTHESIZED::") { continue }
            moduleTotal += 1
            if symbol["docComment"] != nil {
                moduleDocumented += 1
            } else {
                let location = symbol["location"] as? [String: Any]
                let path = (location?["uri"] as? String ?? "?").components(separatedBy: "/Sources/").last ?? "?"
                let line = ((location?["position"] as? [String: Any])?["line"] as? Int).map { $0 + 1 } ?? 0
                let name = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
                missing.append("  \(path):\(line) \(name)")
            }
        }
    }
    print("\(module): \(moduleDocumented)/\(moduleTotal)")
    documented += moduleDocumented
    total += moduleTotal
}
let percent = total == 0 ? 0 : 100 * Double(documented) / Double(total)
print("documented: \(documented)/\(total) = \(String(format: "%.1f", percent))% (minimum \(minimum)%)")
if list || percent < minimum { missing.forEach { print($0) } }
if percent < minimum {
    FileHandle.standardError.write("doccov: \(String(format: "%.1f", percent))% of public symbols are documented, under \(minimum)%\n".data(using: .utf8)!)
    exit(1)
}
