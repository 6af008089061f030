"""vectorio as the heap model sees it: a shape is the shape's struct plus
the VectorShape struct CircuitPython allocates with it (32 + 64 bytes for a
Rectangle); a Polygon keeps its points as 16-bit pairs."""


class _Shape:
    def __init__(self, pixel_shader, x, y, color_index):
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        self.color_index = color_index
        self.hidden = False
        self._vectorshape = bytearray(32)  # the C VectorShape beside the shape

    @property
    def location(self):
        return (self.x, self.y)

    @location.setter
    def location(self, xy):
        self.x, self.y = xy


class Rectangle(_Shape):
    def __init__(self, *, pixel_shader, width, height, x=0, y=0, color_index=0):
        _Shape.__init__(self, pixel_shader, x, y, color_index)
        self.width = width
        self.height = height


class Circle(_Shape):
    def __init__(self, *, pixel_shader, radius, x=0, y=0, color_index=0):
        _Shape.__init__(self, pixel_shader, x, y, color_index)
        self.radius = radius


class Polygon(_Shape):
    def __init__(self, *, pixel_shader, points, x=0, y=0, color_index=0):
        _Shape.__init__(self, pixel_shader, x, y, color_index)
        self.points = points

    @property
    def points(self):
        p = self._points
        return [(p[i], p[i + 1]) for i in range(0, len(p), 2)]

    @points.setter
    def points(self, points):
        import array

        flat = array.array("h")
        for x, y in points:
            flat.append(x)
            flat.append(y)
        self._points = flat
