"""No circles among the runtime's and the games' modules.

Every module under lib/kapsa/ and games/ is read (not imported) with `ast`,
and each import it makes counts, wherever it is written: at the top, or
inside a function (an import made only when a moment needs it is still a
dependency). What counts as module M importing module N:

- `import N`, `from N import x`, `from P import N` (N a module of package
  P), relative or not, and the packages above N (importing kapsa.play runs
  kapsa/__init__.py first);
- `__import__("N")`, and `__import__("P." + part)` (or `forget(...)` with
  such a name) for every string constant s of M such that P.s is a module:
  Hashi's solver parts and final-board parts are imported so, from a
  tuple of their names;
- any string constant of M that is exactly N's dotted name (the modules a
  `kapsa.app.Later` imports are listed by name, and so are those let go).

A game's engine, bot and screen are found by name at run time
(`GameInfo.load(part)`), not by any import: the runtime never names them,
and none of them may import the driver (kapsa.play, kapsa.moves,
kapsa.onscreen), which this test checks too.

The test fails on any circle, of two modules or more, and names its
modules; docs/architecture.md, "Module dependencies", says how the
modules that memory splits depend on each other.
"""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TREES = ("lib/kapsa", "games")
DRIVER = ("kapsa.play", "kapsa.moves", "kapsa.onscreen")


def module_files(root, trees=TREES):
    """{dotted name: path} of every .py under `trees` (lib/ is sys.path)."""
    found = {}
    for tree in trees:
        for folder, dirs, files in os.walk(os.path.join(root, tree)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if not name.endswith(".py"):
                    continue
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, root)[:-3].replace(os.sep, "/")
                if rel.startswith("lib/"):
                    rel = rel[4:]
                dotted = rel.replace("/", ".")
                if dotted.endswith(".__init__"):
                    dotted = dotted[:-len(".__init__")]
                found[dotted] = path
    return found


def _with_packages(name):
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]


def imports_of(name, path, modules):
    """The modules of `modules` that module `name` (file `path`) imports."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    strings = [node.value for node in ast.walk(tree)
               if isinstance(node, ast.Constant) and isinstance(node.value, str)]
    named = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            named.add(base)
            named.update(base + "." + alias.name for alias in node.names)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("__import__", "forget") and node.args):
            arg = node.args[0]
            if isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Add):
                left = arg.left
                if isinstance(left, ast.Constant) and isinstance(left.value, str):
                    named.update(left.value + s for s in strings)
    named.update(strings)
    found = set()
    for target in named:
        if target in modules:
            found.update(m for m in _with_packages(target) if m in modules)
    found.discard(name)
    return found


def import_graph(root, trees=TREES):
    modules = module_files(root, trees)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def circles(graph):
    """The strongly connected groups of more than one module, each sorted
    (Tarjan's algorithm, without recursion)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))
    return sorted(found)


def test_no_module_imports_one_that_imports_it_back():
    graph = import_graph(ROOT)
    assert circles(graph) == []


def test_the_check_sees_the_imports_that_matter():
    """Imports at the top, inside functions, from a tuple of names and
    through Later's lists are all seen (else the test above proves
    nothing)."""
    graph = import_graph(ROOT)
    assert len(graph) > 100
    assert {"kapsa.moves", "kapsa.onscreen", "kapsa"} <= graph["kapsa.play"]  # top level
    assert "kapsa.passdevice" in graph["kapsa.moves"]  # inside a function
    assert "kapsa.pause" in graph["kapsa.onscreen"]  # inside a closure, and by Later
    assert "kapsa.storeopen" in graph["kapsa.store"]
    assert "games.hashi.maps" in graph["games.hashi.boards"]
    assert "games.hashi.solver" in graph["games.hashi.ending"]  # "games.hashi." + part
    assert "games.hashi.build" in graph["games.hashi.finalboard"]


def test_no_game_module_imports_the_driver():
    graph = import_graph(ROOT)
    for name, imported in graph.items():
        if name.startswith("games."):
            assert not imported & set(DRIVER), name


def test_a_circle_is_found(tmp_path):
    """Two modules that import each other, one of them only inside a
    function, and a circle of three through a relative import and a
    name a function imports by."""
    pkg = tmp_path / "lib" / "kapsa"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "one.py").write_text("from kapsa import two\n")
    (pkg / "two.py").write_text("def later():\n    from kapsa.one import x\n")
    (pkg / "three.py").write_text("from . import four\n")
    (pkg / "four.py").write_text("PARTS = ('five',)\n"
                                 "def step(i):\n    __import__('kapsa.' + PARTS[i])\n")
    (pkg / "five.py").write_text("import kapsa.three\n")
    (pkg / "six.py").write_text("from kapsa import one\n")
    assert circles(import_graph(str(tmp_path), ("lib/kapsa",))) == [
        ["kapsa.five", "kapsa.four", "kapsa.three"], ["kapsa.one", "kapsa.two"]]
