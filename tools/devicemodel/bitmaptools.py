"""bitmaptools as the heap model sees it: drawing allocates nothing in
CircuitPython, nor here; the model draws into the Bitmap's own pixels."""


def fill_region(dest_bitmap, x1, y1, x2, y2, value):
    dest_bitmap.fill_rect(x1, y1, x2, y2, value)


def draw_line(dest_bitmap, x1, y1, x2, y2, value):
    steps = max(abs(x2 - x1), abs(y2 - y1), 1)
    i = 0
    while i <= steps:
        dest_bitmap._set(x1 + (x2 - x1) * i // steps, y1 + (y2 - y1) * i // steps, value)
        i += 1
