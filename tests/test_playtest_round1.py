"""Play-testing round 1: each finding about the shared runtime, shown
through the runtime (presses on a headless board, as tests/test_runtime.py
does). The test names carry the finding's number."""

from harness import DUEL, Rig, memory_store, real_games
from kapsa.app import App
from kapsa.scenes import Launcher


# -- helpers


def reboot(rig):
    """A power cut now: a new Kapsa on a copy of the medium as it is."""
    from kapsa.store import MemoryMedium, Store

    return Rig(games=rig.app.games, store=Store(MemoryMedium(dict(rig.store.medium.files))))


def no_pixels(rig):
    """Skip composing frames (Blinka's displayio is slow in Python) in
    tests of whole games; the scenes still draw, only no pixels are made."""
    rig.board.display.refresh = lambda **_kwargs: True


# -- 6: the message line keeps the board readable


def test_playtest_6_a_long_message_takes_one_line_page_by_page():
    from kapsa import ui

    rig = Rig()
    rig.press("A", "A")
    play = rig.top
    rig.until(lambda: play.deciding == 0)
    rig.frames(100)  # the deal's news is gone
    display = rig.board.display
    board = [display.pixel(x, y) for y in range(0, 116) for x in range(160)]
    reason = "Yellow needs a number above 12 here"
    play.message.show(reason, ui.BAD, frames=60)
    rig.frames(1)
    assert [display.pixel(x, y) for y in range(0, 116) for x in range(160)] == board
    assert "Yellow needs a number.." in rig.texts()
    assert play.message.text == reason  # the whole reason, for the screens
    rig.frames(play.message.PAGE)
    assert "above 12 here" in rig.texts()
    assert [display.pixel(x, y) for y in range(0, 116) for x in range(160)] == board
    rig.frames(play.message.PAGE)  # two pages of 1.5 s, then gone
    assert play.message.text == "" and "above 12 here" not in rig.texts()
    play.message.show("You cannot do that now", ui.BAD)  # 22 characters: one page
    assert play.message.pages == ["You cannot do that now"]


# -- 13: the simulator on a still screen


def test_playtest_13_a_still_screen_is_not_shown_again():
    """The window converts, scales and blits a frame only when a refresh
    drew something (or the brightness changed): a still screen costs the
    simulator a walk of the display tree a frame and nothing else."""
    import pygame

    from kapsa.boards import desktop

    board = desktop.build(headless=False)
    window = board.buttons.source
    try:
        app = App(board, memory_store(), [DUEL])
        app.push(Launcher(app))
        app.settings.brightness = 100
        app.apply_settings()
        for _ in range(3):
            app.step()
        shown = window.presented
        assert shown >= 1
        for _ in range(90):  # three seconds of a still launcher
            app.step()
        assert window.presented == shown
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN))
        app.step()  # the cursor moves: that frame is shown
        assert window.presented == shown + 1
        colour = board.display.pixel(5, 32)  # the highlighted second row
        assert pygame.display.get_surface().get_at((20, 4 * 32))[:3] == tuple(
            (colour >> s) & 0xFF for s in (16, 8, 0))
        app.settings.brightness = 40  # no pixel changes, the window dims
        app.apply_settings()
        app.step()
        assert window.presented == shown + 2
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_DOWN))
        for _ in range(30):
            app.step()
        assert window.presented == shown + 2
    finally:
        pygame.quit()
