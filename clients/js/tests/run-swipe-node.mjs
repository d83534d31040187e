// node clients/js/tests/run-swipe-node.mjs FIXTURE
import {readFileSync} from 'node:fs';

import {checkSwipeCases, reportSwipeCases} from './swipe.mjs';

const {text, ok} = reportSwipeCases(checkSwipeCases(readFileSync(process.argv[2], 'utf8')));
console.log(text);
process.exit(ok ? 0 : 1);
