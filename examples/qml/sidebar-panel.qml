// A Qt 6 QML side panel that declares its own transition and slides in from a screen edge with it, through the Animd
// QML module (clients/qml).
//
//     QML_IMPORT_PATH=build/qml/qml /usr/lib/qt6/bin/qml examples/qml/sidebar-panel.qml -- [--socket PATH]
//         [--transition qml-panel] [--edge left] [--output NAME] [--width 320] [--height 600] [--print-ready]
//         [--print-signals]
//
// The QML twin of examples/gtk4/sidebar-panel.py: the same flags after `--`, the same declaration, and nothing drawn
// by hand: the sheet's width is bound to the Transition's progress, which its FrameAnimation advances at the window's
// frames while a leg runs. QML prints with console.log, to standard error (`--print-ready` and `--print-signals` lines
// start with "animd-panel: ").
//
// On X11 it is a frameless window at its edge of the screen (or of `--output`, animd's name for a monitor). Under
// Wayland it is a layer surface along its edge, as the GTK 3 panel is, where this Qt has layer-shell-qt 6's QML module
// (org.kde.layershell, which needs Qt 6.6); without it, as on Debian 12 (Qt 6.4, layer-shell-qt for Qt 5 only), a
// plain window (docs/toolkits.md).
import QtQuick
import QtQuick.Window
import Animd as Animd

Window {
    id: panel

    readonly property var options: parse(Qt.application.arguments)
    readonly property bool vertical: options.edge === "left" || options.edge === "right"
    readonly property var inward: ({left: "right", right: "left", top: "down", bottom: "up"})
    readonly property var outward: ({left: "left", right: "right", top: "up", bottom: "down"})

    function say(line) {
        console.log("animd-panel: " + line)
    }

    // The flags after `--`, with the Python panels' defaults; a bad one quits with a message, as argparse would.
    function parse(all) {
        const options = {socket: "", transition: "qml-panel", edge: "left", output: "", width: 320, height: 600,
                         printReady: false, printSignals: false}
        const start = all.indexOf("--")
        const flags = start < 0 ? [] : all.slice(start + 1)
        const valued = {"--socket": "socket", "--transition": "transition", "--edge": "edge", "--output": "output",
                        "--width": "width", "--height": "height"}
        for (let index = 0; index < flags.length; index++) {
            if (flags[index] === "--print-ready")
                options.printReady = true
            else if (flags[index] === "--print-signals")
                options.printSignals = true
            else if (flags[index] in valued && index + 1 < flags.length)
                options[valued[flags[index]]] = flags[++index]
            else
                return refuse("unknown or incomplete argument " + flags[index])
        }
        if (!(options.edge in {left: 0, right: 0, top: 0, bottom: 0}))
            return refuse("--edge must be left, right, top or bottom")
        for (const key of ["width", "height"]) {
            const value = Number(options[key])
            if (!Number.isInteger(value) || value < 50 || value > 4096)
                return refuse("--width and --height must be whole numbers from 50 to 4096")
            options[key] = value
        }
        return options
    }

    function refuse(message) {
        console.error("sidebar-panel: " + message)
        Qt.exit(2)
        return {socket: "", transition: "qml-panel", edge: "left", output: "", width: 320, height: 600}
    }

    // The panel's transition and its bindings, with animd.toml's keys (as the Python panels).
    function declaration() {
        const opening = {gesture: "edge-pan", edge: options.edge, increases: inward[options.edge], distance: options.width,
                         "at-snap": 0}
        if (options.output)
            opening.output = options.output
        const closing = {gesture: "pan", direction: outward[options.edge], increases: inward[options.edge],
                         distance: options.width, "at-snap": 1, region: {edge: options.edge, depth: options.width}}
        const bindings = {}
        bindings[options.transition + "-open"] = opening
        bindings[options.transition + "-close"] = closing
        return {transition: {"snap-points": [0, 1], timing: "spring(damping-ratio=0.9, response=0.35)", "rubber-band": 0.55},
                bindings: bindings}
    }

    // Where the window goes on X11: along its edge of the screen, or of animd's `--output` once animd has named it.
    property var area: Qt.rect(Screen.virtualX, Screen.virtualY, Screen.width, Screen.height)
    function place() {
        if (layered)
            return
        x = options.edge === "right" ? area.x + area.width - width : area.x
        y = options.edge === "bottom" ? area.y + area.height - height : area.y
    }

    function placeOnOutput(hello, error) {
        if (layered) {
            // The compositor's name for an output is animd's, and Qt's for the screen: shown again there.
            const screen = Qt.application.screens.find(candidate => candidate.name === options.output)
            if (screen) {
                visible = false
                panel.screen = screen
                visible = true
            } else {
                console.error("sidebar-panel: Qt has no screen named " + options.output + "; staying where it is")
            }
            return
        }
        const outputs = hello && hello.input && hello.input.outputs ? hello.input.outputs : []
        const output = outputs.find(candidate => candidate.name === options.output)
        if (output)
            area = Qt.rect(output.x, output.y, output.width, output.height)
        else
            console.error("sidebar-panel: animd knows no output " + options.output + (error ? " (" + error + ")" : "") + "; staying where it is")
    }

    // Under Wayland, makes the window a layer surface on the top layer, anchored to its edge and to both ends of it
    // (so the compositor gives it the output's full length), before it is first shown; false where this Qt has no
    // layer-shell-qt 6 QML module, whose import then fails. That module is loaded by name here, not imported at the
    // top, so that the panel runs without it.
    property bool layered: false
    function becomeLayerSurface() {
        if (!Qt.platform.pluginName.startsWith("wayland"))
            return false
        let shell
        try {
            shell = Qt.createQmlObject(`
                import QtQuick
                import org.kde.layershell 1.0 as LayerShell
                QtObject {
                    function attach(window, edge) {
                        const sides = {left: LayerShell.Window.AnchorLeft, right: LayerShell.Window.AnchorRight,
                                       top: LayerShell.Window.AnchorTop, bottom: LayerShell.Window.AnchorBottom}
                        const along = edge === "left" || edge === "right" ? sides.top | sides.bottom : sides.left | sides.right
                        window.LayerShell.Window.layer = LayerShell.Window.LayerTop
                        window.LayerShell.Window.anchors = sides[edge] | along
                    }
                }`, panel, "layer-shell")
        } catch (error) {
            console.warn("sidebar-panel: no layer shell in this Qt (" + (error.qmlErrors || [{message: error}])[0].message + "); a plain window")
            return false
        }
        shell.attach(panel, options.edge)
        return true
    }

    title: "animd sidebar panel (QML)"
    flags: Qt.FramelessWindowHint
    color: "#202124"
    width: vertical ? options.width : options.height
    height: vertical ? options.height : options.width
    // Shown once it is known whether it is a layer surface, which must be decided before it is first shown.
    visible: false
    onAreaChanged: place()
    Component.onCompleted: {
        layered = becomeLayerSurface()
        place()
        visible = true
    }
    property bool readySaid: false
    onVisibleChanged: {
        if (visible && options.printReady && !readySaid) {
            readySaid = true
            say("ready")
        }
    }

    Animd.Connection {
        id: animd
        socket: panel.options.socket
        client: "sidebar-panel"
    }

    Animd.Transition {
        id: transition
        connection: animd
        name: panel.options.transition
        declaration: panel.declaration()
        onDeclared: {
            if (panel.options.printSignals)
                panel.say("declared")
            if (panel.options.output)
                animd.request("daemon.hello", {}, panel.placeOnOutput)
        }
        onGone: (reason, message) => {
            console.error(reason === "animd-gone" ? "sidebar-panel: animd is gone (" + message + "); declaring again when it is back"
                                                  : "sidebar-panel: animd removed the panel's transition (" + reason + "): " + message)
            if (panel.options.printSignals)
                panel.say("gone " + reason)
        }
        onBeginSwipe: if (panel.options.printSignals) panel.say("begin-swipe")
        onUpdateSwipe: progress => { if (panel.options.printSignals) panel.say("update-swipe " + progress) }
        onEndSwipe: (velocity, to) => { if (panel.options.printSignals) panel.say("end-swipe " + velocity + " " + to) }
    }

    // The whole drawing: progress 0 hides the sheet past its edge, 1 shows its full width (a spring's overshoot is
    // clipped at the window's edge).
    Rectangle {
        readonly property real shown: Math.round(Math.min(Math.max(transition.progress, 0), 1) * panel.options.width)
        color: "#2E7D32"
        x: panel.options.edge === "right" ? panel.width - width : 0
        y: panel.options.edge === "bottom" ? panel.height - height : 0
        width: panel.vertical ? shown : panel.width
        height: panel.vertical ? panel.height : shown
    }
}
