/// The bash completion for `modal-lab`, or for a `LabApplication`, written from the option table
/// (`LabOption.documented`) and the program's scenes: option names, scene names after `--scene`, files after an
/// option whose value is a file or path. `PROGRAM --bash-completion` prints it.
package enum BashCompletion {
    /// The script for `program` with `scenes`, for `share/bash-completion/completions/PROGRAM`.
    package static func script(program: String = LabMain.programName, scenes: [SceneKind] = SceneCatalog.all) -> String
    {
        let options = LabOption.documented
        let names = options.flatMap(\.names).joined(separator: " ")
        let files = options.filter { option in option.value.map(takesFile) ?? false }
        let others = options.filter { option in option.value.map { !takesFile($0) } ?? false }
            .filter { option in option.names[0] != "--scene" && option.names[0] != "--compare" }
        let (filePattern, otherPattern) = (pattern(files), pattern(others))
        let sceneNames = scenes.map(\.name).joined(separator: " ")
        // The function's name may hold only a shell word's characters; the command is quoted as it is.
        let function = "_" + String(program.unicodeScalars.map { $0.isASCIIWord ? Character($0) : "_" })
        // Not `String.replacing`: it would link the regex runtime into modal-lab (LabLinkageTests).
        let command =
            "'" + program.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
        return """
            # bash completion for \(command), written by the program itself from its option table.
            \(function)() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
                # --compare scene-file=FILE: bash splits the word at "=" (COMP_WORDBREAKS), or leaves it whole.
                if [[ $prev == = && ${COMP_WORDS[COMP_CWORD-2]} == scene-file ]]; then
                    mapfile -t COMPREPLY < <(compgen -f -- "$cur"); compopt -o filenames 2>/dev/null; return
                elif [[ $cur == = && $prev == scene-file ]]; then
                    mapfile -t COMPREPLY < <(compgen -f -- ""); compopt -o filenames 2>/dev/null; return
                elif [[ $prev == --compare && $cur == scene-file=* ]]; then
                    mapfile -t COMPREPLY < <(compgen -f -P scene-file= -- "${cur#scene-file=}"); return
                fi
                case $prev in
                    --compare) mapfile -t COMPREPLY < <(compgen -W "scene= scene-file=" -- "$cur"); compopt -o nospace 2>/dev/null; return ;;
                    --scene) mapfile -t COMPREPLY < <(compgen -W "\(sceneNames)" -- "$cur"); return ;;
                    \(filePattern)) mapfile -t COMPREPLY < <(compgen -f -- "$cur"); compopt -o filenames 2>/dev/null; return ;;
                    \(otherPattern)) COMPREPLY=(); return ;;
                esac
                mapfile -t COMPREPLY < <(compgen -W "\(names)" -- "$cur")
            }
            complete -F \(function) \(command)

            """
    }

    /// A `case` pattern matching every spelling of `options`: "--config|--trace".
    private static func pattern(_ options: [LabOption]) -> String {
        options.flatMap { $0.names }.joined(separator: "|")
    }

    /// Whether an option's value names a file ("FILE", "FILE|-", "PATH").
    private static func takesFile(_ value: String) -> Bool { value.hasPrefix("FILE") || value == "PATH" }
}

extension Unicode.Scalar {
    /// A letter, digit or underscore in ASCII: what a bash function's name may hold.
    fileprivate var isASCIIWord: Bool {
        isASCII && (properties.isAlphabetic || ("0" ... "9").contains(self) || self == "_")
    }
}
