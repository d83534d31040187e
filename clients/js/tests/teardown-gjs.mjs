// A TransitionTracker whose GTK 3 window is destroyed while a leg runs (ToolkitPanelTests, issue 57): the tracker stops
// with it (GTK 3's gtk_widget_destroy emits `destroy` at once), so its declaration ends and no frame callback is left
// on the destroyed widget. It prints "declared", then
// "destroyed" once the window is gone, and keeps running until its standard input closes.
//
//     gjs -m teardown-gjs.mjs SOCKET
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import Gtk from 'gi://Gtk?version=3.0';

import {TransitionTracker} from '../tracker.mjs';

const [socket] = ARGV;
Gtk.init(null);
const window = new Gtk.Window({title: 'animd teardown'});
window.show_all();
const tracker = new TransitionTracker({name: 'gjs-teardown', widget: window, socket, client: 'gjs-teardown',
    declaration: {transition: {'snap-points': [0, 1], timing: 'linear', duration: 5}, bindings: {}}});
tracker.connect('declared', () => {
    print('declared');
    // A leg runs, so the tracker follows the window's frame clock when the window goes.
    tracker.call('transition.animate', {name: 'gjs-teardown', to: 1}).catch(error => printerr(error.message));
    GLib.timeout_add(GLib.PRIORITY_DEFAULT, 300, () => {
        window.destroy();
        print('destroyed');
        return GLib.SOURCE_REMOVE;
    });
});
tracker.start();
const loop = new GLib.MainLoop(null, false);
const input = new Gio.UnixInputStream({fd: 0});
input.read_bytes_async(1, GLib.PRIORITY_DEFAULT, null, () => loop.quit());
loop.run();
