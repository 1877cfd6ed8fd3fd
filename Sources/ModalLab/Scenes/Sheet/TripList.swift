import ModalKit

/// The sheet's scrolling content: the "Block dismissal" row (the switch is added by the controller) with a hint,
/// the trip's details, and the places to see, one row each.
///
/// The list keeps no layer of its own (it would be the content's whole height: 2,500 points, 3.7 MB at 1x). Its
/// small sections are views with their own cached layers; of the places, only the rows within the visible part
/// (and one row either side) are views, each one small cached layer, reused as they scroll in and out, so its
/// memory follows the window's height and not the number of places.
final class TripList: View {
    let blockRow = GroupedRows([("Block dismissal", "")])
    private let details = GroupedRows([("Name", "Lisbon"), ("Dates", "12–15 May"), ("Travellers", "2")])
    private let help = Label(text: "Drag or scroll the list; blocked, pulls resist.",
                             font: .systemFont(ofSize: 13), textColor: .secondaryLabel)
    private let header = Label(text: "PLACES TO SEE", font: .systemFont(ofSize: 13), textColor: .secondaryLabel)
    /// The places shown, title and value.
    let places: [(String, String)]
    /// The rows on screen, by place index, and rows that left, kept to be reused.
    private(set) var shownRows: [Int: PlaceRow] = [:]
    private var spareRows: [PlaceRow] = []
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
        shouldRasterize = false
        [details, blockRow, help, header].forEach(addSubview)
    }

    /// Lays the sections out for `width` and sizes the list to hold them.
    func layout(width: Double) {
        // The switch and its hint first: at the medium detent the lab's HUD covers the sheet's bottom 84 points.
        blockRow.frame = Rect(x: 16, y: 4, width: width - 32, height: blockRow.height)
        help.frame = Rect(x: 32, y: blockRow.frame.maxY + 6, width: width - 64, height: 18)
        details.frame = Rect(x: 16, y: help.frame.maxY + 20, width: width - 32, height: details.height)
        header.frame = Rect(x: 32, y: details.frame.maxY + 20, width: width - 64, height: 18)
        placesTop = header.frame.maxY + 4
        rowWidth = width - 32
        let placesHeight = GroupedRows.rowHeight * Double(places.count)
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
            let row = spareRows.popLast() ?? PlaceRow()
            row.frame = rowFrame(index)
            row.configure(title: places[index].0, value: places[index].1, index: index, count: places.count)
            addSubview(row)
            shownRows[index] = row
        }
    }

    private func rowIndices(top: Double, bottom: Double) -> Range<Int> {
        let h = GroupedRows.rowHeight, count = Double(places.count)
        guard top.isFinite, bottom.isFinite, count > 0 else { return 0 ..< 0 }
        let first = min(max(((top - placesTop) / h).rounded(.down) - 1, 0), count)
        let last = min(max(((bottom - placesTop) / h).rounded(.down) + 2, 0), count)
        return Int(first) ..< Int(max(first, last))
    }

    /// Where the row of place `index` is, in the list's points.
    func rowFrame(_ index: Int) -> Rect {
        Rect(x: 16, y: placesTop + GroupedRows.rowHeight * Double(index), width: rowWidth, height: GroupedRows.rowHeight)
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
        ("Cascais Bay", "Cascais"),
    ]
}

/// White rounded rows with a title and a value, separated by hairlines: UIKit's inset grouped table.
final class GroupedRows: View {
    static let rowHeight = 44.0
    let height: Double
    private var rows: [(title: Label, value: Label, separator: View?)] = []

    init(_ rows: [(String, String)]) {
        height = GroupedRows.rowHeight * Double(rows.count)
        super.init(frame: Rect(x: 0, y: 0, width: 343, height: height))
        backgroundColor = .white
        cornerRadius = 10
        for (i, row) in rows.enumerated() {
            let title = Label(text: row.0, font: .systemFont(ofSize: 17))
            let value = Label(text: row.1, font: .systemFont(ofSize: 17), textColor: .secondaryLabel, alignment: .right)
            var separator: View?
            if i > 0 {
                let hairline = View()
                hairline.backgroundColor = .separator
                separator = hairline
            }
            [title, value].forEach(addSubview)
            separator.map(addSubview)
            self.rows.append((title, value, separator))
        }
        layoutSubviews()
    }

    override func layoutSubviews() {
        let width = bounds.width
        for (i, row) in rows.enumerated() {
            let y = GroupedRows.rowHeight * Double(i)
            row.title.frame = Rect(x: 16, y: y, width: max(width - 32, 0), height: GroupedRows.rowHeight)
            row.value.frame = Rect(x: 16, y: y, width: max(width - 32, 0), height: GroupedRows.rowHeight)
            row.separator?.frame = Rect(x: 16, y: y - 0.25, width: max(width - 16, 0), height: 0.5)
        }
    }
}

/// "Discard changes?" with Keep and Discard, on a light red bar.
final class DiscardBar: View {
    let keep = Button(title: "Keep", font: .systemFont(ofSize: 15))
    let discard = Button(title: "Discard", titleColor: Color(rgb: 0xFF3B30), font: .boldSystemFont(ofSize: 15))
    private let label = Label(text: "Discard changes?", font: .systemFont(ofSize: 15))

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
