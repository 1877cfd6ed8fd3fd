// swift-tools-version:6.0
// A user's package: it depends on ModalKit by version (.ci/dependent fills in the URL and the version). It also
// builds the two example packages' targets from their own folders (copied to Examples/ beside this manifest), so
// ModalKit is compiled once for the dependent check and the examples, not three times.
import PackageDescription

let package = Package(
    name: "Dependent",
    dependencies: [.package(url: "@URL@", from: "@VERSION@")],
    targets: [
        .executableTarget(name: "headless-card", dependencies: [.product(name: "ModalKit", package: "ModalKit")]),
        .executableTarget(name: "window-card", dependencies: [.product(name: "ModalKit", package: "ModalKit"),
                                                              .product(name: "ModalKitX11", package: "ModalKit")]),
        .executableTarget(name: "lab-runner", dependencies: [.product(name: "ModalLab", package: "ModalKit")]),
        // Examples/CardTests: a scene tested headless.
        .target(name: "PullCard", dependencies: [.product(name: "ModalLab", package: "ModalKit")],
                path: "Examples/CardTests/Sources/PullCard"),
        .testTarget(name: "PullCardTests", dependencies: ["PullCard", .product(name: "ModalLab", package: "ModalKit")],
                    path: "Examples/CardTests/Tests/PullCardTests"),
        // Examples/PhotoViewer: an app with its own scene, run by the lab.
        .target(name: "PhotoScene", dependencies: [.product(name: "ModalLab", package: "ModalKit")],
                path: "Examples/PhotoViewer/Sources/PhotoScene"),
        .executableTarget(name: "PhotoViewer", dependencies: ["PhotoScene", .product(name: "ModalLab", package: "ModalKit")],
                          path: "Examples/PhotoViewer/Sources/PhotoViewer"),
    ],
    swiftLanguageModes: [.v5]
)
