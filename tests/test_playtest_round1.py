"""Play-testing round 1: each finding about the shared runtime, shown
through the runtime (presses on a headless board, as tests/test_runtime.py
does). The test names carry the finding's number."""

from harness import DUEL, Rig, memory_store
from kapsa.app import App
from kapsa.scenes import Launcher


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
