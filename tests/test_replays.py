"""Replays (lib/kapsa/replays.py, replaykeep.py; docs/saves.md, "Replays"):
every finished game is kept where it is counted (a desktop's game-over
scene, the device's counting VM), once; the last ten of a game, newest
first; a power cut at every byte of a replay's write loses at most the
slot written; damaged or foreign slots are skipped, never raised; the
saves' opening leaves replay slots alone; a read-only store keeps
nothing."""

import types

import pytest

from harness import DUEL, Rig, memory_store, real_games
from kapsa import counting, replays
from kapsa.codec import encode_game
from kapsa.memorymedium import MemoryMedium
from kapsa.record import KIND_REPLAY, frame
from kapsa.replaykeep import keep
from kapsa.rng import Rng
from kapsa.selfplay import play_out
from kapsa.store import FolderMedium, Store
from kapsa.storeopen import slot_key

import test_playtest_round2 as R2
from test_playtest_round3 import play_to_the_end
from test_store import PowerCut, SimulatedFlash, steps_of_next_write


def duel_game(n):
    """A finished Duel (tests/tinygame), the n-th of a series: (actions,
    scores)."""
    from tinygame import engine

    state = engine.new_game(2, 0)
    choices = [lambda view, legal, k=k: legal[(n >> k) % len(legal)] for k in range(2)]
    play_out(state, Rng(n + 1), choices)
    return state.actions(), state.scores()


def keep_duel(store, n, extra=b""):
    actions, scores = duel_game(n)
    return keep(store, "duel", 2, 0, 0b10, actions, extra, scores)


def code_extra(n):
    """A game code's 15 bytes (C5, the code, the seed, the picks: kapsa.codes)."""
    return b"\xc5" + b"ABCD%04d" % n + n.to_bytes(4, "little") + b"\x02\x00"


def replayed_scores(game, saved):
    """The scores the game's engine gives the kept actions."""
    info = [g for g in real_games() + [DUEL] if g.name == game][0]
    state = info.load("engine").new_game(saved.seats, saved.options)
    for action in saved.actions:
        state.apply(action)
    return list(state.scores())


# -- where a finished game is kept


@pytest.mark.parametrize("game", ["qwinto", "hashi", "hanabi", "halali"])
def test_every_game_finished_on_a_desktop_is_kept_once_its_game_over_scene_opens(game):
    store = memory_store()
    rig = Rig(games=real_games(), store=store)
    play = R2.start_game(rig, game, 2, 0b10)  # a person and a computer, with a code
    if game == "qwinto":  # (the person's moves by the quick baseline)
        from games.qwinto.greedy import greedy_choose

        play._bot = types.SimpleNamespace(choose=greedy_choose, think=play.bot.think)
    assert replays.kept(store, game) == []
    over = play_to_the_end(rig, play)
    found = replays.kept(store, game)
    assert len(found) == 1
    s = found[0]
    actions = play.state.actions()
    assert (s.slot, s.sequence, s.seats, s.options, s.bots) == ("i", 1, 2, play.options, 0b10)
    assert s.scores == list(over.scores) and s.count == len(actions)
    assert play.code and s.code == play.code
    saved, scores = replays.load(store, game, "i")
    assert (saved.game, saved.seats, saved.options, saved.bots) == (game, 2, play.options, 0b10)
    assert saved.actions == actions
    # the whole extra a save writes: the code's 13 bytes, the picks, the game's own
    assert saved.extra == play.coded + bytes((play.picks & 255, play.picks >> 8)) + play.extra
    assert scores == list(over.scores) == replayed_scores(game, saved)


def play_duel_on_the_device(tmp_path):
    """Duel started and played to its end in the VMs of the device (a
    FolderMedium in tmp_path): the counting VM not yet run."""
    from test_runtime import FakeSupervisor, boot, play_to_its_end, tap

    supervisor = FakeSupervisor()
    tap(boot(tmp_path, supervisor), "A", "A")  # Duel, Start game
    game = boot(tmp_path, supervisor)
    play_to_its_end(game, supervisor)
    assert (tmp_path / "next-game.txt").read_text() == "=duel"
    return supervisor


def test_the_counting_vm_keeps_the_finished_game_it_counts(tmp_path):
    from test_runtime import counting_vm

    supervisor = play_duel_on_the_device(tmp_path)
    store = Store(FolderMedium(str(tmp_path)))
    save = store.load_game("duel")
    assert replays.kept(store, "duel") == []  # not in the game's VM
    counting_vm(tmp_path, supervisor)
    assert (tmp_path / "next-game.txt").read_text().startswith("duel ")  # counted
    assert (tmp_path / "i" / "duel.i").is_file()  # slot i in folder i, like the saves
    found = replays.kept(store, "duel")
    assert [(s.slot, s.sequence, s.count) for s in found] == [("i", 1, len(save.actions))]
    saved, scores = replays.load(store, "duel", "i")
    assert saved == save and saved.extra == save.extra  # (the whole extra)
    assert scores == found[0].scores == replayed_scores("duel", saved)
    assert "kapsa.replaykeep" not in __import__("sys").modules  # let go once counted


def test_a_game_counted_again_is_kept_once(tmp_path):
    from test_runtime import counting_vm

    supervisor = play_duel_on_the_device(tmp_path)
    counting_vm(tmp_path, supervisor)
    kept_bytes = (tmp_path / "i" / "duel.i").read_bytes()
    # A cut lost the count's note: the counting VM runs again on the same save
    (tmp_path / "next-game.txt").write_text("=duel")
    counting_vm(tmp_path, supervisor)
    assert (tmp_path / "next-game.txt").read_text().startswith("duel ")
    store = Store(FolderMedium(str(tmp_path)))
    assert [s.slot for s in replays.kept(store, "duel")] == ["i"]
    assert (tmp_path / "i" / "duel.i").read_bytes() == kept_bytes
    assert not (tmp_path / "j").exists()


def test_a_desktop_game_over_scene_opened_again_keeps_the_game_once():
    store = memory_store()
    rig = Rig(games=real_games(), store=store)
    play = R2.start_game(rig, "hanabi", 2, 0b10)
    play_to_the_end(rig, play)
    files = dict(store.medium.files)
    counting.here(play)  # the scene's count made again
    assert store.medium.files == files
    assert len(replays.kept(store, "hanabi")) == 1


# -- the last ten


def test_eleven_finished_games_keep_the_last_ten_newest_first():
    store = memory_store()
    games = [duel_game(n) for n in range(11)]  # (each with a code of its own)
    for n in range(11):
        assert keep_duel(store, n, code_extra(n))
        found = replays.kept(store, "duel")
        assert [s.sequence for s in found] == list(range(n + 1, max(0, n - 9), -1))
    found = replays.kept(store, "duel")
    assert len(found) == 10
    # the newest (the 11th) took the oldest's slot, i; the others in turn
    assert [s.slot for s in found] == ["i"] + list("rqponmlkj")
    assert [s.code for s in found] == ["ABCD%04d" % n for n in range(10, 0, -1)]
    for n, s in zip(range(10, 0, -1), found):
        saved, scores = replays.load(store, "duel", s.slot)
        assert (saved.actions, scores) == games[n] and s.scores == games[n][1]
        assert s.count == len(games[n][0])
    assert sorted(store.medium.files) == ["duel." + x for x in replays.SLOTS]
    # every slot a different game; the first game's code is gone
    extras = [replays.load(store, "duel", x)[0].extra for x in replays.SLOTS]
    assert len(set(extras)) == 10 and code_extra(0) not in extras


# -- power cuts, damage, the saves' opening, a read-only store


def long_game(n):
    """A replay of some size (a Qwinto-like list of 600 actions)."""
    from test_store import qwinto_actions

    return dict(game="qwinto", seats=3, options=1, bots=0b110, actions=qwinto_actions(600, n),
                extra=code_extra(n), scores=[40 + n, -3, 71])


def keep_long(store, n):
    g = long_game(n)
    return keep(store, g["game"], g["seats"], g["options"], g["bots"], g["actions"], g["extra"],
                g["scores"])


def test_power_cut_at_every_byte_of_a_replay_s_write():
    flash = SimulatedFlash()
    store = Store(flash)
    for n in range(10):  # every slot full: the next overwrites the oldest, slot i
        keep_long(store, n)
    store.save_game("qwinto", 1, 0, 0, [5, 6])
    others = [(s.slot, s.sequence, s.scores) for s in replays.kept(store, "qwinto")[:9]]
    before = flash.snapshot()
    total = steps_of_next_write(flash, lambda st: keep_long(st, 10))
    assert total > 2 * SimulatedFlash.BLOCK + 600  # the erase and the whole record, each byte
    new = 0
    for cut in range(total + 1):
        flash.restore(before)
        flash.cut_at = cut
        if cut < total:
            with pytest.raises(PowerCut):
                keep_long(Store(flash), 10)
        else:
            assert keep_long(Store(flash), 10)
        rebooted = Store(flash)
        assert rebooted.problems == [] and rebooted.load_game("qwinto").actions == [5, 6]
        found = replays.kept(rebooted, "qwinto")
        assert [(s.slot, s.sequence, s.scores) for s in found if s.slot != "i"] == others, cut
        if len(found) == 10:  # the new one whole
            assert (found[0].slot, found[0].sequence, found[0].scores) == ("i", 11, [50, -3, 71])
            assert replays.load(rebooted, "qwinto", "i")[0].actions == long_game(10)["actions"]
            new += 1
        else:
            assert len(found) == 9 and replays.load(rebooted, "qwinto", "i") is None, cut
        # the next keep works: the game is kept (again, or once)
        assert keep_long(rebooted, 10)
        found = replays.kept(Store(flash), "qwinto")
        assert len(found) == 10 and found[0].slot == "i" and found[0].scores == [50, -3, 71]
    assert 1 <= new <= 2  # once its last CRC byte is on the flash (or torn to its value)


def test_damaged_and_foreign_replay_slots_are_skipped_and_never_raise():
    medium = MemoryMedium()
    store = Store(medium)
    assert keep_long(store, 0)  # slot i: the one that verifies
    assert keep(store, "hashi", 1, 0, 0, [300, 4, 5], b"", [33])
    good = medium.files["qwinto.i"]
    flipped = bytearray(good)
    flipped[40] ^= 1
    replay = bytearray(good)
    replay[4] = 2  # the sequence (the CRC then does not match)
    damaged = {
        "j": b"hello, this is no record",
        "k": encode_game("qwinto", 3, 1, [1, 2, 3]),  # a game save: another kind
        "l": medium.files["hashi.i"],  # another game's replay, renamed into the slot
        "m": bytes(flipped),  # one bit
        "n": good[:len(good) // 2],  # torn
        "o": b"",
        "p": frame(KIND_REPLAY, 5, b"\x02\x01\x02\x07qwi"),  # verifies, does not parse
        "q": frame(KIND_REPLAY, 6, b"\x01\x02" + bytes(encode_game("qwinto", 3, 1, [])[10:-4])),
        "r": bytes(replay),
    }  # ("q": one score for three seats)
    for slot, data in damaged.items():
        medium.files["qwinto." + slot] = data
    files = dict(medium.files)
    assert [s.slot for s in replays.kept(store, "qwinto")] == ["i"]
    for slot in damaged:
        assert replays.load(store, "qwinto", slot) is None, slot
    assert replays.load(store, "hashi", "j") is None  # missing
    assert replays.load(store, "qwinto", "a") is None  # not a replay slot
    assert replays.load(store, "qwinto", "i")[1] == [40, -3, 71]
    assert medium.files == files and store.problems == []  # nothing renamed or reported
    # The next replay goes to the first slot that does not verify
    assert keep_long(store, 1)
    assert [s.slot for s in replays.kept(store, "qwinto")] == ["j", "i"]


def test_the_saves_opening_never_reads_or_sets_aside_replay_slots():
    medium = MemoryMedium()
    store = Store(medium)
    store.save_game("qwinto", 1, 0, 0, [5, 6])
    keep_long(store, 0)
    medium.files["qwinto.j"] = b"junk"  # a torn replay
    medium.files["hashi.k"] = b"junk"  # the replay slot of a game without a save
    assert [slot_key("qwinto." + x) for x in replays.SLOTS] == [None] * 10
    files = dict(medium.files)
    read = []
    medium.read = lambda name, get=medium.read: read.append(name) or get(name)
    for opened in (Store(medium), Store(medium, only="qwinto")):  # the launcher's, a game's
        assert opened.problems == [] and opened.saved_games() == ["qwinto"]
        assert opened.load_game("qwinto").actions == [5, 6]
    rig = Rig(games=real_games(), store=Store(medium))  # the launcher opens
    assert rig.app.store.problems == []
    assert medium.files == files  # nothing renamed
    assert not [name for name in read if name[-1] in replays.SLOTS]


def test_a_read_only_store_keeps_nothing_and_a_failed_write_never_raises():
    medium = MemoryMedium(writable=False)
    store = Store(medium)
    assert not keep_long(store, 0)
    assert medium.files == {} and store.problems == []

    class Full(MemoryMedium):
        def write(self, name, data):
            raise OSError(28, "no space")

    store = Store(Full())
    assert not keep_long(store, 0)
    assert store.problems == ["Could not save: the drive is full"] and store.medium.files == {}
