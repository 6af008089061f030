"""Starting a new game from the setup (kapsa.launcher), or from a game
code typed there (kapsa.codeentry), and resuming a saved one: the
launcher's VM only. Its own module so that kapsa.launcher compiles in the
24 KB a device has free."""


def start(app, info, seats, options, bots, seed=None):
    """A new game from the setup (a code's: its seed), saved at once (over
    any old save: Save and quit before a move still leaves it); on the
    device in a fresh VM."""
    from kapsa.codes import start_extra
    from kapsa.tally import started

    extra = start_extra(app, info, seats, options, bots, seed)
    app.store.save_game(info.name, seats, options, bots, [], extra)
    started(app, info, seats, options, bots)  # a game played (kapsa.tally)
    if app.relauncher is not None:
        from kapsa.lastgame import opened

        if opened(app, info.name):
            return
    from kapsa.play import PlayScene

    app.replace(PlayScene(app, info, seats, options, bots, extra=extra))


def resume(app, info, relaunch=True):
    """Resume the saved game of `info` (from the launcher). On the device
    the VM restarts into it, unless this is that restart (relaunch=False)."""
    saved = app.store.load_game(info.name)
    if saved is None:
        app.pop()
        return
    if relaunch and app.relauncher is not None:
        from kapsa.lastgame import opened

        if opened(app, info.name):
            return  # the restarted VM opens it (make_app)
    from kapsa.play import PlayScene

    app.replace(PlayScene(app, info, saved.seats, saved.options, saved.bots, saved.actions,
                          extra=saved.extra))
