/// One command-line option: its names, the value it takes, its help line, and what it does. The table of them,
/// `LabOption.all`, is the only place an option is spelled: the usage text, the manual page, the bash completion,
/// the parser and the list of options that take a value all come from it, so they cannot drift apart.
struct LabOption {
    /// The spellings, the first the one shown ("--help", "-h").
    let names: [String]
    /// What the value is called in the usage ("NAME", "WxH"); nil for a flag.
    let value: String?
    /// The one-line description in the usage.
    let help: String
    /// Shown with "..." after it in the synopsis: the option may be given more than once.
    var repeats = false
    /// Left out of the usage and the manual: output for packaging (the manual page itself, the completion).
    var hidden = false
    /// What a recording's session line may give: the option sets up the stage (scene, size, parameters, what is
    /// shown), rather than naming an output or deciding how this run goes. A replay or render drops the others
    /// from a session line, with one notice: a shared recording must not write files or change what the run does.
    var setsUpStage = false
    /// What the option does to the command line being parsed; flags get an empty value.
    let apply: (inout ParsedCommandLine, String) throws -> Void

    /// The options a user is told about: the usage, the manual page and the completion list these.
    static var documented: [LabOption] { all.filter { !$0.hidden } }

    /// The option called `name`, if any.
    static func named(_ name: String) -> LabOption? {
        all.first { $0.names.contains(name) }
    }

    /// "[--scene NAME]" or "[--set KEY=VALUE]...", as the synopsis shows it.
    var synopsis: String {
        "[" + names[0] + (value.map { " " + $0 } ?? "") + "]" + (repeats ? "..." : "")
    }

    /// "  --scene NAME       interactor (default), ...", as the option list shows it.
    var helpLine: String {
        let left = names[0] + (value.map { " " + $0 } ?? "")
        return "  " + left + String(repeating: " ", count: max(1, 19 - left.count)) + help
    }
}

/// What the parser collects before the configuration can be finished: the configuration itself, and the
/// parameter sources that need the scene (known only once every option is read).
struct ParsedCommandLine {
    var configuration = LabConfiguration()
    var sets: [String] = []
    var configPath: String?
    var sceneGiven = false
    /// `--compare SPEC`, read once the scene and A's parameters are known.
    var compare: String?
    var sceneFilePath: String?
    /// `--size` was given (a bare screen, which a device must not contradict).
    var sizeGiven = false
    /// `--device` was given.
    var deviceGiven = false
    /// `--ios` was given (it wins over a scene file's).
    var systemGiven = false
}
