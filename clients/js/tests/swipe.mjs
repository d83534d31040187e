// SwipeSignals against the hand-written cases of Tests/Fixtures/swipe-signals.json, the same check as the Python
// helper's (clients/python/tests/test_swipe.py). Hosts read the file and pass its text: run-swipe-gjs.mjs,
// run-swipe-node.mjs.

import {SwipeSignals} from '../swipe.mjs';

export function checkSwipeCases(text) {
    const fixture = JSON.parse(text);
    const failures = [];
    let checked = 0;
    if (fixture.cases.length < 10)
        failures.push('the fixture lost its cases');
    for (const swipeCase of fixture.cases) {
        const swipes = new SwipeSignals(fixture.name);
        swipeCase.steps.forEach((step, index) => {
            const signals = 'lost' in step ? swipes.lost(step.lost) : swipes.take(step.event.method, step.event.params);
            if (JSON.stringify(signals) !== JSON.stringify(step.signals))
                failures.push(`${swipeCase.name}, step ${index}: ${JSON.stringify(signals)}, expected ${JSON.stringify(step.signals)}`);
            checked++;
        });
    }
    return {checked, failures};
}

export function reportSwipeCases({checked, failures}) {
    const lines = failures.slice(0, 20);
    lines.push(`${failures.length === 0 ? 'ok' : 'FAILED'}: ${checked} steps, ${failures.length} failures`);
    return {text: lines.join('\n'), ok: failures.length === 0 && checked >= 20};
}
