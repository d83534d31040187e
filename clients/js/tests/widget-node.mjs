// node clients/js/tests/widget-node.mjs SOCKET — widget.mjs on node; it exits when its standard input ends.
import {connect} from '../node.mjs';
import {run} from './widget.mjs';

const client = await connect(process.argv[2]);
await run(client, line => process.stdout.write(`${line}\n`));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
