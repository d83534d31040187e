// SPDX-License-Identifier: MIT
// One transition's events as libadwaita's AdwSwipeTracker signals: the twin of clients/python/animd/swipe.py, checked
// against the same hand-written cases (Tests/Fixtures/swipe-signals.json). Pure: any host (GJS, node).
//
// `take(method, params)` returns the signals the event means, in order, each an array:
//   ['begin-swipe']                when the transition becomes held (phase `interactive`: a finger drives it, a finger
//                                  caught it mid-flight, or a client began or scrubbed it);
//   ['update-swipe', progress]     for each frame while it is held;
//   ['end-swipe', velocity, to]    when it is let go: velocity in progress per second as animd announced it at the
//                                  release, `to` the progress it heads for (where it rests when no leg runs);
//   ['gone', reason, message]      when it is removed (retracted, disconnected, config) or animd is lost (`lost()`:
//                                  animd-gone); a swipe under way is ended first, where it was.
// Every begin-swipe is followed by exactly one end-swipe, as in AdwSwipeTracker.

export class SwipeSignals {
    constructor(name) {
        this.name = name;
        this.swiping = false;
        this._last = null;
    }

    take(method, params) {
        if (params?.name !== this.name || !method.startsWith('transition.'))
            return [];
        if (method === 'transition.removed')
            return this._gone(String(params.reason ?? 'removed'), String(params.message ?? ''));
        if (typeof params.phase !== 'string')
            return [];
        const held = params.phase === 'interactive' && method !== 'transition.ended';
        const signals = [];
        if (held && !this.swiping) {
            this.swiping = true;
            signals.push(['begin-swipe']);
        } else if (held && method === 'transition.progress') {
            signals.push(['update-swipe', number(params.progress)]);
        } else if (!held && this.swiping) {
            this.swiping = false;
            signals.push(['end-swipe', number(params.velocity), heading(method, params)]);
        }
        this._last = params;
        return signals;
    }

    /** The connection to animd is gone. */
    lost(message) {
        return this._gone('animd-gone', message);
    }

    _gone(reason, message) {
        const signals = [];
        if (this.swiping) {
            this.swiping = false;
            signals.push(['end-swipe', 0, number(this._last?.progress)]);
        }
        this._last = null;
        signals.push(['gone', reason, message]);
        return signals;
    }
}

function number(value) {
    return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Where a let-go transition goes: its target snap point while a leg runs, else where it rests. */
function heading(method, params) {
    const {snapPoints: points, target} = params;
    if (method !== 'transition.ended' && params.phase === 'animating' && Array.isArray(points) && Number.isInteger(target) &&
        target >= 0 && target < points.length)
        return number(points[target]);
    return number(params.progress);
}
