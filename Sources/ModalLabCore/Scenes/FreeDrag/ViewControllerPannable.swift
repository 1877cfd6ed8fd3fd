import ModalKit

/// Seed 000, second answer: a controller whose view follows the pointer in both axes and is dismissed when
/// released moving down at `velocity` points per second or faster, whatever the distance.
class ViewControllerPannable: ViewController {
    var panGestureRecognizer: PanGestureRecognizer?
    var originalPosition: Point?
    var currentPositionTouched: Point?
    /// The rule's numbers (seed: 1500 and 0.2).
    var minimumVelocity = 1500.0
    var animationDuration = 0.2
    /// What the last release decided, for the HUD: nil while no decision was made.
    private(set) var closing: Bool?
    /// True from a release until its animation ends.
    private(set) var isSettling = false
    /// A scene file's picture of this screen, covering what the seed draws (nil: the seed's screen).
    var screen: SceneScreens.Screen?
    private var cover: ImageView?

    /// Sets the rule's numbers (the scene's parameters).
    func configure(velocity: Double, duration: Double) {
        minimumVelocity = velocity
        animationDuration = duration
    }

    /// The seed's modals differ only in color; this gives one its name, color, title and help line.
    func dress(name: String, title heading: String, color: Color, help: String) {
        title = name
        view.backgroundColor = color
        view.accessibilityIdentifier = name
        _ = ModalContent.title(heading, in: view)
        _ = ModalContent.help(help, in: view)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.shadow = ModalContent.cardShadow()
        let pan = PanGestureRecognizer()
        pan.addTarget { [unowned self] in panGestureAction($0) }
        view.addGestureRecognizer(pan)
        panGestureRecognizer = pan
    }

    /// Covers the seed's content with the scene file's picture, once the subclass has added its own.
    func showScreen() { cover = SceneScreens.cover(view, with: screen) }

    /// The seed's rule: dismiss when released moving down at `velocity` or faster, whatever the distance.
    static func rule(velocity: Double) -> FlickRule {
        FlickRule(threshold: velocity, inclusive: true, elseDistance: false)
    }

    /// The rule with this controller's numbers. The HUD and the inspector evaluate this same rule.
    func dismisses(velocity: Point) -> Bool { Self.rule(velocity: minimumVelocity).dismisses(velocity: velocity.y) }

    /// Ours: the window was resized during a drag. Where the card goes back to is the centre it had when presented
    /// full screen, which the seed remembers at `began`; at the new size that is the new centre.
    override func viewDidLayoutSubviews() {
        cover?.frame = Rect(origin: .zero, size: view.bounds.size)
        if originalPosition != nil { originalPosition = Point(x: view.bounds.width / 2, y: view.bounds.height / 2) }
    }

    func panGestureAction(_ panGesture: PanGestureRecognizer) {
        let translation = panGesture.translation(in: view)

        if panGesture.state == .began {
            originalPosition = view.center
            currentPositionTouched = panGesture.location(in: view)
            closing = nil
        } else if panGesture.state == .changed {
            view.frame.origin = Point(x: translation.x, y: translation.y)
        } else if panGesture.state == .ended {
            let velocity = panGesture.velocity(in: view)
            if dismisses(velocity: velocity) {
                closing = true
                isSettling = true
                View.animate(
                    withDuration: animationDuration,
                    animations: {
                        self.view.frame.origin = Point(x: self.view.frame.origin.x, y: self.view.frame.size.height)
                    },
                    completion: { isCompleted in
                        self.isSettling = false
                        if isCompleted { self.dismiss(animated: false, completion: nil) }
                    })
            } else {
                returnToOriginalPosition()
            }
        } else {
            // The seed handles no other state; a drag cancelled by the system goes back like a slow release.
            returnToOriginalPosition()
        }
    }

    private func returnToOriginalPosition() {
        guard let originalPosition else { return }
        closing = false
        isSettling = true
        View.animate(
            withDuration: animationDuration, animations: { self.view.center = originalPosition },
            completion: { _ in self.isSettling = false })
    }
}
