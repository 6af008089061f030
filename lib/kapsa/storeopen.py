"""Opening the saves (kapsa.store): which records are on the medium, every
slot of a record read and verified, the bad ones set aside, the newest
found; and loading a game's save. A game's VM needs this only while it
starts, so it lives apart from the Store's writing (and so does
kapsa.decode, which it reads records with)."""

from kapsa.codec import GameSave
from kapsa.decode import decode_record, unframe
from kapsa.record import (
    KIND_CLEARED,
    KIND_GAME,
    KIND_SETTINGS,
    MAX_GAME_NAME,
    SETTINGS,
    SLOTS,
    CorruptRecord,
    check_game_name,
    crc32,
    payload,
    slots,
)

SET_ASIDE = ".bad"  # a slot that does not verify is renamed "<slot>.bad"


def keys_on(medium):
    """The record keys that have slots on `medium`, sorted."""
    keys = []
    try:
        names = medium.names()
    except OSError:
        names = []
    for name in names:
        key = slot_key(name)
        if key is not None and key not in keys:
            keys.append(key)
    return sorted(keys)


def slot_key(name):
    """The record key of a slot file name ("qwinto.a" -> "qwinto"), or
    None for any other name (set-aside copies, foreign files, a score
    history's slots: kapsa.history reads those itself)."""
    dot = name.rfind(".")
    slot = name[dot + 1:]
    if dot < 1 or len(slot) != 1 or slot not in SLOTS:
        return None
    key = name[:dot]
    if key == SETTINGS:
        return key if slot in slots(key) else None
    try:
        check_game_name(key)
    except ValueError:
        return None
    return key



def read(store, name):
    try:
        return store.medium.read(name)
    except OSError:
        return b""  # unreadable: damaged


def load_game(store, game):
    """The GameSave of `game` or None (Store.load_game)."""
    known = store._newest.get(game)
    if known is not None and known[2] == KIND_GAME:
        # The slot found newest when the saves were opened, alone: it must
        # still be that very record, or every slot is read again.
        data = read(store, game + "." + known[1])
        try:
            kind, sequence, value = decode_record(data or b"")
        except CorruptRecord:
            kind = sequence = value = None
        if (kind == KIND_GAME and sequence == known[0] and isinstance(value, GameSave)
                and value.game == game):
            body = payload(data)
            if (len(body), crc32(body)) == known[3]:
                return value
    newest = check(store, game)
    return newest if isinstance(newest, GameSave) else None


def check(store, key):
    """Read every slot of `key`, set aside those that do not verify,
    remember the newest verified record; return its value or None.
    Every slot's frame and checksum are verified, but only the newest
    record is decoded whole: on the device all that is decoded is
    garbage to collect (a long game's actions, eight times over)."""
    found = []  # (sequence, slot, kind, data) of the slots that verify
    bad = []
    for slot in slots(key):
        name = key + "." + slot
        data = read(store, name)
        if data is None:
            continue
        try:
            kind, sequence, r = unframe(data)
            if key == SETTINGS:
                ours = kind == KIND_SETTINGS
            else:  # a game's record (saved or cleared) starts with its name
                ours = kind != KIND_SETTINGS and r.text(1, MAX_GAME_NAME, "game name") == key
            if not ours:
                raise CorruptRecord("a valid record of another slot")
        except CorruptRecord:
            bad.append(name)
            continue
        found.append((sequence, slot, kind, data))
    found.sort(reverse=True)
    newest = None
    value = None
    for sequence, slot, kind, data in found:
        try:
            value = decode_record(data)[2]
        except CorruptRecord:  # verifies, yet does not parse
            bad.append(key + "." + slot)
            continue
        body = payload(data)
        newest = (sequence, slot, kind, (len(body), crc32(body)))
        break
    if newest is None:
        store._newest.pop(key, None)
    else:
        store._newest[key] = newest
    for name in bad:
        set_aside(store, key, name, newest is not None)
    return value if newest is not None and newest[2] != KIND_CLEARED else None



def set_aside(store, key, name, other_copy_ok):
    moved = False
    if store.writable:
        try:
            try:
                store.medium.remove(name + SET_ASIDE)  # an older set-aside copy
            except OSError:
                pass
            store.medium.rename(name, name + SET_ASIDE)
            moved = True
        except OSError as exc:
            store._failed(exc, key)
    done = "set aside" if moved else "ignored"
    if other_copy_ok:
        store._problem("%s: one copy was bad; " + done, key)
    elif key == SETTINGS:
        store._problem("Settings were damaged; " + done)
    else:
        store._problem("%s save was damaged; " + done, key)

