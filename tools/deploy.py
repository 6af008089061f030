"""Deploy Kapsa to a mounted CIRCUITPY drive.

    python tools/deploy.py DRIVE [--dry-run] [--mpy-cross PATH]

Copies code.py, boot.py, lib/kapsa/ (without the desktop-only modules:
lib/kapsa/boards/desktop.py and any *_desktop.py), games/, assets/, and
the Adafruit libraries Kapsa imports, taken from the installed packages
named in requirements-device.txt. Only the library modules that Kapsa's
code imports, and the modules those import in turn, are copied (found by
reading the import statements), which keeps a PyBadge's small drive free.

The drive's saves/ folder is never touched. While Kapsa runs, its boot.py
gives the flash to the board (for the saves) and the drive is read-only
to the computer: hold Select while pressing reset before deploying.

By default the .py sources are copied. With --mpy-cross PATH (Adafruit's
mpy-cross for the board's CircuitPython version) every module but code.py
and boot.py is compiled to .mpy first; a compiler that does not write
CircuitPython's .mpy (first byte "C") is refused before anything is
written. A stale .py next to a new .mpy (or the reverse) is removed, since
CircuitPython imports the .py first.

--dry-run lists every file with its size and the total, and writes
nothing. Otherwise only files whose content changed are written, to spare
the flash, and the total is printed.
"""

import argparse
import ast
import errno
import importlib.metadata
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile

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


# ------------------------------------------------------------------ mpy-cross

def compile_mpy(mpy_cross, source, name, workdir):
    """The .mpy bytes that `mpy_cross` makes of `source`; DeployError unless
    they are CircuitPython's (first byte "C")."""
    out = os.path.join(workdir, "out.mpy")
    if os.path.exists(out):
        os.remove(out)
    try:
        done = subprocess.run([mpy_cross, "-o", out, "-s", name, source],
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
            "without --mpy-cross" % (mpy_cross, name, data[:1]))
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


def deploy(drive, files, dry_run=False, out=None):
    """Write `files` ([(path on the drive, bytes)]) under `drive`; return
    (written, removed) counts. With dry_run, only list them."""
    out = out or sys.stdout
    total = sum(len(data) for _, data in files)
    stale = sorted({other for rel, _ in files for other in [_counterpart(rel)]
                    if other and os.path.isfile(os.path.join(drive, other))})
    if dry_run:
        for rel, data in files:
            out.write("%9d  %s\n" % (len(data), rel))
        for rel in stale:
            out.write("   remove  %s\n" % rel)
        out.write("%9d  bytes in %d files (dry run: nothing written)\n" % (total, len(files)))
        return 0, 0
    if not os.access(drive, os.W_OK):
        raise DeployError(READ_ONLY % drive)
    changed = [(rel, data) for rel, data in files if _read(os.path.join(drive, rel)) != data]
    grow = sum(len(data) - len(_read(os.path.join(drive, rel)) or b"") for rel, data in changed)
    grow -= sum(os.path.getsize(os.path.join(drive, rel)) for rel in stale)
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
    out.write("%9d  bytes in %d files; %d written, %d unchanged, %d removed\n" % (
        total, len(files), len(changed), len(files) - len(changed), len(stale)))
    return len(changed), len(stale)


def main(argv=None, root=ROOT):
    parser = argparse.ArgumentParser(description="Deploy Kapsa to a mounted CIRCUITPY drive.")
    parser.add_argument("drive", help="the mounted drive, e.g. /media/you/CIRCUITPY or E:\\")
    parser.add_argument("--dry-run", action="store_true",
                        help="list every file with its size and the total; write nothing")
    parser.add_argument("--mpy-cross", metavar="PATH",
                        help="Adafruit's mpy-cross: compile every module but code.py and "
                             "boot.py to .mpy")
    args = parser.parse_args(argv)
    try:
        if not os.path.isdir(args.drive):
            raise DeployError("%s is not a folder: is the board mounted?" % args.drive)
        if not os.path.isfile(os.path.join(args.drive, "boot_out.txt")):
            sys.stderr.write("note: %s has no boot_out.txt; it may not be a CIRCUITPY drive\n"
                             % args.drive)
        deploy(args.drive, plan(root, args.mpy_cross), args.dry_run)
    except DeployError as exc:
        sys.stderr.write("deploy: %s\n" % exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
