// swift-tools-version:6.0
import PackageDescription

// Layers, bottom to top (see ARCHITECTURE.md):
//   ModalKitBase    geometry in points, colors, platform-neutral input events, the window's pixel limits
//   ModalKitPixels  premultiplied bitmaps, shapes, shadows, text (FreeType), PNG (libpng)
//   ModalKitMotion  clocks, timing curves, springs, property animators, velocity
//   ModalKitUI      UIKit-shaped views, controllers, gestures and transitions
//   ModalKitX11     the host, one of two targets that touch Xlib: window, MIT-SHM, the event loop
//   ModalLabCore    the lab with no X and no encoder: the lab, its events, HUD, inspector, trace, record/replay,
//                   comparisons, exports, plots, scene files, the command line's parsing, the scene protocol and
//                   modal-lab's seven scenes, HeadlessLab (what a user's tests of their own scene link)
//   ModalLab        the application: the X11 host glue, `main` (LabMain, LabApplication), --headless runs, the
//                   plot and render commands, the video encoders (ffmpeg, libwebp, GIF); re-exports ModalLabCore
//   modal-lab       the executable
// Beside them, for driving a lab from outside: ModalLabDriver (the other Xlib user: Xvfb, XTest, trace reader,
// process probes; no XCTest) used by modal-bench and the X tests; ModalKitTestSupport (golden assertions, JSON
// lines; no X) and ModalKitXTestSupport (an Xvfb or a skip, for the X tests). lab-core-probe is a user's headless
// run of a scene on ModalLabCore alone: LabLinkageTests reads its `ldd` for no libX11 and no libwebp.
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
        // The lab without X or an encoder: step your own scenes headless in tests (HeadlessLab). Links no X library
        // and no libwebp.
        .library(name: "ModalLabCore", targets: ["ModalLabCore"]),
        // The lab runner: run your own scenes with everything modal-lab has (LabApplication); includes ModalLabCore.
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
        .target(name: "ModalLabCore", dependencies: ["ModalKit"]),
        .target(name: "ModalLab", dependencies: ["ModalLabCore", "ModalKit", "ModalKitX11", "CWebP"]),
        .executableTarget(name: "modal-lab", dependencies: ["ModalLab"], linkerSettings: staticRuntime),
        // Measures render, present, latency, pacing, process and whole-workload costs against the budgets in BENCHMARKS.md.
        .executableTarget(name: "modal-bench", dependencies: ["ModalLab", "ModalLabDriver"]),
        // Drives a real modal-lab under Xvfb without XCTest: the server, XTest input, window lookup, the trace
        // reader, process probes. The X tests and modal-bench share it; with the host, the only Xlib user.
        // It reads a running lab's trace with the lab's own reader (ModalLabCore's TraceLine).
        .target(
            name: "ModalLabDriver", dependencies: ["ModalKitPixels", "ModalLabCore", "CX11", "CXTest", "CXDamage"]),
        // What only tests need, because it needs a test library: golden-image assertions and failures that reach
        // XCTest or Swift Testing, whichever runs the test; JSON lines. No X, no lab.
        .target(name: "ModalKitTestSupport", dependencies: ["ModalKitPixels"]),
        // What only X tests need: an Xvfb, or a skip when there is none (a failure under CI).
        .target(name: "ModalKitXTestSupport", dependencies: ["ModalLabDriver", "ModalKitTestSupport"]),
        // A user's headless run of a scene with ModalLabCore alone; its links are what LabLinkageTests checks.
        .executableTarget(name: "lab-core-probe", dependencies: ["ModalKit", "ModalLabCore"]),

        .testTarget(name: "ModalKitBaseTests", dependencies: ["ModalKitBase"]),
        .testTarget(name: "ModalKitPixelsTests", dependencies: ["ModalKitTestSupport", "ModalKitPixels"]),
        .testTarget(name: "ModalKitMotionTests", dependencies: ["ModalKitMotion"]),
        .testTarget(name: "ModalKitUITests", dependencies: ["ModalKitTestSupport", "ModalKitUI"]),
        .testTarget(
            name: "ModalKitX11Tests",
            dependencies: ["ModalKitTestSupport", "ModalKitXTestSupport", "ModalKitX11", "ModalKitUI", "ModalLabDriver"]
        ),
        .testTarget(
            name: "ModalLabDriverTests", dependencies: ["ModalKitTestSupport", "ModalKitXTestSupport", "ModalLabDriver"]
        ),
        .testTarget(name: "ModalLabTests", dependencies: ["ModalKitTestSupport", "ModalLab", "ModalLabDriver"]),
        // The lab as a user runs it: each test starts modal-lab as a process (under an Xvfb of its own, or headless
        // with bad input, or modal-bench). Written with Swift Testing, which runs them two at a time: they mostly
        // wait on real-time frames and child processes, where XCTest would leave the second core idle. The sanitizer run (.ci/sanitize) skips this target and
        // ModalKitX11Tests; everything else runs under AddressSanitizer too.
        .testTarget(
            name: "ModalLabProcessTests",
            dependencies: ["ModalKitTestSupport", "ModalKitXTestSupport", "ModalLab", "ModalLabDriver"])
    ],
    // Everything runs on one thread (the X11 loop); strict concurrency checking would add ceremony, not safety.
    swiftLanguageModes: [.v5]
)
