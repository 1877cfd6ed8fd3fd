import ModalKit

extension PannableScene {
    /// The seed's UIKit code with the tuned values, for an export.
    public static func uikitSnippet(_ v: SnippetValues) -> String {
        """
        class PannableViewController: UIViewController {
            public var minimumVelocityToHide: CGFloat = \(v.number("minimumVelocityToHide"))
            public var minimumScreenRatioToHide: CGFloat = \(v.number("minimumScreenRatioToHide"))
            public var animationDuration: TimeInterval = \(v.number("animationDuration"))

            override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
                super.init(nibName: nil, bundle: nil)
                modalPresentationStyle = .overFullScreen
                modalTransitionStyle = .coverVertical
            }

            required init?(coder aDecoder: NSCoder) {
                super.init(coder: aDecoder)
                modalPresentationStyle = .overFullScreen
                modalTransitionStyle = .coverVertical
            }

            override func viewDidLoad() {
                super.viewDidLoad()
                view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(onPan(_:))))
            }

            @objc func onPan(_ panGesture: UIPanGestureRecognizer) {
                func slideViewVerticallyTo(_ y: CGFloat) { view.frame.origin = CGPoint(x: 0, y: y) }
                switch panGesture.state {
                case .began, .changed:
                    slideViewVerticallyTo(max(0, panGesture.translation(in: view).y))
                case .ended:
                    let translation = panGesture.translation(in: view)
                    let velocity = panGesture.velocity(in: view)
                    let closing = translation.y > view.frame.size.height * minimumScreenRatioToHide
                        || velocity.y > minimumVelocityToHide
                    if closing {
                        UIView.animate(withDuration: animationDuration, animations: {
                            slideViewVerticallyTo(self.view.frame.size.height)
                        }, completion: { isCompleted in
                            if isCompleted { self.dismiss(animated: false) }
                        })
                    } else {
                        UIView.animate(withDuration: animationDuration) { slideViewVerticallyTo(0) }
                    }
                default:
                    UIView.animate(withDuration: animationDuration) { slideViewVerticallyTo(0) }
                }
            }
        }

        """
    }
}
