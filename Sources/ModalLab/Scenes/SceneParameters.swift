import ModalKit

/// One tunable number or curve of a scene, with the seed it comes from.
public struct ParameterSpec: Sendable {
    public enum Kind: Sendable {
        /// A number that must lie in `range` (closed). Durations must be positive, thresholds within 0...1.
        case number(ClosedRange<Double>)
        /// A UIKit curve name: linear, ease-in, ease-out, ease-in-out.
        case curve
        /// One of a few names (the sheet's rule and detents).
        case choice([String])
    }

    public let name: String
    public let kind: Kind
    public let defaultValue: ParameterValue
    /// Where the default comes from ("seed 000: percentThreshold").
    public let source: String

    public init(_ name: String, _ kind: Kind, default value: ParameterValue, source: String) {
        self.name = name
        self.kind = kind
        defaultValue = value
        self.source = source
    }

    /// Parses a value given as text (from `--set` or a JSON string), checking type and range.
    public func parse(_ text: String) throws -> ParameterValue {
        switch kind {
        case .curve:
            guard let curve = TimingCurve(name: text) else {
                throw LabError.usage("parameter \(name): '\(text)' is not a curve (linear, ease-in, ease-out, ease-in-out)")
            }
            return .curve(curve)
        case .choice(let names):
            guard names.contains(text) else {
                throw LabError.usage("parameter \(name): '\(text)' is not one of \(names.joined(separator: ", "))")
            }
            return .choice(text)
        case .number:
            guard let number = Double(text) else {
                throw LabError.usage("parameter \(name): '\(text)' is not a number")
            }
            return try check(number)
        }
    }

    /// Checks a number against the range.
    public func check(_ number: Double) throws -> ParameterValue {
        guard case .number(let range) = kind else {
            throw LabError.usage("parameter \(name): expected a name, got a number")
        }
        guard number.isFinite, range.contains(number) else {
            throw LabError.usage("parameter \(name): \(number) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return .number(number)
    }
}

/// A parameter's value.
public enum ParameterValue: Sendable, Equatable, CustomStringConvertible {
    case number(Double)
    case curve(TimingCurve)
    case choice(String)

    public var description: String {
        switch self {
        case .number(let n): return n == n.rounded() && abs(n) < 1e9 ? String(Int(n)) : String(n)
        case .curve(let c): return c.name
        case .choice(let name): return name
        }
    }
}

/// The values a scene runs with: its defaults, overridden by `--config` and then `--set`.
public struct SceneParameters: Sendable {
    public let specs: [ParameterSpec]
    private var values: [String: ParameterValue]

    public init(specs: [ParameterSpec]) {
        self.specs = specs
        values = Dictionary(uniqueKeysWithValues: specs.map { ($0.name, $0.defaultValue) })
    }

    /// Sets a value by name; an unknown name is a usage error naming the scene's parameters.
    public mutating func set(_ name: String, _ value: ParameterValue) throws {
        guard specs.contains(where: { $0.name == name }) else {
            let known = specs.map(\.name).joined(separator: ", ")
            throw LabError.usage("unknown parameter '\(name)' (this scene has: \(known))")
        }
        values[name] = value
    }

    public func spec(_ name: String) throws -> ParameterSpec {
        guard let spec = specs.first(where: { $0.name == name }) else {
            let known = specs.map(\.name).joined(separator: ", ")
            throw LabError.usage("unknown parameter '\(name)' (this scene has: \(known))")
        }
        return spec
    }

    public func number(_ name: String) -> Double {
        if case .number(let n)? = values[name] { return n }
        return .nan
    }

    public func curve(_ name: String) -> TimingCurve {
        if case .curve(let c)? = values[name] { return c }
        return .easeInOut
    }

    /// The name chosen for a `.choice` parameter ("" if it is not one).
    public func choice(_ name: String) -> String {
        if case .choice(let c)? = values[name] { return c }
        return ""
    }

    public func value(_ name: String) -> ParameterValue? { values[name] }
}

/// What goes wrong on the lab's command line or in its files: one line, and the exit code it leads to.
public enum LabError: Error, CustomStringConvertible, Equatable {
    /// Bad options or parameters: exit 2.
    case usage(String)
    /// A file could not be read or written: exit 1.
    case io(String)

    public var description: String {
        switch self {
        case .usage(let m), .io(let m): return m
        }
    }

    public var exitCode: Int32 {
        switch self {
        case .usage: return 2
        case .io: return 1
        }
    }
}
