import ModalKitBase

/// How a presented controller covers the one that presented it. UIKit's `UIModalPresentationStyle`.
public enum ModalPresentationStyle: String, Sendable {
    /// The presenting view leaves the window once the presentation ends.
    case fullScreen
    /// The presenting view stays in place behind the presented one.
    case overFullScreen
    /// A sheet over the presenting view, managed by a `SheetPresentationController`.
    case pageSheet
}

/// Manages a view and presents other controllers over it. UIKit's `UIViewController`.
open class ViewController {
    private var loadedView: View?
    /// The controller's title; setting it sets the navigation item's title. UIKit's `title`.
    public var title: String? { didSet { navigationItem.title = title } }
    /// What a navigation bar shows while this controller is on top. UIKit's `navigationItem`.
    public let navigationItem = NavigationItem()
    /// How a presentation of this controller covers its presenter. UIKit's `modalPresentationStyle`.
    ///
    /// `.fullScreen` unless set.
    public var modalPresentationStyle: ModalPresentationStyle = .fullScreen
    /// Supplies this controller's transition animator and interaction controller. UIKit's `transitioningDelegate`.
    ///
    /// Held weakly, as in UIKit; nil uses the default for the presentation style.
    public weak var transitioningDelegate: ViewControllerTransitioningDelegate?
    /// Whether the user may not dismiss this controller by pulling its sheet down, tapping the backdrop or
    /// pressing Escape (the app still can). UIKit's `isModalInPresentation`.
    public var isModalInPresentation = false
    /// The scroll view whose scrolling a sheet around this controller shares (UIKit's `contentScrollView(for:)`,
    /// set with `setContentScrollView`); nil lets the sheet take the first scroll view in the view's tree.
    public weak var contentScrollView: ScrollView?
    private var sheet: SheetPresentationController?
    /// How this controller is presented or pushed when no transitioning delegate gives an animator: a zoom out of a
    /// source view, or nil for the presentation style's default. UIKit's `preferredTransition` (iOS 18).
    public var preferredTransition: Transition? { didSet { storedZoomTransition = nil } }
    var storedZoomTransition: ZoomTransitionController?

    /// The sheet that presents this controller when its style is `.pageSheet`, nil otherwise. UIKit's
    /// `sheetPresentationController`.
    public var sheetPresentationController: SheetPresentationController? {
        guard modalPresentationStyle == .pageSheet else { return nil }
        if let sheet { return sheet }
        let created = SheetPresentationController(presentedViewController: self)
        sheet = created
        return created
    }

    /// The controller that presented this one.
    public internal(set) weak var presentingViewController: ViewController?
    /// The controller this one presented.
    public internal(set) var presentedViewController: ViewController?
    /// The navigation controller this one is the child of.
    public internal(set) weak var navigationController: NavigationController?
    /// The full-window view that holds this controller's view while it is presented.
    var presentationContainer: View?

    /// Insets added to the window's safe area in this controller's view (a toolbar of its own). UIKit's
    /// `additionalSafeAreaInsets`.
    public var additionalSafeAreaInsets = EdgeInsets.zero

    /// A controller whose view is created on first use.
    public init() {}

    /// The controller's view, created on first use by `loadView` and then `viewDidLoad`.
    public var view: View {
        if let loadedView { return loadedView }
        loadView()
        let view = loadedView ?? View()
        loadedView = view
        viewDidLoad()
        return view
    }

    /// Whether `view` has been created.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Creates the view; override to make a custom one and assign it with `setView`.
    open func loadView() { loadedView = ControllerView(controller: self) }

    /// Sets the view from `loadView`.
    public func setView(_ view: View) { loadedView = view }

    /// Called once, after the view was created.
    open func viewDidLoad() {}

    /// Called after the view changed size; position subviews here.
    open func viewDidLayoutSubviews() {}

    /// The window this controller belongs to: its view's, or (when a full-screen presentation took its view out)
    /// that of any controller in its presentation chain.
    var hostWindow: Window? {
        var vc: ViewController? = self
        while let current = vc {
            if let w = current.loadedView?.window ?? current.presentationContainer?.window { return w }
            vc = current.presentedViewController ?? current.navigationController?.presentedViewController
        }
        vc = presentingViewController ?? navigationController?.presentingViewController
        while let current = vc {
            if let w = current.loadedView?.window ?? current.presentationContainer?.window { return w }
            vc = current.presentingViewController
        }
        return nil
    }

    /// The view standing for this controller directly in the window: its own view when it is the root, its
    /// presentation container when it was presented.
    var windowLevelView: View {
        if let navigationController { return navigationController.windowLevelView }
        return presentationContainer ?? view
    }
}

/// The default root view of a controller: tells the controller when it changes size.
final class ControllerView: View {
    unowned let controller: ViewController

    init(controller: ViewController) {
        self.controller = controller
        super.init(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        backgroundColor = .white
        // A controller's root view moves or scales as a whole while its content stays (the card dragged, the
        // screen behind it): kept, each frame of a transition is a blit.
        shouldRasterize = true
    }

    override func layoutSubviews() { controller.viewDidLayoutSubviews() }

    /// In a phone's window the safe area is known: the controller lays its view out again for it (as the window
    /// does its root's), so a presented controller's content clears the status bar. A bare screen's windows have
    /// no safe area, and nothing is laid out again there.
    override func didMoveToWindow() {
        if let window, window.screenSafeAreaInsets != .zero { controller.viewDidLayoutSubviews() }
    }

    /// It draws as a plain view does.
    override func describeContent(into content: inout LayerContent) -> Bool { true }
}
