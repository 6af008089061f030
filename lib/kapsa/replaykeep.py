"""A finished game kept for replays (kapsa.replays reads them; docs/saves.md,
"Replays"). Only a finished game's count writes one: the counting VM
(kapsa.countvm) and a desktop's game-over scene (kapsa.counting.here)."""

from kapsa.codec import write_game
from kapsa.record import HEADER, KIND_REPLAY, Writer, crc32, frame
from kapsa.replays import SLOTS, read, summary


def keep(store, game, seats, options, bots, actions, extra, scores, width=0):
    """Keep the finished game (actions and width as codec.encode_game
    takes them; scores a seat) in the first of `game`'s replay slots that
    is missing or does not verify, else over the oldest kept, with a
    sequence one above the newest. True once written, or when the very
    same game is kept already (a count made again after a power cut);
    False when the store is read-only or the write failed (a problem
    reported, never raised)."""
    if not store.writable:
        return False
    # Of the extra, the game code's bytes alone (its seed, its picks): what
    # a game keeps after its end (Hashi's final board, saved again under
    # the scores) is not the game, and a count made again after it must
    # find the same bytes kept.
    extra = bytes(extra[:15]) if extra[:1] == b"\xc5" else b""
    w = Writer()
    w.byte(len(scores), 1, 255, "scores")
    for s in scores:
        w.svarint(s, "score")
    write_game(w, game, seats, options, actions, bots, extra, width)
    body = w.buf
    size = len(body)
    crc = crc32(body)
    target = ""
    oldest = None
    top = 0
    for slot in SLOTS:  # one slot's bytes at a time
        data = read(store, game, slot)
        s = None if data is None else summary(data, game, slot)
        if s is None:
            if not target:
                target = slot
            continue
        end = HEADER + size
        if (data[8] | data[9] << 8) == size and crc32(memoryview(data)[HEADER:end]) == crc \
                and bytes(data[HEADER:end]) == bytes(body):
            return True  # kept already
        top = max(top, s.sequence)
        if oldest is None or s.sequence < oldest.sequence:
            oldest = s
        data = s = None
    if not target and oldest is not None:
        target = oldest.slot
    try:
        store.medium.write(game + "." + target, frame(KIND_REPLAY, top + 1, body))
    except OSError as exc:
        store._failed(exc, game)
        return False
    return True
