// A GTK 4 side panel in GJS that declares its own transition and slides in from a screen edge with it.
//
//     gjs -m examples/gjs/sidebar-panel.js [--socket PATH] [--transition gjs-panel] [--edge left] [--output NAME]
//                                          [--width 320] [--height 600] [--print-ready] [--print-signals]
//
// The GJS twin of examples/gtk4/sidebar-panel.py: the same flags and declaration, and nothing drawn by hand. The
// tracker (clients/js/tracker.mjs) does the socket, the reconnection and the frame clock; its `progress` property is
// bound to the size of the sheet, a plain box in the panel's colour (#2E7D32).
//
// Where it goes: GJS has no foreign-function interface and GTK 4 no call that places a window on X11, so on X11 it
// maps where the X server or the window manager puts it (with no window manager: the top-left corner, which is the
// left and top edges), and is moved to its edge of `--output` with xdotool when xdotool is installed. Under Wayland it
// is a plain window (Debian 12 packages no gtk4-layer-shell; docs/toolkits.md).
//
// Installed (make install, the Debian package), import the tracker from /usr/share/animd/js/tracker.mjs instead.
//
// No top-level await here: app.run() would then block inside a promise job, and GJS would run no later job (every
// reply from animd is one) until it returned.

import Adw from 'gi://Adw?version=1';
import Gdk from 'gi://Gdk?version=4.0';
import GdkX11 from 'gi://GdkX11?version=4.0';
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import GObject from 'gi://GObject';
import Gtk from 'gi://Gtk?version=4.0';
import System from 'system';

import {TransitionTracker} from '../../clients/js/tracker.mjs';
import {defaultSocketPath} from '../../clients/js/gio.mjs';

const INWARD = {left: 'right', right: 'left', top: 'down', bottom: 'up'};
const OUTWARD = {left: 'left', right: 'right', top: 'up', bottom: 'down'};
const STYLE = `
window.animd-panel { background: #202124; border-radius: 0; box-shadow: none; }
.animd-sheet { background: #2E7D32; }
`;

const USAGE = 'usage: gjs -m sidebar-panel.js [--socket PATH] [--transition NAME] [--edge left|right|top|bottom] ' +
    '[--output NAME] [--width PX] [--height PX] [--print-ready] [--print-signals]';

function fail(message) {
    printerr(`sidebar-panel: ${message}\n${USAGE}`);
    System.exit(2);
}

/** The command line, with the Python panels' flags and defaults. */
function parse(argv) {
    const options = {socket: defaultSocketPath(), transition: 'gjs-panel', edge: 'left', output: null, width: 320, height: 600,
        printReady: false, printSignals: false};
    const valued = {'--socket': 'socket', '--transition': 'transition', '--edge': 'edge', '--output': 'output', '--width': 'width',
        '--height': 'height'};
    for (let index = 0; index < argv.length; index++) {
        const flag = argv[index];
        if (flag === '--print-ready') {
            options.printReady = true;
        } else if (flag === '--print-signals') {
            options.printSignals = true;
        } else if (flag in valued) {
            if (index + 1 >= argv.length)
                fail(`${flag} needs a value`);
            options[valued[flag]] = argv[++index];
        } else {
            fail(`unknown argument ${flag}`);
        }
    }
    if (!(options.edge in INWARD))
        fail(`--edge must be left, right, top or bottom, not ${options.edge}`);
    for (const key of ['width', 'height']) {
        const value = Number(options[key]);
        if (!Number.isInteger(value) || value < 50 || value > 4096)
            fail('--width and --height must be whole numbers from 50 to 4096');
        options[key] = value;
    }
    return options;
}

/** The panel's transition and its bindings, with animd.toml's keys (as the Python panels). */
function declaration({transition, edge, output, width}) {
    const opening = {gesture: 'edge-pan', edge, increases: INWARD[edge], distance: width, 'at-snap': 0};
    if (output)
        opening.output = output;
    const closing = {gesture: 'pan', direction: OUTWARD[edge], increases: INWARD[edge], distance: width, 'at-snap': 1,
        region: {edge, depth: width}};
    return {
        transition: {'snap-points': [0, 1], timing: 'spring(damping-ratio=0.9, response=0.35)', 'rubber-band': 0.55},
        bindings: {[`${transition}-open`]: opening, [`${transition}-close`]: closing},
    };
}

function say(line) {
    print(line);
}

class SidebarPanel {
    constructor(app, options) {
        this.options = options;
        this.readyPrinted = false;
        const vertical = options.edge === 'left' || options.edge === 'right';
        this.window = new Gtk.Window({application: app, title: 'animd sidebar panel (GJS)', decorated: false, resizable: false});
        this.window.add_css_class('animd-panel');
        this.window.set_default_size(vertical ? options.width : options.height, vertical ? options.height : options.width);
        const start = options.edge === 'left' || options.edge === 'top';
        const align = start ? Gtk.Align.START : Gtk.Align.END;
        this.sheet = new Gtk.Box({css_classes: ['animd-sheet'], hexpand: !vertical, vexpand: vertical});
        if (vertical)
            this.sheet.halign = align;
        else
            this.sheet.valign = align;
        this.window.set_child(this.sheet);

        this.tracker = new TransitionTracker({name: options.transition, widget: this.window, socket: options.socket,
            client: 'sidebar-panel', declaration: declaration(options)});
        // The whole drawing: progress 0 hides the sheet past its edge, 1 shows its full width (a spring's overshoot
        // is clipped at the window's edge).
        this.tracker.bind_property_full('progress', this.sheet, vertical ? 'width-request' : 'height-request',
            GObject.BindingFlags.SYNC_CREATE,
            (binding, progress) => [true, Math.round(Math.min(Math.max(progress, 0), 1) * options.width)], null);
        this.tracker.connect('declared', () => {
            if (options.printSignals)
                say('declared');
            this.place();
        });
        this.tracker.connect('gone', (tracker, reason, message) => {
            if (reason === 'animd-gone')
                printerr(`sidebar-panel: animd is gone (${message}); declaring again when it is back`);
            else
                printerr(`sidebar-panel: animd removed the panel's transition (${reason}): ${message}`);
            if (options.printSignals)
                say(`gone ${reason}`);
        });
        if (options.printSignals) {
            this.tracker.connect('begin-swipe', () => say('begin-swipe'));
            this.tracker.connect('update-swipe', (tracker, progress) => say(`update-swipe ${progress}`));
            this.tracker.connect('end-swipe', (tracker, velocity, to) => say(`end-swipe ${velocity} ${to}`));
        }
        this.window.connect('map', () => this.mapped());
        this.window.present();
        this.tracker.start();
    }

    xid() {
        const surface = this.window.get_surface();
        return surface instanceof GdkX11.X11Surface ? surface.get_xid() : 0;
    }

    mapped() {
        if (this.options.printReady && !this.readyPrinted) {
            this.readyPrinted = true;
            say(`ready ${this.xid()}`);
        }
        this.place();
    }

    /** On X11, at the panel's edge of the monitor animd calls `--output` (else the first), with xdotool if it is here. */
    async place() {
        const xid = this.xid();
        const corner = xid !== 0 ? await this.corner() : null;
        if (corner === null || (corner[0] === 0 && corner[1] === 0 && this.options.output === null))
            return;
        const xdotool = GLib.find_program_in_path('xdotool');
        if (xdotool === null) {
            printerr('sidebar-panel: GJS cannot place a GTK 4 window on X11 without xdotool; it stays where it is');
            return;
        }
        Gio.Subprocess.new([xdotool, 'windowmove', String(xid), String(corner[0]), String(corner[1])], Gio.SubprocessFlags.NONE);
    }

    /** Where the window's top-left corner goes for it to lie along its edge of its monitor, or null. */
    async corner() {
        const monitors = Gdk.Display.get_default().get_monitors();
        let area = monitors.get_n_items() > 0 ? monitors.get_item(0).get_geometry() : null;
        if (this.options.output !== null) {
            try {
                const outputs = (await this.tracker.call('daemon.hello'))?.input?.outputs ?? [];
                const rect = outputs.find(output => output.name === this.options.output);
                for (let index = 0; rect && index < monitors.get_n_items(); index++) {
                    const geometry = monitors.get_item(index).get_geometry();
                    if (geometry.x === rect.x && geometry.y === rect.y && geometry.width === rect.width && geometry.height === rect.height)
                        area = geometry;
                }
            } catch (error) {
                printerr(`sidebar-panel: cannot ask animd for its outputs: ${error.message}`);
            }
        }
        if (area === null)
            return null;
        const [width, height] = this.window.get_default_size();
        const x = this.options.edge === 'right' ? area.x + area.width - width : area.x;
        const y = this.options.edge === 'bottom' ? area.y + area.height - height : area.y;
        return [x, y];
    }
}

const options = parse(ARGV);
const app = new Adw.Application({application_id: 'org.animd.SidebarPanelGJS', flags: Gio.ApplicationFlags.NON_UNIQUE});
const panels = [];
app.connect('activate', () => {
    const provider = new Gtk.CssProvider();
    provider.load_from_data(STYLE);
    Gtk.StyleContext.add_provider_for_display(Gdk.Display.get_default(), provider, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION);
    panels.push(new SidebarPanel(app, options));
});
for (const signal of [2, 15]) // SIGINT, SIGTERM: quit cleanly.
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal, () => {
        app.quit();
        return GLib.SOURCE_REMOVE;
    });
app.run([System.programInvocationName]);
