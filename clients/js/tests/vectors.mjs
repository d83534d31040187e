// The evaluator against the reference vectors (Tests/Fixtures/leg-vectors.json, from scripts/leg-vectors.py), the
// same check as the Python and C clients': each sample's progress within 1e-9, its velocity within 1e-6 relative.
// Hosts read the file and pass its text: run-vectors-node.mjs, run-vectors-gjs.mjs.

import {LegError, legFromJSON} from '../animd.mjs';

export function checkVectors(text) {
    const vectors = JSON.parse(text);
    const failures = [];
    let checked = 0;
    for (const vector of vectors.cases) {
        const leg = legFromJSON(vector.leg);
        for (const [t, progress, velocity] of vector.samples) {
            const p = leg.progress(t), v = leg.velocity(t);
            if (!(Math.abs(p - progress) <= 1e-9) || !(Math.abs(v - velocity) <= 1e-6 * Math.max(1, Math.abs(velocity))))
                failures.push(`${vector.name} at ${t}: ${p}, ${v} (expected ${progress}, ${velocity})`);
            checked++;
        }
    }
    // What animd could not have sent is refused, each for its own reason.
    const good = {kind: 'spring', mass: 1, stiffness: 100, damping: 10, velocity: 0, from: 0, to: 1, startTime: 5, elapsed: 0,
        settlingTime: 1};
    legFromJSON(good);
    const bad = [['mass', 0], ['stiffness', -1], ['damping', Infinity], ['from', '0'], ['elapsed', -1], ['settlingTime', NaN],
        ['velocity', true]];
    for (const [key, value] of bad) {
        try {
            legFromJSON({...good, [key]: value});
            failures.push(`a spring with ${key} = ${String(value)} was accepted`);
        } catch (error) {
            if (!(error instanceof LegError))
                failures.push(`${key} = ${String(value)}: ${error}`);
        }
    }
    if (legFromJSON({kind: 'driven'}).progress(1) !== null)
        failures.push('a driven leg has a progress');
    return {cases: vectors.cases.length, checked, failures};
}

export function report({cases, checked, failures}) {
    const lines = failures.slice(0, 20);
    if (cases < 10 || checked < 1000)
        lines.push(`the fixture lost its cases: ${cases} cases, ${checked} samples`);
    lines.push(`${failures.length === 0 ? 'ok' : 'FAILED'}: ${checked} samples of ${cases} cases, ${failures.length} failures`);
    return {text: lines.join('\n'), ok: failures.length === 0 && cases >= 10 && checked >= 1000};
}
