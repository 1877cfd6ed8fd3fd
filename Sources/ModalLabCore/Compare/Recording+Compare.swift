import ModalKit

extension Recording {
    /// A recording of a comparison holds window points with the band and two stages in them; replayed into one
    /// stage (or the other way round) every press would land elsewhere without a word. Refused unless the replay
    /// compares the same way: `--compare` as the session line has it (written out, `CompareSpec.resolved`).
    /// A recording without a session line (older) is taken as it is.
    package func checkCompare(_ configuration: LabConfiguration, path: String) throws {
        guard let session = sessionArguments else { return }
        // B's scene file is named as the recording names it (relative to it, `PortablePath`), the spec asked for
        // with B's absolute path.
        let recorded = session.indices.last { session[$0] == "--compare" }.flatMap {
            session.indices.contains($0 + 1) ? session[$0 + 1] : nil
        }.map { RecordedSession.comparing($0) { PortablePath.absolute(PortablePath.resolved($0, in: path)) } }
        let asked = configuration.compare?.resolved
        guard recorded != asked else { return }
        let shown = LabLimits.echo(path)
        guard let recorded else {
            throw LabError.usage("recording \(shown) was made without --compare: replay it without one")
        }
        throw LabError.usage(
            "recording \(shown) was made with --compare '\(LabLimits.echo(recorded))': replay it with the same")
    }
}
