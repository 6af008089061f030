"""A final board in Hashi's game-over VM (the device: a finished game
opens alone in a fresh VM, kapsa.moves.finish), built a part a tick.
Solo, after the hindsight search, that is a VM of its own (reopen.py).

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from kapsa import forget

# A final board in the game-over VM: the modules it needs, imported one a
# tick: the picture first, and with it the board's bitmap (5 KB in one
# block, while the heap's holes are at their largest), then the board's
# builder, the panel's (it brings panel and words), the paint; then the
# board's parts, the panel's, and the paint.
FINAL_PARTS = ("picture", "build", "buildpanel", "paint")


def final_board(screen, view, seat):
    """A final board is drawn (screen.draw; solo, the search has stopped:
    reopen.board_asked): in the game-over VM the first one is built a part
    a tick from the next tick on: True then, nothing to draw yet."""
    if screen.panel is not None:
        return False
    screen.wanted = (view, seat)
    screen.hold = True
    return True


def build_step(screen):
    """One part of the final board (screen.stage counts them)."""
    if screen.hold:
        screen.hold = False
        return
    stage = screen.stage
    screen.stage += 1
    if stage < len(FINAL_PARTS):
        __import__("games.hashi." + FINAL_PARTS[stage])
        if stage == 0 and screen.board_bitmap is None:
            from games.hashi.panel import panel_bitmap
            from games.hashi.picture import board_bitmap

            screen.board_bitmap = board_bitmap(screen.b)
            screen.panel_bitmap = panel_bitmap()
        return
    if stage == len(FINAL_PARTS):
        from games.hashi.build import board_parts

        screen.header, screen.pic = board_parts(screen.group, screen.b, screen.board_bitmap)
        # Hidden until painted (screen.draw): not composed blank, then again.
        screen.pic.group.hidden = True
        return
    if stage == len(FINAL_PARTS) + 1:
        from games.hashi.buildpanel import panel_parts

        # (not imported again to draw: they are let go with the last part)
        screen.panel, screen.footer = panel_parts(screen.group, screen.panel_bitmap)
        forget("games.hashi.build")
        forget("games.hashi.buildpanel")
        return
    view, seat = screen.wanted
    screen.wanted = None
    screen.draw(view, seat)
