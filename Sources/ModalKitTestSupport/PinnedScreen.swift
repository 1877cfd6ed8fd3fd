/// The screen and system the tests written before the lab's default became the iPhone 17 Pro on iOS 26 assume: a
/// bare 375 × 667 screen on iOS 18. A test that is not about the defaults runs there, so its expected values,
/// traces and goldens stay as they were. The one rule: a test that builds a lab from arguments passes them
/// through `PinnedScreen.arguments` (or a helper made from it, such as `LabConfiguration(pinnedArguments:)`).
public enum PinnedScreen {
    /// The system the tests assume: `--ios 18`.
    public static let system = ["--ios", "18"]
    /// The screen the tests assume: `--size 375x667`, a bare screen.
    public static let screen = ["--size", "375x667"]

    /// `arguments` with `--ios 18` unless they name a system, and `--size 375x667` unless they name a screen
    /// (`--device` or `--size`), both put first so the test's own options still come after them. Nothing is
    /// added to a scene file's (it names its own, or runs on the old screen without) or a subcommand's (`render`,
    /// `plot`: its first word is not an option). A replay the lab sets up from its recording's session line
    /// (`readsSession`, as `modal-lab --replay` does) gets nothing either: the recording names its screen, which
    /// the command line would override; a configuration a test builds from the arguments alone reads no session
    /// line, and its replay gets them too.
    public static func arguments(_ arguments: [String], readsSession: Bool = true) -> [String] {
        if let first = arguments.first, !first.hasPrefix("-") { return arguments }
        let named = Set(arguments.map { $0.split(separator: "=", maxSplits: 1).first.map(String.init) ?? $0 })
        guard !named.contains("--scene-file"), !(readsSession && named.contains("--replay")) else { return arguments }
        var pinned: [String] = []
        if !named.contains("--ios") { pinned += system }
        if named.isDisjoint(with: ["--device", "--size"]) { pinned += screen }
        return pinned + arguments
    }
}
