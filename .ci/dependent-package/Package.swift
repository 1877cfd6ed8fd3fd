// swift-tools-version:6.0
// A user's package: it depends on ModalKit by version (.ci/dependent fills in the URL and the version).
import PackageDescription

let package = Package(
    name: "Dependent",
    dependencies: [.package(url: "@URL@", from: "@VERSION@")],
    targets: [
        .executableTarget(name: "headless-card", dependencies: [.product(name: "ModalKit", package: "ModalKit")]),
        .executableTarget(name: "window-card", dependencies: [.product(name: "ModalKit", package: "ModalKit"),
                                                              .product(name: "ModalKitX11", package: "ModalKit")]),
        .executableTarget(name: "lab-runner", dependencies: [.product(name: "ModalLab", package: "ModalKit")]),
    ],
    swiftLanguageModes: [.v5]
)
