#!/usr/bin/env bash
# The install test (`make test` runs it): make install into a temporary PREFIX, check the tree, verify the
# installed units with systemd-analyze, load the bash completion, render the man pages, and make uninstall,
# which must leave the prefix exactly as it was (empty).
set -euo pipefail
# With pipefail, a reader that stops early (grep -q) can end its writer with SIGPIPE and fail the line: in every
# pipeline here, the reader reads to the end.
cd "$(dirname "$0")/.."
prefix=$(mktemp -d /tmp/animd-install-XXXXXX)
trap 'rm -rf "$prefix"' EXIT
fail() { echo "test-install: FAIL: $*" >&2; exit 1; }

# Something of the user's own is already there: uninstall must leave it, and its folder, alone.
mkdir -p "$prefix/bin" && echo mine > "$prefix/bin/other-tool"
make --no-print-directory install PREFIX="$prefix" CONFIGURATION=debug > "$prefix.log" 2>&1 || { cat "$prefix.log"; fail "make install"; }
grep -q "systemctl --user enable --now animd.socket" "$prefix.log" || fail "make install does not say how to enable the service"
grep -q "sudo install -m 0644 $prefix/share/animd/70-animd-touch.rules /etc/udev/rules.d/" "$prefix.log" \
    || fail "a personal install does not say how to install the udev rule"
rm -f "$prefix.log"

expected="bin/animctl
bin/animd
bin/animd-demo
bin/other-tool
etc/xdg/autostart/animd.desktop
include/animd-leg.h
lib/python3/site-packages/animd/__init__.py
lib/python3/site-packages/animd/client.py
lib/python3/site-packages/animd/leg.py
lib/python3/site-packages/animd/swipe.py
lib/python3/site-packages/animd/tracker.py
lib/systemd/user/animd.service
lib/systemd/user/animd.socket
libexec/animd/animd-touch-relay
share/animd/70-animd-touch.rules
share/animd/71-animd-uinput.rules
share/animd/animd.toml.example
share/animd/install-manifest
share/animd/install-manifest.dirs
share/animd/js/animd.mjs
share/animd/js/gio.mjs
share/animd/js/node.mjs
share/animd/js/swipe.mjs
share/animd/js/tracker.mjs
share/animd/traces/flick-constant.jsonl
share/bash-completion/completions/animctl
share/bash-completion/completions/animd
share/fish/vendor_completions.d/animctl.fish
share/fish/vendor_completions.d/animd.fish
share/gnome-shell/extensions/animd-gnome43@animd.org/extension.js
share/gnome-shell/extensions/animd-gnome43@animd.org/metadata.json
share/gnome-shell/extensions/animd@animd.org/extension.js
share/gnome-shell/extensions/animd@animd.org/metadata.json
share/man/man1/animctl.1
share/man/man1/animd-demo.1
share/man/man1/animd.1
share/zsh/site-functions/_animctl
share/zsh/site-functions/_animd"
docs=$( (echo README.md; echo LICENSE; echo THIRD-PARTY-NOTICES; cd docs && ls ./*.md ./*.png | sed 's|^\./||'
        cd ../examples && find . -type f | sed 's|^\./|examples/|') | sed 's|^|share/doc/animd/|')
want=$(printf '%s\n%s\n' "$expected" "$docs" | sort)
have=$(cd "$prefix" && find . -type f | sed 's|^\./||' | sort)
[ "$want" = "$have" ] || { diff <(echo "$want") <(echo "$have") >&2; fail "the installed tree differs (- expected, + installed)"; }
[ -x "$prefix/bin/animd" ] && [ -x "$prefix/bin/animctl" ] || fail "binaries are not executable"
"$prefix/bin/animctl" curve linear --samples 2 --json | grep '"samples":\[\[0,0\],\[1,1\]\]' > /dev/null || fail "the installed animctl does not run"

# The units point at this prefix and verify as installed.
grep -q "^ExecStart=$prefix/bin/animd$" "$prefix/lib/systemd/user/animd.service" || fail "ExecStart is not rewritten"
grep -q "file://$prefix/share/doc/animd/README.md" "$prefix/lib/systemd/user/animd.service" || fail "Documentation= is not rewritten"
grep -qx "Exec=$prefix/bin/animctl session-start" "$prefix/etc/xdg/autostart/animd.desktop" || fail "the autostart entry's Exec is not rewritten"
# The example config is the default, commented: copied whole, it sets nothing (ExampleConfigTests loads it).
! grep -v '^#' "$prefix/share/animd/animd.toml.example" | grep -q '[^[:space:]]' || fail "the example config has a line that is not a comment"
grep -q "from 'file://$prefix/share/animd/js/tracker.mjs'" "$prefix/share/doc/animd/examples/gjs/sidebar-panel.js" \
    || fail "the installed GJS panel does not import the installed tracker"
runtime=$(mktemp -d /tmp/animd-xdg-XXXXXX)
trap 'rm -rf "$prefix" "$runtime"' EXIT
chmod 700 "$runtime"
for unit in animd.service animd.socket; do
    out=$(XDG_RUNTIME_DIR=$runtime systemd-analyze --user verify "$prefix/lib/systemd/user/$unit" 2>&1) || { echo "$out" >&2; fail "systemd-analyze verify $unit"; }
    # Warnings about our own unit (not about the host's other units) fail the test too.
    if echo "$out" | grep "$unit" > /dev/null; then echo "$out" >&2; fail "systemd-analyze warns about $unit"; fi
done

# The generated completions load in bash and complete subcommands.
bash -c "source '$prefix/share/bash-completion/completions/animctl' && complete -p animctl" | grep "animctl" > /dev/null || fail "bash completion does not load"
words=$(bash -c "source '$prefix/share/bash-completion/completions/animctl'; COMP_WORDS=(animctl an); COMP_CWORD=1; COMP_LINE='animctl an'; COMP_POINT=10; \$(complete -p animctl | sed -E 's/.*-F ([^ ]+).*/\1/') animctl an animctl; echo \"\${COMPREPLY[*]}\"")
echo "$words" | grep -w animate > /dev/null || fail "bash completion of 'animctl an' gives '$words', not animate"
zsh_first=$(head -1 "$prefix/share/zsh/site-functions/_animctl")
[ "$zsh_first" = "#compdef animctl" ] || fail "zsh completion starts with '$zsh_first'"
grep -q "^complete -c 'animctl'" "$prefix/share/fish/vendor_completions.d/animctl.fish" || fail "fish completion"
# animd writes its own (it reads its command line without ArgumentParser): --input-backend completes to the backends.
words=$(bash -c "source '$prefix/share/bash-completion/completions/animd'; COMP_WORDS=(animd --input-backend l); COMP_CWORD=2; _animd; echo \"\${COMPREPLY[*]}\"")
[ "$words" = "libinput" ] || fail "bash completion of 'animd --input-backend l' gives '$words', not libinput"
[ "$(head -1 "$prefix/share/zsh/site-functions/_animd")" = "#compdef animd" ] || fail "animd's zsh completion"
grep -q "^complete -c animd -l input-backend -r -f -a 'auto x11 libinput'" "$prefix/share/fish/vendor_completions.d/animd.fish" || fail "animd's fish completion"

# The man pages render.
for page in animd animctl animd-demo; do
    MANWIDTH=80 man -l "$prefix/share/man/man1/$page.1" 2>/dev/null | grep "$page" > /dev/null || fail "man $page does not render"
done

# The Python package imports from where it went (PYTHONPATH for a prefix of its own); what Python compiles
# beside it is removed by uninstall too.
env -u PYTHONDONTWRITEBYTECODE PYTHONPATH="$prefix/lib/python3/site-packages" /usr/bin/python3 -c 'import animd.client, animd.leg' \
    || fail "the installed Python package does not import"
[ -d "$prefix/lib/python3/site-packages/animd/__pycache__" ] || fail "python3 wrote no __pycache__: the uninstall of one is not tested"

make --no-print-directory uninstall PREFIX="$prefix" > /dev/null
left=$(cd "$prefix" && find . -mindepth 1 | sort | tr '\n' ' ')
[ "$left" = "./bin ./bin/other-tool " ] || { echo "$left" >&2; fail "make uninstall left these behind, or took the user's own file"; }

# Where udev reads rules (as a system-wide prefix does), the rule goes there, and uninstall removes it.
rules=$(mktemp -d /tmp/animd-rules-XXXXXX)
trap 'rm -rf "$prefix" "$runtime" "$rules"' EXIT
UDEV_RULES_DIR=$rules/rules.d make --no-print-directory install PREFIX="$prefix" CONFIGURATION=debug > "$prefix.log" 2>&1 \
    || { cat "$prefix.log"; fail "make install with UDEV_RULES_DIR"; }
cmp -s "$rules/rules.d/70-animd-touch.rules" udev/70-animd-touch.rules || fail "the udev rule is not installed where udev reads it"
grep -q "udev rule for touchscreens, touchpads and tablet-mode switches is in $rules/rules.d" "$prefix.log" || fail "make install does not say where the rule went"
rm -f "$prefix.log"
make --no-print-directory uninstall PREFIX="$prefix" > /dev/null
[ -z "$(ls -A "$rules")" ] || fail "make uninstall left the udev rule or its folder: $(ls -AR "$rules")"
echo "test-install: ok (installed $(echo "$have" | wc -l) files, verified the units, loaded the completions, uninstalled everything)"
