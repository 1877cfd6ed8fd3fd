import ModalKitBase

extension SheetPresentationController {
    /// A height a sheet rests at. UIKit's `UISheetPresentationController.Detent`.
    public struct Detent: Sendable {
        /// A detent's name. UIKit's `UISheetPresentationController.Detent.Identifier`.
        public struct Identifier: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            /// An identifier named `rawValue` (UIKit's `Identifier("name")`).
            public init(_ rawValue: String) { self.rawValue = rawValue }
            /// The system's half-height detent.
            public static let medium = Identifier("medium")
            /// The system's full-height detent.
            public static let large = Identifier("large")
            public var description: String { rawValue }
        }

        /// What a custom detent's resolver is told. UIKit's `…DetentResolutionContext`.
        public struct ResolutionContext: Sendable {
            /// The tallest a detent can be: the large detent's height, in points.
            public let maximumDetentValue: Double
            /// The system's medium detent's height for this container (half of it; iOS 26's a little more).
            let mediumValue: Double
        }

        /// The detent's name.
        public let identifier: Identifier
        let resolver: @Sendable (ResolutionContext) -> Double?

        /// About half the container's height. UIKit's `.medium()`.
        public static func medium() -> Detent {
            Detent(identifier: .medium) { $0.mediumValue }
        }

        /// The whole container less the space above a full-height sheet. UIKit's `.large()`.
        public static func large() -> Detent {
            Detent(identifier: .large) { $0.maximumDetentValue }
        }

        /// A detent whose height (points) the resolver computes; nil leaves the detent out. UIKit's
        /// `.custom(identifier:resolver:)`.
        public static func custom(
            identifier: Identifier,
            resolver: @escaping @Sendable (ResolutionContext) -> Double?
        ) -> Detent {
            Detent(identifier: identifier, resolver: resolver)
        }
    }
}
