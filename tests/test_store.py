"""Saves and settings (lib/kapsa/record.py, codec.py, prefs.py, crc.py, store.py, boot.py).

The proof: SimulatedFlash models erase-before-write, and a power cut is
injected at every byte of a realistic write (a six-seat Qwinto save of
600 actions, a full settings record); after each cut a fresh Store must
load exactly the previous record or the new one, and everything else
unchanged. Then many successive saves with random cuts. Also: the codec
rejects everything that does not verify with CorruptRecord only, damaged
or foreign slots are set aside and reported, FolderMedium's slot files,
read-only media, the codec and Store under real MicroPython, and boot.py
with fake pins.
"""

import os
import random
import runpy
import sys
import types

import pytest

from kapsa import codec, crc, decode, foldermedium, prefs, record
from kapsa.codec import GameSave
from kapsa.record import SLOTS, CorruptRecord
from kapsa.foldermedium import GUARD, MIN_CAPACITY, FolderMedium, folder_of
from kapsa.memorymedium import MemoryMedium
from kapsa.prefs import Settings
from kapsa.store import Store

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# ------------------------------------------------------------------ fixtures

def qwinto_actions(count, seed=1):
    """Actions shaped like a Qwinto game's (choose 33..39, roll 40..255,
    keep/re-roll 28/29, boxes 0..27 for six seats)."""
    rng = random.Random(seed)
    actions = []
    while len(actions) < count:
        actions += [rng.randrange(33, 40), rng.randrange(40, 256), rng.choice((28, 29))]
        actions += [rng.randrange(0, 28) for _ in range(6)]
    return actions[:count]


FULL_SETTINGS = Settings(False, 65, ["Anna", "Bartosz", "Cy", "Dominika", "E", "Franzi"],
                         {"qwinto": 97, "hashi": -3, "hanabi": 25, "halali": -120})


class PowerCut(BaseException):
    """The power fails: nothing in Kapsa may catch this."""


class SimulatedFlash(MemoryMedium):
    """A medium that models NOR flash erase-before-write.

    Each name owns whole erase blocks of BLOCK bytes (what FolderMedium's
    guard layout gives a contiguous slot file, see docs/saves.md). A write
    erases every byte of the slot's blocks to 0xFF, in order, then programs
    the data, in order: each erased or programmed byte is one step. With
    `cut_at = k` the power fails at step k: the bytes before it are done,
    the byte in progress is torn (half erased: some bits back to 1; half
    programmed: only some bits cleared), the rest untouched, and PowerCut
    is raised. A slot that must grow gets fresh blocks holding old junk.
    Renames and removals (metadata) are atomic here.

    Wear: `erases` counts the erases of each sector: each block of a slot
    (name, i), and the directory sector of the slot's folder ("dir",
    folder), which FatFs rewrites on every write (the file's entry) and
    which is FolderMedium's folder_of(name).
    """

    BLOCK = 512
    JUNK = 0xA5

    def __init__(self):
        super().__init__()
        self.cut_at = None
        self.steps = 0  # steps of the last write
        self.erases = {}

    def wear(self, sector):
        self.erases[sector] = self.erases.get(sector, 0) + 1

    def write(self, name, data):
        self._guard()
        cells = self.files.get(name)
        if cells is None or len(cells) < len(data):
            cells = bytes([self.JUNK]) * (-(-max(len(data), 1) // self.BLOCK) * self.BLOCK)
        for i in range(len(cells) // self.BLOCK):
            self.wear((name, i))
        self.wear(("dir", folder_of(name)))
        cells = bytearray(cells)
        erase, program = len(cells), len(data)
        self.steps = erase + program
        cut, self.cut_at = self.cut_at, None
        if cut is None or cut >= erase + program:
            cells[:] = b"\xff" * erase
            cells[:program] = data
            self.files[name] = bytes(cells)
            return
        if cut < erase:
            cells[:cut] = b"\xff" * cut
            cells[cut] |= 0xF0
        else:
            done = cut - erase
            cells[:] = b"\xff" * erase
            cells[:done] = data[:done]
            cells[done] = data[done] | 0x0F
        self.files[name] = bytes(cells)
        raise PowerCut()

    def snapshot(self):
        return dict(self.files)

    def restore(self, files):
        self.files = dict(files)


def steps_of_next_write(flash, do):
    """Steps that `do(store)` takes on a copy of `flash` (no cut)."""
    trial = SimulatedFlash()
    trial.restore(flash.snapshot())
    do(Store(trial))
    return trial.steps


def cut_everywhere(flash, do, load, old, new, others, bad="one copy was bad; set aside"):
    """Cut `do(store)` at every step; after each cut a fresh Store must load
    `old` or `new` (load(store) gives it) and every (load, value) of
    `others` unchanged, no problem reported but `bad`; a save after the
    reboot must then load too.
    Returns how many cuts left the old value, how many the new one, and
    the number of steps of the write."""
    before = flash.snapshot()
    total = steps_of_next_write(flash, do)
    outcome = {"old": 0, "new": 0}
    for cut in range(total + 1):
        flash.restore(before)
        flash.cut_at = cut
        if cut < total:
            with pytest.raises(PowerCut):
                do(Store(flash))
        else:
            do(Store(flash))
        rebooted = Store(flash)
        got = load(rebooted)
        assert got == old or got == new, (cut, got)
        outcome["old" if got == old else "new"] += 1
        for other_load, value in others:
            assert other_load(rebooted) == value, cut
        for message in rebooted.problems:
            assert bad in message and len(message) <= 40, message
        # the store goes on working after the cut
        do(rebooted)
        assert load(Store(flash)) == new, cut
    return outcome["old"], outcome["new"], total


# ------------------------------------------------------------------ the proof

@pytest.mark.parametrize("grow", [False, True], ids=["in-place", "slot-grows"])
def test_power_cut_at_every_byte_of_a_game_save(grow):
    flash = SimulatedFlash()
    s = Store(flash)
    s.save_settings(FULL_SETTINGS)
    s.save_game("hashi", 1, 0, 0, [3, 1, 4, 1, 5])
    actions = qwinto_actions(1200 if grow else 620)
    for n in range(len(SLOTS)):  # slot a: the oldest, written next; slot h: the newest
        s.save_game("qwinto", 6, 1, 0b111000, actions[:530 + 10 * n])
    old = GameSave("qwinto", 6, 1, 0b111000, actions[:600])
    new = GameSave("qwinto", 6, 1, 0b111000, actions, b"\x01\x02")
    size = len(codec.encode_game("qwinto", 6, 1, actions, 0b111000, b"\x01\x02"))
    assert size > 1024 if grow else size < 700

    old_count, new_count, total = cut_everywhere(
        flash, lambda st: st.save_game("qwinto", 6, 1, 0b111000, actions, b"\x01\x02"),
        lambda st: st.load_game("qwinto"), old, new,
        [(Store.load_settings, FULL_SETTINGS),
         (lambda st: st.load_game("hashi"), GameSave("hashi", 1, 0, 0, [3, 1, 4, 1, 5]))])
    # the erase of 2 or 3 blocks, then the record; only a complete record
    # (a torn last CRC byte may happen to read right) gives the new save
    assert total == (3 if grow else 2) * SimulatedFlash.BLOCK + size
    assert old_count >= total - 1 and 1 <= new_count <= 2


def test_power_cut_at_every_byte_of_a_settings_save():
    flash = SimulatedFlash()
    s = Store(flash)
    first = Settings(True, 80, ["A", "B"], {"qwinto": 12})
    s.save_settings(first)
    s.save_settings(Settings(True, 70, ["A", "B"], {"qwinto": 40}))
    s.save_game("qwinto", 3, 0, 0, qwinto_actions(200))
    old = Settings(True, 70, ["A", "B"], {"qwinto": 40})
    assert s.load_settings() == old
    old_count, new_count, total = cut_everywhere(
        flash, lambda st: st.save_settings(FULL_SETTINGS), Store.load_settings,
        old, FULL_SETTINGS,
        [(lambda st: st.load_game("qwinto"), GameSave("qwinto", 3, 0, 0, qwinto_actions(200)))])
    assert total == SimulatedFlash.BLOCK + len(prefs.encode_settings(FULL_SETTINGS))
    assert old_count >= total - 1 and 1 <= new_count <= 2


def test_power_cut_at_every_byte_of_clearing_a_game():
    flash = SimulatedFlash()
    s = Store(flash)
    s.save_game("hanabi", 4, 2, 0b0110, qwinto_actions(150))
    old = GameSave("hanabi", 4, 2, 0b0110, qwinto_actions(150))
    old_count, new_count, total = cut_everywhere(
        flash, lambda st: st.clear_game("hanabi"), lambda st: st.load_game("hanabi"), old, None, [])
    assert old_count >= total - 1 and 1 <= new_count <= 2


def test_repeated_cuts_across_successive_saves():
    rng = random.Random(2024)
    flash = SimulatedFlash()
    expected = {"settings": Settings(), "qwinto": None, "hashi": None}
    loads = {"settings": Store.load_settings,
             "qwinto": lambda st: st.load_game("qwinto"),
             "hashi": lambda st: st.load_game("hashi")}
    actions = qwinto_actions(900, seed=7)
    played = 0
    cuts = 0
    s = Store(flash)
    for turn in range(300):
        pick = rng.random()
        if pick < 0.55:
            played = min(played + rng.randrange(1, 40), len(actions))
            key, new = "qwinto", GameSave("qwinto", 6, 0, 0b11110, actions[:played], b"x")

            def do(st, new=new):
                st.save_game(new.game, new.seats, new.options, new.bots, new.actions, new.extra)
        elif pick < 0.70:
            key = "hashi"
            new = GameSave("hashi", 1, rng.randrange(4), 0, [rng.randrange(300) for _ in range(rng.randrange(1, 90))])

            def do(st, new=new):
                st.save_game(new.game, new.seats, new.options, new.bots, new.actions)
        elif pick < 0.80:
            key, new = "qwinto", None
            played = 0

            def do(st):
                st.clear_game("qwinto")
        else:
            key = "settings"
            new = Settings(rng.random() < 0.5, rng.randrange(101),
                           ["P%d" % rng.randrange(1000) for _ in range(rng.randrange(7))],
                           {"qwinto": rng.randrange(-50, 200)})

            def do(st, new=new):
                st.save_settings(new)
        if rng.random() < 0.6:
            flash.cut_at = rng.randrange(1200)
        try:
            do(s)
        except PowerCut:
            cuts += 1
            s = Store(flash)  # the device restarts
            got = loads[key](s)
            assert got == expected[key] or got == new, (turn, got)
            expected[key] = got
        else:
            flash.cut_at = None
            expected[key] = new
        for k, load in loads.items():
            assert load(s) == expected[k], (turn, k)
        assert all(len(m) <= 40 for m in s.problems)
    assert cuts > 100


def busy_hour(flash, saves=1600, seed=3):
    """An hour of the busiest play (docs/saves.md, "Wear"): `saves` saves of
    six-seat Qwinto games (about 200 saves a game, then the "cleared"
    record), a Hashi save now and then, a new best score in the settings
    after every game, and a restart (a fresh Store) every 50 writes.
    Returns the number of writes of each key."""
    rng = random.Random(seed)
    s = Store(flash)
    done = {"qwinto": 0, "hashi": 0, "settings": 0}
    played = []
    for n in range(saves):
        played.append(rng.randrange(256))
        s.save_game("qwinto", 6, 0, 0b111110, played)
        done["qwinto"] += 1
        if n % 7 == 0:
            s.save_game("hashi", 1, 0, 0, [rng.randrange(300) for _ in range(40)])
            done["hashi"] += 1
        if len(played) == 200:
            s.clear_game("qwinto")
            s.save_settings(Settings(best={"qwinto": n}))
            done["qwinto"] += 1
            done["settings"] += 1
            played = []
        if n % 50 == 0:
            s = Store(flash)
    return done


def test_wear_is_spread_over_the_slots_and_their_folders():
    """No sector takes every save: over an hour of the busiest play each
    game's saves go to eight slots in eight folders in turn, so the most
    erased sector (a folder's directory, or a slot's block) is erased at
    most an eighth of the writes, and a little more (each record starts
    its turn in folder a). With two slots in one folder (the old layout)
    the directory sector took every write."""
    flash = SimulatedFlash()
    done = busy_hour(flash)
    writes = sum(done.values())
    assert writes == sum(n for sector, n in flash.erases.items() if sector[0] == "dir")
    folders = {sector[1]: n for sector, n in flash.erases.items() if sector[0] == "dir"}
    assert sorted(folders) == list(SLOTS)
    bound = sum(-(-n // (2 if key == "settings" else 8)) for key, n in done.items())
    assert max(folders.values()) <= bound <= writes // 8 + done["settings"] // 2 + 3
    assert min(folders.values()) >= writes // 8 - 12  # and evenly
    blocks = max(n for sector, n in flash.erases.items() if sector[0] != "dir")
    assert blocks <= -(-done["qwinto"] // 8)
    assert Store(flash).load_settings().best == {"qwinto": 1599}


def test_losing_a_folder_costs_at_most_the_save_being_written():
    """A cut in the erase of a folder's directory sector (FAT, not modelled
    byte by byte) may lose every file of that folder. The save being
    written is then lost, the previous one loads (it is in another folder);
    every other record loads its newest copy or an older one."""
    rng = random.Random(11)
    for trial in range(40):
        m = MemoryMedium()
        s = Store(m)
        history = {"qwinto": [None], "hashi": [None]}
        for n in range(rng.randrange(3, 30)):
            key = rng.choice(("qwinto", "hashi"))
            save = GameSave(key, 2, 0, 0, [rng.randrange(256) for _ in range(rng.randrange(1, 50))])
            s.save_game(key, 2, 0, 0, save.actions)
            history[key].append(save)
        key = rng.choice(("qwinto", "hashi"))
        new = [rng.randrange(256) for _ in range(9)]
        s.save_game(key, 2, 0, 0, new)
        written = max((name for name in m.files if name.startswith(key + ".")),
                      key=lambda name: decode.decode_record(m.files[name])[1])
        assert decode.decode_game(m.files[written]).actions == new
        folder = folder_of(written)
        for name in list(m.files):
            if folder_of(name) == folder:
                del m.files[name]
        after = Store(m)
        assert after.load_game(key) == history[key][-1], trial
        other = "hashi" if key == "qwinto" else "qwinto"
        assert after.load_game(other) in history[other], trial


def test_the_simulator_does_destroy_a_single_copy():
    """Writing one copy in place (no A/B) loses the record on some cuts:
    the flash model is not too kind to prove anything."""
    flash = SimulatedFlash()
    old = codec.encode_game("qwinto", 6, 0, qwinto_actions(600))
    new = codec.encode_game("qwinto", 6, 0, qwinto_actions(610), sequence=2)
    flash.write("only", old)
    lost = 0
    for cut in range(flash.BLOCK * 2 + len(new)):
        flash.files["only"] = old + b"\xff" * (2 * flash.BLOCK - len(old))
        flash.cut_at = cut
        with pytest.raises(PowerCut):
            flash.write("only", new)
        try:
            decode.decode_game(flash.files["only"])
        except CorruptRecord:
            lost += 1
    assert lost > 1000


# ------------------------------------------------------------------ damaged and foreign slots

def filled_medium():
    m = MemoryMedium()
    s = Store(m)
    s.save_settings(FULL_SETTINGS)
    s.save_game("qwinto", 6, 0, 0, qwinto_actions(600))
    s.save_game("qwinto", 6, 0, 0, qwinto_actions(610))
    s.save_game("hashi", 1, 1, 0, [9, 8, 7])
    return m


DAMAGE = {
    "foreign text": lambda blob, files: b"just some notes\n",
    "empty": lambda blob, files: b"",
    "erased": lambda blob, files: b"\xff" * 1024,
    "truncated": lambda blob, files: blob[:len(blob) // 2],
    "bit flip": lambda blob, files: blob[:100] + bytes([blob[100] ^ 4]) + blob[101:],
    "other game": lambda blob, files: files["hashi.a"],
    "settings record": lambda blob, files: files["settings.a"],
    "newer version": lambda blob, files: blob[:2] + b"\x02" + blob[3:],
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_slot_is_set_aside_and_the_other_copy_used(damage):
    m = filled_medium()
    original = m.files["qwinto.b"]  # the newest copy (610 actions)
    m.files["qwinto.b"] = DAMAGE[damage](original, m.files)
    bad = m.files["qwinto.b"]
    s = Store(m)
    assert s.problems == ["Qwinto: one copy was bad; set aside"]
    assert "qwinto.b" not in m.files and m.files["qwinto.b.bad"] == bad  # renamed, not deleted
    assert s.load_game("qwinto") == GameSave("qwinto", 6, 0, 0, qwinto_actions(600))
    assert s.load_game("hashi") == GameSave("hashi", 1, 1, 0, [9, 8, 7])
    assert s.load_settings() == FULL_SETTINGS
    assert s.saved_games() == ["hashi", "qwinto"]
    s.save_game("qwinto", 6, 0, 0, qwinto_actions(620))  # goes to the free slot
    assert Store(m).load_game("qwinto").actions == qwinto_actions(620)
    assert Store(m).problems == []


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_both_copies_damaged_loses_only_that_save(damage):
    m = filled_medium()
    for slot in ("qwinto.a", "qwinto.b"):
        m.files[slot] = DAMAGE[damage](m.files[slot], m.files)
    s = Store(m)
    assert s.problems == ["Qwinto save was damaged; set aside"]
    assert sorted(m.files) == ["hashi.a", "qwinto.a.bad", "qwinto.b.bad", "settings.a"]
    assert s.load_game("qwinto") is None and s.saved_games() == ["hashi"]
    assert s.load_settings() == FULL_SETTINGS
    assert s.load_game("hashi").actions == [9, 8, 7]


def test_damaged_settings_give_defaults_and_are_reported():
    m = filled_medium()
    m.files["settings.a"] = b"KS\x01\x01garbage"
    s = Store(m)
    assert s.problems == ["Settings were damaged; set aside"]
    assert s.load_settings() == Settings()
    assert s.load_game("qwinto").actions == qwinto_actions(610)
    s.save_settings(FULL_SETTINGS)
    assert Store(m).load_settings() == FULL_SETTINGS


def test_an_older_set_aside_copy_is_replaced_and_other_files_ignored():
    m = filled_medium()
    m.files["qwinto.a.bad"] = b"from last week"
    m.files["._qwinto.a"] = b"macOS metadata"
    m.files["notes.txt"] = b"hello"
    m.files["Qwinto.a"] = b"not our name"
    m.files["qwinto.a"] = b"junk"
    s = Store(m)
    assert s.problems == ["Qwinto: one copy was bad; set aside"]
    assert m.files["qwinto.a.bad"] == b"junk"
    for name in ("._qwinto.a", "notes.txt", "Qwinto.a"):
        assert name in m.files


def test_a_read_only_medium_loads_reports_and_writes_nothing():
    m = filled_medium()
    m.files["qwinto.a"] = b"junk"
    m.writable = False
    before = dict(m.files)
    s = Store(m)
    assert not s.writable
    assert s.problems == ["Qwinto: one copy was bad; ignored"]
    assert s.load_game("qwinto").actions == qwinto_actions(610)
    assert s.load_settings() == FULL_SETTINGS
    assert s.save_game("qwinto", 6, 0, 0, [1]) is False
    assert s.save_settings(Settings()) is False
    s.clear_game("qwinto")
    assert m.files == before


def test_saving_the_same_thing_twice_writes_once():
    m = MemoryMedium()
    s = Store(m)
    writes = []
    write = m.write
    m.write = lambda name, data: (writes.append(name), write(name, data))
    s.save_game("qwinto", 2, 0, 0, [33, 41, 28, 5, 6])
    s.save_game("qwinto", 2, 0, 0, [33, 41, 28, 5, 6])
    s.clear_game("qwinto")
    s.clear_game("qwinto")
    s.clear_game("hashi")  # never saved: nothing to clear
    s.save_settings(Settings())
    s.save_settings(Settings())
    assert writes == ["qwinto.a", "qwinto.b", "settings.a"]
    assert Store(m).saved_games() == []


def test_slots_rotate_with_rising_sequence_numbers():
    m = MemoryMedium()
    s = Store(m)
    for n in range(1, 21):
        s.save_game("qwinto", 2, 0, 0, list(range(n)))
        slot = "qwinto." + "abcdefgh"[(n - 1) % 8]
        assert decode.decode_game(m.files[slot]).sequence == n
        s.save_settings(Settings(brightness=n))  # the settings: two slots
        assert decode.decode_record(m.files["settings." + "ab"[(n - 1) % 2]])[1] == n
        s = Store(m)  # and so after every restart
    assert s.load_game("qwinto").actions == list(range(20))
    assert s.load_settings().brightness == 20
    assert sorted(m.files) == ["qwinto." + x for x in "abcdefgh"] + ["settings.a", "settings.b"]


def test_write_errors_do_not_raise():
    m = filled_medium()
    s = Store(m)

    def full(name, data):
        raise OSError(28, "no space")
    m.write = full
    assert s.save_game("qwinto", 6, 0, 0, [1, 2]) is False
    assert s.problems == ["Could not save: the drive is full"]
    assert s.load_game("qwinto").actions == qwinto_actions(610)


def test_bad_game_names_are_refused():
    s = Store(MemoryMedium())
    for name in ("settings", "", "Qwinto", "a.b", "x" * 17, "1game", "../etc"):
        with pytest.raises(ValueError):
            s.save_game(name, 1, 0, 0, [])


def test_problem_messages_fit_forty_characters():
    m = MemoryMedium({"abcdefghijklmnop.a": b"x", "abcdefghijklmnop.b": b"y",
                      "settings.a": b"z", "qwinto.a": b"w"})
    s = Store(m)
    assert len(s.problems) == 3
    assert all(len(p) <= 40 for p in s.problems), s.problems
    m = MemoryMedium({"abcdefghijklmnop.a": b"x", "abcdefghijklmnop.b": b"y"}, writable=False)
    assert Store(m).problems == ["Abcdefghijklmn save was damaged; ignored"]


# ------------------------------------------------------------------ FolderMedium

def test_folder_medium_slot_files_are_fixed_size_and_rewritten_in_place(tmp_path):
    folder = str(tmp_path / "saves")
    s = Store(FolderMedium(folder))
    assert os.path.isdir(folder) and s.writable
    s.save_game("qwinto", 6, 0, 0, qwinto_actions(600))
    path = os.path.join(folder, "a", "qwinto.a")
    size = os.path.getsize(path)
    assert size == 2 * GUARD + MIN_CAPACITY
    raw = open(path, "rb").read()
    assert raw[:GUARD] == b"\xff" * GUARD
    assert decode.decode_game(raw[GUARD:]).actions == qwinto_actions(600)
    for n in range(1, 8):  # slots b to h
        s.save_game("qwinto", 6, 0, 0, qwinto_actions(600 + n))
    s.save_game("qwinto", 6, 0, 0, qwinto_actions(20))  # slot a again, shorter
    raw = open(path, "rb").read()
    assert len(raw) == size
    assert decode.decode_game(raw[GUARD:]).actions == qwinto_actions(20)
    assert raw[-GUARD:] == b"\xff" * GUARD
    assert Store(FolderMedium(folder)).load_game("qwinto").actions == qwinto_actions(20)
    # a record larger than the region makes a larger file
    s.save_game("qwinto", 6, 0, 0, list(range(1500)))  # a 2900-byte record
    assert os.path.getsize(os.path.join(folder, "b", "qwinto.b")) == 2 * GUARD + 3072
    assert Store(FolderMedium(folder)).load_game("qwinto").actions == list(range(1500))


def test_folder_medium_puts_each_slot_in_a_folder_of_its_own(tmp_path):
    """Slot x of every record lives in the subfolder x, so the directory
    entry that each save rewrites is in that folder's directory: eight
    folders take the saves of a game in turn."""
    folder = tmp_path / "saves"
    s = Store(FolderMedium(str(folder)))
    for n in range(20):
        s.save_game("qwinto", 2, 0, 0, list(range(n + 1)))
        s.save_game("hashi", 1, 0, 0, [n])
    s.save_settings(FULL_SETTINGS)
    s.save_settings(Settings())
    assert sorted(os.listdir(folder)) == list(SLOTS)
    for x in SLOTS:
        names = ["hashi." + x, "qwinto." + x] + (["settings." + x] if x in "ab" else [])
        assert sorted(os.listdir(folder / x)) == names
    again = Store(FolderMedium(str(folder)))
    assert again.problems == [] and again.saved_games() == ["hashi", "qwinto"]
    assert again.load_game("qwinto").actions == list(range(20))
    assert again.load_settings() == Settings()


def test_folder_medium_sets_aside_foreign_files_on_disk(tmp_path):
    folder = tmp_path / "saves"
    Store(FolderMedium(str(folder))).save_settings(FULL_SETTINGS)
    (folder / "a" / "qwinto.a").write_bytes(b"x" * 20000)
    (folder / "b").mkdir()
    (folder / "b" / "hashi.b").write_text("hello")
    (folder / "notes.txt").write_text("mine")
    (folder / "qwinto.c").write_text("not in its folder: not a slot's file")
    s = Store(FolderMedium(str(folder)))
    assert sorted(s.problems) == ["Hashi save was damaged; set aside",
                                  "Qwinto save was damaged; set aside"]
    assert sorted(os.listdir(folder)) == ["a", "b", "notes.txt", "qwinto.c"]
    assert sorted(os.listdir(folder / "a")) == ["qwinto.a.bad", "settings.a"]
    assert sorted(os.listdir(folder / "b")) == ["hashi.b.bad"]
    assert (folder / "a" / "qwinto.a.bad").read_bytes() == b"x" * 20000
    assert s.load_settings() == FULL_SETTINGS


def test_folder_medium_on_a_read_only_filesystem(tmp_path, monkeypatch):
    folder = str(tmp_path / "saves")
    Store(FolderMedium(folder)).save_game("hashi", 1, 0, 0, [5])

    def read_only(*args, **kwargs):
        raise OSError(30, "Read-only filesystem")
    monkeypatch.setattr(foldermedium.os, "mkdir", read_only)
    medium = FolderMedium(folder)
    assert medium.writable is False
    s = Store(medium)
    assert not s.writable
    assert s.load_game("hashi").actions == [5]
    assert s.save_game("hashi", 1, 0, 0, [5, 6]) is False
    assert Store(FolderMedium(folder)).load_game("hashi").actions == [5]


def test_folder_medium_notices_read_only_at_write_time(tmp_path, monkeypatch):
    s = Store(FolderMedium(str(tmp_path / "saves")))
    real_open = open

    def guarded_open(path, mode="r", *args):
        if "w" in mode or "+" in mode:
            raise OSError(30, "Read-only filesystem")
        return real_open(path, mode, *args)
    monkeypatch.setattr(foldermedium, "open", guarded_open, raising=False)
    assert s.writable
    assert s.save_game("qwinto", 2, 0, 0, [1]) is False
    assert not s.writable and s.problems == []


def test_a_missing_folder_on_a_read_only_filesystem(tmp_path, monkeypatch):
    def read_only(*args, **kwargs):
        raise OSError(30, "Read-only filesystem")
    monkeypatch.setattr(foldermedium.os, "mkdir", read_only)
    s = Store(FolderMedium(str(tmp_path / "nothing")))
    assert not s.writable and s.saved_games() == [] and s.load_settings() == Settings()


# ------------------------------------------------------------------ the codec

def test_crc32_pure_equals_binascii():
    import binascii
    rng = random.Random(5)
    assert crc.crc32_pure(b"123456789") == 0xCBF43926
    assert crc.crc32_pure(b"") == 0
    for size in list(range(40)) + [255, 256, 1000, 4096]:
        data = bytes(rng.randrange(256) for _ in range(size))
        assert crc.crc32_pure(data) == binascii.crc32(data) == record.crc32(data)
        assert crc.crc32_pure(data[5:], crc.crc32_pure(data[:5])) == binascii.crc32(data)


def test_game_records_round_trip_in_every_action_encoding():
    cases = [
        ([], codec.ACTIONS_BYTES),
        (qwinto_actions(600), codec.ACTIONS_BYTES),
        ([0, 255, 256, 70000, 2**32 - 1], codec.ACTIONS_VARINT),
        ([-1, 5, 17, 200, 0, 3, -(2**31)], codec.ACTIONS_ZIGZAG),
    ]
    for actions, mode in cases:
        blob = codec.encode_game("qwinto", 6, 2**32 - 1, actions, bots=0b101010,
                                 extra=bytes(range(255)), sequence=2**32 - 1)
        back = decode.decode_game(blob)
        assert back.actions == actions and back.sequence == 2**32 - 1
        assert (back.game, back.seats, back.options, back.bots, back.extra) == (
            "qwinto", 6, 2**32 - 1, 0b101010, bytes(range(255)))
        # name 7, seats 1, options 5, bots 1, extra 2 + 255, then the mode
        assert record.payload(blob)[271] == mode
        assert decode.decode_record(blob + b"\xff" * 300)[2] == back  # slot padding


def test_a_six_seat_qwinto_save_of_600_actions_is_compact():
    blob = codec.encode_game("qwinto", 6, 1, qwinto_actions(600), bots=0b111110)
    assert len(blob) == 14 + 7 + 1 + 1 + 1 + 1 + 1 + 2 + 600  # header+crc, fields, actions


def test_settings_round_trip_and_defaults():
    blob = prefs.encode_settings(FULL_SETTINGS, sequence=7)
    assert decode.decode_settings(blob) == FULL_SETTINGS
    assert decode.decode_record(blob)[:2] == (record.KIND_SETTINGS, 7)
    assert decode.decode_settings(prefs.encode_settings(Settings())) == Settings()
    assert len(blob) < 120
    assert decode.decode_record(codec.encode_cleared("qwinto", 3)) == (record.KIND_CLEARED, 3, "qwinto")


def test_encoding_refuses_what_the_format_cannot_hold():
    bad_games = [
        dict(game="qwïnto"), dict(game=""), dict(game="x" * 17), dict(seats=0), dict(seats=256),
        dict(options=-1), dict(bots=2**32), dict(actions=[1, "2"]), dict(actions=[2**32]),
        dict(extra=b"x" * 256), dict(extra="text"), dict(sequence=-1),
    ]
    base = dict(game="qwinto", seats=2, options=0, actions=[1], bots=0, extra=b"", sequence=1)
    for change in bad_games:
        with pytest.raises(ValueError):
            codec.encode_game(**dict(base, **change))
    for settings in (Settings(brightness=101), Settings(names=["a"] * 7), Settings(names=["ninechars"]),
                     Settings(names=["tab\t"]), Settings(best={"": 1}), Settings(best={"q": 2**31})):
        with pytest.raises(ValueError):
            prefs.encode_settings(settings)
    with pytest.raises(TypeError):
        prefs.encode_settings(("qwinto", 3, 0, []))
    with pytest.raises(ValueError):
        codec.encode_game("qwinto", 6, 0, list(range(9000)))  # over MAX_RECORD


def records():
    return [codec.encode_game("qwinto", 6, 1, qwinto_actions(40), 6, b"ab", 9),
            codec.encode_game("hashi", 1, 0, [300, 5, 70000], 0, b"", 3),
            codec.encode_game("duel", 2, 0, [-1, 4], 1, b"", 4),
            prefs.encode_settings(FULL_SETTINGS, 5),
            codec.encode_cleared("qwinto", 6)]


def test_every_truncation_and_every_bit_flip_is_rejected():
    for blob in records():
        for size in range(len(blob)):
            with pytest.raises(CorruptRecord):
                decode.decode_record(blob[:size])
        for i in range(len(blob)):
            for bit in range(8):
                damaged = bytearray(blob)
                damaged[i] ^= 1 << bit
                with pytest.raises(CorruptRecord):
                    decode.decode_record(bytes(damaged))


def test_two_byte_actions_are_the_engines_bytes_and_older_varint_saves_still_open():
    """Halali's actions take two bytes in its engine (State._acts, high
    first): a save copies them as they are (encoding 03, one call however
    long the game: as varints, a late save cost the device 30 ms), and a
    save written as varints before (encoding 01) still opens."""
    
    actions = [3, 1524, 2140, 64, 2584]
    pairs = bytearray()
    for a in actions:
        pairs += bytes((a >> 8, a & 255))
    saved_now = codec.encode_game("halali", 2, 0, pairs, 2, b"", 4, 2)
    body = bytes(saved_now[10:-4])
    assert body.endswith(bytes((codec.ACTIONS_PAIRS, len(actions))) + pairs)
    assert decode.decode_game(saved_now).actions == actions
    assert codec.encode_game("halali", 2, 0, actions, 2, b"", 4) == saved_now  # a list alike
    old = record.Writer()
    old.text("halali", 1, 16, "game")
    for value in (2, 0, 2, 0, codec.ACTIONS_VARINT, len(actions)):
        old.uvarint(value)
    for a in actions:
        old.uvarint(a)
    saved = decode.decode_game(record.frame(record.KIND_GAME, 4, old.buf))
    assert saved.actions == actions and saved.game == "halali" and saved.bots == 2


def test_foreign_data_is_rejected_with_a_clear_reason():
    blob = records()[0]
    cases = {
        b"": "too short", b"\xff" * 64: "bad magic", b"\x00" * 64: "bad magic",
        b"print('hello world')\n": "bad magic",
        blob[:2] + b"\x02" + blob[3:]: "version 2",
        blob[:3] + b"\x09" + blob[4:]: "kind",
        blob[:8] + b"\xff\x00" + blob[10:]: "length",
        blob[:-1] + bytes([blob[-1] ^ 0x80]): "checksum",
        None: "not bytes", "KS": "not bytes",
    }
    for data, reason in cases.items():
        with pytest.raises(CorruptRecord, match=reason):
            decode.decode_record(data)
    with pytest.raises(CorruptRecord, match="expected"):
        decode.decode_game(records()[3])
    with pytest.raises(CorruptRecord, match="expected"):
        decode.decode_settings(records()[0])


def rewrap(blob, payload):
    """`payload` in the header of `blob`, with a correct length and CRC."""
    head = bytearray(blob[:8]) + len(payload).to_bytes(2, "little") + payload
    return bytes(head) + record.crc32(head).to_bytes(4, "little")


def test_payloads_that_verify_but_do_not_parse_raise_only_corrupt_record():
    rng = random.Random(11)
    tried = rejected = 0
    for blob in records():
        body = bytes(record.payload(blob))
        variants = [body[:n] for n in range(len(body))] + [body + b"\x00", body + body]
        for _ in range(700):
            mutated = bytearray(body)
            for _ in range(rng.randrange(1, 4)):
                mutated[rng.randrange(len(mutated))] = rng.choice((0, 1, 0x7F, 0x80, 0xFF, rng.randrange(256)))
            variants.append(bytes(mutated))
            variants.append(bytes(rng.randrange(256) for _ in range(rng.randrange(40))))
        for variant in variants:
            tried += 1
            try:
                decode.decode_record(rewrap(blob, variant))
            except CorruptRecord:
                rejected += 1
    assert tried > 7000 and rejected > 3000


# ------------------------------------------------------------------ MicroPython

MICROPYTHON_PROGRAM = """
from kapsa import codec, crc, decode, prefs, record
from kapsa.memorymedium import MemoryMedium
from kapsa.store import Store, Settings

def hexed(blob):
    return "".join("%02x" % b for b in blob)

print(hexed(codec.encode_game("qwinto", 6, 1, ACTIONS, 62, b"ab", 9)))
print(hexed(codec.encode_game("hashi", 1, 0, [300, 5, 70000], 0, b"", 3)))
print(hexed(codec.encode_game("duel", 2, 0, [-1, 4], 1, b"", 4)))
print(hexed(prefs.encode_settings(SETTINGS, 5)))
print(crc.crc32_pure(bytes(range(256)) * 3), record.crc32(bytes(range(256)) * 3))
m = MemoryMedium()
s = Store(m)
s.save_settings(SETTINGS)
for n in (100, 300, 600):
    s.save_game("qwinto", 6, 1, 62, ACTIONS[:n])
m.files["qwinto.c"] = b"junk"
s = Store(m)
print(s.problems, sorted(m.files))
print(len(s.load_game("qwinto").actions), s.load_settings() == SETTINGS, s.saved_games())
"""


def test_codec_and_store_under_micropython_give_the_same_bytes():
    from test_micropython_gate import run_guest

    actions = qwinto_actions(600)
    setup = "from kapsa.store import Settings\nACTIONS = %r\nSETTINGS = Settings(%r, %r, %r, %r)\n" % (
        actions, FULL_SETTINGS.sound, FULL_SETTINGS.brightness, FULL_SETTINGS.names,
        FULL_SETTINGS.best)
    # The WASI build's collector may free a running function's frame: no
    # collection at all here (tests/test_micropython_gate.py explains).
    program = "import gc\ngc.disable()\n" + setup + MICROPYTHON_PROGRAM + "print('GATE OK')\n"
    guest = run_guest(program, "2M")["stdout"].splitlines()
    data = bytes(range(256)) * 3
    assert guest[:6] == [
        codec.encode_game("qwinto", 6, 1, actions, 62, b"ab", 9).hex(),
        codec.encode_game("hashi", 1, 0, [300, 5, 70000], 0, b"", 3).hex(),
        codec.encode_game("duel", 2, 0, [-1, 4], 1, b"", 4).hex(),
        prefs.encode_settings(FULL_SETTINGS, 5).hex(),
        "%d %d" % (crc.crc32_pure(data), crc.crc32_pure(data)),
        "['Qwinto: one copy was bad; set aside'] "
        "['qwinto.a', 'qwinto.b', 'qwinto.c.bad', 'settings.a']",
    ]
    assert guest[6] == "300 True ['qwinto']"  # the 600-action copy was the junked one


# ------------------------------------------------------------------ boot.py

class FakeShiftRegister:
    """A 74HC165 behind fake digitalio pins: latch low loads the buttons,
    latch high freezes them, each rising clock edge shifts one bit."""

    def __init__(self, pressed):
        self.pressed = pressed
        self.bits = 0
        self.latched = False
        self.clock = False
        self.clocks = 0

    def set(self, pin, value):
        if pin == "LATCH":
            if not value:
                self.bits = self.pressed
            self.latched = value
        elif pin == "CLOCK":
            if value and not self.clock and self.latched:
                self.bits >>= 1
                self.clocks += 1
            self.clock = value

    def data(self):
        return bool(self.bits & 1) if self.latched else False


def run_boot(monkeypatch, pressed):
    chip = FakeShiftRegister(pressed)
    remounts = []

    class DigitalInOut:
        def __init__(self, pin):
            self.pin = pin

        def switch_to_output(self, value=False):
            chip.set(self.pin, value)

        def switch_to_input(self, pull=None):
            pass

        @property
        def value(self):
            assert self.pin == "OUT"
            return chip.data()

        @value.setter
        def value(self, value):
            chip.set(self.pin, value)

        def deinit(self):
            pass

    fakes = {
        "board": types.SimpleNamespace(BUTTON_LATCH="LATCH", BUTTON_CLOCK="CLOCK", BUTTON_OUT="OUT"),
        "digitalio": types.SimpleNamespace(DigitalInOut=DigitalInOut),
        "storage": types.SimpleNamespace(remount=lambda path, readonly=False: remounts.append((path, readonly))),
        "time": types.SimpleNamespace(sleep=lambda seconds: None),
    }
    for name, module in fakes.items():
        monkeypatch.setitem(sys.modules, name, module)
    runpy.run_path(os.path.join(ROOT, "boot.py"))
    assert chip.clocks >= 8
    return remounts


SELECT_BIT = 1 << 3


@pytest.mark.parametrize("pressed", [0, 0b1, 0b10, 0b100, 0b11110111])
def test_boot_makes_the_drive_writable_for_kapsa_unless_select_is_held(monkeypatch, pressed):
    assert run_boot(monkeypatch, pressed) == [("/", False)]


@pytest.mark.parametrize("pressed", [SELECT_BIT, SELECT_BIT | 0b101, 0xFF])
def test_boot_leaves_usb_write_access_when_select_is_held(monkeypatch, pressed):
    assert run_boot(monkeypatch, pressed) == []


def test_memory_log_setting_round_trips_in_the_flags_byte():
    on = Settings(False, 40, ["A"], {}, memory_log=True)
    blob = prefs.encode_settings(on)
    assert record.payload(blob)[0] == prefs.MEMORY_LOG  # sound off, log on
    assert decode.decode_settings(blob) == on
    assert decode.decode_settings(blob) != Settings(False, 40, ["A"], {})
    # A record written before the setting existed reads with the log off.
    old = prefs.encode_settings(Settings(True, 40, ["A"], {}))
    assert record.payload(old)[0] == 1
    assert decode.decode_settings(old).memory_log is False
    # An unknown flag bit is a damaged record.
    body = bytearray(record.payload(blob))
    body[0] = 4
    with pytest.raises(CorruptRecord, match="flags"):
        decode.decode_settings(rewrap(blob, bytes(body)))


def test_the_folder_mediums_copies_of_the_record_format_match_kapsa_record():
    from kapsa import foldermedium, record

    assert (foldermedium._HEADER, foldermedium._TRAILER) == (record.HEADER, record.TRAILER)
    assert (foldermedium._MAGIC0, foldermedium._MAGIC1) == (record.MAGIC0, record.MAGIC1)


def test_reading_a_slot_reads_its_record_not_its_whole_region(tmp_path):
    from kapsa.foldermedium import FolderMedium
    from kapsa.store import Store

    medium = FolderMedium(str(tmp_path))
    Store(medium).save_game("qwinto", 2, 0, 0, [1, 2, 3])
    names = [n for n in medium.names() if n.startswith("qwinto.")]
    assert len(names) == 1
    data = medium.read(names[0])
    assert data[:2] == b"KS" and len(data) == 10 + (data[8] | data[9] << 8) + 4  # exactly the record
    assert Store(medium).load_game("qwinto").actions == [1, 2, 3]
