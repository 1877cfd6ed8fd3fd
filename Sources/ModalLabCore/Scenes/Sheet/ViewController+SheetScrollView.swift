import ModalKit

extension ViewController {
    /// Lays out a sheet's scroll view from `top` (sheet points) down: it reaches the sheet's bottom, below the
    /// window at the smaller detents, so a sheet pulled up into its band above large takes its content with it and
    /// leaves no empty strip; the inset past where the window ends at the largest detent keeps the content's end
    /// scrollable into view. The drawn sheet and a scene file's sheet lay theirs out the same way.
    func layOutSheetScrollView(_ scrollView: ScrollView, top: Double, width: Double) {
        let visible = sheetPresentationController?.largestDetentHeight ?? view.bounds.height
        let bottom = max(view.bounds.height, visible)
        scrollView.contentInset = EdgeInsets(top: 0, left: 0, bottom: bottom - visible, right: 0)
        scrollView.verticalScrollIndicatorInsets = scrollView.contentInset
        scrollView.frame = Rect(x: 0, y: top, width: width, height: max(bottom - top, 0))
    }
}
