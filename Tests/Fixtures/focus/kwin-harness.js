// Runs animd's KWin script (its file is the first argument) against a KWin of the tests' own: the `workspace` and
// `callDBus` of KWin's scripting API (develop.kde.org/docs/plasma/kwin/api), as far as the script uses them. Each
// callDBus is printed as a JSON line for the stand-in to make on the bus. Lines on stdin drive it:
//   activate CLASS NAME   a window of that resourceClass and resourceName is activated
//   fullscreen 0|1        the active window leaves or enters full screen
//   none                  no window is active
// Plasma 6 names are used unless the second argument is "plasma5" (clientActivated, activeClient).
"use strict";
const fs = require("fs");
const vm = require("vm");
const readline = require("readline");

function signal() {
    const slots = [];
    return {
        connect(slot) { slots.push(slot); },
        disconnect(slot) { const index = slots.indexOf(slot); if (index >= 0) slots.splice(index, 1); },
        emit(...args) { for (const slot of slots.slice()) slot(...args); },
        get count() { return slots.length; },
    };
}

const plasma5 = process.argv[3] === "plasma5";
const activated = signal();
let active = null;
const workspace = {};
if (plasma5) {
    workspace.clientActivated = activated;
    Object.defineProperty(workspace, "activeClient", { get: () => active });
} else {
    workspace.windowActivated = activated;
    Object.defineProperty(workspace, "activeWindow", { get: () => active });
}

function callDBus(...args) { process.stdout.write(JSON.stringify({ callDBus: args }) + "\n"); }

vm.runInNewContext(fs.readFileSync(process.argv[2], "utf8"), { workspace, callDBus, String, Boolean });

readline.createInterface({ input: process.stdin }).on("line", (line) => {
    const [command, ...rest] = line.trim().split(" ");
    if (command === "activate") {
        active = { resourceClass: rest[0], resourceName: rest[1], fullScreen: false, fullScreenChanged: signal() };
        activated.emit(active);
    } else if (command === "fullscreen" && active) {
        active.fullScreen = rest[0] === "1";
        active.fullScreenChanged.emit();
    } else if (command === "none") {
        active = null;
        activated.emit(null);
    }
});
