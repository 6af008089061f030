"""Each game's last setup (seats, which are computers, options), kept in
the settings record as bytes (Settings.setups: the rest of Kapsa carries
them unread, kapsa.decode too) so that setup opens as the last game of it
started, across restarts. Only the launcher's VM imports this.
docs/saves.md has the bytes: a varint count, then for each game in name
order its name as text, seats (a byte), the computer seats and the
options (varints). Bytes that do not read so are no setups: the
defaults."""

from kapsa.prefs import MAX_SETUPS


def _varint(data, pos):
    value = shift = 0
    while shift < 35:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return value, pos
        shift += 7
    raise ValueError("varint too long")


def _put(out, value):
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)


def read(data):
    """{game: (seats, bots, options)} of Settings.setups; {} for bytes that
    do not read as setups (none, or damaged: the defaults then)."""
    found = {}
    try:
        count, pos = _varint(data, 0)
        for _ in range(min(count, MAX_SETUPS)):
            size = data[pos]
            game = bytes(data[pos + 1:pos + 1 + size]).decode()
            pos += 1 + size
            seats = data[pos]
            bots, pos = _varint(data, pos + 1)
            options, pos = _varint(data, pos)
            found[game] = (seats, bots, options)
        if pos != len(data) or count > MAX_SETUPS:
            return {}
    except (IndexError, ValueError):  # (UnicodeError is a ValueError)
        return {}
    return found


def write(found):
    """The bytes of {game: (seats, bots, options)}."""
    out = bytearray()
    games = sorted(found)[:MAX_SETUPS]
    _put(out, len(games))
    for game in games:
        seats, bots, options = found[game]
        raw = game.encode()
        out.append(len(raw))
        out.extend(raw)
        out.append(seats)
        _put(out, bots)
        _put(out, options)
    return bytes(out)


def recall(app, info):
    """(seats, bots: a bool a seat up to the most, choices: an index an
    option) of the last setup of `info`'s game started, or the defaults:
    the fewest seats, seat 1 a person and the others the computer, each
    option's first choice."""
    reg = info.registry
    low, high = reg.SEATS
    seats = low
    mask = ((1 << high) - 1) & ~1
    options = None
    last = read(app.settings.setups).get(info.name)
    if last is not None:
        seats = min(max(last[0], low), high)
        mask, options = last[1], last[2]
    choices = []
    for _label, values in reg.OPTIONS:
        bits = 0
        for _name, value in values:
            bits |= value
        pick = 0
        if options is not None:
            for j in range(len(values)):
                if values[j][1] == options & bits:
                    pick = j
        choices.append(pick)
    return seats, [bool(mask >> s & 1) for s in range(high)], choices


def remember(app, info, seats, bots, options):
    """Keep this setup as `info`'s game's last (`bots`: a bool a seat up
    to the most) in the settings; written only if it changed (a game
    started with the setup it opened with writes nothing)."""
    mask = 0
    for seat in range(len(bots)):
        if bots[seat]:
            mask |= 1 << seat
    settings = app.settings
    found = read(settings.setups)
    found[info.name] = (seats, mask, options)
    data = write(found)
    if data != settings.setups:
        settings.setups = data
        app.store.save_settings(settings)
