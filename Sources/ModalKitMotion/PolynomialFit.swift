/// Least-squares polynomial fits for the velocity tracker.
enum PolynomialFit {
    /// The derivative at t = 0 of the least-squares polynomial of `degree` (1 or 2) through (times, values);
    /// nil when the times cannot determine it (too few distinct times).
    static func slopeAtZero(times: [Double], values: [Double], degree: Int) -> Double? {
        // Scale time to about unit range so the normal equations stay well conditioned at any sample rate.
        guard let span = times.map(abs).max(), span > 0 else { return nil }
        let scaled = times.map { $0 / span }
        let n = degree + 1
        var matrix = [[Double]](repeating: [Double](repeating: 0, count: n + 1), count: n)
        for (t, v) in zip(scaled, values) {
            var powers = [Double](repeating: 1, count: 2 * n)
            for k in 1..<(2 * n) { powers[k] = powers[k - 1] * t }
            for row in 0..<n {
                for col in 0..<n { matrix[row][col] += powers[row + col] }
                matrix[row][n] += powers[row] * v
            }
        }
        guard let coefficients = solve(matrix) else {
            return degree > 1 ? slopeAtZero(times: times, values: values, degree: 1) : nil
        }
        return coefficients[1] / span
    }

    /// Gaussian elimination with partial pivoting on an augmented n x (n + 1) matrix.
    private static func solve(_ augmented: [[Double]]) -> [Double]? {
        var m = augmented
        let n = m.count
        for col in 0..<n {
            guard let pivot = (col..<n).max(by: { abs(m[$0][col]) < abs(m[$1][col]) }),
                  abs(m[pivot][col]) > 1e-12 else { return nil }
            m.swapAt(col, pivot)
            for row in (col + 1)..<n {
                let factor = m[row][col] / m[col][col]
                for k in col...n { m[row][k] -= factor * m[col][k] }
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = m[row][n]
            for k in (row + 1)..<n { sum -= m[row][k] * x[k] }
            x[row] = sum / m[row][row]
        }
        return x
    }
}
