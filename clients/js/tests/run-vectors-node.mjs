// node clients/js/tests/run-vectors-node.mjs FIXTURE
import fs from 'node:fs';

import {checkVectors, report} from './vectors.mjs';

const {text, ok} = report(checkVectors(fs.readFileSync(process.argv[2], 'utf8')));
console.log(text);
process.exit(ok ? 0 : 1);
