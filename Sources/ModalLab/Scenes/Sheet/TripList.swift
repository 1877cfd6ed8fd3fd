import ModalKit

/// The sheet's scrolling content, drawn once into its cached layer: the trip's details, the "Block dismissal"
/// row (the switch is added by the controller) with a hint, and the places to see, one row each.
final class TripList: View {
    let blockRow = GroupedRows([("Block dismissal", "")])
    private let details = GroupedRows([("Name", "Lisbon"), ("Dates", "12–15 May"), ("Travellers", "2")])
    private let help = Label(text: "Drag or scroll the list; blocked, pulls resist.",
                             font: .systemFont(ofSize: 13), textColor: .secondaryLabel)
    private let header = Label(text: "PLACES TO SEE", font: .systemFont(ofSize: 13), textColor: .secondaryLabel)
    private let places = GroupedRows(TripList.places)

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        accessibilityIdentifier = "trip-list"
        // Opaque, in the sheet's grey: scrolling copies its cached pixels instead of blending them.
        backgroundColor = Color(rgb: 0xF2F2F7)
        [details, blockRow, help, header, places].forEach(addSubview)
    }

    /// Lays the sections out for `width` and sizes the list to hold them.
    func layout(width: Double) {
        details.frame = Rect(x: 16, y: 4, width: width - 32, height: details.height)
        blockRow.frame = Rect(x: 16, y: details.frame.maxY + 20, width: width - 32, height: blockRow.height)
        help.frame = Rect(x: 32, y: blockRow.frame.maxY + 6, width: width - 64, height: 18)
        header.frame = Rect(x: 32, y: help.frame.maxY + 20, width: width - 64, height: 18)
        places.frame = Rect(x: 16, y: header.frame.maxY + 4, width: width - 32, height: places.height)
        frame = Rect(x: 0, y: 0, width: width, height: places.frame.maxY + 24)
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
