import ModalKit

/// Screens a scene shows instead of the ones it draws: a scene file's images. Each built-in scene takes them
/// through `init(parameters:screens:)` and otherwise runs unchanged (its controllers, its rule, its snippet).
struct SceneScreens {
    /// An image and how it is placed in its screen.
    struct Screen {
        /// The picture.
        let image: Image
        /// Fill, fit or top (`ContentMode`).
        let placement: ContentMode
    }

    /// The presenting screen, under the modal; tapping it presents the modal again.
    var presenting: Screen?
    /// The modal's whole screen (a seed's card, or a sheet with no header and content).
    var presented: Screen?
    /// A sheet's fixed top, above its scrolling content.
    var header: Screen?
    /// A sheet's content, scrolling in the sheet's scroll view, cut once into strips (`ImageStrips.cut`) so the
    /// whole picture is held once, not also as a copy per scene built from it; empty for none.
    var content: [Image] = []
    /// A zoom's source cells on the presenting screen, window points; nil for the drawn grid's.
    var cells: [Rect]?

    /// The scene's own drawn screens.
    static let drawn = SceneScreens()

    /// A view showing `screen` over the whole of `view`, behind what is already there; nil without a screen.
    @discardableResult
    static func cover(_ view: View, with screen: Screen?) -> ImageView? {
        guard let screen else { return nil }
        let imageView = ImageView(image: screen.image)
        imageView.contentMode = screen.placement
        imageView.clipsToBounds = true
        imageView.accessibilityIdentifier = "screen-image"
        imageView.frame = Rect(origin: .zero, size: view.bounds.size)
        view.addSubview(imageView)
        return imageView
    }
}

/// A built-in scene that can show a scene file's images as its screens: a scene file's `style`.
protocol ScreenScene: Scene where Root == PresentingViewController {
    /// The scene running with `parameters` and showing `screens`, its modal not yet presented.
    init(parameters: SceneParameters, screens: SceneScreens)
    /// What a scene file of this style may hold; a card (`presented`) unless the scene says otherwise.
    static var fileStyle: SceneFileStyle { get }
}

extension ScreenScene {
    /// A card: the modal is one `presented` screen.
    static var fileStyle: SceneFileStyle { SceneFileStyle() }
}

/// What a scene file of a style may hold besides its `presenting` screen, as the style's scene declares it: the
/// file reader checks a file against this and knows no style by name.
struct SceneFileStyle {
    /// The modal may be given as a fixed `header` and a scrolling `content` instead of one `presented` screen
    /// (a sheet).
    var takesHeaderAndContent = false
    /// The file places source `cells` on the presenting screen, which the modal grows out of (a zoom).
    var needsCells = false
}
