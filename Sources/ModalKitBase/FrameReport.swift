/// Timings of one presented frame, all in seconds (CLOCK_MONOTONIC for instants): what a host reports after each
/// frame, passed whole to the application (the lab's trace and HUD read it as it came).
public struct FrameReport: Equatable, Sendable {
    /// The display tick this frame was made for.
    public var frameTime: Double
    /// How long `render(into:scale:)` took.
    public var renderSeconds: Double
    /// How long converting and handing the pixels to the server took.
    public var presentSeconds: Double
    /// The host's number for the frame, 0 for the first, counting up, by which a later `FrameShown` names it; nil
    /// for a frame no host presented (headless, a render).
    public var index: Int?
    /// When the frame had been handed to the server; nil when no server had it.
    public var presentedAt: Double?

    /// A report with every field given; a frame drawn without a host has no index and no present.
    public init(
        frameTime: Double, renderSeconds: Double, presentSeconds: Double = 0, index: Int? = nil,
        presentedAt: Double? = nil
    ) {
        self.frameTime = frameTime
        self.renderSeconds = renderSeconds
        self.presentSeconds = presentSeconds
        self.index = index
        self.presentedAt = presentedAt
    }
}

/// A frame the server showed at a vertical blank, as its Present completion reports it.
public struct FrameShown: Equatable, Sendable {
    /// The `FrameReport.index` of the frame.
    public var index: Int
    /// The blank's number (the server's media stream counter for the window).
    public var msc: UInt64
    /// When the blank happened: the server's UST in seconds, CLOCK_MONOTONIC like `FrameReport.presentedAt`.
    public var shownAt: Double
    /// Blanks that went by after the one the frame was meant for (it came late); 0 when it was on time.
    public var missed: Int
    /// How long before its blank the host now starts drawing a frame, seconds, as learned from the blanks so far.
    public var lead: Double

    /// A report with every field given.
    public init(index: Int, msc: UInt64, shownAt: Double, missed: Int, lead: Double = 0) {
        self.index = index
        self.msc = msc
        self.shownAt = shownAt
        self.missed = missed
        self.lead = lead
    }
}
