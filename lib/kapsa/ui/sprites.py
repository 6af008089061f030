"""Sprite sheets: a game's 4-bit indexed BMP (assets/<game>.bmp, drawn by
a script in tools/) read into a displayio Bitmap and Palette.

    from kapsa.ui import sprites
    sheet, palette = sprites.kept(play, "hanabi.bmp")

Read here in a few lines rather than with adafruit_imageload, whose BMP
reader alone is 10 KB of source to compile on the device (and whose
relative imports the heap model cannot record). Only what the tools write
is read: 4 bits a pixel, uncompressed, bottom row first, up to 16 colours.
A game's builder imports this module, takes its sheet (kept()) and lets
the module go again (kapsa.forget("kapsa.ui.sprites")): the sheet is read
once a VM.
"""

import displayio


def asset(here, name):
    """The path of assets/<name> beside the games folder that the module
    whose __file__ is `here` came from."""
    return here[:here.rfind("games/")] + "assets/" + name


def _int(data, at):
    return data[at] | data[at + 1] << 8 | data[at + 2] << 16


def load(path):
    """(bitmap, palette) of the 4-bit BMP at `path`."""
    with open(path, "rb") as f:
        head = f.read(54)
        start = _int(head, 10)
        width = _int(head, 18)
        height = _int(head, 22)
        n = _int(head, 46) or 16
        pal = displayio.Palette(n)
        for i in range(n):
            c = f.read(4)
            pal[i] = c[2] << 16 | c[1] << 8 | c[0]
        sheet = displayio.Bitmap(width, height, n)
        f.seek(start)
        row = bytearray(((width + 1) // 2 + 3) & ~3)
        for y in range(height - 1, -1, -1):  # the bottom row first
            f.readinto(row)
            at = y * width  # a flat index: an (x, y) pair would be garbage
            for b in row[:width >> 1]:
                sheet[at] = b >> 4
                sheet[at + 1] = b & 15
                at += 2
    return sheet, pal


def kept(play, name):
    """(bitmap, palette) of the game's sprite sheet assets/<name>, read
    the first time and then kept by the driver (play.sheet) for the rest
    of the VM. A screen made anew after the pause menu takes the same
    bitmap: read again late in a game, its 3-5 KB in one piece would find
    no hole big enough in a fragmented heap."""
    sheet = getattr(play, "sheet", None)
    if sheet is None:
        sheet = play.sheet = load(asset(play.info.registry.__file__, name))
    return sheet
