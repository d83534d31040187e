// SPDX-License-Identifier: MIT
// A GObject that a GTK widget holds under GJS to follow one animd transition: the twin of clients/python/animd/
// tracker.py (docs/toolkits.md).
//
//     import {TransitionTracker} from 'file:///usr/share/animd/js/tracker.mjs';
//     const tracker = new TransitionTracker({name: 'my-panel', widget: sheet, client: 'my-panel',
//                                            declaration: {transition: {...}, bindings: {...}}});
//     tracker.bind_property_full('progress', sheet, 'width-request', GObject.BindingFlags.SYNC_CREATE,
//                                (binding, progress) => [true, Math.round(progress * 320)], null);
//     tracker.connect('end-swipe', (tracker, velocity, to) => ...);
//     tracker.start();
//
// It connects, declares the transition when given a declaration (else follows one that exists), subscribes with
// frames: "driven", and does so again after animd restarts. `progress` changes on the widget's frame clock: the last
// frame while a finger drives, the announced leg evaluated at the frame time while it completes. Its signals are
// AdwSwipeTracker's (begin-swipe, update-swipe, end-swipe; swipe.mjs), plus `gone` (removed, or animd lost) and
// `declared` (each time it is declared and followed). GTK 3 and GTK 4 alike: it needs only add_tick_callback.

import GLib from 'gi://GLib';
import GObject from 'gi://GObject';

import {Follower, RPCError} from './animd.mjs';
import {connect, defaultSocketPath} from './gio.mjs';
import {SwipeSignals} from './swipe.mjs';

// Reconnection waits, in seconds: the first, and the longest it doubles up to (as the Python helper's).
const RETRY_FIRST = 0.1, RETRY_MOST = 5.0;

const readable = GObject.ParamFlags.READABLE;

export const TransitionTracker = GObject.registerClass({
    GTypeName: 'AnimdJSTransitionTracker',
    Properties: {
        progress: GObject.ParamSpec.double('progress', 'progress', "the transition's progress at the widget's frame time",
            readable, -1e9, 1e9, 0),
        velocity: GObject.ParamSpec.double('velocity', 'velocity', "progress per second at the widget's frame time",
            readable, -1e12, 1e12, 0),
        phase: GObject.ParamSpec.string('phase', 'phase', "the protocol's phase, empty when unknown", readable, ''),
        connected: GObject.ParamSpec.boolean('connected', 'connected', 'whether animd is connected and the transition followed',
            readable, false),
    },
    Signals: {
        'begin-swipe': {},
        'update-swipe': {param_types: [GObject.TYPE_DOUBLE]},
        'end-swipe': {param_types: [GObject.TYPE_DOUBLE, GObject.TYPE_DOUBLE]},
        'gone': {param_types: [GObject.TYPE_STRING, GObject.TYPE_STRING]},
        'declared': {},
    },
}, class TransitionTracker extends GObject.Object {
    /**
     * `name`: the transition; `widget`: whose frame clock moves `progress`; `socket`: animd's (the default path when
     * absent); `client`: the name animd shows as the owner; `declaration`: `{transition, bindings}` with animd.toml's
     * keys, declared on every connection, or absent to follow a transition that is the config's or another client's.
     */
    constructor({name, widget, socket = defaultSocketPath(), client = null, declaration = null}) {
        super();
        Object.assign(this, {name, widget, socket, client, declaration});
        this.connection = null;
        this.follower = new Follower();
        this.swipes = new SwipeSignals(name);
        this._values = {progress: 0, velocity: 0, phase: '', connected: false};
        this._retry = 0;
        this._tick = 0;
        this._wait = RETRY_FIRST;
        this._stopped = true;
        // A widget that is destroyed (a window closed, a GTK 3 widget destroyed) takes the tracker's hold on animd
        // with it: its connection closes and what it declared ends, and no frame callback outlives it.
        widget.connect('destroy', () => this.stop());
    }

    get progress() {
        return this._values.progress;
    }

    get velocity() {
        return this._values.velocity;
    }

    get phase() {
        return this._values.phase;
    }

    get connected() {
        return this._values.connected;
    }

    /** Connects now, and again after every loss, until `stop()`. */
    start() {
        this._stopped = false;
        this._connectNow();
    }

    /** Closes the connection (which ends what it declared), stops reconnecting and stops following the frame clock.
     * The widget's `destroy` calls it. */
    stop() {
        this._stopped = true;
        if (this._retry)
            GLib.source_remove(this._retry);
        this._retry = 0;
        if (this._tick)
            this.widget.remove_tick_callback(this._tick);
        this._tick = 0;
        const connection = this.connection;
        this.connection = null;
        connection?.close();
        this._set('connected', false);
    }

    /** A request on the tracker's connection (`transition.update` when the widget is resized, say). */
    call(method, params) {
        if (this.connection === null)
            return Promise.reject(new Error('not connected to animd'));
        return this.connection.call(method, params);
    }

    /** A fault of this code, not of animd or the socket, is said rather than lost in an unawaited promise. */
    _connectNow() {
        this._connect().catch(error => printerr(`animd tracker: ${error.message}\n${error.stack}`));
    }

    async _connect() {
        this._retry = 0;
        if (this._stopped)
            return;
        let connection, answer;
        const early = [];
        try {
            connection = await connect(this.socket);
            connection.onEvent = (method, params) => early.push([method, params]);
            await connection.hello(this.client ?? undefined);
            if (this.declaration !== null)
                await connection.declare(this.name, this.declaration.transition, this.declaration.bindings);
            answer = await connection.subscribe({transitions: [this.name], frames: 'driven'});
        } catch (error) {
            connection?.close();
            if (error instanceof RPCError) {
                // Refused (its name or edge is taken, a key is wrong): declaring again would be refused again.
                this._stopped = true;
                this._emitAll([['gone', 'refused', error.message]]);
            } else {
                this._later();
            }
            return;
        }
        if (this._stopped) {
            connection.close();
            return;
        }
        this.connection = connection;
        this._wait = RETRY_FIRST;
        this.follower = new Follower(answer);
        this.swipes = new SwipeSignals(this.name);
        connection.onEvent = (method, params) => this._take(method, params);
        connection.onClose = error => this._lose(connection, error);
        this._set('connected', true);
        this.emit('declared');
        for (const [method, params] of early)
            this._take(method, params);
        this._changed();
    }

    /** Tries again after a wait that doubles, up to RETRY_MOST. */
    _later() {
        if (this._stopped || this._retry)
            return;
        this._retry = GLib.timeout_add(GLib.PRIORITY_DEFAULT, Math.round(this._wait * 1000), () => {
            this._connectNow();
            return GLib.SOURCE_REMOVE;
        });
        this._wait = Math.min(this._wait * 2, RETRY_MOST);
    }

    _lose(connection, error) {
        if (this.connection !== connection)
            return;
        this.connection = null;
        this._set('connected', false);
        this._emitAll(this.swipes.lost(error?.message ?? 'animd closed the connection'));
        this._later();
    }

    _take(method, params) {
        try {
            this.follower.take(method, params);
        } catch (error) {
            // Not something animd sends: keep what is known rather than stop reading.
            printerr(`animd tracker: ${error.message}`);
        }
        if (params?.name === this.name && typeof params.phase === 'string')
            this._set('phase', params.phase);
        this._emitAll(this.swipes.take(method, params));
        this._changed();
    }

    _emitAll(signals) {
        for (const [signal, ...values] of signals)
            this.emit(signal, ...values);
    }

    /** Something new: let the next frame read it, and keep frames coming while a leg runs. */
    _changed() {
        if (!this._tick)
            this._tick = this.widget.add_tick_callback((widget, clock) => this._frame(clock));
    }

    _frame(clock) {
        // GTK's frame time is g_get_monotonic_time(): CLOCK_MONOTONIC, animd's clock, in microseconds.
        const now = clock.get_frame_time() / 1e6;
        const progress = this.follower.progress(this.name, now), velocity = this.follower.velocity(this.name, now);
        if (progress !== null)
            this._set('progress', progress);
        if (velocity !== null)
            this._set('velocity', velocity);
        if (this.follower.animating(now))
            return GLib.SOURCE_CONTINUE;
        this._tick = 0;
        return GLib.SOURCE_REMOVE;
    }

    /** Sets a read-only property and notifies only when it changed. */
    _set(name, value) {
        if (this._values[name] !== value) {
            this._values[name] = value;
            this.notify(name);
        }
    }
});
