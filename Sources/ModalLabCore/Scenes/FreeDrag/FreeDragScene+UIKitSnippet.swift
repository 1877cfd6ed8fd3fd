import ModalKit

extension FreeDragScene {
    /// The seed's UIKit code with the tuned values, for an export.
    public static func uikitSnippet(_ v: SnippetValues) -> String {
        """
        class ViewControllerPannable: UIViewController {
            var originalPosition: CGPoint?

            override func viewDidLoad() {
                super.viewDidLoad()
                view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(panGestureAction(_:))))
            }

            @objc func panGestureAction(_ panGesture: UIPanGestureRecognizer) {
                let translation = panGesture.translation(in: view)
                switch panGesture.state {
                case .began:
                    originalPosition = view.center
                case .changed:
                    view.frame.origin = CGPoint(x: translation.x, y: translation.y)
                case .ended where panGesture.velocity(in: view).y >= \(v.number("velocity")):
                    UIView.animate(withDuration: \(v.number("duration")), animations: {
                        self.view.frame.origin = CGPoint(x: self.view.frame.origin.x, y: self.view.frame.size.height)
                    }, completion: { isCompleted in
                        if isCompleted { self.dismiss(animated: false) }
                    })
                default:
                    guard let originalPosition else { return }
                    UIView.animate(withDuration: \(v.number("duration"))) { self.view.center = originalPosition }
                }
            }
        }

        """
    }
}
