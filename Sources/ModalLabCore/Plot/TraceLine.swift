/// One line of a lab trace read back: its `t`, its `type` and every field by name. The trace format's one reader:
/// `modal-lab plot` reads a file through it (`MotionTrace`), and the driver's `LabTrace` reads a running lab's
/// file through it for the X tests and modal-bench. (`Trace` is the one writer.)
public struct TraceLine {
    /// Seconds since the lab started, on its clock.
    public let t: Double
    /// What the line records: scene, frame, shown, gesture, transition, detent, dismiss_attempt or settled.
    public let type: String
    /// The whole object.
    let fields: [String: JSONInput]

    /// The line `text` (without its newline); nil when it is not a JSON object with a finite `t` and a `type`.
    public init?(_ text: some StringProtocol) {
        guard let object = JSONInput.parse(String(text))?.members else { return nil }
        self.init(object: object)
    }

    /// The line an object holds; nil without a finite `t` and a `type`.
    init?(object: [String: JSONInput]) {
        guard let t = object["t"]?.number, t.isFinite, let type = object["type"]?.string else { return nil }
        self.t = t
        self.type = type
        fields = object
    }

    /// Whether the line has the field, null or not.
    public func has(_ key: String) -> Bool { fields[key] != nil }
    /// A string field, nil when absent or of another type.
    public func string(_ key: String) -> String? { fields[key]?.string }
    /// A number field, nil when absent, null or of another type.
    public func number(_ key: String) -> Double? { fields[key]?.number }
    /// A boolean field.
    public func bool(_ key: String) -> Bool? { fields[key]?.bool }
    /// An array of numbers (`card`, `pointer`), nil when absent or when any item is not a number.
    public func numbers(_ key: String) -> [Double]? {
        guard let items = fields[key]?.items else { return nil }
        let numbers = items.compactMap(\.number)
        return numbers.count == items.count ? numbers : nil
    }
    /// A number inside an object field: the `scene` line's parameter, `number("minimumScreenRatioToHide",
    /// in: "parameters")`.
    public func number(_ key: String, in object: String) -> Double? { fields[object]?.members?[key]?.number }
    /// The names of the fields, for a failing test's message.
    public var keys: [String] { fields.keys.sorted() }
}
