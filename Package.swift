// swift-tools-version:6.0
import PackageDescription

// Layers, bottom to top (see ARCHITECTURE.md):
//   ModalKitBase    geometry in points, colors, platform-neutral input events
//   ModalKitPixels  premultiplied bitmaps, shapes, shadows, text (FreeType), PNG (libpng)
//   ModalKitMotion  clocks, timing curves, springs, property animators, velocity
//   ModalKitUI      UIKit-shaped views, controllers, gestures and transitions
//   ModalKitX11     the host, one of two targets that touch Xlib: window, MIT-SHM, the event loop
//   ModalLab        the lab's scenes, HUD, trace, record/replay, HeadlessLab (headless-testable)
//   modal-lab       the executable
// Beside them, for driving a lab from outside: ModalLabDriver (the other Xlib user: Xvfb, XTest, trace reader,
// process probes; no XCTest) used by modal-bench and the X tests, and ModalKitTestSupport (golden assertions).
// What modal-lab links: the Swift runtime statically, so the process maps only the runtime code it uses and never
// loads the libraries of the implicit _StringProcessing and _Concurrency imports (1.5-1.9 MB of resident memory at
// start-up when linked dynamically; issue 14's 20 MB budget). It is a flag of the executable's link alone: nothing
// a library product builds carries an unsafe flag, so a package can depend on ModalKit by version (.ci/dependent).
let staticRuntime: [LinkerSetting] = [.unsafeFlags(["-static-stdlib"])]

let package = Package(
    name: "ModalKit",
    products: [
        // The headless layers: views, controllers, gestures, transitions, motion and pixels. Links no X library.
        .library(name: "ModalKit", targets: ["ModalKit"]),
        // The X11 host: shows a HostApplication in a window (MIT-SHM, Present, XInput 2).
        .library(name: "ModalKitX11", targets: ["ModalKitX11"]),
        // The lab runner: run your own scenes with everything modal-lab has (LabApplication), or step them
        // headless in tests (HeadlessLab).
        .library(name: "ModalLab", targets: ["ModalLab"]),
        .executable(name: "modal-lab", targets: ["modal-lab"]),
        .executable(name: "modal-bench", targets: ["modal-bench"])
    ],
    targets: [
        .systemLibrary(
            name: "CX11", pkgConfig: "x11 xext xrandr",
            providers: [.apt(["libx11-dev", "libxext-dev", "libxrandr-dev"])]),
        .systemLibrary(name: "CXTest", pkgConfig: "xtst", providers: [.apt(["libxtst-dev"])]),
        .systemLibrary(name: "CXi", pkgConfig: "xi", providers: [.apt(["libxi-dev"])]),
        // Only ModalLabDriver uses it: modal-bench's workload counts the frames any client puts from the damage.
        .systemLibrary(name: "CXDamage", pkgConfig: "xdamage", providers: [.apt(["libxdamage-dev"])]),
        // Only ModalKitX11 uses it: frames presented at the vertical blank, whose (msc, ust) pace the display link.
        .systemLibrary(
            name: "CXpresent", pkgConfig: "xpresent xfixes",
            providers: [.apt(["libxpresent-dev", "libxfixes-dev"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2 fontconfig",
            providers: [.apt(["libfreetype-dev", "libfontconfig-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // Only ModalLab's `render` uses it: animated WebP clips of a recording (WebPAnimEncoder is in libwebpmux).
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp libwebpmux", providers: [.apt(["libwebp-dev"])]),

        .target(name: "ModalKitBase"),
        .target(name: "ModalKitPixels", dependencies: ["ModalKitBase", "CFreeType", "CPNG"]),
        .target(name: "ModalKitMotion", dependencies: ["ModalKitBase"]),
        .target(name: "ModalKitUI", dependencies: ["ModalKitBase", "ModalKitPixels", "ModalKitMotion"]),
        .target(name: "ModalKitX11", dependencies: ["ModalKitBase", "ModalKitPixels", "CX11", "CXi", "CXpresent"]),
        .target(name: "ModalKit", dependencies: ["ModalKitBase", "ModalKitPixels", "ModalKitMotion", "ModalKitUI"]),
        .target(name: "ModalLab", dependencies: ["ModalKit", "ModalKitX11", "CWebP"]),
        .executableTarget(name: "modal-lab", dependencies: ["ModalLab"], linkerSettings: staticRuntime),
        // Measures render, present, latency, pacing, process and whole-workload costs against the budgets in BENCHMARKS.md.
        .executableTarget(name: "modal-bench", dependencies: ["ModalLab", "ModalLabDriver"]),
        // Drives a real modal-lab under Xvfb without XCTest: the server, XTest input, window lookup, the trace
        // reader, process probes. The X tests and modal-bench share it; with the host, the only Xlib user.
        // It reads a running lab's trace with the lab's own reader (ModalLab's TraceLine).
        .target(name: "ModalLabDriver", dependencies: ["ModalKitPixels", "ModalLab", "CX11", "CXTest", "CXDamage"]),
        // What only tests need, because it needs XCTest: golden-image assertions, skipping when no Xvfb.
        .target(name: "ModalKitTestSupport", dependencies: ["ModalKitPixels", "ModalLabDriver"]),

        .testTarget(name: "ModalKitBaseTests", dependencies: ["ModalKitBase"]),
        .testTarget(name: "ModalKitPixelsTests", dependencies: ["ModalKitTestSupport", "ModalKitPixels"]),
        .testTarget(name: "ModalKitMotionTests", dependencies: ["ModalKitMotion"]),
        .testTarget(name: "ModalKitUITests", dependencies: ["ModalKitTestSupport", "ModalKitUI"]),
        .testTarget(
            name: "ModalKitX11Tests",
            dependencies: ["ModalKitTestSupport", "ModalKitX11", "ModalKitUI", "ModalLabDriver"]),
        .testTarget(name: "ModalLabDriverTests", dependencies: ["ModalKitTestSupport", "ModalLabDriver"]),
        .testTarget(name: "ModalLabTests", dependencies: ["ModalKitTestSupport", "ModalLab", "ModalLabDriver"]),
        // The lab as a user runs it: each test starts modal-lab as a process (under an Xvfb of its class's own, or
        // headless with bad input, or modal-bench). The sanitizer run (.ci/sanitize) skips this target and
        // ModalKitX11Tests; everything else runs under AddressSanitizer too.
        .testTarget(name: "ModalLabProcessTests", dependencies: ["ModalKitTestSupport", "ModalLab", "ModalLabDriver"])
    ],
    // Everything runs on one thread (the X11 loop); strict concurrency checking would add ceremony, not safety.
    swiftLanguageModes: [.v5]
)
