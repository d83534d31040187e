// A widget that declares its own transition with the JavaScript client, the same under every host (widget-node.mjs,
// widget-gjs.mjs). It says hello as `js-dock`, declares the dock on the bottom edge's middle half, subscribes, and
// prints `declared <snapshot>`, then `<method> <params>` per event. Before each `transition.ended` it prints
// `follower <progress>`: the leg in force evaluated by the module's Follower at the ended event's time, which must
// be where animd ended it.

import {Follower} from '../animd.mjs';

export const dock = {
    transition: {'snap-points': [0, 1], timing: 'spring(damping-ratio=0.9, response=0.3)'},
    bindings: {'dock-swipe': {gesture: 'edge-pan', edge: 'bottom', span: [0.25, 0.75], distance: 200, increases: 'up'}},
};

export async function run(client, print) {
    await client.hello('js-dock');
    const declared = await client.declare('dock', dock.transition, dock.bindings);
    const follower = new Follower(await client.subscribe({transitions: ['dock'], frames: 'driven'}));
    client.onEvent = (method, params) => {
        if (method === 'transition.ended')
            print(`follower ${follower.progress('dock', params.time)}`);
        follower.take(method, params);
        print(`${method} ${JSON.stringify(params)}`);
    };
    print(`declared ${JSON.stringify(declared)}`);
}
