/// How many objects of one kind are alive now: incremented in `init`, decremented in `deinit`.
///
/// Leak checks count live objects instead of measuring memory: after a scene switch or a reset, the count of
/// views, layer caches and animators returns to where it was, or something holds on to what it should have let
/// go. Counting costs one addition per object; the lab runs on one thread, so a plain integer is enough.
public final class LiveInstanceCounter {
    /// Objects created and not yet freed.
    public private(set) var count = 0

    /// A counter at zero.
    public init() {}

    /// An object was created.
    public func increment() { count += 1 }

    /// An object was freed.
    public func decrement() { count -= 1 }
}
