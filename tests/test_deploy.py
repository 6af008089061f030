"""tools/deploy.py: what goes onto a CIRCUITPY drive, and how."""

import os
import pathlib
import shutil
import stat
import sys
import urllib.error

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import deploy  # noqa: E402

# A small Kapsa-shaped project: the real requirements-device.txt, desktop
# modules that must stay behind, a cache folder, an asset, and imports of
# Adafruit libraries (bitmap_label pulls in adafruit_ticks by itself).
PROJECT = {
    "code.py": "from kapsa.main import main\nmain()\n",
    "boot.py": "import storage\n",
    "lib/kapsa/__init__.py": "",
    "lib/kapsa/engine.py": "CHANCE = -1\n",
    "lib/kapsa/main.py": "def main():\n    from kapsa.ui import widgets\n",
    "lib/kapsa/ui/__init__.py": "",
    "lib/kapsa/ui/widgets.py": (
        "from adafruit_display_text import label\n"
        "from adafruit_display_text.bitmap_label import Label\n"
        "import adafruit_display_shapes.rect as rect\n"),
    "lib/kapsa/boards/__init__.py": "",
    "lib/kapsa/boards/desktop.py": "import pygame\n",
    "lib/kapsa/sound_desktop.py": "import pygame.mixer\n",
    "games/__init__.py": "",
    "games/duel/__init__.py": "TITLE = 'Duel'\n",
    "games/duel/engine.py": "from kapsa.engine import CHANCE\n",
    "games/duel/__pycache__/engine.cpython-311.pyc": "junk",
    "assets/font.bdf": "STARTFONT 2.1\n",
}

EXPECTED = [
    "code.py",
    "boot.py",
    "lib/kapsa/__init__.py",
    "lib/kapsa/engine.py",
    "lib/kapsa/main.py",
    "lib/kapsa/boards/__init__.py",
    "lib/kapsa/ui/__init__.py",
    "lib/kapsa/ui/widgets.py",
    "games/__init__.py",
    "games/duel/__init__.py",
    "games/duel/engine.py",
    "assets/font.bdf",
    "lib/adafruit_display_shapes/__init__.py",
    "lib/adafruit_display_shapes/rect.py",
    "lib/adafruit_display_text/__init__.py",
    "lib/adafruit_display_text/bitmap_label.py",
    "lib/adafruit_display_text/label.py",
    "lib/adafruit_ticks.py",
]


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "project"
    for rel, text in PROJECT.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    shutil.copy(os.path.join(ROOT, "requirements-device.txt"), root)
    return root


def run(argv, root, capsys, **stand_ins):
    """deploy.main on `argv`; `stand_ins` are its fetch= and cache=."""
    status = deploy.main([str(a) for a in argv], root=str(root), **stand_ins)
    out = capsys.readouterr()
    return status, out.out, out.err


def tree(folder):
    return sorted(os.path.relpath(os.path.join(d, f), folder).replace(os.sep, "/")
                  for d, _, files in os.walk(folder) for f in files)


def fake_mpy_cross_script(first_byte, version="9.2.4"):
    """A stand-in compiler's text: answers --version as Adafruit's mpy-cross
    `version` does, and otherwise writes `first_byte` + the source to -o."""
    return (
        "#!%s\nimport sys\n"
        "args = sys.argv[1:]\n"
        "if args == ['--version']:\n"
        "    print('CircuitPython %s on 2025-01-29; mpy-cross emitting mpy v6.3-CircuitPython')\n"
        "    sys.exit(0)\n"
        "out = args[args.index('-o') + 1]\n"
        "data = open(args[-1], 'rb').read()\n"
        "open(out, 'wb').write(%r + b'\\x06' + data)\n"
        % (sys.executable, version, first_byte.encode()))


def fake_mpy_cross(tmp_path, first_byte, version="9.2.4"):
    """A stand-in compiler file (see fake_mpy_cross_script), executable."""
    path = tmp_path / ("mpy-cross-%s-%s" % (first_byte, version))
    path.write_text(fake_mpy_cross_script(first_byte, version))
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_dry_run_lists_every_file_with_its_size_and_the_total(project, tmp_path, capsys):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    status, out, _ = run([drive, "--dry-run"], project, capsys)
    assert status == 0
    lines = out.splitlines()
    listed = [line.split()[1] for line in lines[:-1]]
    assert listed == EXPECTED
    sizes = [int(line.split()[0]) for line in lines[:-1]]
    assert sizes[listed.index("code.py")] == len(PROJECT["code.py"])
    assert lines[-1].split()[0] == str(sum(sizes))
    assert "%d files" % len(EXPECTED) in lines[-1]
    assert tree(drive) == []  # nothing written


def test_deploy_writes_the_tree_and_rewrites_only_what_changed(project, tmp_path, capsys):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on PyGamer\n")
    status, out, _ = run([drive], project, capsys)
    assert status == 0
    assert tree(drive) == sorted(EXPECTED + ["boot_out.txt"])
    assert (drive / "code.py").read_text() == PROJECT["code.py"]
    assert "%d written" % len(EXPECTED) in out
    label = pathlib.Path(deploy._module_file("adafruit_display_text.label")[0])
    assert (drive / "lib/adafruit_display_text/label.py").read_bytes() == label.read_bytes()

    (project / "lib/kapsa/engine.py").write_text("CHANCE = -1\nOVER = -2\n")
    status, out, _ = run([drive], project, capsys)
    assert status == 0
    assert out.splitlines()[0].split()[-1] == "lib/kapsa/engine.py"
    assert "1 written, %d unchanged" % (len(EXPECTED) - 1) in out


def test_real_project_deploys_without_desktop_code(tmp_path, capsys):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    status, out, _ = run([drive], ROOT, capsys)
    assert status == 0
    files = tree(drive)
    assert "lib/kapsa/engine.py" in files and "lib/kapsa/rng.py" in files
    assert "lib/kapsa/boards/desktop.py" not in files
    assert not [f for f in files if "__pycache__" in f or f.endswith("_desktop.py")]
    for name in ("code.py", "boot.py"):
        assert (name in files) == os.path.isfile(os.path.join(ROOT, name))
    libraries = {f.split("/")[1] for f in files if f.startswith("lib/adafruit")}
    assert libraries <= {"adafruit_display_text", "adafruit_displayio_layout",
                         "adafruit_display_shapes", "adafruit_bitmap_font",
                         "adafruit_imageload", "adafruit_ticks.py"}


def test_mpy_cross_compiles_modules_but_not_code_py(project, tmp_path, capsys):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    run([drive], project, capsys)  # a .py deploy first: its modules must go
    compiler = fake_mpy_cross(tmp_path, "C")
    status, out, _ = run([drive, "--mpy-cross", compiler], project, capsys)
    assert status == 0, out
    files = tree(drive)
    assert "code.py" in files and "boot.py" in files
    assert "lib/kapsa/engine.mpy" in files and "lib/kapsa/engine.py" not in files
    assert "lib/adafruit_display_text/label.mpy" in files
    assert "lib/adafruit_display_text/label.py" not in files
    assert "assets/font.bdf" in files
    assert (drive / "lib/kapsa/engine.mpy").read_bytes() == b"C\x06" + b"CHANCE = -1\n"
    assert "removed    lib/kapsa/engine.py" in out

    status, out, _ = run([drive], project, capsys)  # and back to .py
    assert status == 0
    assert "lib/kapsa/engine.py" in tree(drive) and "lib/kapsa/engine.mpy" not in tree(drive)


def test_a_compiler_that_does_not_write_circuitpython_mpy_is_refused(project, tmp_path, capsys):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    status, out, err = run([drive, "--mpy-cross", fake_mpy_cross(tmp_path, "M")], project, capsys)
    assert status == 2
    assert "does not write CircuitPython .mpy files" in err and "b'M'" in err
    assert tree(drive) == []


def test_missing_drive_is_an_error(project, tmp_path, capsys):
    status, _, err = run([tmp_path / "nowhere"], project, capsys)
    assert status == 2 and "not a folder" in err


def test_imports_are_resolved_relative_to_their_package(tmp_path):
    module = tmp_path / "pkg" / "sub" / "mod.py"
    module.parent.mkdir(parents=True)
    module.write_text("from . import a\nfrom ..b import c\nimport x.y\nfrom z import *\n")
    assert deploy.imported_modules(str(module), "pkg.sub.mod") == {
        "pkg.sub", "pkg.sub.a", "pkg.b", "pkg.b.c", "x.y", "z"}


def test_a_read_only_drive_is_refused_with_the_way_out(project, tmp_path, capsys, monkeypatch):
    # Kapsa's boot.py keeps the flash for its saves: the computer sees it read-only.
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    monkeypatch.setattr(deploy.os, "access", lambda path, mode: False)
    status, _, err = run([drive], project, capsys)
    assert status == 2 and "hold Select while pressing reset" in err
    assert tree(drive) == []


# ------------------------------------------------------------------ --mpy

PYGAMER_9 = ("Adafruit CircuitPython 9.2.4 on 2025-01-29; Adafruit PyGamer with samd51j19\n"
             "Board ID:pygamer\n")
LINUX_AMD64_9 = ("https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross/"
                 "linux-amd64/mpy-cross-linux-amd64-9.2.4.static")


class StandInFetcher:
    """Records the URLs asked for; answers with `data`, or raises `error`."""

    def __init__(self, data=None, error=None):
        self.data, self.error, self.urls = data, error, []

    def __call__(self, url):
        self.urls.append(url)
        if self.error:
            raise self.error
        return self.data


@pytest.fixture
def pygamer(tmp_path, monkeypatch):
    """A CIRCUITPY drive of a PyGamer on CircuitPython 9.2.4, seen from a
    64-bit Linux computer (so the download address is known)."""
    monkeypatch.setattr(deploy.platform, "system", lambda: "Linux")
    monkeypatch.setattr(deploy.platform, "machine", lambda: "x86_64")
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(PYGAMER_9)
    return drive


@pytest.mark.parametrize("first_line, version, board", [
    ("Adafruit CircuitPython 9.2.4 on 2025-01-29; Adafruit PyGamer with samd51j19",
     "9.2.4", "Adafruit PyGamer"),
    ("Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit Pybadge with samd51j19",
     "10.0.3", "Adafruit Pybadge"),
])
def test_version_and_board_come_from_boot_out(tmp_path, first_line, version, board):
    (tmp_path / "boot_out.txt").write_text(first_line + "\nBoard ID:x\nUID:1234\n")
    assert deploy.circuitpython_version(str(tmp_path)) == version
    assert deploy.parse_boot_out(first_line) == (version, board)


def test_known_boards_and_their_flash():
    assert deploy.known_board("Adafruit PyGamer") == ("Adafruit PyGamer", 8 * 1024 * 1024)
    assert deploy.known_board("Adafruit Pybadge") == ("Adafruit PyBadge", 2 * 1024 * 1024)
    assert deploy.known_board("Adafruit Feather M4 Express") is None


def test_mpy_without_boot_out_is_a_clear_error(project, tmp_path, capsys):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    with pytest.raises(deploy.DeployError, match="no boot_out.txt"):
        deploy.circuitpython_version(str(drive))
    fetch = StandInFetcher(data=b"never")
    status, _, err = run([drive, "--mpy"], project, capsys, fetch=fetch, cache=tmp_path / "cache")
    assert status == 2
    assert "no boot_out.txt" in err and "--mpy-cross PATH" in err and "without --mpy" in err
    assert fetch.urls == [] and tree(drive) == []


@pytest.mark.parametrize("system, machine, path", [
    ("Linux", "x86_64", "linux-amd64/mpy-cross-linux-amd64-10.0.3.static"),
    ("Linux", "aarch64", "linux-aarch64/mpy-cross-linux-aarch64-10.0.3.static-aarch64"),
    ("Darwin", "arm64", "macos/mpy-cross-macos-10.0.3-universal"),
    ("Windows", "AMD64", "windows/mpy-cross-windows-10.0.3.static.exe"),
])
def test_download_address_per_computer(system, machine, path):
    url = deploy.mpy_cross_url("10.0.3", system, machine)
    assert url == "https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross/" + path


def test_a_computer_adafruit_builds_nothing_for_is_told_what_to_do():
    with pytest.raises(deploy.DeployError, match="--mpy-cross PATH"):
        deploy.mpy_cross_url("9.2.4", "FreeBSD", "amd64")


def test_mpy_compiles_with_the_downloaded_compiler_and_removes_stale_py(
        project, pygamer, tmp_path, capsys):
    run([pygamer], project, capsys)  # a .py deploy first: its modules must go
    cache = tmp_path / "cache"
    fetch = StandInFetcher(data=fake_mpy_cross_script("C").encode())
    status, out, err = run([pygamer, "--mpy"], project, capsys, fetch=fetch, cache=cache)
    assert status == 0, err
    assert fetch.urls == [LINUX_AMD64_9]
    compiler = cache / "9.2.4" / "mpy-cross"
    assert compiler.is_file() and os.access(compiler, os.X_OK)
    files = tree(pygamer)
    assert "code.py" in files and "boot.py" in files and "assets/font.bdf" in files
    modules = [f for f in files if f.startswith(("lib/", "games/"))]
    assert modules and all(f.endswith(".mpy") for f in modules)
    assert (pygamer / "lib/kapsa/engine.mpy").read_bytes() == b"C\x06" + b"CHANCE = -1\n"
    assert "removed    lib/kapsa/engine.py" in out
    assert "removed    lib/adafruit_display_text/label.py" in out


def test_the_cached_compiler_is_not_downloaded_again(project, pygamer, tmp_path, capsys):
    cache = tmp_path / "cache"
    first = StandInFetcher(data=fake_mpy_cross_script("C").encode())
    assert run([pygamer, "--mpy"], project, capsys, fetch=first, cache=cache)[0] == 0
    assert len(first.urls) == 1
    (project / "lib/kapsa/engine.py").write_text("CHANCE = -1\nOVER = -2\n")
    again = StandInFetcher(error=OSError("must not be asked"))
    status, out, err = run([pygamer, "--mpy"], project, capsys, fetch=again, cache=cache)
    assert status == 0, err
    assert again.urls == []
    assert "downloading" not in err
    assert (pygamer / "lib/kapsa/engine.mpy").read_bytes().endswith(b"OVER = -2\n")


def test_offline_mpy_says_what_to_do_and_writes_nothing(project, pygamer, tmp_path, capsys):
    cache = tmp_path / "cache"
    fetch = StandInFetcher(error=urllib.error.URLError("Temporary failure in name resolution"))
    status, out, err = run([pygamer, "--mpy"], project, capsys, fetch=fetch, cache=cache)
    assert status == 2
    assert fetch.urls == [LINUX_AMD64_9]
    assert "cannot download mpy-cross for CircuitPython 9.2.4" in err
    assert "circuitpython.org" in err and "adafruit-circuit-python.s3.amazonaws.com" in err
    assert "--mpy-cross PATH" in err and "without --mpy" in err
    assert tree(pygamer) == ["boot_out.txt"]
    assert not cache.exists()


def test_a_supplied_compiler_for_another_major_version_is_refused(
        project, pygamer, tmp_path, capsys):
    compiler = fake_mpy_cross(tmp_path, "C", version="10.0.3")
    status, _, err = run([pygamer, "--mpy-cross", compiler], project, capsys)
    assert status == 2
    assert "CircuitPython 10.x but the board runs 9.2.4" in err and "--mpy-cross PATH" in err
    assert tree(pygamer) == ["boot_out.txt"]

    status, _, err = run([pygamer, "--mpy-cross", fake_mpy_cross(tmp_path, "C")], project, capsys)
    assert status == 0, err  # the same compiler for 9.x is taken


def test_a_downloaded_compiler_for_another_major_version_is_refused_and_not_kept(
        project, pygamer, tmp_path, capsys):
    cache = tmp_path / "cache"
    fetch = StandInFetcher(data=fake_mpy_cross_script("C", version="8.2.6").encode())
    status, _, err = run([pygamer, "--mpy"], project, capsys, fetch=fetch, cache=cache)
    assert status == 2 and "CircuitPython 8.x but the board runs 9.2.4" in err
    assert tree(pygamer) == ["boot_out.txt"]
    assert tree(cache) == []


# ------------------------------------------------------------------ flash total

def fake_drive_size(monkeypatch, total, free):
    usage = shutil.disk_usage(ROOT)
    monkeypatch.setattr(deploy.shutil, "disk_usage",
                        lambda path: type(usage)(total, total - free, free))


def test_the_flash_total_is_printed_against_the_drive_and_the_board(
        project, pygamer, capsys, monkeypatch):
    fake_drive_size(monkeypatch, total=8000 * 1024, free=7000 * 1024)
    status, out, _ = run([pygamer, "--dry-run"], project, capsys)
    assert status == 0
    total = sum(int(line.split()[0]) for line in out.splitlines()[:-1])
    last = out.splitlines()[-1]
    assert last.startswith("%9d  bytes in %d files, " % (total, len(EXPECTED)))
    assert "%.1f%% of the drive's 8,000 KB" % (100.0 * total / (8000 * 1024)) in last
    assert "(Adafruit PyGamer: 8 MB flash)" in last
    assert "%s KB free after" % format((7000 * 1024 - total) // 1024, ",") in last
    assert last.endswith("(dry run: nothing written)")

    status, out, _ = run([pygamer], project, capsys)
    assert status == 0
    last = out.splitlines()[-1]
    assert "of the drive's 8,000 KB (Adafruit PyGamer: 8 MB flash)" in last
    assert last.endswith("%d written, 0 unchanged, 0 removed" % len(EXPECTED))


def test_the_dry_run_says_when_the_deploy_does_not_fit(project, tmp_path, capsys, monkeypatch):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(
        "Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit Pybadge with samd51j19\n")
    fake_drive_size(monkeypatch, total=2000 * 1024, free=1024)
    status, out, _ = run([drive, "--dry-run"], project, capsys)
    assert status == 0
    last = out.splitlines()[-1]
    assert "of the drive's 2,000 KB (Adafruit PyBadge: 2 MB flash)" in last
    assert "does NOT fit" in last


def test_a_mpy_names_its_source_by_the_module_s_last_name(tmp_path):
    # Each .mpy's source name is kept in the device's RAM for the whole VM
    # once loaded; the module's last name is there already (its import
    # keeps it), a path from the drive's root is not.
    assert deploy.source_name("games/hashi/screen.py") == "screen"
    assert deploy.source_name("lib/kapsa/boards/__init__.py") == "boards"
    assert deploy.source_name("lib/adafruit_display_text/label.py") == "label"
    compiler = tmp_path / "mpy-cross-args"
    compiler.write_text(
        "#!%s\nimport sys\nargs = sys.argv[1:]\n"
        "open(args[args.index('-o') + 1], 'wb').write(b'C' + args[args.index('-s') + 1].encode())\n"
        % sys.executable)
    compiler.chmod(compiler.stat().st_mode | stat.S_IXUSR)
    source = tmp_path / "moves.py"
    source.write_text("X = 1\n")
    data = deploy.compile_mpy(str(compiler), str(source), "lib/kapsa/moves.py", str(tmp_path))
    assert data == b"Cmoves"
