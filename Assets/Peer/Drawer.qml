// The Qt Quick peer for `modal-bench workload`: what a Linux developer would reach for to build the lab's card.
// A 375x667 window, a list behind, a dimmed bottom Drawer open at start; Space opens it again after a dismissal.
// Run with QT_QUICK_BACKEND=software QT_QPA_PLATFORM=xcb qmlscene Drawer.qml (modal-bench does).
import QtQuick 2.15
import QtQuick.Window 2.15
import QtQuick.Controls 2.15

Window {
    id: root
    width: 375
    height: 667
    visible: true
    title: "ModalKit peer"
    color: "white"

    ListView {
        anchors.fill: parent
        model: 50
        delegate: ItemDelegate {
            width: ListView.view.width
            height: 44
            text: "Row " + (index + 1)
        }
    }

    Drawer {
        id: drawer
        edge: Qt.BottomEdge
        width: root.width
        height: root.height - 40
        dim: true
        modal: true

        background: Rectangle { color: "white"; radius: 10 }

        Label {
            anchors.centerIn: parent
            text: "Drag down to dismiss"
        }
    }

    Shortcut {
        sequence: "Space"
        context: Qt.ApplicationShortcut
        onActivated: drawer.open()
    }

    Component.onCompleted: drawer.open()
}
