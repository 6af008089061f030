"""Deploy Kapsa to a mounted CIRCUITPY drive.

    python tools/deploy.py DRIVE [--dry-run] [--mpy | --mpy-cross PATH]

Copies code.py, boot.py, lib/kapsa/ (without the desktop-only modules:
lib/kapsa/boards/desktop.py and any *_desktop.py), games/, assets/, and
the Adafruit libraries Kapsa imports, taken from the installed packages
named in requirements-device.txt. Only the library modules that Kapsa's
code imports, and the modules those import in turn, are copied (found by
reading the import statements), which keeps a PyBadge's small drive free.

The drive's saves/ folder is never touched. While Kapsa runs, its boot.py
gives the flash to the board (for the saves) and the drive is read-only
to the computer: hold Select while pressing reset before deploying.

By default the .py sources are copied, so installing needs no download.
With --mpy every module but code.py and boot.py is compiled to .mpy with
Adafruit's mpy-cross for the CircuitPython version named in the drive's
boot_out.txt, downloaded once from Adafruit's bucket and cached under
~/.cache/kapsa/mpy-cross/<version>/ (or $XDG_CACHE_HOME/kapsa/...).
--mpy-cross PATH uses a compiler you supply instead. Either way the
compiler must be for the board's CircuitPython major version, and one that
does not write CircuitPython's .mpy (first byte "C") is refused before
anything is written. A stale .py next to a new .mpy (or the reverse) is
removed, since CircuitPython imports the .py first.

--dry-run lists every file with its size and the total, and writes
nothing to the drive. Otherwise only files whose content changed are
written, to spare the flash, and the total is printed. The total line also
says how much of the drive the deploy takes, the board's flash when
boot_out.txt names a PyGamer or PyBadge, and what is left free after it.
"""

import argparse
import ast
import errno
import importlib.metadata
import importlib.util
import http.client
import os
import platform
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REQUIREMENTS = "requirements-device.txt"
NEVER = ("__pycache__",)
READ_ONLY = ("%s is read-only. While Kapsa runs, the flash belongs to it (for the "
             "saves): hold Select while pressing reset, then deploy again")


class DeployError(Exception):
    """Something the user must fix; str() says what."""


def desktop_only(rel):
    """True for project files that only run on a desktop."""
    return rel == "lib/kapsa/boards/desktop.py" or rel.endswith("_desktop.py")


def _walk(root, top):
    """Relative paths (with "/") of the files under root/top, sorted,
    without caches, compiled files, hidden files and desktop-only code."""
    found = []
    for folder, dirs, files in os.walk(os.path.join(root, top)):
        dirs[:] = sorted(d for d in dirs if d not in NEVER and not d.startswith("."))
        for name in sorted(files):
            if name.startswith(".") or name.endswith(".pyc"):
                continue
            rel = os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")
            if not desktop_only(rel):
                found.append(rel)
    return found


def project_files(root=ROOT):
    """Kapsa's own files to deploy, as paths relative to root (the same
    path on the drive)."""
    files = [name for name in ("code.py", "boot.py") if os.path.isfile(os.path.join(root, name))]
    for top in ("lib/kapsa", "games", "assets"):
        files += _walk(root, top)
    return files


# ------------------------------------------------------------------ libraries

def library_names(root=ROOT):
    """Top-level module names of the libraries in requirements-device.txt."""
    names = set()
    with open(os.path.join(root, REQUIREMENTS)) as f:
        for line in f:
            requirement = re.split(r"[\s;=<>!~\[#]", line.strip(), maxsplit=1)[0]
            if not requirement:
                continue
            try:
                dist = importlib.metadata.distribution(requirement)
            except importlib.metadata.PackageNotFoundError:
                raise DeployError("%s is not installed: run tools/setup.sh" % requirement)
            top = dist.read_text("top_level.txt")
            if top:
                names.update(top.split())
            else:  # no top_level.txt: the top folders or modules it installed
                for path in dist.files or ():
                    first = str(path).split("/")[0]
                    if not first.endswith((".dist-info", ".egg-info")) and first != "..":
                        names.add(first[:-3] if first.endswith(".py") else first)
    return names


def _module_file(name):
    """(file, folder holding the top-level package) of an installed module,
    or None. A package's file is its __init__.py. Found on disk, without
    importing anything (the display libraries start Blinka's displayio)."""
    parts = name.split(".")
    try:
        spec = importlib.util.find_spec(parts[0])  # top level: located, not imported
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return None
    if not spec.submodule_search_locations:
        return (spec.origin, os.path.dirname(spec.origin)) if len(parts) == 1 else None
    folder = os.path.dirname(spec.origin)
    base = os.path.dirname(folder)
    path = os.path.join(folder, *parts[1:])
    for candidate in (os.path.join(path, "__init__.py"), path + ".py"):
        if os.path.isfile(candidate):
            return candidate, base
    return None


def imported_modules(path, module):
    """Every module name the file `path` (module `module`) imports, with
    relative imports resolved, including `from pkg import name` as both
    pkg and pkg.name (the latter may be an attribute, not a module)."""
    with open(path, "rb") as f:
        tree = ast.parse(f.read(), path)
    package = module if path.endswith("__init__.py") else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".") if package else []
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            if base:
                found.add(base)
                found.update(base + "." + alias.name for alias in node.names if alias.name != "*")
    return found


def library_files(root=ROOT, sources=None):
    """(source path, path on the drive) of every library module that
    Kapsa's code imports, directly or through another library module, with
    the __init__.py of each package on the way."""
    libraries = library_names(root)
    if sources is None:
        sources = [os.path.join(root, rel) for rel in project_files(root) if rel.endswith(".py")]
    todo = set()
    for path in sources:
        todo |= imported_modules(path, "")
    seen, files = set(), {}
    while todo:
        name = todo.pop()
        if name in seen or name.split(".")[0] not in libraries:
            continue
        seen.add(name)
        parts = name.split(".")
        todo.update(".".join(parts[:i]) for i in range(1, len(parts)))  # parent packages
        located = _module_file(name)
        if located is None:
            continue  # an attribute imported with `from pkg import name`
        path, base = located
        files[path] = "lib/" + os.path.relpath(path, base).replace(os.sep, "/")
        todo |= imported_modules(path, name)
    return sorted(files.items(), key=lambda item: item[1])


# ------------------------------------------------------------------ the board

KB = 1024
MB = 1024 * KB
# Flash chip of the boards Kapsa runs on, by a word of boot_out.txt's board
# name ("Adafruit PyGamer with samd51j19", "Adafruit Pybadge with samd51j19").
# The drive is that chip less the filesystem's own bookkeeping.
KNOWN_BOARDS = (("pygamer", "Adafruit PyGamer", 8 * MB),
                ("pybadge", "Adafruit PyBadge", 2 * MB))
# "Adafruit CircuitPython 9.2.4 on 2025-01-29; Adafruit PyGamer with samd51j19"
# The version becomes a cache folder's name, hence its narrow characters.
BOOT_OUT = re.compile(r"CircuitPython (\d+\.\d+\.\d+[-+.0-9A-Za-z]*) on [^;]*;\s*(.*?)"
                      r"(?:\s+with\s.*)?$")


def boot_out_line(drive):
    """The first line of the drive's boot_out.txt, or None without one."""
    try:
        with open(os.path.join(drive, "boot_out.txt"), encoding="utf-8", errors="replace") as f:
            return f.readline().strip()
    except OSError:
        return None


def parse_boot_out(line):
    """(CircuitPython version, board name) from boot_out.txt's first line,
    or None when the line is not in CircuitPython's form."""
    match = BOOT_OUT.search(line or "")
    return (match.group(1), match.group(2)) if match else None


def circuitpython_version(drive):
    """The CircuitPython version the board runs, from boot_out.txt;
    DeployError when the drive does not say."""
    line = boot_out_line(drive)
    if line is None:
        raise DeployError(
            "%s has no boot_out.txt, so the board's CircuitPython version is unknown: is it "
            "the CIRCUITPY drive? Press reset once so CircuitPython writes it, or pass "
            "--mpy-cross PATH, or deploy without --mpy" % drive)
    parsed = parse_boot_out(line)
    if parsed is None:
        raise DeployError("%s/boot_out.txt does not name a CircuitPython version (its first "
                          "line is %r): deploy without --mpy, or pass --mpy-cross PATH"
                          % (drive, line))
    return parsed[0]


def known_board(board_name):
    """(name, flash bytes) of a board Kapsa knows, or None."""
    lowered = (board_name or "").lower()
    for word, name, flash in KNOWN_BOARDS:
        if word in lowered:
            return name, flash
    return None


# ------------------------------------------------------------------ mpy-cross

# Adafruit's static mpy-cross builds. Their names are set by the CircuitPython
# CI that uploads them (adafruit/circuitpython: .github/workflows/
# build-mpy-cross.yml, "mpy-cross/${OS}/mpy-cross-${OS}-${CP_VERSION}.${EX}",
# and the mpy-cross-mac job of build.yml); browsable at MPY_CROSS_INDEX.
MPY_CROSS_BASE = "https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross/"
MPY_CROSS_INDEX = ("https://adafruit-circuit-python.s3.amazonaws.com/index.html"
                   "?prefix=bin/mpy-cross/")
MPY_CROSS_BUILDS = {  # (platform.system(), platform.machine()) -> path under the base
    ("Linux", "x86_64"): "linux-amd64/mpy-cross-linux-amd64-{version}.static",
    ("Linux", "aarch64"): "linux-aarch64/mpy-cross-linux-aarch64-{version}.static-aarch64",
    ("Linux", "arm64"): "linux-aarch64/mpy-cross-linux-aarch64-{version}.static-aarch64",
    ("Linux", "armv7l"): "linux-raspbian/mpy-cross-linux-raspbian-{version}.static-raspbian",
    ("Darwin", "x86_64"): "macos/mpy-cross-macos-{version}-universal",
    ("Darwin", "arm64"): "macos/mpy-cross-macos-{version}-universal",
    ("Windows", "AMD64"): "windows/mpy-cross-windows-{version}.static.exe",
    ("Windows", "x86_64"): "windows/mpy-cross-windows-{version}.static.exe",
}
# "CircuitPython 9.2.4 on 2025-01-29; mpy-cross emitting mpy v6.3-CircuitPython"
COMPILER_VERSION = re.compile(r"CircuitPython (\d+)\.\d+")
GET_ONE = ("get Adafruit's mpy-cross for CircuitPython %s for this computer from "
           + MPY_CROSS_INDEX + " (linked from circuitpython.org) and pass --mpy-cross PATH, "
           "or deploy without --mpy")


def mpy_cross_url(version, system=None, machine=None):
    """Where Adafruit keeps mpy-cross `version` for this computer (or the
    given system and machine); DeployError when it builds none for it."""
    system = system or platform.system()
    machine = machine or platform.machine()
    path = MPY_CROSS_BUILDS.get((system, machine))
    if path is None:
        raise DeployError("Adafruit builds no mpy-cross for %s %s: %s"
                          % (system, machine, GET_ONE % version))
    return MPY_CROSS_BASE + path.format(version=version)


def download(url):
    """The bytes at `url`; OSError when offline or the file is not there."""
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return response.read()
    except http.client.HTTPException as exc:  # a cut connection: not an OSError
        raise OSError(str(exc))


def default_cache():
    """Where downloaded compilers are kept, one folder per version."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "kapsa", "mpy-cross")


def check_compiler(mpy_cross, version):
    """DeployError unless `mpy_cross --version` names CircuitPython of the
    same major version as `version`: .mpy files change format between
    majors, and the board refuses ones from another."""
    try:
        done = subprocess.run([mpy_cross, "--version"], capture_output=True, text=True)
    except OSError as exc:
        raise DeployError("cannot run mpy-cross %s: %s" % (mpy_cross, exc))
    said = (done.stdout + done.stderr).strip()
    match = COMPILER_VERSION.search(said)
    if match is None:
        raise DeployError("%s does not say which CircuitPython it compiles for (--version "
                          "printed %r): %s" % (mpy_cross, said[:200], GET_ONE % version))
    if match.group(1) != version.split(".")[0]:
        raise DeployError("%s is mpy-cross for CircuitPython %s.x but the board runs %s: %s"
                          % (mpy_cross, match.group(1), version, GET_ONE % version))


def cached_mpy_cross(version, fetch=download, cache=None, out=None):
    """Path of Adafruit's mpy-cross `version`, downloaded with `fetch(url)`
    on first use and kept in `cache`/<version>/. DeployError, with nothing
    written, when it cannot be had."""
    out = out or sys.stderr
    url = mpy_cross_url(version)
    folder = os.path.join(cache or default_cache(), version)
    path = os.path.join(folder, "mpy-cross" + (".exe" if url.endswith(".exe") else ""))
    if os.path.isfile(path):
        check_compiler(path, version)
        return path
    out.write("downloading mpy-cross for CircuitPython %s from %s\n" % (version, url))
    try:
        data = fetch(url)
    except OSError as exc:
        raise DeployError("cannot download mpy-cross for CircuitPython %s from %s (%s), so "
                          "nothing was written. To go on, %s" % (version, url, exc,
                                                                GET_ONE % version))
    os.makedirs(folder, exist_ok=True)
    # Written beside its final name and moved there only once it answers
    # with the right version, so a half download is never taken for a compiler.
    handle, temporary = tempfile.mkstemp(dir=folder, prefix="download-",
                                         suffix=os.path.splitext(path)[1])
    try:
        with os.fdopen(handle, "wb") as f:
            f.write(data)
        executable = stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH
        os.chmod(temporary, os.stat(temporary).st_mode | executable)
        check_compiler(temporary, version)
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.remove(temporary)
    return path


def source_name(rel):
    """The name a .mpy gives its source in a traceback: the module's own
    last name ("screen" for games/hashi/screen.py, "boards" for a
    package's __init__.py). Every name a .mpy holds is kept in the
    device's RAM for the whole VM once loaded; the module's last name is
    already there (an import keeps it), where its path from the drive's
    root cost some 29 bytes a module (about 1.4 KB in a Hashi game's VM).
    A traceback still says the module, the line and the function."""
    folder, base = os.path.split(rel)
    if base == "__init__.py":
        base = os.path.basename(folder)
    return base[:-3] if base.endswith(".py") else base


def compile_mpy(mpy_cross, source, name, workdir):
    """The .mpy bytes that `mpy_cross` makes of `source` (`name` its path
    on the drive); DeployError unless they are CircuitPython's (first byte
    "C")."""
    out = os.path.join(workdir, "out.mpy")
    if os.path.exists(out):
        os.remove(out)
    try:
        done = subprocess.run([mpy_cross, "-o", out, "-s", source_name(name), source],
                              capture_output=True, text=True)
    except OSError as exc:
        raise DeployError("cannot run mpy-cross %s: %s" % (mpy_cross, exc))
    if done.returncode != 0 or not os.path.isfile(out):
        raise DeployError("mpy-cross failed on %s:\n%s" % (name, done.stderr or done.stdout))
    with open(out, "rb") as f:
        data = f.read()
    if data[:1] != b"C":
        raise DeployError(
            "%s does not write CircuitPython .mpy files (%s starts with %r, not b'C'); "
            "use Adafruit's mpy-cross for the board's CircuitPython version, or deploy "
            "without --mpy / --mpy-cross" % (mpy_cross, name, data[:1]))
    return data


# ------------------------------------------------------------------ plan

def plan(root=ROOT, mpy_cross=None):
    """[(path on the drive, bytes)] of everything to deploy, in order."""
    entries = [(os.path.join(root, rel), rel) for rel in project_files(root)]
    entries += library_files(root)
    result = []
    with tempfile.TemporaryDirectory() as workdir:
        for source, rel in entries:
            if mpy_cross and rel.endswith(".py") and rel not in ("code.py", "boot.py"):
                result.append((rel[:-3] + ".mpy", compile_mpy(mpy_cross, source, rel, workdir)))
            else:
                with open(source, "rb") as f:
                    result.append((rel, f.read()))
    return result


def _counterpart(rel):
    """The other form of a module (x.py <-> x.mpy), or None."""
    if rel.endswith(".mpy"):
        return rel[:-4] + ".py"
    if rel.endswith(".py") and rel not in ("code.py", "boot.py"):
        return rel[:-3] + ".mpy"
    return None


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def _growth(drive, files, stale):
    """How many bytes the drive's used space grows by when `files` replace
    what is there and the `stale` files go (negative when it shrinks)."""
    grow = sum(len(data) - len(_read(os.path.join(drive, rel)) or b"") for rel, data in files)
    return grow - sum(os.path.getsize(os.path.join(drive, rel)) for rel in stale)


def _kilobytes(count):
    return "{:,} KB".format(count // KB)


def flash_total(drive, total, growth, board_name=None):
    """What the deploy's `total` bytes are against the drive: its share of
    the drive's size, the board's flash when the board is known, and what
    stays free after it (or how much is missing)."""
    usage = shutil.disk_usage(drive)
    text = "%.1f%% of the drive's %s" % (100.0 * total / max(usage.total, 1),
                                         _kilobytes(usage.total))
    known = known_board(board_name)
    if known:
        text += " (%s: %d MB flash)" % (known[0], known[1] // MB)
    left = usage.free - growth
    if left >= 0:
        return text + ", %s free after" % _kilobytes(left)
    return text + ", it does NOT fit: %s short" % _kilobytes(-left + KB - 1)


def deploy(drive, files, dry_run=False, out=None, board_name=None):
    """Write `files` ([(path on the drive, bytes)]) under `drive`; return
    (written, removed) counts. With dry_run, only list them. `board_name`
    (from boot_out.txt) names the board in the flash total."""
    out = out or sys.stdout
    total = sum(len(data) for _, data in files)
    stale = sorted({other for rel, _ in files for other in [_counterpart(rel)]
                    if other and os.path.isfile(os.path.join(drive, other))})
    changed = [(rel, data) for rel, data in files if _read(os.path.join(drive, rel)) != data]
    grow = _growth(drive, changed, stale)
    flash = flash_total(drive, total, grow, board_name)
    if dry_run:
        for rel, data in files:
            out.write("%9d  %s\n" % (len(data), rel))
        for rel in stale:
            out.write("   remove  %s\n" % rel)
        out.write("%9d  bytes in %d files, %s (dry run: nothing written)\n"
                  % (total, len(files), flash))
        return 0, 0
    if not os.access(drive, os.W_OK):
        raise DeployError(READ_ONLY % drive)
    free = shutil.disk_usage(drive).free
    if grow > free:
        raise DeployError("%s has %d bytes free, the deploy needs %d more: nothing written"
                          % (drive, free, grow))
    try:
        for rel in stale:
            os.remove(os.path.join(drive, rel))
        for rel, data in changed:
            path = os.path.join(drive, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            out.write("wrote %9d  %s\n" % (len(data), rel))
    except OSError as exc:
        if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            raise DeployError(READ_ONLY % drive)
        raise DeployError("writing to %s failed: %s" % (drive, exc))
    for rel in stale:
        out.write("removed    %s\n" % rel)
    out.write("%9d  bytes in %d files, %s; %d written, %d unchanged, %d removed\n" % (
        total, len(files), flash, len(changed), len(files) - len(changed), len(stale)))
    return len(changed), len(stale)


def choose_compiler(drive, mpy, mpy_cross, fetch, cache):
    """The mpy-cross to compile with, or None to copy .py: `mpy_cross` when
    given (checked against the board's version when boot_out.txt gives it),
    else with `mpy` Adafruit's for the board's version."""
    if mpy_cross:
        parsed = parse_boot_out(boot_out_line(drive))
        if parsed:
            check_compiler(mpy_cross, parsed[0])
        else:
            sys.stderr.write("note: no CircuitPython version in %s/boot_out.txt: cannot check "
                             "that %s is for the board's version\n" % (drive, mpy_cross))
        return mpy_cross
    if mpy:
        return cached_mpy_cross(circuitpython_version(drive), fetch, cache)
    return None


def main(argv=None, root=ROOT, fetch=download, cache=None):
    """The command line. `fetch(url)` -> bytes downloads mpy-cross and
    `cache` is where it is kept (tests give stand-ins for both)."""
    parser = argparse.ArgumentParser(description="Deploy Kapsa to a mounted CIRCUITPY drive.")
    parser.add_argument("drive", help="the mounted drive, e.g. /media/you/CIRCUITPY or E:\\")
    parser.add_argument("--dry-run", action="store_true",
                        help="list every file with its size and the total; write nothing")
    parser.add_argument("--mpy", action="store_true",
                        help="compile every module but code.py and boot.py to .mpy with "
                             "Adafruit's mpy-cross for the board's CircuitPython version "
                             "(downloaded once, then cached)")
    parser.add_argument("--mpy-cross", metavar="PATH",
                        help="like --mpy, with this mpy-cross (Adafruit's, for the board's "
                             "CircuitPython version) instead of a downloaded one")
    args = parser.parse_args(argv)
    try:
        if not os.path.isdir(args.drive):
            raise DeployError("%s is not a folder: is the board mounted?" % args.drive)
        line = boot_out_line(args.drive)
        if line is None:
            sys.stderr.write("note: %s has no boot_out.txt; it may not be a CIRCUITPY drive\n"
                             % args.drive)
        compiler = choose_compiler(args.drive, args.mpy, args.mpy_cross, fetch, cache)
        parsed = parse_boot_out(line)
        deploy(args.drive, plan(root, compiler), args.dry_run,
               board_name=parsed[1] if parsed else line)
    except DeployError as exc:
        sys.stderr.write("deploy: %s\n" % exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
