"""Seat names in the message line's news: an engine knows no names, so
its describe() names a seat "P1".."P9" and the driver (kapsa.play) has
this put the seat's name there. Imported only when a text has a "P"."""


def named(app, text):
    """`text`, a describe(), with each seat it names as "P1".."P9" (the
    engines know no names) called by its name (app.name_of)."""
    i = text.find("P")
    while i >= 0:
        d = text[i + 1:i + 2]
        after = text[i + 2:i + 3]
        if ("1" <= d <= "9" and (i == 0 or not text[i - 1].isalpha())
                and not (after.isalpha() or after.isdigit())):
            name = app.name_of(int(d) - 1)
            text = text[:i] + name + text[i + 2:]
            i += len(name) - 1
        i = text.find("P", i + 1)
    return text
