import Foundation
import ModalKit
import ModalKitTestSupport
import XCTest

@testable import ModalLab
@testable import ModalLabCore

/// The SwiftUI an export writes: Swift that parses (as does the UIKit), the same text as reviewed, the tuned numbers
/// in it exactly, and springs mapped as Apple documents `Spring(duration:bounce:)`.
final class SwiftUIExportTests: XCTestCase {
    /// Every scene's values: the defaults, `ExportTests.tuned`'s, and every value a number can take written as an
    /// integer (a literal the compiler would read as an `Int` if the code let it infer the type); the sheet also
    /// with each of its rules, detent sets and sources.
    private func valueSets(_ scene: SceneKind) throws -> [(name: String, parameters: SceneParameters)] {
        let defaults = SceneParameters(specs: scene.info.allParameters)
        var sets = [("default", defaults), ("tuned", try ExportTests.tuned(scene)), ("integers", try integers(scene))]
        for spec in scene.info.parameters where ["rule", "detents", "source"].contains(spec.name) {
            guard case .choice(let names) = spec.kind else { continue }
            for name in names {
                var p = defaults
                try p.set(spec.name, .choice(name))
                sets.append(("\(spec.name)-\(name)", p))
            }
        }
        return sets
    }

    /// Every number at an integer inside its range (a range with none keeps its default).
    private func integers(_ scene: SceneKind) throws -> SceneParameters {
        var parameters = SceneParameters(specs: scene.info.allParameters)
        for spec in parameters.specs {
            guard case .number(let range) = spec.kind else { continue }
            let integer = max(range.upperBound.rounded(.down) / 2, range.lowerBound).rounded(.up)
            if range.contains(integer) { try parameters.set(spec.name, .number(integer)) }
        }
        return parameters
    }

    func testEveryExportParsesAsSwiftForEveryScene() throws {
        var files: [(name: String, text: String)] = []
        for scene in SceneCatalog.all {
            for (set, parameters) in try valueSets(scene) {
                let stem = "\(scene.info.name)-\(set)"
                files.append((stem + ".swift", UIKitSnippet.code(for: scene, parameters)))
                files.append((stem + "-swiftui.swift", SwiftUISnippet.code(for: scene, parameters)))
            }
        }
        XCTAssertGreaterThan(files.count, 6 * 2 * 3)
        try SwiftParse.assertParses(files)
    }

    /// No constant is left for the compiler to type from an integer literal: `let duration = 1` is an `Int`, and
    /// `withAnimation(.linear(duration: duration))` would not compile.
    func testNoConstantIsTypedFromAnIntegerLiteral() throws {
        let untyped = try NSRegularExpression(
            pattern: #"^\s*(private )?let \w+ = -?[0-9]+\s*$"#, options: .anchorsMatchLines)
        for scene in SceneCatalog.all {
            let text = SwiftUISnippet.code(for: scene, try integers(scene))
            let found = untyped.matches(in: text, range: NSRange(text.startIndex..., in: text))
            XCTAssertEqual(
                found.map { String(text[Range($0.range, in: text)!]) }, [], "\(scene.info.name): untyped integers")
        }
    }

    /// The reviewed text of each scene's SwiftUI with its defaults (Assets/Goldens/Export/).
    func testEachSceneSwiftUIMatchesItsGolden() {
        for scene in SceneCatalog.all {
            let text = SwiftUISnippet.code(for: scene, SceneParameters(specs: scene.info.allParameters))
            assertMatchesGoldenText(text, named: "Export/\(scene.info.name)-swiftui.swift")
        }
    }

    /// Where each scene's tuned numbers stand in its SwiftUI, by the text before them.
    private func numberPlaces(_ scene: SceneKind) -> [(before: String, parameter: String)] {
        switch scene.info.name {
        case "interactor":
            return [
                ("let percentThreshold: Double = ", "threshold"), ("let duration: TimeInterval = ", "duration"),
                ("let completionSpeed: Double = ", "completionSpeed")
            ]
        case "navigation":
            return [("let percentThreshold: Double = ", "threshold"), ("let duration: TimeInterval = ", "duration")]
        case "free-drag":
            return [("let minimumVelocity: CGFloat = ", "velocity"), ("let duration: TimeInterval = ", "duration")]
        case "pannable":
            return [
                ("let minimumVelocityToHide: CGFloat = ", "minimumVelocityToHide"),
                ("let minimumScreenRatioToHide: CGFloat = ", "minimumScreenRatioToHide"),
                ("let animationDuration: TimeInterval = ", "animationDuration")
            ]
        case "zoom":
            return [
                ("private let slop: CGFloat = ", "slop"), ("private let scaleGain: CGFloat = ", "scaleGain"),
                ("private let minimumScale: CGFloat = ", "minimumScale"),
                ("private let projection: CGFloat = ", "projection"),
                ("private let panThreshold: CGFloat = ", "panThreshold"),
                ("Spring(mass: 1, stiffness: ", "cancelStiffness"),
                ("private let cellCornerRadius: CGFloat = ", "cellCornerRadius")
            ]
        case "spring":
            return [
                ("let percentThreshold: Double = ", "threshold"), ("let duration: TimeInterval = ", "dismissDuration"),
                ("let distance: CGFloat = ", "distance")
            ]
        default:
            return [
                ("private let dismissFraction: CGFloat = ", "dismissFraction"),
                ("private let rubberBand: CGFloat = ", "rubberBand"), ("private let dimAlpha: CGFloat = ", "dimAlpha"),
                ("private let scaleBehind: CGFloat = ", "scaleBehind"),
                ("private let cornerRadius: CGFloat = ", "cornerRadius"), (".presentationCornerRadius(", "cornerRadius")
            ]
        }
    }

    func testTunedNumbersReadBackExactlyFromEveryScenesSwiftUI() throws {
        for scene in SceneCatalog.all {
            let parameters = try ExportTests.tuned(scene)
            let text = SwiftUISnippet.code(for: scene, parameters)
            for (before, name) in numberPlaces(scene) {
                XCTAssertEqual(
                    try number(after: before, in: text), parameters.number(name), "\(scene.info.name): \(name)")
            }
        }
    }

    func testTheSheetsRuleNumbersAndSwitchesReadBack() throws {
        var parameters = SceneParameters(specs: SheetScene.info.allParameters)
        try parameters.set("decelerationRate", .number(0.993_141_5))
        try parameters.set("grabber", .choice("off"))
        try parameters.set("scrollExpands", .choice("off"))
        try parameters.set("detents", .choice("small,medium,large"))
        let text = SwiftUISnippet.code(for: SceneKind(SheetScene.self), parameters)
        XCTAssertEqual(try number(after: "private let decelerationRate: CGFloat = ", in: text), 0.993_141_5)
        XCTAssertTrue(text.contains(".presentationDragIndicator(.hidden)"))
        XCTAssertTrue(text.contains("private let showsGrabber = false"))
        XCTAssertTrue(text.contains(".presentationContentInteraction(.scrolls)"))
        XCTAssertTrue(text.contains(".presentationDetents([.height(200), .medium, .large], selection: $detent)"))
        XCTAssertTrue(text.contains("[largeTopInset, height / 2, height - 200]"))
        try parameters.set("rule", .choice("distance-velocity"))
        let flick = SwiftUISnippet.code(for: SceneKind(SheetScene.self), parameters)
        XCTAssertFalse(flick.contains("decelerationRate"), "the flick rule does not project")
        XCTAssertEqual(try number(after: "if abs(velocity) > ", in: flick), SheetReleasePolicy().flickVelocity)
    }

    /// The sheet's settle spring: `Spring(duration:bounce:)` read back through Apple's mapping is the lab's spring.
    func testTheSheetsSpringReadsBackAsTheLabsSpring() throws {
        for (response, ratio) in [(0.3, 1.0), (0.318_309_886, 0.7), (1.234_567, 0.123_456_789)] {
            var parameters = SceneParameters(specs: SheetScene.info.allParameters)
            try parameters.set("response", .number(response))
            try parameters.set("dampingRatio", .number(ratio))
            let text = SwiftUISnippet.code(for: SceneKind(SheetScene.self), parameters)
            let duration = try number(after: "Spring(duration: ", in: text)
            let bounce = try number(after: ", bounce: ", in: text)
            let (stiffness, damping) = SwiftUISnippet.constants(duration: duration, bounce: bounce)
            let lab = Spring(dampingRatio: ratio, response: response)
            XCTAssertEqual(stiffness, lab.stiffness, accuracy: lab.stiffness * 1e-11, "\(response), \(ratio)")
            XCTAssertEqual(damping, lab.damping, accuracy: lab.damping * 1e-11, "\(response), \(ratio)")
        }
        var creeping = SceneParameters(specs: SheetScene.info.allParameters)
        try creeping.set("dampingRatio", .number(1.5))
        let text = SwiftUISnippet.code(for: SceneKind(SheetScene.self), creeping)
        let lab = Spring(dampingRatio: 1.5, response: 0.3)
        XCTAssertEqual(try number(after: "private let spring = Spring(mass: 1, stiffness: ", in: text), lab.stiffness)
        XCTAssertEqual(try number(after: ", damping: ", in: text), lab.damping)
        XCTAssertTrue(text.contains("allowOverDamping: true)"), "SwiftUI makes it critical otherwise")
    }

    /// The spring seed's presentation: the lab's fit of UIKit's duration-based spring, constant for constant.
    func testTheSpringSeedsPresentationSpringReadsBackBitForBit() throws {
        let parameters = try ExportTests.tuned(SceneKind(SpringScene.self))
        let text = SwiftUISnippet.code(for: SceneKind(SpringScene.self), parameters)
        let lab = Spring(duration: parameters.number("presentDuration"), dampingRatio: parameters.number("damping"))
        XCTAssertEqual(try number(after: "presentSpring = Spring(mass: ", in: text), 1)
        XCTAssertEqual(try number(after: "presentSpring = Spring(mass: 1, stiffness: ", in: text), lab.stiffness)
        XCTAssertEqual(
            try number(after: "presentSpring = Spring(mass: 1, stiffness: \(lab.stiffness), damping: ", in: text),
            lab.damping)
    }

    /// Curves are the lab's control points: the interactor's dismissal as a `UnitCurve`, its completion as
    /// `.timingCurve`.
    func testCurvesReadBackAsTheirControlPoints() throws {
        var parameters = SceneParameters(specs: InteractorScene.info.allParameters)
        try parameters.set("curve", .curve(.easeIn))
        try parameters.set("completionCurve", .curve(.easeOut))
        let text = SwiftUISnippet.code(for: SceneKind(InteractorScene.self), parameters)
        XCTAssertTrue(
            text.contains(
                "UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))"),
            text)
        XCTAssertTrue(text.contains("withAnimation(.timingCurve(0, 0, 0.58, 1, duration: seconds))"), text)
        try parameters.set("completionCurve", .curve(.linear))
        try parameters.set("curve", .curve(.linear))
        let linear = SwiftUISnippet.code(for: SceneKind(InteractorScene.self), parameters)
        XCTAssertTrue(linear.contains("withAnimation(.linear(duration: seconds))"))
        XCTAssertTrue(linear.contains("let curve = UnitCurve.linear"))
    }

    /// SwiftUI's documented example: `Spring(duration: 0.5, bounce: 0.3)` is stiffness 157.9, damping 17.6.
    func testTheSpringMappingMatchesApplesExample() {
        let (stiffness, damping) = SwiftUISnippet.constants(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(stiffness, 157.9, accuracy: 0.05)
        XCTAssertEqual(damping, 17.6, accuracy: 0.05)
        XCTAssertEqual(
            SwiftUISnippet.spring(Spring(mass: 1, stiffness: stiffness, damping: damping)),
            "Spring(duration: 0.5, bounce: 0.3)")
        XCTAssertEqual(
            SwiftUISnippet.spring(Spring(dampingRatio: 0.7, response: 0.5)), "Spring(duration: 0.5, bounce: 0.3)")
        XCTAssertEqual(
            SwiftUISnippet.spring(Spring(dampingRatio: 1, response: 0.3)), "Spring(duration: 0.3, bounce: 0)")
        XCTAssertEqual(
            SwiftUISnippet.spring(Spring(mass: 2, stiffness: 100, damping: 10)),
            "Spring(mass: 2, stiffness: 100, damping: 10)", "no duration and bounce for another mass")
    }

    /// The number written right after `before` in `text`.
    private func number(after before: String, in text: String, file: StaticString = #filePath, line: UInt = #line)
        throws -> Double
    {
        let start = try XCTUnwrap(text.range(of: before), "no '\(before)'", file: file, line: line).upperBound
        let literal = text[start...].prefix { "0123456789.-e".contains($0) }
        return try XCTUnwrap(Double(literal), "'\(literal)' after '\(before)'", file: file, line: line)
    }
}

extension SceneParameters {
    /// The number parameter `name` (NaN when there is none, so a comparison fails).
    fileprivate func number(_ name: String) -> Double {
        guard case .number(let n)? = value(name) else { return .nan }
        return n
    }
}
