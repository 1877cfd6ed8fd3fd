#if canImport(Glibc)
import Glibc
#endif
import ModalKit
import ModalLabCore

// What a package's test of its own scene does, as a program on ModalLabCore alone: the first scene, a drag down
// of half the window, run to rest. It prints the controller in front before and after, and the frame's size; LabLinkageTests runs
// it and reads its `ldd` (no libX11, no libwebp).
do {
    let harness = try HeadlessLab(scene: SceneCatalog.all[0], showsHUD: true)
    let size = harness.render(), before = harness.topName
    harness.drag(
        from: Point(x: Double(size.width) / 2, y: Double(size.height) * 0.3),
        by: Point(x: 0, y: Double(size.height) * 0.5), over: 0.2)
    _ = harness.settle()
    let frame = harness.render()
    print("\(before) \(harness.topName) \(frame.width)x\(frame.height)")
} catch {
    fputs("lab-core-probe: \(error)\n", stderr)
    exit(1)
}
