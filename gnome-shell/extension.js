// animd's GNOME Shell extension: tells animd the focused window and whether it is full screen (docs/focus.md).
// It exports one object on GNOME Shell's own connection to the session bus (its name is org.gnome.Shell) and does
// nothing else: no settings, no user interface, no work at import. This file is the GNOME 45–49 extension as written;
// scripts/gnome-extension.py makes the GNOME 43–44 one from it (the same class, loaded by the older importer).
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import Shell from 'gi://Shell';
import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';

const OBJECT_PATH = '/org/animd/FocusedWindow';
// The interface animd defines (docs/focus.md, "animd's GNOME Shell extension"). Get answers and Changed sends the
// same five values; empty strings and false when no window has the focus.
const INTERFACE = `<node>
  <interface name="org.animd.FocusedWindow1">
    <method name="Get">
      <arg name="wm_class" type="s" direction="out"/>
      <arg name="wm_class_instance" type="s" direction="out"/>
      <arg name="app_id" type="s" direction="out"/>
      <arg name="title" type="s" direction="out"/>
      <arg name="fullscreen" type="b" direction="out"/>
    </method>
    <signal name="Changed">
      <arg name="wm_class" type="s"/>
      <arg name="wm_class_instance" type="s"/>
      <arg name="app_id" type="s"/>
      <arg name="title" type="s"/>
      <arg name="fullscreen" type="b"/>
    </signal>
  </interface>
</node>`;

// What a focused window's names and state are followed through.
const WINDOW_PROPERTIES = ['wm-class', 'gtk-application-id', 'title', 'fullscreen'];

export default class AnimdFocusExtension extends Extension {
    enable() {
        this._sent = null;
        this._window = null;
        this._windowHandlers = [];
        this._object = Gio.DBusExportedObject.wrapJSObject(INTERFACE, this);
        this._object.export(Gio.DBus.session, OBJECT_PATH);
        this._focusHandler = global.display.connect('notify::focus-window', () => this._follow());
        this._follow();
    }

    disable() {
        global.display.disconnect(this._focusHandler);
        this._focusHandler = 0;
        this._unfollow();
        this._object.unexport();
        this._object = null;
        this._sent = null;
    }

    // The D-Bus method.
    Get() {
        return this._state();
    }

    _follow() {
        this._unfollow();
        this._window = global.display.focus_window;
        if (this._window) {
            this._windowHandlers = WINDOW_PROPERTIES.map(
                property => this._window.connect(`notify::${property}`, () => this._changed()));
        }
        this._changed();
    }

    _unfollow() {
        for (const handler of this._windowHandlers)
            this._window.disconnect(handler);
        this._windowHandlers = [];
        this._window = null;
    }

    _state() {
        const window = this._window;
        if (!window)
            return ['', '', '', '', false];
        return [window.get_wm_class() ?? '', window.get_wm_class_instance() ?? '', appId(window),
            window.get_title() ?? '', window.is_fullscreen()];
    }

    // Sends Changed when something animd is told has changed.
    _changed() {
        const state = this._state();
        const text = JSON.stringify(state);
        if (text === this._sent)
            return;
        this._sent = text;
        this._object.emit_signal('Changed', new GLib.Variant('(ssssb)', state));
    }
}

// The application GNOME Shell matched the window to (its desktop file's id, without `.desktop`), else the id GTK
// gave it; '' for a window the shell matched to no application ("window:…").
function appId(window) {
    const id = Shell.WindowTracker.get_default().get_window_app(window)?.get_id() ?? '';
    if (id.endsWith('.desktop'))
        return id.slice(0, -'.desktop'.length);
    return id.startsWith('window:') ? window.get_gtk_application_id() ?? '' : id;
}
