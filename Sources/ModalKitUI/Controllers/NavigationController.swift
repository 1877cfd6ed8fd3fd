import ModalKitBase

/// A controller that shows a child under a navigation bar. UIKit's `UINavigationController`, with one level (the
/// scenes never push).
open class NavigationController: ViewController {
    /// The bar across the top, under the status bar area. UIKit's `navigationBar`.
    public let navigationBar = NavigationBar()
    /// The controllers on the stack: here always just the root. UIKit's `viewControllers`.
    public private(set) var viewControllers: [ViewController]
    /// The 20-point status bar area the bar extends under.
    public static let statusBarHeight = 20.0

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
        navigationBar.show(top.navigationItem)
        layout()
    }

    /// Bar across the top (status area plus 44 points), the child filling the rest.
    open override func viewDidLayoutSubviews() { layout() }

    private func layout() {
        let bounds = view.bounds
        let barHeight = NavigationController.statusBarHeight + NavigationBar.height
        navigationBar.frame = Rect(x: 0, y: 0, width: bounds.width, height: barHeight)
        topViewController?.view.frame = Rect(
            x: 0, y: barHeight, width: bounds.width,
            height: max(bounds.height - barHeight, 0))
    }
}
