// SPDX-License-Identifier: MIT
// The host side of animd.mjs under node: a Unix socket from node:net.

import net from 'node:net';
import os from 'node:os';

import {Client, ConnectionClosed, socketPath} from './animd.mjs';

/** The socket animd listens on, from this process's environment and user. */
export function defaultSocketPath() {
    return socketPath(process.env, os.userInfo().uid);
}

/**
 * Connects to animd; resolves with a `Client` once connected. node cannot read a Unix socket's peer credentials,
 * so unlike the GJS, Python and Swift clients this one does not check that the server runs as this user: keep
 * the socket in a folder only you can write (animd's default, $XDG_RUNTIME_DIR, is one).
 */
export function connect(path = defaultSocketPath()) {
    return new Promise((resolve, reject) => {
        const socket = net.createConnection(path);
        socket.setEncoding('utf8');
        const client = new Client(text => socket.write(text), () => socket.destroy());
        socket.once('connect', () => resolve(client));
        socket.on('data', text => client.feed(text));
        socket.on('close', () => client.closed());
        socket.on('error', error => {
            reject(new ConnectionClosed(`cannot connect to animd at ${path}: ${error.message} (is animd running?)`));
            client.closed(new ConnectionClosed(`animd's socket failed: ${error.message}`));
        });
    });
}
