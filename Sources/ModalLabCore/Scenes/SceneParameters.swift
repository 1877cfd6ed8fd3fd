import ModalKit

/// One tunable number or curve of a scene, with the seed it comes from.
public struct ParameterSpec: Sendable {
    /// The parameter's type and what values it takes.
    public enum Kind: Sendable {
        /// A number that must lie in `range` (closed). Durations must be positive, thresholds within 0...1.
        case number(ClosedRange<Double>)
        /// A UIKit curve name: linear, ease-in, ease-out, ease-in-out.
        case curve
        /// One of a few names (the sheet's rule and detents).
        case choice([String])
    }

    /// What `--set`, `--config` and the trace call it.
    public let name: String
    /// Its type and range.
    public let kind: Kind
    /// The value the scene runs with unless told otherwise.
    public let defaultValue: ParameterValue
    /// Where the default comes from ("seed 000: percentThreshold").
    public let source: String
    /// The default under `--ios 26` when iOS 26 changed it, with where that comes from; nil keeps `defaultValue`.
    public var ios26Default: (value: ParameterValue, source: String)?

    /// The default the scene runs with on `system`.
    public func defaultValue(on system: SystemVersion) -> ParameterValue {
        system == .ios26 ? ios26Default?.value ?? defaultValue : defaultValue
    }

    /// A parameter `name` of `kind` with its default and where that comes from.
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
                throw LabError.usage(
                    "parameter \(name): '\(LabLimits.echo(text))' is not a curve (linear, ease-in, ease-out, ease-in-out)"
                )
            }
            return .curve(curve)
        case .choice(let names):
            guard names.contains(text) else {
                throw LabError.usage(
                    "parameter \(name): '\(LabLimits.echo(text))' is not one of \(names.joined(separator: ", "))")
            }
            return .choice(text)
        case .number:
            guard let number = Double(text) else {
                throw LabError.usage("parameter \(name): '\(LabLimits.echo(text))' is not a number")
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
            throw LabError.usage(
                "parameter \(name): \(number) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return .number(number)
    }
}

/// A parameter's value.
public enum ParameterValue: Sendable, Equatable, CustomStringConvertible {
    /// A number.
    case number(Double)
    /// A timing curve.
    case curve(TimingCurve)
    /// One of a few names.
    case choice(String)

    public var description: String {
        switch self {
        case .number(let n): return n == n.rounded() && abs(n) < 1e9 ? String(Int(n)) : String(n)
        case .curve(let c): return c.name
        case .choice(let name): return name
        }
    }
}

/// A parameter's type: what a `ParameterValue` holds when it is one of these.
public protocol ParameterType: Sendable {
    /// The value as this type, nil when it holds another type.
    init?(parameterValue: ParameterValue)
}

extension Double: ParameterType {
    public init?(parameterValue: ParameterValue) {
        guard case .number(let n) = parameterValue else { return nil }
        self = n
    }
}

extension String: ParameterType {
    /// The name chosen for a `.choice` parameter.
    public init?(parameterValue: ParameterValue) {
        guard case .choice(let c) = parameterValue else { return nil }
        self = c
    }
}

extension TimingCurve: ParameterType {
    public init?(parameterValue: ParameterValue) {
        guard case .curve(let c) = parameterValue else { return nil }
        self = c
    }
}

/// A scene parameter declared once, with its type: the scene lists its `spec` in `SceneInfo.parameters` (which
/// the help, `--set`, `--config` and the trace read) and reads its value with `parameters[key]`, so a misspelled
/// name is a compile error, never a silent NaN.
public struct Parameter<Value: ParameterType>: Sendable {
    /// Name, type, range, default and seed source, as the command line and the help see them.
    public private(set) var spec: ParameterSpec
    /// The value a scene runs with when nothing overrides it.
    public let defaultValue: Value

    private init(spec: ParameterSpec, defaultValue: Value) {
        self.spec = spec
        self.defaultValue = defaultValue
    }
}

extension Parameter where Value == Double {
    /// A number within `range` (closed), e.g. `.number("threshold", 0...1, default: 0.3, source: "seed 000")`.
    public static func number(
        _ name: String, _ range: ClosedRange<Double>, default value: Double,
        source: String
    ) -> Parameter {
        Parameter(
            spec: ParameterSpec(name, .number(range), default: .number(value), source: source), defaultValue: value)
    }
}

extension Parameter where Value == TimingCurve {
    /// One of UIKit's curves, e.g. `.curve("curve", default: .easeInOut, source: "UIKit")`.
    public static func curve(_ name: String, default value: TimingCurve, source: String) -> Parameter {
        Parameter(spec: ParameterSpec(name, .curve, default: .curve(value), source: source), defaultValue: value)
    }
}

extension Parameter where Value == String {
    /// One name out of `names`, e.g. `.choice("rule", ["projection", "nearest"], default: "projection", source: "ours")`.
    public static func choice(_ name: String, _ names: [String], default value: String, source: String) -> Parameter {
        Parameter(
            spec: ParameterSpec(name, .choice(names), default: .choice(value), source: source), defaultValue: value)
    }

    /// This choice with another default under `--ios 26`, and where that comes from.
    public func onIOS26(_ value: String, source: String) -> Parameter {
        var copy = self
        copy.spec.ios26Default = (.choice(value), source)
        return copy
    }
}

extension Parameter where Value == Double {
    /// This parameter with another default under `--ios 26`, and where that comes from.
    public func onIOS26(_ value: Double, source: String) -> Parameter {
        var copy = self
        copy.spec.ios26Default = (.number(value), source)
        return copy
    }
}

extension Parameter where Value == Bool {
    /// This switch with another default under `--ios 26`, and where that comes from.
    public func onIOS26(_ value: Bool, source: String) -> Parameter {
        var copy = self
        copy.spec.ios26Default = (.choice(value ? "on" : "off"), source)
        return copy
    }
}

/// A parameter type that is one case of a string-backed enumeration (the sheet's `SheetReleaseRule`): declared with
/// `Parameter.enumeration`, read as the case itself, so a scene never compares the name as a string.
public protocol ParameterEnumeration: ParameterType, CaseIterable, RawRepresentable where RawValue == String {}

extension ParameterEnumeration {
    /// The case a `.choice` value names; nil for any other value.
    public init?(parameterValue: ParameterValue) {
        guard case .choice(let name) = parameterValue, let value = Self(rawValue: name) else { return nil }
        self = value
    }
}

extension Parameter where Value: ParameterEnumeration {
    /// One case of `Value`, offered by its raw names, e.g. `.enumeration("rule", default: SheetReleaseRule.projection, source: "ours")`.
    public static func enumeration(_ name: String, default value: Value, source: String) -> Parameter {
        let names = Value.allCases.map(\.rawValue)
        return Parameter(
            spec: ParameterSpec(name, .choice(names), default: .choice(value.rawValue), source: source),
            defaultValue: value)
    }
}

extension Bool: ParameterType {
    /// A `.choice` of "on" (true) or "off" (false); nil for anything else.
    public init?(parameterValue: ParameterValue) {
        switch parameterValue {
        case .choice("on"): self = true
        case .choice("off"): self = false
        default: return nil
        }
    }
}

extension Parameter where Value == Bool {
    /// A switch offered as "on" or "off", read as a `Bool`, e.g. `.boolean("grabber", default: true, source: "UIKit")`.
    public static func boolean(_ name: String, default value: Bool, source: String) -> Parameter {
        Parameter(
            spec: ParameterSpec(name, .choice(["on", "off"]), default: .choice(value ? "on" : "off"), source: source),
            defaultValue: value)
    }
}

/// The values a scene runs with: its defaults, overridden by `--config` and then `--set`.
public struct SceneParameters: Sendable {
    /// The parameters, in the order the help and the trace list them.
    public let specs: [ParameterSpec]
    private var values: [String: ParameterValue]
    /// The system the scene emulates (`--ios`): its defaults are that system's, and the scene looks like it.
    public let system: SystemVersion

    /// Every parameter of `specs` at its default on `system` (iOS 18 unless given).
    public init(specs: [ParameterSpec], system: SystemVersion = .ios18) {
        self.specs = specs
        self.system = system
        values = Dictionary(
            specs.map { ($0.name, $0.defaultValue(on: system)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Sets a value by name, checking it against the spec; an unknown name or a value of the wrong type is a usage
    /// error naming the problem.
    public mutating func set(_ name: String, _ value: ParameterValue) throws {
        let spec = try self.spec(name)
        switch (spec.kind, value) {
        case (.number, .number(let n)): values[name] = try spec.check(n)
        case (.curve, .curve): values[name] = value
        case (.choice, .choice(let c)): values[name] = try spec.parse(c)
        default: throw LabError.usage("parameter \(name): '\(LabLimits.echo("\(value)"))' is the wrong type")
        }
    }

    /// The spec of a parameter given by name (from the command line or a file).
    public func spec(_ name: String) throws -> ParameterSpec {
        guard let spec = specs.first(where: { $0.name == name }) else {
            let known = specs.map(\.name).joined(separator: ", ")
            throw LabError.usage("unknown parameter '\(LabLimits.echo(name))' (this scene has: \(known))")
        }
        return spec
    }

    /// The value of a declared parameter; a key this scene does not list reads as the key's own default.
    public subscript<Value>(_ parameter: Parameter<Value>) -> Value {
        values[parameter.spec.name].flatMap { Value(parameterValue: $0) } ?? parameter.defaultValue
    }

    /// The value of a parameter by name, for tables (the presenting screen, the trace).
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

    /// The exit code it leads to: 2 for usage, 1 for a file.
    public var exitCode: Int32 {
        switch self {
        case .usage: return 2
        case .io: return 1
        }
    }
}

extension SceneParameters: Equatable {
    /// The same parameters, in the same order, with the same values (an export read back is equal to its source).
    public static func == (lhs: SceneParameters, rhs: SceneParameters) -> Bool {
        lhs.specs.map(\.name) == rhs.specs.map(\.name)
            && lhs.specs.allSatisfy { lhs.value($0.name) == rhs.value($0.name) }
    }
}
