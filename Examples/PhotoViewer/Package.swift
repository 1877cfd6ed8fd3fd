// swift-tools-version:6.0
// An app with its own scene, run by ModalKit's lab: `swift run PhotoViewer` opens its window,
// `swift run PhotoViewer --headless --screenshot out.png` draws it without an X server.
import PackageDescription

let package = Package(
    name: "PhotoViewer",
    // Named, so the dependency is "ModalKit" whatever the checkout's folder is called.
    dependencies: [.package(name: "ModalKit", path: "../..")],
    targets: [
        // The scene: a gallery whose photo, opened full screen, is dismissed by a drag that shrinks it.
        .target(name: "PhotoScene", dependencies: [.product(name: "ModalLab", package: "ModalKit")]),
        // The program: one declaration listing the scene.
        .executableTarget(name: "PhotoViewer", dependencies: ["PhotoScene", .product(name: "ModalLab", package: "ModalKit")]),
    ],
    swiftLanguageModes: [.v5]
)
