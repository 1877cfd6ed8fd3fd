/// The program's manual page, `modal-lab(1)` or a `LabApplication`'s own, written from the option table
/// (`LabOption.documented`) and the program's scenes, so the manual cannot list an option the parser does not know
/// or miss one it does, nor list another program's scenes. `PROGRAM --man` prints it.
package enum ManPage {
    /// The whole page in roff (man macros) for `program` with `scenes`.
    package static func text(program: String = LabMain.programName, scenes: [SceneKind] = SceneCatalog.all) -> String {
        (header(program) + options + keys + sceneList(program, scenes) + footer).joined(separator: "\n") + "\n"
    }

    private static func header(_ program: String) -> [String] {
        let synopsis = LabOption.documented.map { option in
            // .RB alternates roman and bold: "[", then the option (its value in italics, quoted to keep the
            // space), then "]".
            ".RB [ \"" + roff(option.names[0]) + (option.value.map { " \\fI" + roff($0) + "\\fP" } ?? "") + "\" ]"
                + (option.repeats ? "..." : "")
        }
        // modal-lab describes itself; a LabApplication's page says what every such program is.
        let (summary, description) = program == "modal-lab" ? labText : applicationText
        return [
            ".TH \"\(roff(program.uppercased()))\" 1 \"\" \"\(roff(LabConfiguration.version))\" \"User Commands\"",
            ".SH NAME", roff(program) + " \\- " + summary,
            ".SH SYNOPSIS", ".nh", ".B " + roff(program)
        ] + synopsis + [".hy", ".SH DESCRIPTION"] + description
    }

    private static let labText = (
        "feel, tune and test UIKit's interactive drag-to-dismiss on X11",
        [
            "The lab rebuilds the pan gesture, the percent-driven interactive transition, the release rule and",
            "the finish or cancel animation with UIKit's names and semantics, and runs each seed as a scene in",
            "an X11 window dragged with the mouse. Parameters change live; E exports them as JSON, UIKit code and",
            "SwiftUI code."
        ]
    )

    private static let applicationText = (
        "its own scenes in ModalKit's lab, dragged with the mouse on X11",
        [
            "A program built on ModalKit's lab (a LabApplication): its scenes run with UIKit's pan gesture,",
            "percent-driven interactive transition, release rule and finish or cancel animation in an X11 window",
            "dragged with the mouse, with every tool of modal-lab: the options and keys below."
        ]
    )

    private static var options: [String] {
        [".SH OPTIONS"]
            + LabOption.documented.flatMap { option in
                let value = option.value.map { " \\fI" + roff($0) + "\\fP" } ?? ""
                let names = option.names.map { "\\fB" + roff($0) + "\\fP" + value }.joined(separator: ", ")
                return [".TP", names, roff(option.help)]
            }
    }

    private static var keys: [String] {
        [".SH KEYS", roff(LabConfiguration.keys)]
    }

    private static func sceneList(_ program: String, _ scenes: [SceneKind]) -> [String] {
        [".SH SCENES"]
            + scenes.flatMap { scene in
                [
                    ".TP", "\\fB" + roff(scene.info.name) + "\\fP",
                    roff("\(scene.info.title) (\(scene.info.seed)). \(scene.info.summary)")
                ]
            } + [
                ".PP",
                "Each scene's parameters: \\fB" + roff(program) + " \\-\\-scene\\fP \\fINAME\\fP \\fB\\-\\-help\\fP."
            ]
    }

    private static let footer = [
        ".SH EXIT STATUS",
        "0 when the window was closed or Q pressed; 1 when a file could not be read or written or the X server",
        "could not be reached; 2 for a bad option, parameter, config file or recording; 3 when the X server went",
        "away while the lab ran; 128 + N when signal N ended it. A problem is one line on standard error.",
        ".SH SEE ALSO", "README.md in the ModalKit repository."
    ]

    /// `text` safe as roff: backslashes and hyphens escaped, other than ASCII as groff's `\[uXXXX]` (so no input
    /// encoding is assumed), and a line never starting with a control character.
    static func roff(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where scalar.value > 127:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}
