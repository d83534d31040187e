// SPDX-License-Identifier: MIT
// animd's JavaScript client: the socket protocol and the analytic-leg evaluator (docs/protocol.md), as one ES module
// with no dependencies. It opens no socket itself: the host gives it one (gio.mjs for GJS, which AGS/Astal widgets
// and GNOME Shell extensions run; node.mjs for node), so the same module runs in any JavaScript engine, QML's too.

/** animd refused a request: `code` and `data` as on the wire (docs/protocol.md, "Errors"). */
export class RPCError extends Error {
    constructor(code, message, data) {
        super(message);
        this.name = 'RPCError';
        this.code = code;
        this.data = data;
    }
}

/** The connection closed with requests unanswered. */
export class ConnectionClosed extends Error {
    constructor(message = 'animd closed the connection') {
        super(message);
        this.name = 'ConnectionClosed';
    }
}

/** A leg object that animd could not have sent. */
export class LegError extends Error {
    constructor(message) {
        super(message);
        this.name = 'LegError';
    }
}

/** Lines longer than this are not animd's: the connection is closed rather than buffer without end. */
const MAX_LINE = 1 << 20;

/**
 * A JSON-RPC 2.0 connection to animd over a socket the host gives it.
 *
 * `write(text)` sends text on that socket; the host calls `feed(text)` with what it reads and `closed()` when it
 * ends. Answers settle the promises `call` returned; notifications go to `onEvent(method, params)`.
 */
export class Client {
    /** `write(text)` sends on the host's socket; `close()`, if given, closes it. */
    constructor(write, close = () => {}) {
        this._write = write;
        this._closeTransport = close;
        this._buffer = '';
        this._nextId = 1;
        this._pending = new Map();
        this._closed = false;
        this.onEvent = () => {};
        this.onClose = () => {};
    }

    /** Sends a request; resolves with its result, rejects with RPCError or ConnectionClosed. */
    call(method, params) {
        if (this._closed)
            return Promise.reject(new ConnectionClosed());
        const id = this._nextId++;
        const message = {jsonrpc: '2.0', id, method};
        if (params !== undefined && params !== null)
            message.params = params;
        return new Promise((resolve, reject) => {
            this._pending.set(id, {resolve, reject});
            this._write(`${JSON.stringify(message)}\n`);
        });
    }

    /**
     * Sends `calls` ([[method, params], …]) as one batch in one write; resolves with each one's result, or the
     * RPCError it failed with, in order: a widget declares, subscribes and reads its state in one round trip.
     */
    batch(calls) {
        if (this._closed)
            return Promise.reject(new ConnectionClosed());
        const messages = calls.map(([method, params]) => {
            const message = {jsonrpc: '2.0', id: this._nextId++, method};
            if (params !== undefined && params !== null)
                message.params = params;
            return message;
        });
        // A refusal takes its request's place in the answer; a closed connection rejects the whole batch, as `call`.
        const answers = messages.map(message => new Promise((resolve, reject) => {
            this._pending.set(message.id, {resolve, reject: error => (error instanceof RPCError ? resolve : reject)(error)});
        }));
        this._write(`${JSON.stringify(messages)}\n`);
        return Promise.all(answers);
    }

    hello(client) {
        return this.call('daemon.hello', client ? {client} : undefined);
    }

    /** Declares a transition with the config's keys; it lives as long as this connection (docs/config.md). */
    declare(name, transition = {}, bindings = {}) {
        return this.call('transition.declare', {name, transition, bindings});
    }

    /** Lays keys over what this connection declared: a swipe or a leg under way goes on without a jump. */
    update(name, transition = {}, bindings = {}) {
        return this.call('transition.update', {name, transition, bindings});
    }

    retract(name) {
        return this.call('transition.retract', {name});
    }

    subscribe({transitions, events, maxRate, frames} = {}) {
        const params = {};
        if (transitions !== undefined)
            params.transitions = transitions;
        if (events !== undefined)
            params.events = events;
        if (maxRate !== undefined)
            params.maxRate = maxRate;
        if (frames !== undefined)
            params.frames = frames;
        return this.call('subscribe', params);
    }

    /** What the host read from the socket: whole lines are handled, the rest waits for more. */
    feed(text) {
        this._buffer += text;
        let newline;
        while ((newline = this._buffer.indexOf('\n')) >= 0) {
            const line = this._buffer.slice(0, newline);
            this._buffer = this._buffer.slice(newline + 1);
            if (line.length > 0)
                this._take(line);
        }
        if (this._buffer.length > MAX_LINE)
            this.closed(new ConnectionClosed('animd sent a line longer than 1 MiB'));
    }

    /** Closes the connection: what it declared ends with it. */
    close() {
        this._closeTransport();
        this.closed();
    }

    /** The host's socket ended: every unanswered request is rejected. */
    closed(error = new ConnectionClosed()) {
        if (this._closed)
            return;
        this._closed = true;
        for (const {reject} of this._pending.values())
            reject(error);
        this._pending.clear();
        this.onClose(error);
    }

    _take(line) {
        let message;
        try {
            message = JSON.parse(line);
        } catch {
            this.closed(new ConnectionClosed(`animd sent something that is not JSON: ${line.slice(0, 200)}`));
            return;
        }
        for (const answer of Array.isArray(message) ? message : [message]) {
            if (answer === null || typeof answer !== 'object')
                continue;
            if (answer.id === undefined) {
                if (typeof answer.method === 'string')
                    this.onEvent(answer.method, answer.params ?? {});
                continue;
            }
            const waiting = this._pending.get(answer.id);
            if (waiting === undefined)
                continue;
            this._pending.delete(answer.id);
            if (answer.error)
                waiting.reject(new RPCError(answer.error.code, answer.error.message, answer.error.data));
            else
                waiting.resolve(answer.result);
        }
    }
}

// ---- Legs ----

function finite(value, name, low = -Infinity, high = Infinity) {
    if (typeof value !== 'number' || !Number.isFinite(value))
        throw new LegError(`leg: ${name} must be a number`);
    if (value < low || value > high)
        throw new LegError(`leg: ${name} is out of range: ${value}`);
    return value;
}

/** A CSS cubic Bézier from (0, 0) to (1, 1), with y(x) solved by Newton–Raphson, then bisection (MOTION.md). */
class Bezier {
    constructor(x1, y1, x2, y2) {
        this.points = [x1, y1, x2, y2];
        this.cx = 3 * x1;
        this.bx = 3 * (x2 - x1) - this.cx;
        this.ax = 1 - this.cx - this.bx;
        this.cy = 3 * y1;
        this.by = 3 * (y2 - y1) - this.cy;
        this.ay = 1 - this.cy - this.by;
    }

    x(s) { return ((this.ax * s + this.bx) * s + this.cx) * s; }
    y(s) { return ((this.ay * s + this.by) * s + this.cy) * s; }
    dx(s) { return (3 * this.ax * s + 2 * this.bx) * s + this.cx; }
    dy(s) { return (3 * this.ay * s + 2 * this.by) * s + this.cy; }

    startSlope() {
        const [x1, y1, x2, y2] = this.points;
        if (x1 > 0)
            return y1 / x1;
        if (y1 === 0 && x2 > 0)
            return y2 / x2;
        return 0;
    }

    endSlope() {
        const [x1, y1, x2, y2] = this.points;
        if (x2 < 1)
            return (y2 - 1) / (x2 - 1);
        if (y2 === 1 && x1 < 1)
            return (y1 - 1) / (x1 - 1);
        return 0;
    }

    /** The parameter s with x(s) = x, to 1e-12; x(s) is monotone since x1 and x2 lie in [0, 1]. Bounded loops. */
    parameter(x) {
        if (x <= 0)
            return 0;
        if (x >= 1)
            return 1;
        let s = x;
        for (let i = 0; i < 8; i++) {
            const error = this.x(s) - x;
            if (Math.abs(error) < 1e-12)
                return s;
            const d = this.dx(s);
            if (Math.abs(d) < 1e-9)
                break;
            s -= error / d;
            if (s < 0 || s > 1)
                break;
        }
        let low = 0, high = 1;
        s = x;
        for (let i = 0; i < 64; i++) {
            const value = this.x(s);
            if (Math.abs(value - x) < 1e-12)
                return s;
            if (value < x)
                low = s;
            else
                high = s;
            s = (low + high) / 2;
        }
        return s;
    }

    valueAt(x) {
        if (x <= 0)
            return this.startSlope() * x;
        if (x >= 1)
            return 1 + this.endSlope() * (x - 1);
        return this.y(this.parameter(x));
    }

    slopeAt(x) {
        if (x < 0)
            return this.startSlope();
        if (x > 1)
            return this.endSlope();
        const s = this.parameter(x);
        const dx = this.dx(s);
        if (Math.abs(dx) < 1e-12)
            return s < 0.5 ? this.startSlope() : this.endSlope();
        return this.dy(s) / dx;
    }
}

/** A finger, a scrub or a pause holds the leg: only frames tell where it is. */
class DrivenLeg {
    get kind() { return 'driven'; }
    progress() { return null; }
    velocity() { return null; }
    get endTime() { return null; }
}

/** x(t) = startX + (endX − startX)·min(max(t − startTime, 0)/duration, 1); progress = from + (to − from)·y(x). */
class CubicLeg {
    constructor(leg) {
        const points = leg.controlPoints;
        if (!Array.isArray(points) || points.length !== 4)
            throw new LegError("leg: 'controlPoints' must be four numbers");
        const values = points.map((point, index) => finite(point, `controlPoints[${index}]`));
        if (!(values[0] >= 0 && values[0] <= 1 && values[2] >= 0 && values[2] <= 1))
            throw new LegError('leg: the x control points must be in [0, 1]');
        this.curve = new Bezier(...values);
        this.from = finite(leg.from, "'from'");
        this.to = finite(leg.to, "'to'");
        this.startTime = finite(leg.startTime, "'startTime'");
        this.startX = finite(leg.startX, "'startX'", 0, 1);
        this.endX = finite(leg.endX, "'endX'", 0, 1);
        this.duration = finite(leg.duration, "'duration'", 0);
    }

    get kind() { return 'cubic'; }

    share(t) {
        if (this.duration <= 0)
            return 1;
        return Math.min(Math.max(t - this.startTime, 0) / this.duration, 1);
    }

    progress(t) {
        const x = this.startX + (this.endX - this.startX) * this.share(t);
        return this.from + (this.to - this.from) * this.curve.valueAt(x);
    }

    velocity(t) {
        if (this.duration <= 0 || t >= this.startTime + this.duration)
            return 0;
        const x = this.startX + (this.endX - this.startX) * this.share(t);
        return (this.to - this.from) * this.curve.slopeAt(x) * (this.endX - this.startX) / this.duration;
    }

    get endTime() { return this.startTime + this.duration; }
}

/** τ = elapsed + max(t − startTime, 0); progress = to − (to − from)·x(τ) until settlingTime, then to; x solves
 * m·x″ + c·x′ + k·x = 0 with x(0) = 1, x′(0) = −velocity. */
class SpringLeg {
    constructor(leg) {
        const positive = 2.2250738585072014e-308;
        this.from = finite(leg.from, "'from'");
        this.to = finite(leg.to, "'to'");
        this.startTime = finite(leg.startTime, "'startTime'");
        const mass = finite(leg.mass, "'mass'", positive);
        const stiffness = finite(leg.stiffness, "'stiffness'", positive);
        const damping = finite(leg.damping, "'damping'", positive);
        this.velocity0 = finite(leg.velocity, "'velocity'");
        this.elapsed = finite(leg.elapsed, "'elapsed'", 0);
        this.settlingTime = finite(leg.settlingTime, "'settlingTime'", 0);
        const omega0 = Math.sqrt(stiffness / mass);
        const zeta = damping / (2 * Math.sqrt(stiffness * mass));
        const v0 = this.velocity0;
        // The same three cases and the same threshold as animd, so that a ratio of exactly 1 is critical here too.
        if (Math.abs(zeta - 1) < 1e-12) {
            this.solution = {kind: 'critical', omega0, b: omega0 - v0};
        } else if (zeta < 1) {
            const omegaD = omega0 * Math.sqrt(1 - zeta * zeta);
            const decay = zeta * omega0;
            this.solution = {kind: 'under', decay, omegaD, b: (decay - v0) / omegaD};
        } else {
            const root = omega0 * Math.sqrt(zeta * zeta - 1);
            const r1 = -zeta * omega0 + root, r2 = -zeta * omega0 - root;
            const c2 = (-v0 - r1) / (r2 - r1);
            this.solution = {kind: 'over', r1, r2, c1: 1 - c2, c2};
        }
    }

    get kind() { return 'spring'; }

    displacement(tau) {
        if (tau === 0)
            return 1;
        const s = this.solution;
        if (s.kind === 'under')
            return Math.exp(-s.decay * tau) * (Math.cos(s.omegaD * tau) + s.b * Math.sin(s.omegaD * tau));
        if (s.kind === 'critical')
            return (1 + s.b * tau) * Math.exp(-s.omega0 * tau);
        return s.c1 * Math.exp(s.r1 * tau) + s.c2 * Math.exp(s.r2 * tau);
    }

    displacementVelocity(tau) {
        if (tau === 0)
            return -this.velocity0;
        const s = this.solution;
        if (s.kind === 'under') {
            const envelope = Math.exp(-s.decay * tau);
            const cos = Math.cos(s.omegaD * tau), sin = Math.sin(s.omegaD * tau);
            return envelope * ((s.b * s.omegaD - s.decay) * cos - (s.omegaD + s.b * s.decay) * sin);
        }
        if (s.kind === 'critical')
            return (s.b - s.omega0 * (1 + s.b * tau)) * Math.exp(-s.omega0 * tau);
        return s.c1 * s.r1 * Math.exp(s.r1 * tau) + s.c2 * s.r2 * Math.exp(s.r2 * tau);
    }

    tau(t) { return this.elapsed + Math.max(t - this.startTime, 0); }

    progress(t) {
        const tau = this.tau(t);
        if (tau >= this.settlingTime)
            return this.to;
        return this.to - (this.to - this.from) * this.displacement(tau);
    }

    velocity(t) {
        const tau = this.tau(t);
        if (tau >= this.settlingTime)
            return 0;
        return -(this.to - this.from) * this.displacementVelocity(tau);
    }

    get endTime() { return this.startTime + Math.max(this.settlingTime - this.elapsed, 0); }
}

/** Reads a leg object (docs/protocol.md, "The leg object"); throws LegError for anything animd could not send. */
export function legFromJSON(leg) {
    if (leg === null || typeof leg !== 'object' || Array.isArray(leg))
        throw new LegError('leg: not an object');
    switch (leg.kind) {
    case 'driven': return new DrivenLeg();
    case 'cubic': return new CubicLeg(leg);
    case 'spring': return new SpringLeg(leg);
    default: throw new LegError(`leg: unknown kind ${JSON.stringify(leg.kind)}`);
    }
}

/**
 * What a `frames: "driven"` client knows of each transition: its last snapshot and the leg that moves it. Feed it
 * every event; ask `progress(name, t)` as you draw, with `t` in seconds of CLOCK_MONOTONIC (GLib's monotonic time
 * / 1e6 under GJS; a frame clock's frame time).
 */
export class Follower {
    constructor(answer) {
        this.snapshots = new Map();
        this.legs = new Map();
        for (const snapshot of answer?.transitions ?? [])
            this._store(snapshot, snapshot.leg);
    }

    _store(snapshot, leg) {
        const parsed = leg === undefined || leg === null ? null : legFromJSON(leg);
        this.snapshots.set(snapshot.name, snapshot);
        this.legs.set(snapshot.name, parsed);
    }

    /** Takes one event; returns the transition it was about, else null. */
    take(method, params) {
        const name = params?.name;
        if (!method.startsWith('transition.') || typeof name !== 'string')
            return null;
        if (method === 'transition.began' || method === 'transition.leg') {
            this._store(params, params.leg);
        } else if (method === 'transition.ended') {
            this._store(params, null);
        } else if (method === 'transition.removed') {
            this.snapshots.delete(name);
            this.legs.delete(name);
        } else {
            this.snapshots.set(name, params);
        }
        return name;
    }

    /** The running leg evaluated at t, or the last frame's progress while driven or at rest; null if unknown. */
    progress(name, t) {
        const snapshot = this.snapshots.get(name);
        if (snapshot === undefined)
            return null;
        return this.legs.get(name)?.progress(t) ?? snapshot.progress;
    }

    velocity(name, t) {
        const snapshot = this.snapshots.get(name);
        if (snapshot === undefined)
            return null;
        return this.legs.get(name)?.velocity(t) ?? snapshot.velocity;
    }

    /** Whether a leg still runs at t, so that the widget keeps drawing. */
    animating(t) {
        for (const leg of this.legs.values()) {
            if (leg !== null && leg.endTime !== null && t < leg.endTime)
                return true;
        }
        return false;
    }
}

/** The socket animd listens on, as animd resolves it: $ANIMD_SOCKET, $XDG_RUNTIME_DIR/animd.sock, else
 * /tmp/animd-$UID/animd.sock. `environment` is the host's (GLib.getenv, process.env), `uid` its user id. */
export function socketPath(environment, uid) {
    if (environment.ANIMD_SOCKET)
        return environment.ANIMD_SOCKET;
    if (environment.XDG_RUNTIME_DIR)
        return `${environment.XDG_RUNTIME_DIR}/animd.sock`;
    return `/tmp/animd-${uid}/animd.sock`;
}
