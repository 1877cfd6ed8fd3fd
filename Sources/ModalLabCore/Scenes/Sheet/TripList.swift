import ModalKit

/// The sheet's scrolling content: the "Block dismissal" row (the switch is added by the controller) with a hint,
/// the trip's details, and the places to see, one row each.
///
/// The list keeps no layer of its own (it would be the content's whole height: 2,500 points, 3.7 MB at 1x). Every
/// row is a `GroupedRow` with one small cached layer; of the places, only the rows within the visible part (and
/// one row either side) are views, reused as they scroll in and out, so its memory follows the window's height
/// and not the number of places.
final class TripList: View {
    let blockRow: GroupedRow = {
        let row = GroupedRow()
        row.configure(title: "Block dismissal", value: "", index: 0, count: 1)
        return row
    }()
    private let details = GroupedRow.section([("Name", "Lisbon"), ("Dates", "12–15 May"), ("Travellers", "2")])
    private let help = Label(
        text: "Drag or scroll the list; blocked, pulls resist.",
        font: .preferredFont(forTextStyle: .footnote), textColor: .secondaryLabel)
    private let header = Label(
        text: "PLACES TO SEE", font: .preferredFont(forTextStyle: .footnote), textColor: .secondaryLabel)
    /// The places shown, title and value.
    let places: [(String, String)]
    /// The rows on screen, by place index, and rows that left, kept to be reused.
    private(set) var shownRows: [Int: GroupedRow] = [:]
    private var spareRows: [GroupedRow] = []
    /// Where the first place's row starts, and the width of a row.
    private var placesTop = 0.0, rowWidth = 0.0
    /// The part of the list last asked to be shown, top and bottom, in its own points.
    private var visible = (top: 0.0, bottom: 0.0)

    init(places: [(String, String)] = TripList.places) {
        self.places = places
        super.init(frame: .zero)
        accessibilityIdentifier = "trip-list"
        // Opaque, in the sheet's grey: a scroll frame covers the sheet's own background, which is not redrawn.
        backgroundColor = Color(rgb: 0xF2F2F7)
        compositesAsGroup = false
        ([blockRow, help, header] + details).forEach(addSubview)
    }

    /// Lays the sections out for `width` and sizes the list to hold them.
    func layout(width: Double) {
        // The switch and its hint first: at the medium detent the lab's HUD covers the sheet's bottom 84 points.
        let h = GroupedRow.height
        blockRow.frame = Rect(x: 16, y: 4, width: width - 32, height: h)
        help.frame = Rect(x: 32, y: blockRow.frame.maxY + 6, width: width - 64, height: 18)
        let detailsTop = help.frame.maxY + 20
        for (i, row) in details.enumerated() {
            row.frame = Rect(x: 16, y: detailsTop + h * Double(i), width: width - 32, height: h)
        }
        header.frame = Rect(x: 32, y: detailsTop + h * Double(details.count) + 20, width: width - 64, height: 18)
        placesTop = header.frame.maxY + 4
        rowWidth = width - 32
        let placesHeight = GroupedRow.height * Double(places.count)
        frame = Rect(x: 0, y: 0, width: width, height: placesTop + placesHeight + 24)
        for (index, row) in shownRows { row.frame = rowFrame(index) }
        showRows(top: visible.top, bottom: visible.bottom)
    }

    /// Makes the rows of the places between `top` and `bottom` (the list's points) and one row either side
    /// views, and lets the others go.
    func showRows(top: Double, bottom: Double) {
        visible = (top, bottom)
        let wanted = rowIndices(top: top, bottom: bottom)
        for (index, row) in shownRows where !wanted.contains(index) {
            row.removeFromSuperview()
            spareRows.append(row)
            shownRows[index] = nil
        }
        for index in wanted where shownRows[index] == nil {
            let row = spareRows.popLast() ?? GroupedRow()
            row.frame = rowFrame(index)
            row.configure(title: places[index].0, value: places[index].1, index: index, count: places.count)
            addSubview(row)
            shownRows[index] = row
        }
    }

    private func rowIndices(top: Double, bottom: Double) -> Range<Int> {
        let h = GroupedRow.height, count = Double(places.count)
        guard top.isFinite, bottom.isFinite, count > 0 else { return 0 ..< 0 }
        let first = min(max(((top - placesTop) / h).rounded(.down) - 1, 0), count)
        let last = min(max(((bottom - placesTop) / h).rounded(.down) + 2, 0), count)
        return Int(first) ..< Int(max(first, last))
    }

    /// Where the row of place `index` is, in the list's points.
    func rowFrame(_ index: Int) -> Rect {
        Rect(x: 16, y: placesTop + GroupedRow.height * Double(index), width: rowWidth, height: GroupedRow.height)
    }

    /// Fifty places of a trip to Lisbon, with their neighbourhoods.
    static let places = [
        ("Belém Tower", "Belém"), ("Jerónimos Monastery", "Belém"), ("Pastéis de Belém", "Belém"),
        ("MAAT", "Belém"), ("Padrão dos Descobrimentos", "Belém"), ("LX Factory", "Alcântara"),
        ("Tapada das Necessidades", "Estrela"), ("Estrela Basilica", "Estrela"), ("Jardim da Estrela", "Estrela"),
        ("São Bento Palace", "São Bento"), ("Time Out Market", "Cais do Sodré"), ("Pink Street", "Cais do Sodré"),
        ("Praça do Comércio", "Baixa"), ("Rua Augusta Arch", "Baixa"), ("Santa Justa Lift", "Baixa"),
        ("Rossio Square", "Baixa"), ("Carmo Convent", "Chiado"), ("Café A Brasileira", "Chiado"),
        ("Livraria Bertrand", "Chiado"), ("São Pedro de Alcântara", "Bairro Alto"), ("São Roque", "Bairro Alto"),
        ("Príncipe Real Garden", "Príncipe Real"), ("Botanical Garden", "Príncipe Real"),
        ("Lisbon Cathedral", "Alfama"), ("Santa Luzia Viewpoint", "Alfama"), ("São Jorge Castle", "Castelo"),
        ("Fado Museum", "Alfama"), ("National Pantheon", "São Vicente"), ("Feira da Ladra", "São Vicente"),
        ("São Vicente de Fora", "São Vicente"), ("Graça Viewpoint", "Graça"), ("Senhora do Monte", "Graça"),
        ("Tile Museum", "Xabregas"), ("Gulbenkian Museum", "Avenidas Novas"), ("Eduardo VII Park", "Marquês"),
        ("Estufa Fria", "Marquês"), ("Avenida da Liberdade", "Liberdade"), ("Ribeira das Naus", "Cais do Sodré"),
        ("Oceanário", "Parque das Nações"), ("Tagus riverside", "Parque das Nações"),
        ("Cable car", "Parque das Nações"), ("Águas Livres Aqueduct", "Campolide"), ("Monsanto Park", "Monsanto"),
        ("Ajuda Palace", "Ajuda"), ("Cristo Rei", "Almada"), ("Cacilhas ferry", "Cais do Sodré"),
        ("Pena Palace", "Sintra"), ("Quinta da Regaleira", "Sintra"), ("Cabo da Roca", "Colares"),
        ("Cascais Bay", "Cascais")
    ]
}

/// "Discard changes?" with Keep and Discard, on a light red bar.
final class DiscardBar: View {
    let keep = Button(title: "Keep", font: .preferredFont(forTextStyle: .subheadline))
    let discard = Button(
        title: "Discard", titleColor: Color(rgb: 0xFF3B30),
        font: .preferredFont(forTextStyle: .subheadline).withWeight(.semibold))
    private let label = Label(text: "Discard changes?", font: .preferredFont(forTextStyle: .subheadline))

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(rgb: 0xFFE5E3)
        cornerRadius = 10
        accessibilityIdentifier = "discard-bar"
        [label, keep, discard].forEach(addSubview)
    }

    override func layoutSubviews() {
        let w = bounds.width
        label.frame = Rect(x: 14, y: 0, width: w - 160, height: bounds.height)
        keep.frame = Rect(x: w - 150, y: 0, width: 60, height: bounds.height)
        discard.frame = Rect(x: w - 84, y: 0, width: 74, height: bounds.height)
    }
}
