"""displayio as the heap model sees it.

Each object keeps on the heap what CircuitPython's C object keeps there
(the structs of shared-module/displayio): a Bitmap its pixel words, a
TileGrid its tile indices (inline up to 4 one-byte tiles), a Group the list
of its members, a Palette 16 bytes per colour. The Python instance stands
for the C struct itself (48 to 96 bytes there). Bitmaps keep their pixels
(a screen may read a glyph back); nothing is shown.
"""

_COLOR_BYTES = 16  # sizeof(_displayio_color_t)


class Bitmap:
    # The model's own work allocates nothing (while loops, no tuples), as
    # the C code allocates nothing: garbage made here would count in a
    # frame's peak. bitmap[x, y] still builds its index tuple, as on the
    # device.
    def __init__(self, width, height, value_count):
        bits = 1
        while (1 << bits) < value_count:
            bits *= 2  # 1, 2, 4, 8, 16 or 32 bits per value
        self.width = width
        self.height = height
        self._bits = bits
        self._stride = (width * bits + 31) // 32 * 32  # bits per row, whole words
        self._data = bytearray(self._stride // 8 * height)

    def _set(self, x, y, value):
        bits = self._bits
        bit = y * self._stride + x * bits
        d = self._data
        i = bit >> 3
        if bits >= 8:
            k = 0
            while k < bits >> 3:
                d[i + k] = (value >> (8 * k)) & 0xFF
                k += 1
        else:
            shift = bit & 7
            mask = ((1 << bits) - 1) << shift
            d[i] = (d[i] & ~mask) | ((value << shift) & mask)

    def _get(self, x, y):
        bits = self._bits
        bit = y * self._stride + x * bits
        d = self._data
        i = bit >> 3
        if bits >= 8:
            v = 0
            k = 0
            while k < bits >> 3:
                v |= d[i + k] << (8 * k)
                k += 1
            return v
        return (d[i] >> (bit & 7)) & ((1 << bits) - 1)

    def __setitem__(self, index, value):
        if isinstance(index, tuple):
            self._set(index[0], index[1], value)
        else:
            self._set(index % self.width, index // self.width, value)

    def __getitem__(self, index):
        if isinstance(index, tuple):
            return self._get(index[0], index[1])
        return self._get(index % self.width, index // self.width)

    def fill_rect(self, x1, y1, x2, y2, value):
        """The model's fill of a region (bitmaptools.fill_region, fill)."""
        x1 = max(x1, 0)
        x2 = min(x2, self.width)
        y = max(y1, 0)
        y2 = min(y2, self.height)
        while y < y2:
            x = x1
            while x < x2:
                self._set(x, y, value)
                x += 1
            y += 1

    def fill(self, value):
        self.fill_rect(0, 0, self.width, self.height, value)

    def blit(self, x, y, source, *, x1=0, y1=0, x2=None, y2=None, skip_index=None):
        x2 = source.width if x2 is None else x2
        y2 = source.height if y2 is None else y2
        sy = y1
        while sy < y2:
            sx = x1
            while sx < x2:
                v = source._get(sx, sy)
                dx = x + sx - x1
                dy = y + sy - y1
                if v != skip_index and 0 <= dx < self.width and 0 <= dy < self.height:
                    self._set(dx, dy, v)
                sx += 1
            sy += 1

    def dirty(self, *args, **kwargs):
        pass


class Palette:
    def __init__(self, color_count, *, dither=False):
        self._n = color_count
        self._colors = bytearray(_COLOR_BYTES * color_count)

    def __len__(self):
        return self._n

    def __setitem__(self, index, color):
        c = self._colors
        i = index * _COLOR_BYTES
        c[i] = color & 0xFF
        c[i + 1] = (color >> 8) & 0xFF
        c[i + 2] = (color >> 16) & 0xFF

    def __getitem__(self, index):
        c = self._colors
        i = index * _COLOR_BYTES
        return c[i] | (c[i + 1] << 8) | (c[i + 2] << 16)

    def make_transparent(self, index):
        self._colors[index * _COLOR_BYTES + 3] = 1

    def make_opaque(self, index):
        self._colors[index * _COLOR_BYTES + 3] = 0

    def is_transparent(self, index):
        return self._colors[index * _COLOR_BYTES + 3] == 1


class ColorConverter:
    def __init__(self, *, input_colorspace=None, dither=False):
        pass


class Group:
    # Fields are private and read through properties, as the C type's are:
    # a Python subclass (a Label) may override a property without the
    # constructor running the override.
    def __init__(self, *, scale=1, x=0, y=0):
        self._members = []  # CircuitPython: mp_obj_new_list(0, NULL)
        self._x = x
        self._y = y
        self._scale = scale
        self._hidden = False

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, value):
        self._x = value

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, value):
        self._y = value

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        self._scale = value

    @property
    def hidden(self):
        return self._hidden

    @hidden.setter
    def hidden(self, value):
        self._hidden = value

    def append(self, layer):
        self._members.append(layer)

    def insert(self, index, layer):
        self._members.insert(index, layer)

    def index(self, layer):
        return self._members.index(layer)

    def remove(self, layer):
        self._members.remove(layer)

    def pop(self, i=-1):
        return self._members.pop(i)

    def sort(self, key=None, reverse=False):
        self._members.sort(key=key, reverse=reverse)

    def __len__(self):
        return len(self._members)

    def __getitem__(self, index):
        return self._members[index]

    def __setitem__(self, index, layer):
        self._members[index] = layer

    def __delitem__(self, index):
        del self._members[index]

    def __contains__(self, layer):
        return layer in self._members

    def __iter__(self):
        return iter(self._members)


class TileGrid:
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self._bitmap = bitmap
        self._shader = pixel_shader
        self._x = x
        self._y = y
        self._hidden = False
        tw = tile_width or bitmap.width
        th = tile_height or bitmap.height
        self._size = (width, height, tw, th)
        tiles_in_bitmap = (bitmap.width // tw) * (bitmap.height // th)
        size = width * height * (2 if tiles_in_bitmap > 255 else 1)
        # Up to four bytes of tiles live inside the struct's pointer.
        self._tiles = bytearray(size) if size > 4 else None
        self._flips = 0

    # Properties, as the C type's: a subclass (adafruit_display_shapes'
    # Rect) may override one.
    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, value):
        self._x = value

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, value):
        self._y = value

    @property
    def hidden(self):
        return self._hidden

    @hidden.setter
    def hidden(self, value):
        self._hidden = value

    @property
    def bitmap(self):
        return self._bitmap

    @bitmap.setter
    def bitmap(self, value):
        self._bitmap = value

    @property
    def pixel_shader(self):
        return self._shader

    @pixel_shader.setter
    def pixel_shader(self, value):
        self._shader = value

    @property
    def width(self):
        return self._size[0]

    @property
    def height(self):
        return self._size[1]

    @property
    def tile_width(self):
        return self._size[2]

    @property
    def tile_height(self):
        return self._size[3]

    @property
    def flip_x(self):
        return bool(self._flips & 1)

    @flip_x.setter
    def flip_x(self, value):
        self._flips = (self._flips & ~1) | (1 if value else 0)

    @property
    def flip_y(self):
        return bool(self._flips & 2)

    @flip_y.setter
    def flip_y(self, value):
        self._flips = (self._flips & ~2) | (2 if value else 0)

    @property
    def transpose_xy(self):
        return bool(self._flips & 4)

    @transpose_xy.setter
    def transpose_xy(self, value):
        self._flips = (self._flips & ~4) | (4 if value else 0)

    def __setitem__(self, index, tile):
        pass

    def __getitem__(self, index):
        return 0

    def contains(self, touch):
        return False


class Display:
    """board.DISPLAY: static in CircuitPython (no heap)."""

    def __init__(self):
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.width = 160
        self.height = 128
        self.rotation = 0

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        return True


def release_displays():
    pass
