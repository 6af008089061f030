"""tools/deploy.py: what goes onto a CIRCUITPY drive, and how."""

import os
import pathlib
import shutil
import stat
import sys

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


def run(argv, root, capsys):
    status = deploy.main([str(a) for a in argv], root=str(root))
    out = capsys.readouterr()
    return status, out.out, out.err


def tree(folder):
    return sorted(os.path.relpath(os.path.join(d, f), folder).replace(os.sep, "/")
                  for d, _, files in os.walk(folder) for f in files)


def fake_mpy_cross(tmp_path, first_byte):
    """A stand-in compiler: writes `first_byte` + the source to -o."""
    path = tmp_path / ("mpy-cross-" + first_byte)
    path.write_text(
        "#!%s\nimport sys\n"
        "args = sys.argv[1:]\n"
        "out = args[args.index('-o') + 1]\n"
        "data = open(args[-1], 'rb').read()\n"
        "open(out, 'wb').write(%r + b'\\x06' + data)\n" % (sys.executable, first_byte.encode()))
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
