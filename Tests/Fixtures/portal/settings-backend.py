"""A settings backend for the real xdg-desktop-portal, for MotionTests: it implements
org.freedesktop.impl.portal.Settings on the session bus under the name given, its values from a JSON file
([[namespace, key, signature, value], ...]), read again on SIGHUP, with SettingChanged for each value that changed.
Debian 12's own backends predate the portal's reduced-motion key, so the tests bring this one.

    /usr/bin/python3 settings-backend.py VALUES.json BUS-NAME
"""
import json
import signal
import sys

from gi.repository import Gio, GLib

INTERFACE = """<node><interface name="org.freedesktop.impl.portal.Settings">
<method name="ReadAll"><arg type="as" name="namespaces" direction="in"/><arg type="a{sa{sv}}" name="value" direction="out"/></method>
<method name="Read"><arg type="s" name="namespace" direction="in"/><arg type="s" name="key" direction="in"/><arg type="v" name="value" direction="out"/></method>
<signal name="SettingChanged"><arg type="s" name="namespace"/><arg type="s" name="key"/><arg type="v" name="value"/></signal>
<property name="version" type="u" access="read"/>
</interface></node>"""
PATH = "/org/freedesktop/portal/desktop"


def load(path):
    with open(path) as f:
        return {(namespace, key): GLib.Variant(signature, value) for namespace, key, signature, value in json.load(f)}


def main():
    # The test runner's blocked signal mask survives exec: SIGHUP must reach the main loop.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    path, name = sys.argv[1], sys.argv[2]
    state = {"values": load(path)}
    bus = Gio.bus_get_sync(Gio.BusType.SESSION)

    def call(connection, sender, obj, interface, method, parameters, invocation):
        values = state["values"]
        if method == "ReadAll":
            everything = {}
            for (namespace, key), value in values.items():
                everything.setdefault(namespace, {})[key] = value
            invocation.return_value(GLib.Variant("(a{sa{sv}})", (everything,)))
        elif (found := values.get(parameters.unpack())) is not None:
            invocation.return_value(GLib.Variant("(v)", (found,)))
        else:
            invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "no such setting")

    def reload():
        new = load(path)
        for (namespace, key), value in new.items():
            if state["values"].get((namespace, key)) != value:
                bus.emit_signal(None, PATH, "org.freedesktop.impl.portal.Settings", "SettingChanged",
                                GLib.Variant("(ssv)", (namespace, key, value)))
        state["values"] = new
        return True

    bus.register_object(PATH, Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0], call,
                        lambda *_: GLib.Variant("u", 1), None)
    Gio.bus_own_name_on_connection(bus, name, Gio.BusNameOwnerFlags.NONE, lambda *_: print("ready", flush=True), None)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGHUP, reload)
    GLib.MainLoop().run()


if __name__ == "__main__":
    main()
