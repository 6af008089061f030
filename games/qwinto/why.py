"""The free cursor's reason on Qwinto's screen (games.qwinto.screen): why
the box under the cursor cannot take the sum, in two lines over the dice,
in the engine's words (which the message line would clip). Imported, and
its lines built, the first time the free cursor stops on such a box.
"""

import displayio

from kapsa import ui
from kapsa.ui.widgets import box, clip, text

from games.qwinto.layout import DICE_Y, DIE, settext
from kapsa.ui import show
from games.qwinto.reasons import why_not


def update(scr, view):
    """Show why `scr.item` cannot take the sum now, or hide the reason when
    it can (scr.why: None until the first reason)."""
    reason = why_not(view, scr.seat, scr.item)
    if reason and scr.why is None:
        scr.why = displayio.Group()
        scr.why.append(box(0, DICE_Y - 1, ui.WIDTH, DIE + 2, ui.BACKGROUND))
        scr.why.append(box(0, DICE_Y - 1, 3, DIE + 2, ui.BAD))
        scr.why_lines = (text("", 6, DICE_Y + 5, ui.TEXT, anchor=(0.0, 0.5)),
                         text("", 6, DICE_Y + 17, ui.TEXT, anchor=(0.0, 0.5)))
        for t in scr.why_lines:
            scr.why.append(t)
        scr.group.append(scr.why)  # over everything else on the screen
    if reason:
        first, second = wrap(reason, ui.WIDTH // ui.CHAR - 1)
        settext(scr.why_lines[0], first)
        settext(scr.why_lines[1], second)
    if scr.why is not None:
        show(scr.why, bool(reason))


def wrap(string, width):
    """Two lines of at most `width` characters, broken between words."""
    if len(string) <= width:
        return string, ""
    cut = string.rfind(" ", 0, width + 1)
    if cut <= 0:
        cut = width
    return string[:cut], clip(string[cut:].strip(), width * ui.CHAR)
