// gjs -m clients/js/tests/run-swipe-gjs.mjs FIXTURE
import GLib from 'gi://GLib';
import System from 'system';

import {checkSwipeCases, reportSwipeCases} from './swipe.mjs';

const [, bytes] = GLib.file_get_contents(ARGV[0]);
const {text, ok} = reportSwipeCases(checkSwipeCases(new TextDecoder().decode(bytes)));
print(text);
System.exit(ok ? 0 : 1);
