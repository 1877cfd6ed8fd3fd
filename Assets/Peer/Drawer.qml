// The Qt Quick peer for `modal-bench workload`: what a Linux developer would reach for to build the lab's card.
// A 375x667 window, a list behind, a dimmed bottom Drawer open at start; Space opens it again after a dismissal.
// Run with QT_QUICK_BACKEND=software QT_QPA_PLATFORM=xcb qmlscene Drawer.qml (modal-bench does).
// With `qmlscene Drawer.qml -- --scene-durations` the Drawer opens in 0.5 s and closes in 0.6 s with UIKit's
// ease-in-out, the lab interactor scene's durations, instead of the Default style's SmoothedAnimation (velocity 5):
// the same script then asks both programs for about the same number of frames.
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

    readonly property bool sceneDurations: Qt.application.arguments.indexOf("--scene-durations") >= 0
    // The Drawer adds the action on its position; the animation gives it the duration and curve.
    property Transition sceneEnter: Transition {
        NumberAnimation { duration: 500; easing.type: Easing.Bezier; easing.bezierCurve: [0.42, 0, 0.58, 1, 1, 1] }
    }
    property Transition sceneExit: Transition {
        NumberAnimation { duration: 600; easing.type: Easing.Bezier; easing.bezierCurve: [0.42, 0, 0.58, 1, 1, 1] }
    }

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

    Component.onCompleted: {
        if (sceneDurations) {
            drawer.enter = sceneEnter
            drawer.exit = sceneExit
        }
        drawer.open()
    }
}
