/// Hears about user-initiated dismissals and detent changes of a sheet. UIKit's
/// `UIAdaptivePresentationControllerDelegate` together with `UISheetPresentationControllerDelegate`; every method is
/// optional. None is called for a dismissal the app starts with `dismiss(animated:)`.
public protocol SheetPresentationControllerDelegate: AnyObject {
    /// Whether a pull, a tap on the backdrop or Escape may dismiss the sheet (asked at the start of each).
    func presentationControllerShouldDismiss(_ controller: SheetPresentationController) -> Bool
    /// The user tried to dismiss a sheet that may not be dismissed: once per attempt.
    func presentationControllerDidAttemptToDismiss(_ controller: SheetPresentationController)
    /// A user-initiated dismissal starts moving the sheet away.
    func presentationControllerWillDismiss(_ controller: SheetPresentationController)
    /// The sheet is gone after a user-initiated dismissal.
    func presentationControllerDidDismiss(_ controller: SheetPresentationController)
    /// The user moved the sheet to another detent.
    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ controller: SheetPresentationController)
}

extension SheetPresentationControllerDelegate {
    public func presentationControllerShouldDismiss(_ controller: SheetPresentationController) -> Bool { true }
    public func presentationControllerDidAttemptToDismiss(_ controller: SheetPresentationController) {}
    public func presentationControllerWillDismiss(_ controller: SheetPresentationController) {}
    public func presentationControllerDidDismiss(_ controller: SheetPresentationController) {}
    public func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ controller: SheetPresentationController)
    {}
}
