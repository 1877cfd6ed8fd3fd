/// Least-squares polynomial fits for the velocity tracker, on the stack: a velocity is read several times a frame
/// during a drag (the gesture, the HUD, the trace), and arrays for the normal equations were most of what a drag
/// frame allocated.
enum PolynomialFit {
    /// The derivative at t = 0 of the least-squares polynomial of `degree` (1 or 2) through the points
    /// (`time(i)`, `value(i)`) for `i` in `0 ..< count`; nil when the times cannot determine it (too few distinct
    /// times) or the degree is not 1 or 2.
    static func slopeAtZero(count: Int, time: (Int) -> Double, value: (Int) -> Double, degree: Int) -> Double? {
        guard degree == 1 || degree == 2 else { return nil }
        // Scale time to about unit range so the normal equations stay well conditioned at any sample rate.
        var span = -Double.infinity
        for i in 0 ..< count where abs(time(i)) > span { span = abs(time(i)) }
        guard count > 0, span > 0 else { return nil }
        let n = degree + 1
        var matrix = AugmentedMatrix()
        for i in 0 ..< count {
            let t = time(i) / span, v = value(i)
            var powers = SIMD8<Double>(repeating: 1)
            for k in 1 ..< (2 * n) { powers[k] = powers[k - 1] * t }
            for row in 0 ..< n {
                for col in 0 ..< n { matrix[row, col] += powers[row + col] }
                matrix[row, n] += powers[row] * v
            }
        }
        guard let slope = matrix.solvedSlope(size: n) else {
            return degree > 1 ? slopeAtZero(count: count, time: time, value: value, degree: 1) : nil
        }
        return slope / span
    }
}

/// An n x (n + 1) augmented matrix for n up to 3, held in three SIMD rows (no heap storage).
private struct AugmentedMatrix {
    private var rows = (SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>())

    subscript(row: Int, col: Int) -> Double {
        get {
            switch row {
            case 0: return rows.0[col]
            case 1: return rows.1[col]
            default: return rows.2[col]
            }
        }
        set {
            switch row {
            case 0: rows.0[col] = newValue
            case 1: rows.1[col] = newValue
            default: rows.2[col] = newValue
            }
        }
    }

    private mutating func swapRows(_ a: Int, _ b: Int) {
        guard a != b else { return }
        for col in 0 ..< 4 { (self[a, col], self[b, col]) = (self[b, col], self[a, col]) }
    }

    /// The second coefficient (the slope at zero) of the solution, by Gaussian elimination with partial pivoting;
    /// nil when the system is singular.
    mutating func solvedSlope(size n: Int) -> Double? {
        for col in 0 ..< n {
            // The first row with the largest magnitude in this column.
            var pivot = col
            for row in (col + 1) ..< n where abs(self[row, col]) > abs(self[pivot, col]) { pivot = row }
            guard abs(self[pivot, col]) > 1e-12 else { return nil }
            swapRows(col, pivot)
            for row in (col + 1) ..< n {
                let factor = self[row, col] / self[col, col]
                for k in col ... n { self[row, k] -= factor * self[col, k] }
            }
        }
        var x = SIMD4<Double>()
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = self[row, n]
            for k in (row + 1) ..< n { sum -= self[row, k] * x[k] }
            x[row] = sum / self[row, row]
        }
        return x[1]
    }
}
