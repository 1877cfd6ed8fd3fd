import Testing

/// The suites that run the lab's own code in this process (`LabMain.refusal`, `HeadlessRun`, `MotionPlot`). The lab
/// keeps process-wide state that is not safe from two threads (the animation transaction, shadow and layer caches,
/// live-object counters), so these run one test at a time and never beside each other; the process and X tests
/// around them, which reach a lab only through a child process, run in parallel.
@Suite(.serialized) enum InProcessLabTests {}
