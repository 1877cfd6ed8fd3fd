import ModalKit

extension MotionPlot {
    /// Writes a plot's PNG (`modal-lab plot`, `--plot`), naming the file when that fails.
    package static func write(_ bitmap: Bitmap, to path: String) throws {
        do { try PNG.write(bitmap, to: path) } catch {
            throw LabError.io("cannot write plot \(LabLimits.echo(path)): \(error)")
        }
    }
}
