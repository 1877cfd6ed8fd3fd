/// The bash completion for `modal-lab`, written from the option table (`LabOption.documented`) and the scene
/// catalog: option names, scene names after `--scene`, files after an option whose value is a file or path.
/// `modal-lab --bash-completion` prints it.
enum BashCompletion {
    /// The script, for `share/bash-completion/completions/modal-lab`.
    static var script: String {
        let options = LabOption.documented
        let names = options.flatMap(\.names).joined(separator: " ")
        let files = options.filter { option in option.value.map(takesFile) ?? false }
        let others = options.filter { option in option.value.map { !takesFile($0) } ?? false }
            .filter { option in option.names[0] != "--scene" }
        let (filePattern, otherPattern) = (pattern(files), pattern(others))
        let scenes = SceneCatalog.all.map { $0.info.name }.joined(separator: " ")
        return """
            # bash completion for modal-lab, written by modal-lab itself from its option table (.ci/install).
            _modal_lab() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
                case $prev in
                    --scene) mapfile -t COMPREPLY < <(compgen -W "\(scenes)" -- "$cur"); return ;;
                    \(filePattern)) mapfile -t COMPREPLY < <(compgen -f -- "$cur"); compopt -o filenames 2>/dev/null; return ;;
                    \(otherPattern)) COMPREPLY=(); return ;;
                esac
                mapfile -t COMPREPLY < <(compgen -W "\(names)" -- "$cur")
            }
            complete -F _modal_lab modal-lab

            """
    }

    /// A `case` pattern matching every spelling of `options`: "--config|--trace".
    private static func pattern(_ options: [LabOption]) -> String {
        options.flatMap { $0.names }.joined(separator: "|")
    }

    /// Whether an option's value names a file ("FILE", "FILE|-", "PATH").
    private static func takesFile(_ value: String) -> Bool { value.hasPrefix("FILE") || value == "PATH" }
}
