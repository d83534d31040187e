// The tests' own extension (GNOMEShellTests): makes a headless GNOME Shell behave as one on a desktop with a GPU.
// - It gives a new window no focus by itself: each is activated once it is shown, as a user's click would.
// - It inhibits animations on a software renderer, so its AnimationsEnabled (which the GNOME portal reports as
//   enable-animations) would stay false whatever the setting says: the inhibition is lifted while this is enabled.
const {St} = imports.gi;

class Headless {
    enable() {
        this._handler = global.display.connect('window-created', (_display, window) => {
            const shown = window.connect('shown', () => {
                window.disconnect(shown);
                window.activate(global.get_current_time());
            });
        });
        St.Settings.get().uninhibit_animations();
    }

    disable() {
        global.display.disconnect(this._handler);
        St.Settings.get().inhibit_animations();
    }
}

function init() {
    return new Headless();
}
