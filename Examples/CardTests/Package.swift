// swift-tools-version:6.0
// A package that tests its own scene headless with ModalLab's public stepping API (`HeadlessLab`): frames on a
// manual clock, drags, keys, settle, and a rendered frame. `swift test` needs no X server.
import PackageDescription

let package = Package(
    name: "CardTests",
    // Named, so the dependency is "ModalKit" whatever the checkout's folder is called.
    dependencies: [.package(name: "ModalKit", path: "../..")],
    targets: [
        // The scene under test: a card that a pull past a line, or a flick, sends down; else it springs back.
        .target(name: "PullCard", dependencies: [.product(name: "ModalLab", package: "ModalKit")]),
        .testTarget(name: "PullCardTests", dependencies: ["PullCard", .product(name: "ModalLab", package: "ModalKit")]),
    ],
    swiftLanguageModes: [.v5]
)
