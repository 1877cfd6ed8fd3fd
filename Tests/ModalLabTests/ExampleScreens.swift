import ModalKit

/// The pictures of the example scene files (Examples/SceneFiles), drawn with ModalKit's views so they are our own:
/// two small apps' screens as a design tool would export them, with a status bar, titles, list rows and
/// photo-like gradients. `ExampleSceneFilesTests` writes them at 1x, 2x and 3x and checks the committed ones.
enum ExampleScreens {
    /// A screen's file name, size in points and view tree.
    struct Screen {
        let name: String
        let size: Size
        let build: () -> View
    }

    static let width = 375.0

    /// The Trips sheet: a home screen, the sheet's fixed header and its scrolling content.
    static let trips = [
        Screen(name: "Home", size: Size(width: width, height: 667), build: tripsHome),
        Screen(name: "SheetHeader", size: Size(width: width, height: 56), build: sheetHeader),
        Screen(name: "SheetContent", size: Size(width: width, height: 1180), build: sheetContent)
    ]

    /// The Photo card: a gallery and one photo's card.
    static let photo = [
        Screen(name: "Gallery", size: Size(width: width, height: 667), build: gallery),
        Screen(name: "PhotoCard", size: Size(width: width, height: 667), build: photoCard)
    ]

    /// `screen` drawn at `scale` pixels per point.
    static func render(_ screen: Screen, scale: Double) -> Bitmap {
        let window = Window(size: screen.size)
        let root = screen.build()
        root.frame = Rect(origin: .zero, size: screen.size)
        window.addSubview(root)
        var bitmap = Bitmap(
            width: Int((screen.size.width * scale).rounded()), height: Int((screen.size.height * scale).rounded()))
        window.render(into: &bitmap, scale: scale)
        return bitmap
    }

    // MARK: Trips

    static func tripsHome() -> View {
        let view = plain(.systemGray6)
        view.addSubview(StatusBar(frame: Rect(x: 0, y: 0, width: width, height: 44)))
        add(label("Trips", .boldSystemFont(ofSize: 34), frame: Rect(x: 16, y: 52, width: 300, height: 41)), to: view)
        let hero = Gradient(colors: [0xFF9A5B, 0xE2557A, 0x5B3A8E], frame: Rect(x: 16, y: 104, width: 343, height: 190))
        hero.cornerRadius = 14
        hero.addSubview(Sun(frame: Rect(x: 236, y: 26, width: 64, height: 64)))
        add(
            label("Lisbon", .boldSystemFont(ofSize: 28), .white, frame: Rect(x: 16, y: 124, width: 300, height: 34)),
            to: hero)
        add(
            label(
                "12–15 May · 2 travellers", .systemFont(ofSize: 15), .white,
                frame: Rect(x: 16, y: 156, width: 300, height: 20)), to: hero)
        view.addSubview(hero)
        add(
            label(
                "UPCOMING", .systemFont(ofSize: 13), .secondaryLabel, frame: Rect(x: 32, y: 314, width: 200, height: 18)
            ), to: view)
        let rows: [(String, String, UInt32)] = [
            ("Kyoto", "2–9 Jun", 0x3FA34D), ("Reykjavík", "18–21 Jul", 0x2F80ED), ("Oaxaca", "3–10 Sep", 0xF2994A),
            ("Tromsø", "1–6 Dec", 0x6C5CE7)
        ]
        view.addSubview(groupedList(rows, frame: Rect(x: 16, y: 336, width: 343, height: 44 * 4)))
        view.addSubview(
            TabBar(titles: ["Trips", "Explore", "Profile"], frame: Rect(x: 0, y: 584, width: width, height: 83)))
        return view
    }

    static func sheetHeader() -> View {
        let view = plain(.white)
        add(
            label(
                "Lisbon", .boldSystemFont(ofSize: 17), alignment: .center,
                frame: Rect(x: 80, y: 16, width: 215, height: 30)), to: view)
        add(
            label(
                "Done", .boldSystemFont(ofSize: 17), .systemBlue, alignment: .right,
                frame: Rect(x: 255, y: 16, width: 104, height: 30)), to: view)
        add(
            label("Share", .systemFont(ofSize: 17), .systemBlue, frame: Rect(x: 16, y: 16, width: 80, height: 30)),
            to: view)
        let hairline = plain(.separator)
        hairline.frame = Rect(x: 0, y: 55.5, width: width, height: 0.5)
        view.addSubview(hairline)
        return view
    }

    static func sheetContent() -> View {
        let view = plain(.white)
        let banner = Gradient(
            colors: [0x56CCF2, 0x2F80ED, 0x1B3F8B], frame: Rect(x: 16, y: 16, width: 343, height: 150))
        banner.cornerRadius = 12
        banner.addSubview(Sun(frame: Rect(x: 40, y: 30, width: 44, height: 44)))
        view.addSubview(banner)
        add(
            label(
                "PLACES TO SEE", .systemFont(ofSize: 13), .secondaryLabel,
                frame: Rect(x: 16, y: 182, width: 200, height: 18)), to: view)
        let places = [
            ("Belém Tower", "Belém · 16th century"), ("Jerónimos Monastery", "Belém · Manueline"),
            ("LX Factory", "Alcântara · shops"), ("Time Out Market", "Cais do Sodré · food"),
            ("Praça do Comércio", "Baixa · riverside"), ("Santa Justa Lift", "Baixa · views"),
            ("Carmo Convent", "Chiado · ruins"), ("São Jorge Castle", "Castelo · walls"),
            ("Fado Museum", "Alfama · music"), ("Graça Viewpoint", "Graça · sunset"),
            ("Tile Museum", "Xabregas · azulejos"), ("Gulbenkian Museum", "Avenidas Novas · art"),
            ("Oceanário", "Parque das Nações"), ("Pena Palace", "Sintra · day trip"),
            ("Cabo da Roca", "Colares · cliffs"), ("Cascais Bay", "Cascais · beach")
        ]
        let palettes: [[UInt32]] = [
            [0xF2C94C, 0xF2994A], [0x6FCF97, 0x219653], [0x56CCF2, 0x2F80ED], [0xBB6BD9, 0x6C5CE7], [0xEB5757, 0xF2994A]
        ]
        for (i, place) in places.enumerated() {
            let y = 208 + 60 * Double(i)
            let thumb = Gradient(
                colors: palettes[i % palettes.count], frame: Rect(x: 16, y: y + 8, width: 44, height: 44))
            thumb.cornerRadius = 8
            view.addSubview(thumb)
            add(label(place.0, .systemFont(ofSize: 17), frame: Rect(x: 72, y: y + 9, width: 280, height: 22)), to: view)
            add(
                label(
                    place.1, .systemFont(ofSize: 13), .secondaryLabel,
                    frame: Rect(x: 72, y: y + 31, width: 280, height: 18)), to: view)
            let separator = plain(.separator)
            separator.frame = Rect(x: 72, y: y + 59.5, width: width - 72, height: 0.5)
            view.addSubview(separator)
        }
        return view
    }

    // MARK: Photo

    static let photoPalettes: [[UInt32]] = [
        [0xFF9A5B, 0xE2557A], [0x56CCF2, 0x1B3F8B], [0x6FCF97, 0x1E6F50], [0xF2C94C, 0xEB5757],
        [0xBB6BD9, 0x3A1C71], [0x2D9CDB, 0x6FCF97], [0xF2994A, 0x5B3A8E], [0x9B51E0, 0x56CCF2],
        [0x27AE60, 0xF2C94C], [0xE0C3FC, 0x8EC5FC], [0xFAD961, 0xF76B1C], [0x4FACFE, 0x00F2FE]
    ]

    static func gallery() -> View {
        let view = plain(.white)
        view.addSubview(StatusBar(frame: Rect(x: 0, y: 0, width: width, height: 44)))
        add(label("Photos", .boldSystemFont(ofSize: 34), frame: Rect(x: 16, y: 52, width: 300, height: 41)), to: view)
        add(
            label(
                "Select", .systemFont(ofSize: 17), .systemBlue, alignment: .right,
                frame: Rect(x: 255, y: 60, width: 104, height: 24)), to: view)
        let side = (width - 4) / 3
        for i in 0 ..< 12 {
            let x = Double(i % 3) * (side + 2), y = 104 + Double(i / 3) * (side + 2)
            let tile = Gradient(colors: photoPalettes[i], frame: Rect(x: x, y: y, width: side, height: side))
            if i % 4 == 0 {
                tile.addSubview(
                    Sun(frame: Rect(x: side * 0.55, y: side * 0.18, width: side * 0.26, height: side * 0.26)))
            }
            view.addSubview(tile)
        }
        view.addSubview(
            TabBar(titles: ["Library", "For You", "Albums"], frame: Rect(x: 0, y: 584, width: width, height: 83)))
        return view
    }

    static func photoCard() -> View {
        let view = plain(.white)
        let photo = Gradient(colors: [0xFF9A5B, 0xE2557A, 0x5B3A8E], frame: Rect(x: 0, y: 0, width: width, height: 400))
        photo.addSubview(Sun(frame: Rect(x: 230, y: 110, width: 90, height: 90)))
        view.addSubview(photo)
        let close = plain(Color(white: 0, alpha: 0.35))
        close.frame = Rect(x: 323, y: 52, width: 36, height: 36)
        close.cornerRadius = 18
        add(
            label(
                "✕", .boldSystemFont(ofSize: 17), .white, alignment: .center,
                frame: Rect(x: 0, y: 0, width: 36, height: 36)), to: close)
        view.addSubview(close)
        add(
            label(
                "Sunset over the Tagus", .boldSystemFont(ofSize: 24), frame: Rect(x: 16, y: 420, width: 343, height: 30)
            ), to: view)
        add(
            label(
                "Lisbon · 14 May, 20:41", .systemFont(ofSize: 15), .secondaryLabel,
                frame: Rect(x: 16, y: 454, width: 343, height: 20)), to: view)
        let lines = [
            "From the Santa Luzia viewpoint,", "as the last ferry left for Cacilhas.", "", "Drag down to close."
        ]
        for (i, line) in lines.enumerated() {
            add(
                label(
                    line, .systemFont(ofSize: 17), i == 3 ? .secondaryLabel : .label,
                    frame: Rect(x: 16, y: 494 + 24 * Double(i), width: 343, height: 22)), to: view)
        }
        return view
    }

    // MARK: Parts

    static func plain(_ color: Color) -> View {
        let view = View()
        view.backgroundColor = color
        return view
    }

    static func label(
        _ text: String, _ font: FontDescriptor, _ color: Color = .label, alignment: TextAlignment = .left, frame: Rect
    ) -> Label {
        Label(text: text, font: font, textColor: color, alignment: alignment, frame: frame)
    }

    static func add(_ child: View, to parent: View) { parent.addSubview(child) }

    /// Rows of an inset grouped list: a coloured dot, a title and a value, hairlines between.
    static func groupedList(_ rows: [(String, String, UInt32)], frame: Rect) -> View {
        let list = plain(.white)
        list.frame = frame
        list.cornerRadius = 10
        for (i, row) in rows.enumerated() {
            let y = 44 * Double(i)
            let dot = plain(Color(rgb: row.2))
            dot.frame = Rect(x: 16, y: y + 14, width: 16, height: 16)
            dot.cornerRadius = 8
            list.addSubview(dot)
            add(label(row.0, .systemFont(ofSize: 17), frame: Rect(x: 44, y: y, width: 160, height: 44)), to: list)
            add(
                label(
                    row.1, .systemFont(ofSize: 17), .secondaryLabel, alignment: .right,
                    frame: Rect(x: frame.width - 156, y: y, width: 140, height: 44)), to: list)
            if i < rows.count - 1 {
                let hairline = plain(.separator)
                hairline.frame = Rect(x: 44, y: y + 43.5, width: frame.width - 44, height: 0.5)
                list.addSubview(hairline)
            }
        }
        return list
    }
}

/// A vertical gradient through `colors` with two dark hills at its foot (a photo's landscape), drawn a pixel row
/// at a time so it is smooth at every scale; it clips, so its layer is cut to its rounded corners.
final class Gradient: View {
    private let colors: [UInt32]
    private let hills: Bool

    init(colors: [UInt32], frame: Rect, hills: Bool = true) {
        self.colors = colors
        self.hills = hills
        super.init(frame: frame)
        clipsToBounds = true
    }

    /// The hills as circles (centre x, centre y, radius, darkness) in fractions of the width and height.
    private static let hillShapes: [(Double, Double, Double, Double)] = [
        (0.18, 1.3, 0.62, 0.22), (0.85, 1.45, 0.7, 0.35)
    ]

    override func draw(in canvas: Canvas) {
        let rows = Int((bounds.height * canvas.scale).rounded())
        for row in 0 ..< rows {
            let t = rows > 1 ? Double(row) / Double(rows - 1) : 0
            let y = Double(row) / canvas.scale
            let rect = Rect(x: 0, y: y, width: bounds.width, height: 1 / canvas.scale)
            canvas.fill(rect, color: color(at: t), cornerRadius: 0)
            guard hills else { continue }
            for (cx, cy, r, alpha) in Gradient.hillShapes {
                let radius = r * bounds.height, dy = y + 0.5 / canvas.scale - cy * bounds.height
                guard abs(dy) < radius else { continue }
                let half = (radius * radius - dy * dy).squareRoot(), x = cx * bounds.width
                let left = max(x - half, 0), right = min(x + half, bounds.width)
                guard right > left else { continue }
                let span = Rect(x: left, y: y, width: right - left, height: 1 / canvas.scale)
                canvas.fill(span, color: Color(white: 0, alpha: alpha), cornerRadius: 0)
            }
        }
    }

    private func color(at t: Double) -> Color {
        let span = Double(colors.count - 1), i = min(Int(t * span), colors.count - 2), f = t * span - Double(i)
        func channel(_ c: UInt32, _ shift: UInt32) -> Double { Double((c >> shift) & 0xFF) / 255 }
        let (a, b) = (colors[i], colors[i + 1])
        return Color(
            red: channel(a, 16) + (channel(b, 16) - channel(a, 16)) * f,
            green: channel(a, 8) + (channel(b, 8) - channel(a, 8)) * f,
            blue: channel(a, 0) + (channel(b, 0) - channel(a, 0)) * f)
    }
}

/// A pale sun: a round soft-yellow disc.
final class Sun: View {
    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(rgb: 0xFFF3C4, alpha: 0.9)
        cornerRadius = frame.width / 2
    }
}

/// The status bar: the time, signal bars and a battery.
final class StatusBar: View {
    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        addSubview(
            Label(text: "9:41", font: .boldSystemFont(ofSize: 15), frame: Rect(x: 28, y: 12, width: 60, height: 20)))
        for i in 0 ..< 4 {
            let bar = View(
                frame: Rect(x: 282 + 5 * Double(i), y: 25 - 3 * Double(i), width: 3, height: 4 + 3 * Double(i)))
            bar.backgroundColor = .label
            bar.cornerRadius = 1
            addSubview(bar)
        }
        let battery = View(frame: Rect(x: 312, y: 15, width: 25, height: 12))
        battery.backgroundColor = Color(white: 0, alpha: 0.35)
        battery.cornerRadius = 3.5
        let charge = View(frame: Rect(x: 2, y: 2, width: 17, height: 8))
        charge.backgroundColor = .label
        charge.cornerRadius = 2
        battery.addSubview(charge)
        addSubview(battery)
    }
}

/// A tab bar: a hairline, and titles over round icons, the first selected.
final class TabBar: View {
    init(titles: [String], frame: Rect) {
        super.init(frame: frame)
        backgroundColor = Color(rgb: 0xF9F9F9)
        let hairline = View(frame: Rect(x: 0, y: 0, width: frame.width, height: 0.5))
        hairline.backgroundColor = .separator
        addSubview(hairline)
        let step = frame.width / Double(titles.count)
        for (i, title) in titles.enumerated() {
            let color: Color = i == 0 ? .systemBlue : Color(rgb: 0x999999)
            let icon = View(frame: Rect(x: step * Double(i) + step / 2 - 12, y: 8, width: 24, height: 24))
            icon.backgroundColor = color
            icon.cornerRadius = 7
            addSubview(icon)
            addSubview(
                Label(
                    text: title, font: .systemFont(ofSize: 10), textColor: color, alignment: .center,
                    frame: Rect(x: step * Double(i), y: 35, width: step, height: 14)))
        }
    }
}
