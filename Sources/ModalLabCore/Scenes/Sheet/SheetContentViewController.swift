import ModalKit

/// What the sheet shows: a title over a scrolling list (a "Block dismissal" switch, the trip's details, and the 50
/// places of the trip), and, after a blocked attempt, the bar an app would show ("Discard changes?" with Discard
/// and Keep) under the title. The sheet finds the list's scroll view and shares drags and wheel scrolling with it
/// (UIKit's `prefersScrollingExpandsWhenScrolledToEdge`); the title area drags only the sheet.
final class SheetContentViewController: ViewController, SheetPresentationControllerDelegate, ScrollViewDelegate {
    /// The height of the title area above the list.
    static let headerHeight = 60.0
    let blockSwitch = Switch()
    let discardBar = DiscardBar()
    let scrollView = ScrollView()
    /// Called on each blocked dismissal attempt (the scene writes it to the trace).
    var onDismissAttempt: (() -> Void)?
    private let titleLabel = Label(text: "Edit Trip", font: .preferredFont(forTextStyle: .headline), alignment: .center)
    let list = TripList()

    override func viewDidLoad() {
        title = "sheet"
        view.backgroundColor = Color(rgb: 0xF2F2F7)
        view.accessibilityIdentifier = "sheet"
        [titleLabel, discardBar, scrollView].forEach(view.addSubview)
        scrollView.addSubview(list)
        scrollView.accessibilityIdentifier = "list"
        contentScrollView = scrollView
        scrollView.delegate = self
        list.blockRow.addSubview(blockSwitch)
        blockSwitch.addAction { [unowned self] in blockingChanged() }
        discardBar.isHidden = true
        discardBar.keep.addAction { [unowned self] in showDiscardBar(false) }
        discardBar.discard.addAction { [unowned self] in dismiss(animated: true) }
        sheetPresentationController?.delegate = self
        viewDidLayoutSubviews()
    }

    override func viewDidLayoutSubviews() {
        let width = view.bounds.width
        titleLabel.frame = Rect(x: 16, y: 16, width: width - 32, height: 36)
        var top = SheetContentViewController.headerHeight
        if !discardBar.isHidden {
            discardBar.frame = Rect(x: 16, y: top, width: width - 32, height: 44)
            top += 56
        }
        layOutSheetScrollView(scrollView, top: top, width: width)
        list.layout(width: width)
        scrollView.contentSize = Size(width: width, height: list.frame.height)
        scrollViewDidScroll(scrollView)
        blockSwitch.frame = Rect(origin: Point(x: width - 32 - 16 - Switch.size.width, y: 6.5), size: Switch.size)
    }

    /// Only the places in view (the scroll view's bounds) are rows with pixels.
    func scrollViewDidScroll(_ scrollView: ScrollView) {
        list.showRows(top: scrollView.bounds.minY, bottom: scrollView.bounds.maxY)
    }

    private func blockingChanged() {
        isModalInPresentation = blockSwitch.isOn
        if !blockSwitch.isOn { showDiscardBar(false) }
    }

    private func showDiscardBar(_ shown: Bool) {
        guard discardBar.isHidden == shown else { return }
        discardBar.isHidden = !shown
        viewDidLayoutSubviews()
    }

    func presentationControllerDidAttemptToDismiss(_ controller: SheetPresentationController) {
        showDiscardBar(true)
        onDismissAttempt?()
    }
}
