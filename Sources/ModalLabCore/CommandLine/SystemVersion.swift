import ModalKit

/// The iOS whose look and motion the lab emulates (`--ios`, a scene file's `"ios"`): 18 is the sheet iOS 15–18
/// drew, edge to edge; 26 is Liquid Glass's inset, glass sheet.
public enum SystemVersion: Int, CaseIterable, Sendable {
    /// iOS 15–18: the sheet edge to edge, 10-point corners, a 0.3 dim, a grabber.
    case ios18 = 18
    /// iOS 26: the sheet inset on glass at partial heights (ANCHORS "iOS 26 sheets").
    case ios26 = 26

    /// "18, 26", for errors.
    static var names: String { allCases.map { String($0.rawValue) }.joined(separator: ", ") }

    /// The version `text` names; a usage error naming the valid ones otherwise. `what` is the option or key.
    static func parse(_ text: String, _ what: String) throws -> SystemVersion {
        guard let number = Int(text), let version = SystemVersion(rawValue: number) else {
            throw LabError.usage("\(what): unknown iOS version '\(LabLimits.echo(text))' (versions: \(names))")
        }
        return version
    }
}

extension LabConfiguration {
    /// The phone `name` names; a usage error naming the valid ones otherwise. `what` is the option or key.
    static func device(named name: String, _ what: String) throws -> Device {
        guard let device = Device.named(name) else {
            throw LabError.usage(
                "\(what): unknown device '\(LabLimits.echo(name))' (devices: \(Device.names); a bare screen: --size)")
        }
        return device
    }

    /// `--device list`: one line a phone, its name, size, safe-area insets and display corner radius.
    package static var deviceList: String {
        Device.all.map { d in
            let size = "\(LabLimits.show(d.size.width))x\(LabLimits.show(d.size.height))"
            let insets =
                "safe area top \(LabLimits.show(d.safeAreaInsets.top)) bottom \(LabLimits.show(d.safeAreaInsets.bottom))"
            return "\(d.name)\t\(d.title)\t\(size)\t\(insets)\tcorners \(LabLimits.show(d.displayCornerRadius))"
        }.joined(separator: "\n")
    }
}
