import ModalKitBase

extension SheetPresentationController {
    /// iOS 26's sheet (Liquid Glass): at partial heights it floats inset from the screen's sides and bottom (the
    /// full-width sheet scaled), its bottom corners nesting in the display's, on glass up to half the screen's
    /// height; toward full height it turns opaque and anchors to the edges, its top at the safe area.
    ///
    /// Defaults: a third party's reading of iOS 26.1 UIKitCore (Jwift `Apple/Sheets.md`), agreeing with a
    /// view-tree measurement on a 402-point phone (ANCHORS "iOS 26 sheets").
    public struct FloatingStyle: Equatable, Sendable {
        /// How far in from the sides and the bottom a partial-height sheet floats, in points (0 at large).
        public var inset = 8.0
        /// The top corners' radius, in points on screen.
        public var topCornerRadius = 38.0
        /// The bottom corners are max(display corner − `bottomCornerReduction`·t, `minimumBottomCornerRadius`),
        /// t going from 0 at partial heights to 1 at large.
        public var bottomCornerReduction = 14.0
        /// The smallest bottom corner radius (and the radius on a phone with square corners).
        public var minimumBottomCornerRadius = 20.0
        /// The medium detent's height as a fraction of the screen's: 458.97 of 874 points puts the medium card at
        /// (8, 415.03, 386, 450.97), the measured frame.
        public var mediumHeightFraction = 458.97 / 874
        /// The glass behind a sheet at most half the screen's height; nil is an opaque sheet at every height.
        public var glass: GlassMaterial? = GlassMaterial()

        /// iOS 26's numbers.
        public init() {}
    }

    /// The glass under a floating sheet: the screen behind, blurred and darkened by the backdrop's dim, under a
    /// translucent tint. Ours where Apple gives no number (the blur and the tint are judged by eye).
    public struct GlassMaterial: Equatable, Sendable {
        /// The blur's radius in points.
        public var blurRadius = 20.0
        /// The tint over the blurred screen. Apple gives no number; it describes the regular glass as keeping
        /// what is on it legible and the partial-height sheet's glass as turning into the opaque background
        /// toward full height, so in the light appearance it reads as a light sheet. Over the backdrop's 0.48 dim
        /// the earlier 0.97 at 0.62 came out mid-grey (about 200 of 255), well darker than the sheet's own F2F2F7
        /// beside it; white at 0.85 gives about 236 over a dimmed white screen, close to the opaque background it
        /// turns into, while 15% of what is behind (a blue button's color, the shapes of rows) still shows.
        public var tint = Color(white: 1, alpha: 0.85)

        /// The lab's glass.
        public init() {}
    }
}
