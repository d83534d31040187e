// SPDX-License-Identifier: MIT
// The host side of animd.mjs under GJS (gjs -m, AGS/Astal widgets, GNOME Shell extensions): a Unix socket from
// Gio.SocketClient, read asynchronously on the GLib main loop.

import Gio from 'gi://Gio';
import GLib from 'gi://GLib';

import {Client, ConnectionClosed, socketPath} from './animd.mjs';

/** The socket animd listens on, from this process's environment and user. */
export function defaultSocketPath() {
    return socketPath({ANIMD_SOCKET: GLib.getenv('ANIMD_SOCKET'), XDG_RUNTIME_DIR: GLib.getenv('XDG_RUNTIME_DIR')},
        Gio.Credentials.new().get_unix_user());
}

/**
 * Connects to animd; resolves with a `Client` once connected. A server of another user (a socket put in a shared
 * folder) is refused before anything is sent to it, as the Python and Swift clients refuse it.
 */
export function connect(path = defaultSocketPath()) {
    return new Promise((resolve, reject) => {
        new Gio.SocketClient().connect_async(Gio.UnixSocketAddress.new(path), null, (source, result) => {
            let connection;
            try {
                connection = source.connect_finish(result);
            } catch (error) {
                reject(new ConnectionClosed(`cannot connect to animd at ${path}: ${error.message} (is animd running?)`));
                return;
            }
            const peer = connection.get_socket().get_credentials().get_unix_user();
            const own = Gio.Credentials.new().get_unix_user();
            if (peer !== own) {
                connection.close(null);
                reject(new ConnectionClosed(`the server at ${path} runs as uid ${peer}, not as you (uid ${own}): refused`));
                return;
            }
            const encoder = new TextEncoder(), decoder = new TextDecoder();
            const output = connection.get_output_stream(), input = connection.get_input_stream();
            // Requests are a few hundred bytes, and animd reads every client: a blocking write does not wait long.
            const client = new Client(text => output.write_all(encoder.encode(text), null), () => connection.close(null));
            let pending = new Uint8Array(0);
            const read = () => input.read_bytes_async(65536, GLib.PRIORITY_DEFAULT, null, (stream, answer) => {
                let bytes;
                try {
                    bytes = stream.read_bytes_finish(answer);
                } catch (error) {
                    client.closed(new ConnectionClosed(`animd's socket failed: ${error.message}`));
                    return;
                }
                if (bytes.get_size() === 0) {
                    client.closed();
                    return;
                }
                // Whole lines only: GJS's TextDecoder has no streaming mode, and a newline byte never lies inside a
                // UTF-8 character, so a character cut between two reads waits in `pending` with its line.
                const chunk = bytes.toArray();
                const joined = new Uint8Array(pending.length + chunk.length);
                joined.set(pending);
                joined.set(chunk, pending.length);
                const end = joined.lastIndexOf(10) + 1;
                pending = joined.slice(end);
                if (end > 0)
                    client.feed(decoder.decode(joined.subarray(0, end)));
                if (pending.length > 1 << 20) {
                    client.close();
                    return;
                }
                read();
            });
            read();
            resolve(client);
        });
    });
}
