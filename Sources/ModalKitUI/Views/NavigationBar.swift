import ModalKitBase

/// A bar button: a title and an action. UIKit's `UIBarButtonItem` (plain style).
public final class BarButtonItem {
    /// The button's text.
    public var title: String
    /// Regular (`.plain`) or bold (`.done`) text.
    public var style: Style
    let action: () -> Void
    /// The view drawn for the item: its own (`customView`), else the bar's button for it.
    public private(set) var customView: View?
    /// The button a navigation bar shows for the item, while it shows it.
    weak var barButtonView: View?

    /// UIKit's `.plain` and `.done` (bold) styles.
    public enum Style: Sendable {
        /// UIKit's `.plain`: regular weight.
        case plain
        /// UIKit's `.done`: bold.
        case done
    }

    /// A bar button that calls `action` when tapped. UIKit's `init(title:style:target:action:)`.
    public init(title: String, style: Style = .plain, action: @escaping () -> Void) {
        self.title = title
        self.style = style
        self.action = action
    }

    /// A bar button that is `customView` (drawn and handling taps itself). UIKit's `init(customView:)`.
    public init(customView: View) {
        title = ""
        style = .plain
        action = {}
        self.customView = customView
    }

    /// The view on screen for the item (what a zoom grows out of): its custom view, else the bar's button.
    var sourceView: View? { customView ?? barButtonView }
}

/// What a controller shows in a navigation bar. UIKit's `UINavigationItem`.
public final class NavigationItem {
    /// The bar's centered title; nil shows none.
    public var title: String?
    /// The button at the bar's left end, if any.
    public var leftBarButtonItem: BarButtonItem?
    /// The button at the bar's right end, if any.
    public var rightBarButtonItem: BarButtonItem?
    /// An item with no title and no buttons.
    public init() {}
}

/// The bar at the top of a navigation controller: a bold centred title and up to two bar buttons.
/// UIKit's `UINavigationBar` (standard height 44 points, below a 20-point status bar area).
public final class NavigationBar: View {
    /// The bar's height, in points: 44, as UIKit's standard bar.
    public static let height = 44.0
    private let titleLabel = Label(text: "", font: .preferredFont(forTextStyle: .headline), alignment: .center)
    private var buttons: [Button] = []
    /// The items' custom views the bar shows, at their own size.
    private var customViews: [View] = []

    /// A bar with UIKit's light bar background (0xF9F9F9) and an empty title.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(rgb: 0xF9F9F9)
        addSubview(titleLabel)
    }

    /// Shows an item's title and bar buttons.
    public func show(_ item: NavigationItem) {
        titleLabel.text = item.title ?? ""
        buttons.forEach { $0.removeFromSuperview() }
        customViews.forEach { $0.removeFromSuperview() }
        buttons = []
        customViews = []
        for (item, leading) in [(item.leftBarButtonItem, true), (item.rightBarButtonItem, false)] {
            guard let item else { continue }
            if let custom = item.customView {
                custom.tag = leading ? 0 : 1
                customViews.append(custom)
                addSubview(custom)
                continue
            }
            let font: FontDescriptor =
                item.style == .done ? .preferredFont(forTextStyle: .headline) : .preferredFont(forTextStyle: .body)
            let button = Button(title: item.title, font: font)
            button.accessibilityIdentifier = leading ? "bar-left" : "bar-right"
            button.addAction(item.action)
            button.tag = leading ? 0 : 1
            item.barButtonView = button
            buttons.append(button)
            addSubview(button)
        }
        layoutSubviews()
    }

    /// The bar button on the given side, if any.
    public func barButton(leading: Bool) -> Button? { buttons.first { $0.tag == (leading ? 0 : 1) } }

    public override func layoutSubviews() {
        let h = NavigationBar.height, top = bounds.height - h
        titleLabel.frame = Rect(x: 90, y: top, width: max(bounds.width - 180, 0), height: h)
        for button in buttons {
            let width = 80.0
            let x = button.tag == 0 ? 8 : bounds.width - width - 8
            button.frame = Rect(x: x, y: top, width: width, height: h)
        }
        for custom in customViews {
            let size = custom.bounds.size
            let x = custom.tag == 0 ? 16 : bounds.width - size.width - 16
            custom.frame = Rect(x: x, y: top + (h - size.height) / 2, width: size.width, height: size.height)
        }
    }

    public override func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        // The hairline under the bar: one device pixel thick at any scale.
        let hairline = 1 / canvas.scale
        canvas.fill(
            Rect(x: 0, y: bounds.height - hairline, width: bounds.width, height: hairline),
            color: Color(rgb: 0xB2B2B2))
    }
}
