// gjs -m clients/js/tests/widget-gjs.mjs SOCKET — widget.mjs on GJS's main loop, with Gio's socket; it exits when
// its standard input ends.
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import System from 'system';

import {connect} from '../gio.mjs';
import {run} from './widget.mjs';

const loop = new GLib.MainLoop(null, false);
const stdout = new Gio.UnixOutputStream({fd: 1, close_fd: false});
const say = line => stdout.write_all(new TextEncoder().encode(`${line}\n`), null);
connect(ARGV[0]).then(client => run(client, say)).catch(error => {
    say(`error ${error.message}`);
    loop.quit();
});
const stdin = new Gio.UnixInputStream({fd: 0, close_fd: false});
const drain = () => stdin.read_bytes_async(4096, GLib.PRIORITY_DEFAULT, null, (stream, result) => {
    if (stream.read_bytes_finish(result).get_size() === 0)
        loop.quit();
    else
        drain();
});
drain();
loop.run();
System.exit(0);
