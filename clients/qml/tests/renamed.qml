// A Transition whose name and declaration a QML binding changes while it is connected (QMLModuleTests): it declares
// "qml-first", then, once declared, is renamed "qml-second"; a second Transition follows "sidebar" (no declaration)
// and is turned to "panel". Each line it prints is for the test: "declared NAME", "progress NAME VALUE".
//   qml renamed.qml -- SOCKET
import QtQuick
import Animd as Animd

Item {
    Animd.Connection {
        id: animd
        client: "qml-renamed"
        socket: Qt.application.arguments[Qt.application.arguments.length - 1]
    }

    Animd.Transition {
        id: declared
        connection: animd
        name: "qml-first"
        declaration: ({transition: {"snap-points": [0, 1]}, bindings: {}})
        onDeclared: {
            console.log("declared " + name)
            if (name === "qml-first") name = "qml-second"
        }
        onProgressChanged: console.log("progress " + name + " " + progress)
    }

    Animd.Transition {
        id: followed
        connection: animd
        name: "sidebar"
        onDeclared: {
            console.log("declared " + name)
            if (name === "sidebar") name = "panel"
        }
        onProgressChanged: console.log("progress " + name + " " + progress)
    }
}
