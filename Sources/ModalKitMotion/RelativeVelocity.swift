/// Converts a release velocity in points/s into UIKit's relative initial spring velocity.
///
/// 1 means "the whole remaining distance in one second". The distance is signed the same way as the velocity
/// (toward the target positive), so a fling away from the target gives a negative value. 0 when the remaining
/// distance is under a thousandth of a point, where the ratio would be meaningless.
public func relativeVelocity(_ pointsPerSecond: Double, remainingDistance: Double) -> Double {
    guard abs(remainingDistance) > 1e-3 else { return 0 }
    return pointsPerSecond / remainingDistance
}
