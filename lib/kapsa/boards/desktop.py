"""Desktop board (CPython + Blinka): a framebuffer display that renders the
real displayio tree, shown in a pygame window scaled x4 or, headless, saved
as PNG files. Desktop only: it uses private internals of
adafruit-blinka-displayio (pinned in requirements-desktop.txt).

Keyboard: arrows = d-pad, X = A, Z = B, Enter = Start, Backspace = Select.
"""

import os
import struct
import zlib

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
os.environ.setdefault("BLINKA_SKIP_DEPENDENCY_CHECK", "1")

import busdisplay  # noqa: E402
import displayio  # noqa: E402,F401  (displayio before vectorio, see stack notes)
from displayio._area import Area  # noqa: E402

from kapsa import buttons as btn  # noqa: E402
from kapsa.boards import Board  # noqa: E402
from kapsa.boards.scripted import ScriptedSource  # noqa: E402
from kapsa.boards.speaker import SilentAudio  # noqa: E402

WIDTH = 160
HEIGHT = 128
SCALE = 4


class FrameDisplay(busdisplay.BusDisplay):
    """A BusDisplay without a bus: refreshed areas land in an RGB565
    framebuffer. `dirty_pixels` counts the pixels each refresh redrew (the
    union of its areas: Blinka reports a changed label letter by letter
    and as a whole, so the areas overlap)."""

    def __init__(self, width=WIDTH, height=HEIGHT):
        super().__init__(None, b"", width=width, height=height, auto_refresh=False,
                         reverse_bytes_in_word=False)
        self.frame = [0] * (width * height)
        self.dirty_pixels = 0  # pixels redrawn by the last refresh
        self._dirty = bytearray(width * height)
        self.on_refresh = None
        self._brightness = 1.0

    def refresh(self, **_kwargs):
        self._dirty = bytearray(self.width * self.height)
        self._refresh_display()
        self.dirty_pixels = self._dirty.count(1)
        if self.on_refresh is not None:
            self.on_refresh(self)
        return True

    def _refresh_area(self, area):
        clipped = Area()
        if not self._core.clip_area(area, clipped):
            return True
        w = clipped.x2 - clipped.x1
        h = clipped.y2 - clipped.y1
        n = w * h
        buffer = memoryview(bytearray(((n + 1) // 2) * 4)).cast("I")
        mask = memoryview(bytearray((n // 32 + 1) * 4)).cast("I")
        self._core.fill_area(clipped, mask, buffer)
        pixels = memoryview(buffer.obj).cast("H")
        width = self._core.width
        for row in range(h):
            start = (clipped.y1 + row) * width + clipped.x1
            self.frame[start:start + w] = pixels[row * w:(row + 1) * w]
            self._dirty[start:start + w] = b"\x01" * w
        return True

    @property
    def brightness(self):
        return self._brightness

    @brightness.setter
    def brightness(self, value):
        self._brightness = value

    def pixel(self, x, y):
        """The colour at (x, y) as 0xRRGGBB (RGB565 widened)."""
        return rgb888(self.frame[y * self.width + x])

    def rgb_rows(self, scale=1):
        """The frame as rows of RGB bytes, each pixel repeated `scale` times."""
        rows = []
        width = self.width
        for y in range(self.height):
            line = bytearray()
            for value in self.frame[y * width:(y + 1) * width]:
                c = rgb888(value)
                line += bytes((c >> 16, (c >> 8) & 0xFF, c & 0xFF)) * scale
            for _ in range(scale):
                rows.append(bytes(line))
        return rows

    def save_png(self, path, scale=1):
        write_png(path, self.rgb_rows(scale))


def rgb888(value):
    r = (value >> 11) & 0x1F
    g = (value >> 5) & 0x3F
    b = value & 0x1F
    return ((r << 3 | r >> 2) << 16) | ((g << 2 | g >> 4) << 8) | (b << 3 | b >> 2)


def write_png(path, rows):
    """Write RGB rows (bytes, 3 per pixel) as a PNG file."""
    height = len(rows)
    width = len(rows[0]) // 3
    raw = b"".join(b"\x00" + row for row in rows)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


KEYMAP = {
    "up": btn.UP, "down": btn.DOWN, "left": btn.LEFT, "right": btn.RIGHT,
    "x": btn.A, "z": btn.B, "return": btn.START, "backspace": btn.SELECT,
}


class PygameWindow:
    """Shows the framebuffer in a window scaled x4 and reads the keyboard.
    It is also the button source: read() drains pygame's events.

    Only what changed costs time: a refresh that drew no pixel (a still
    screen) is not shown again, and a shown frame becomes RGB through a
    table (the colours of rgb888(), as in the PNGs), scaled by SDL."""

    def __init__(self, display, scale=SCALE):
        import pygame

        self._pygame = pygame
        pygame.init()
        self._scale = scale
        self._surface = pygame.display.set_mode((display.width * scale, display.height * scale))
        pygame.display.set_caption("Kapsa")
        self._keys = {getattr(pygame, "K_" + name.upper() if len(name) > 1 else "K_" + name): mask
                      for name, mask in KEYMAP.items()}
        self._rgb = [bytes(((c >> 16), (c >> 8) & 0xFF, c & 0xFF)) for c in map(rgb888, range(65536))]
        self._held = 0
        self._shown = None  # brightness of the frame in the window; None: show again
        self.presented = 0  # frames put in the window (the tests count them)
        self.closed = False
        display.on_refresh = self.present

    def present(self, display):
        if not display.dirty_pixels and self._shown == display.brightness:
            return  # nothing changed on the screen: the window shows it already
        pygame = self._pygame
        rgb = b"".join(map(self._rgb.__getitem__, display.frame))
        image = pygame.image.frombuffer(rgb, (display.width, display.height), "RGB")
        image = pygame.transform.scale(image, self._surface.get_size())
        if display.brightness < 1.0:
            image.fill([int(255 * max(display.brightness, 0.1))] * 3, special_flags=pygame.BLEND_MULT)
        self._surface.blit(image, (0, 0))
        pygame.display.flip()
        self._shown = display.brightness
        self.presented += 1

    def read(self):
        pygame = self._pygame
        went_down = 0
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.closed = True
            elif event.type == pygame.KEYDOWN and event.key in self._keys:
                self._held |= self._keys[event.key]
                went_down |= self._keys[event.key]
            elif event.type == pygame.KEYUP and event.key in self._keys:
                self._held &= ~self._keys[event.key]
            elif event.type in (getattr(pygame, "WINDOWEXPOSED", -1), getattr(pygame, "VIDEOEXPOSE", -1)):
                self._shown = None  # uncovered: draw the window again
        return self._held, went_down


def build(headless=True, source=None):
    """A desktop board. Headless: buttons come from `source` (a
    ScriptedSource by default) and frames stay in memory for PNGs."""
    displayio.release_displays()
    display = FrameDisplay()
    if headless:
        source = source or ScriptedSource()
    else:
        source = PygameWindow(display)
    return Board("desktop", display, btn.Buttons(source), SilentAudio())
