// gjs -m clients/js/tests/run-vectors-gjs.mjs FIXTURE
import GLib from 'gi://GLib';
import System from 'system';

import {checkVectors, report} from './vectors.mjs';

const [, bytes] = GLib.file_get_contents(ARGV[0]);
const {text, ok} = report(checkVectors(new TextDecoder().decode(bytes)));
print(text);
System.exit(ok ? 0 : 1);
