// A Connection and a Transition that quit the QML runtime once they follow animd (QMLModuleTests, issue 57): the
// module must tear down without calling back into what it has already destroyed. With "reload" as the argument
// before the socket, the component holding them is made and destroyed again, five times, before the quit, as a
// Quickshell reload does. It prints "following" each time the transition follows, then "quitting".
//   qml quits.qml -- [reload] SOCKET
import QtQuick
import Animd as Animd

Item {
    id: root
    readonly property var args: Qt.application.arguments
    readonly property string socket: args[args.length - 1]
    readonly property bool reloads: args[args.length - 2] === "reload"
    property int loads: 1

    Component {
        id: scene
        Item {
            Animd.Connection {
                id: animd
                client: "qml-quits"
                socket: root.socket
            }
            Animd.Transition {
                connection: animd
                name: "qml-quits"
                declaration: ({transition: {"snap-points": [0, 1]}, bindings: {}})
                onFollowingChanged: if (following) {
                    console.log("following")
                    settle.start()
                }
            }
        }
    }

    Loader {
        id: loader
        sourceComponent: scene
    }

    // A moment with the transition followed and the socket live, then the next load or the quit.
    Timer {
        id: settle
        interval: 150
        onTriggered: {
            if (reloads && loads < 5) {
                loads += 1
                loader.active = false
                loader.active = true
            } else {
                console.log("quitting")
                Qt.quit()
            }
        }
    }
}
