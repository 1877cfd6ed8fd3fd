import CX11
import Glibc
import ModalKitBase
import ModalKitPixels

extension X11Host {
    /// Runs the event loop until the window is closed or `stop` is called; returns the exit code.
    /// Each iteration delivers every queued event in order, then draws at most one frame per display tick.
    /// With `signals`, a stop signal ends the loop between two events with exit code 128 + its number.
    public func run(_ app: HostApplication, signals: StopSignals? = nil) -> Int32 {
        exitCode = nil
        let connection = XConnectionNumber(display)
        while exitCode == nil {
            deliverQueuedEvents(to: app)
            if let end = translator.endQuietControlPinch(now: DisplayLink.now()) { app.handle(end, host: self) }
            if exitCode != nil { break }
            reportShownFrames(to: app)
            // A Ctrl-scroll pinch's quiet gap wakes the loop as a frame asked for would.
            let wake = isExposed ? [app.nextFrameTime, translator.controlPinchDeadline].compactMap { $0 }.min() : nil
            let demand = FrameDemand(
                now: isExposed && (frameRequested || needsFullPresent || app.needsDisplay || app.isAnimating),
                at: wake)
            let wait: LoopWait
            if pacing != nil {
                wait = paceByVBlank(app, demand: demand)
                if wait == .drew { continue }
            } else {
                wait = paceByTimer(demand)
            }
            flushIfWritten()
            // XFlush also reads whatever has arrived into Xlib's queue (libX11 over XCB does), and poll() cannot
            // see that queue: sleeping now would leave those events unhandled until something else arrives.
            if XQLength(display) > 0 { continue }
            let extra = app.extraFileDescriptors
            // Waiting for a frame's time, input would only be queued until then: the loop sleeps on the timer and
            // reads the connection once when it fires, instead of waking for every event.
            let readsInput = wait != .forFrame
            fillPollSet(connection: readsInput ? connection : -1, signals: signals, extra: extra)
            guard poll(&pollSet, nfds_t(pollSet.count), -1) >= 0 || errno == EINTR else { return 1 }
            if pollSet[2].revents != 0, let signal = signals?.take() { return 128 + signal }
            if pollSet[0].revents != 0 || (!readsInput && pollSet[1].revents != 0) { readConnection() }
            for (i, fd) in extra.enumerated() where pollSet[3 + i].revents != 0 {
                app.fileDescriptorReady(fd, host: self)
            }
            // With Present the timer only wakes the loop, whose pacing decides; without, its tick is the frame.
            if pollSet[1].revents != 0, pacing == nil, let tick = displayLink.takeTick() {
                deliverQueuedEvents(to: app)
                if exitCode == nil { drawFrame(app, at: tick) }
            }
        }
        return exitCode ?? 0
    }

    /// Without Present: the timer ticks while the app wants frames, fires once at the time it asked for a frame,
    /// else sleeps. Returns what the loop waits for.
    private func paceByTimer(_ demand: FrameDemand) -> LoopWait {
        let now = DisplayLink.now()
        if demand.wantsFrame(at: now) {
            displayLink.arm()
            return .forFrame
        }
        // Input before the time asked for may want a frame at once: the connection is read as it comes.
        if let at = demand.wakeTime(at: now) {
            displayLink.arm(at: at)
            return .forEvents
        }
        displayLink.disarm()
        return .forEvents
    }

    /// What the loop waits on: the connection, the timer, the stop signals, then the app's own descriptors; in
    /// storage kept between wake-ups, so waiting allocates nothing.
    private func fillPollSet(connection: Int32, signals: StopSignals?, extra: [Int32]) {
        pollSet.removeAll(keepingCapacity: true)
        pollSet.append(pollfd(fd: connection, events: Int16(POLLIN), revents: 0))
        pollSet.append(pollfd(fd: displayLink.fileDescriptor, events: Int16(POLLIN), revents: 0))
        pollSet.append(pollfd(fd: signals?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0))
        for fd in extra { pollSet.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
    }

    /// Hands every event in Xlib's queue to the app in order. It reads nothing from the socket (the loop does that
    /// once per wake-up, in `readConnection`), so draining costs no system call.
    func deliverQueuedEvents(to app: HostApplication) {
        while exitCode == nil, XQLength(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            if presenter.consume(event) || noteDisplayChange(event) { continue }
            noteWindowState(event)
            guard var input = translator.translate(event) else { continue }
            if case .resize = input { input = .resize(reallocate()) }
            app.handle(input, host: self)
            if case .close = input, exitCode == nil { exitCode = 0 }
            while exitCode == nil, let more = translator.takePending() { app.handle(more, host: self) }
        }
    }

    func noteWindowState(_ event: XEvent) {
        switch event.type {
        case Expose:
            isExposed = true
            needsFullPresent = true
        case UnmapNotify:
            isExposed = false
        case DestroyNotify where event.xdestroywindow.window == window:
            isExposed = false
            windowIsDestroyed = true
        default:
            break
        }
    }

    /// Gives the app a new canvas and the presenter new buffers at the window's new size in pixels, clamped to
    /// the pixel limits (a window manager may make the window any size); returns the canvas size in points.
    private func reallocate() -> Size {
        let size = HostOptions.clampedPixels(
            width: translator.sizeInPixels.width, height: translator.sizeInPixels.height)
        defer { frame = Bitmap(width: size.width, height: size.height) }
        replacePresenter(width: size.width, height: size.height)
        return exitCode == nil
            ? Size(width: Double(size.width) / scale, height: Double(size.height) / scale)
            : sizeInPoints
    }

    /// Puts a new presenter of `width` x `height` pixels in place of the current one: the Present one while the
    /// host paces by the blank, else XShmPutImage, else XPutImage. A request still in flight is forgotten.
    func replacePresenter(width: Int, height: Int) {
        presenter = NullPresenter()
        pacing?.forgetPending()
        do {
            presenter = try X11Host.makePresenter(
                target, width: width, height: height, shm: useSharedMemory,
                present: presentExtension)
        } catch {
            fputs("\(appName): \(error)\n", stderr)
            exitCode = 1
            return
        }
        // A new window size can leave the segment unable to be a pixmap: then the timer paces again.
        if !(presenter is VBlankPresenter) { pacing = nil }
        needsFullPresent = true
    }

    func drawFrame(_ app: HostApplication, at tick: Double) {
        app.advance(to: tick)
        let renderStart = DisplayLink.now()
        lastFrameAt = renderStart
        let damage = app.render(into: &frame, scale: scale)
        let presentStart = DisplayLink.now()
        ChangedRows.regions(
            damage: needsFullPresent ? nil : damage, parts: app.lastRenderRegions,
            bounds: frame.bounds, into: &presentRegions)
        presenter.present(frame, regions: presentRegions, whole: needsFullPresent)
        requestVBlank(at: presentStart)
        flushIfWritten()
        let presentedAt = DisplayLink.now()
        frameRequested = false
        needsFullPresent = false
        let report = FrameReport(
            frameTime: tick, renderSeconds: presentStart - renderStart,
            presentSeconds: presentedAt - presentStart, index: frameIndex,
            presentedAt: presentedAt)
        frameIndex += 1
        app.didPresent(report, host: self)
    }
}
