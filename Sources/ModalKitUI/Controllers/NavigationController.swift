import ModalKitBase

/// A controller that shows a stack of children under a navigation bar. UIKit's `UINavigationController`.
///
/// A child whose `preferredTransition` is a zoom is pushed and popped by its zoom: it grows out of its source view
/// into the area under the bar, and goes back into the source when popped (the back button, a pan down, a swipe
/// from the leading edge). Other children are pushed and popped without animation (the sliding push is not built).
open class NavigationController: ViewController {
    /// The bar across the top, under the status bar area. UIKit's `navigationBar`.
    public let navigationBar = NavigationBar()
    /// The controllers on the stack, the root first. UIKit's `viewControllers`.
    public internal(set) var viewControllers: [ViewController]
    /// The 20-point status bar area the bar extends under on a bare screen.
    public static let statusBarHeight = 20.0
    /// The status bar area the bar extends under: a phone's (its window's safe-area top) or, on a bare screen,
    /// `statusBarHeight`. UIKit's bar sits under the status bar, at the safe area's top.
    var statusBarArea: Double {
        max(view.window?.screenSafeAreaInsets.top ?? 0, NavigationController.statusBarHeight)
    }
    /// The views the zooms of pushed children fly in, by child: the area under the bar.
    var zoomContainers: [ObjectIdentifier: View] = [:]

    /// A navigation controller showing `rootViewController` under its bar. UIKit's `init(rootViewController:)`.
    public init(rootViewController: ViewController) {
        viewControllers = [rootViewController]
        super.init()
        rootViewController.navigationController = self
    }

    /// The child on screen.
    public var topViewController: ViewController? { viewControllers.last }

    open override func viewDidLoad() {
        super.viewDidLoad()
        guard let top = topViewController else { return }
        navigationBar.accessibilityIdentifier = "navigation-bar"
        view.addSubview(top.view)
        view.addSubview(navigationBar)
        showBarItem()
        layout()
    }

    /// Bar across the top (the status bar area plus 44 points), the children filling the rest.
    open override func viewDidLayoutSubviews() { layout() }

    /// The area under the bar, in the navigation controller's view.
    var contentFrame: Rect {
        let bounds = view.bounds
        let barHeight = statusBarArea + NavigationBar.height
        return Rect(x: 0, y: barHeight, width: bounds.width, height: max(bounds.height - barHeight, 0))
    }

    private func layout() {
        let bounds = view.bounds
        navigationBar.frame = Rect(
            x: 0, y: 0, width: bounds.width, height: statusBarArea + NavigationBar.height)
        let content = contentFrame
        for child in viewControllers {
            if let container = zoomContainers[ObjectIdentifier(child)] {
                container.frame = content
                child.zoomTransition?.containerDidResize()
            } else if child.view.superview === view, child.view.transform == .identity {
                child.view.frame = content
            }
        }
    }

    /// Shows the top child's item in the bar, with a back button to the one below when the child has no leading
    /// button of its own.
    func showBarItem() {
        guard let top = topViewController else { return }
        guard viewControllers.count > 1, top.navigationItem.leftBarButtonItem == nil else {
            return navigationBar.show(top.navigationItem)
        }
        let below = viewControllers[viewControllers.count - 2]
        let item = NavigationItem()
        item.title = top.navigationItem.title
        item.rightBarButtonItem = top.navigationItem.rightBarButtonItem
        item.leftBarButtonItem = BarButtonItem(title: "‹ " + (below.navigationItem.title ?? "Back")) {
            [weak self] in self?.popViewController(animated: true)
        }
        navigationBar.show(item)
    }
}
