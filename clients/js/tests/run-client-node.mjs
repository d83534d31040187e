// node clients/js/tests/run-client-node.mjs — the Client against lines fed by hand, as a host feeds what its socket
// reads: answers settle their requests, events go to onEvent, a batch answers in order with refusals in place, and a
// closed connection rejects what waits. Prints `ok: N checks` or the failures; exits 1 on a failure.
import {Client, ConnectionClosed, RPCError} from '../animd.mjs';

const failures = [];
let checks = 0;
const check = (condition, what) => {
    checks++;
    if (!condition)
        failures.push(what);
};

const sent = [], events = [];
const client = new Client(text => sent.push(text));
client.onEvent = (method, params) => events.push([method, params]);
const got = client.call('transition.get', {name: 'dock'});
check(sent[0] === '{"jsonrpc":"2.0","id":1,"method":"transition.get","params":{"name":"dock"}}\n', `the request line: ${sent[0]}`);
// An event and the answer, cut in the middle of a line and of a character (é).
client.feed('{"jsonrpc":"2.0","method":"transition.progress","params":{"name":"dock","progress":0.5}}\n{"jsonrpc":"2.0","id":1,"res');
client.feed('ult":{"name":"dock","owner":{"client":"é","pid":7}}}\n');
const answer = await got;
check(answer.owner.client === 'é' && answer.owner.pid === 7, `the answer: ${JSON.stringify(answer)}`);
check(events.length === 1 && events[0][0] === 'transition.progress' && events[0][1].progress === 0.5, 'the event before the answer');

const batch = client.batch([['transition.declare', {name: 'dock'}], ['subscribe', {transitions: ['dock']}]]);
client.feed('[{"jsonrpc":"2.0","id":3,"result":{"subscription":1}},{"jsonrpc":"2.0","id":2,"error":{"code":-32005,"message":"conflict"}}]\n');
const [declared, subscribed] = await batch;
check(declared instanceof RPCError && declared.code === -32005, 'a refusal takes its place in the batch');
check(subscribed.subscription === 1, 'answers in the order asked, whatever order they come in');
const refused = client.call('transition.retract', {name: 'dock'});
client.feed('{"jsonrpc":"2.0","id":4,"error":{"code":-32001,"message":"unknown transition","data":{"transitions":[]}}}\n');
try {
    await refused;
    check(false, 'a refusal rejects a call');
} catch (error) {
    check(error instanceof RPCError && error.code === -32001 && Array.isArray(error.data.transitions), `the refusal: ${error}`);
}

const waiting = client.call('daemon.hello'), waitingBatch = client.batch([['daemon.hello']]);
client.closed();
for (const [name, promise] of [['a call', waiting], ['a batch', waitingBatch]]) {
    try {
        await promise;
        check(false, `${name} waiting when the connection closed was answered`);
    } catch (error) {
        check(error instanceof ConnectionClosed, `${name}: ${error}`);
    }
}
try {
    await client.call('daemon.hello');
    check(false, 'a call after the close was sent');
} catch (error) {
    check(error instanceof ConnectionClosed, 'a call after the close is refused at once');
}

const flooded = new Client(() => {});
let closedWith = null;
flooded.onClose = error => { closedWith = error; };
flooded.feed('x'.repeat((1 << 20) + 1));
check(closedWith instanceof ConnectionClosed && /longer than 1 MiB/.test(closedWith.message), 'a line past 1 MiB closes the connection');

console.log(failures.length === 0 ? `ok: ${checks} checks` : failures.join('\n'));
process.exit(failures.length === 0 ? 0 : 1);
