"""The firmware's house plan: no import loops, the layers import one way, one table of the
games that everything asks (docs/architecture.md describes the plan these tests hold)."""

import ast
import os
import re

import pytest
from mp import FIRMWARE

from lama import games
from ui.model import games as games_ui


def firmware_modules():
    """{dotted module name: path} of every firmware .py file (a package is its __init__)."""
    out = {}
    for dirpath, _dirs, files in os.walk(FIRMWARE):
        for f in files:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(dirpath, f), FIRMWARE)[:-3]
                name = rel.replace(os.sep, ".")
                if name.endswith(".__init__"):
                    name = name[: -len(".__init__")]
                out[name] = os.path.join(dirpath, f)
    return out


MODULES = firmware_modules()


def imports_of(name, path):
    """The firmware modules `name` imports, at any depth of its code (lazy imports too)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            targets = [base] + [base + "." + a.name for a in node.names]
        for t in targets:
            if t in MODULES and t != name:
                found.add(t)
    return found


GRAPH = {name: imports_of(name, path) for name, path in MODULES.items()}


def cycles(graph):
    """The strongly connected components of more than one module (Tarjan), sorted."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def test_the_cycle_finder_sees_a_loop():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_two_firmware_modules_import_each_other_in_a_loop():
    assert len(GRAPH) > 50  # the walk found the firmware
    assert cycles(GRAPH) == []


def layer(name):
    return name.split(".")[0] if "." in name else name


@pytest.mark.parametrize(
    "lower, forbidden",
    [("lama", ("hal", "ui", "main")), ("hal", ("lama", "ui", "main")), ("ui", ("main",))],
)
def test_the_layers_import_one_way(lower, forbidden):
    bad = sorted(
        (m, t) for m, ts in GRAPH.items() if layer(m) == lower for t in ts if layer(t) in forbidden
    )
    assert bad == []


def test_the_frame_loop_imports_only_hal():
    """The bottom of ui: the app is handed its settings, screens and pages, and the main
    menu hands resident its unloading rule."""
    loop = {m: ts for m, ts in GRAPH.items() if m.startswith("ui.loop")}
    assert len(loop) >= 3
    bad = sorted((m, t) for m, ts in loop.items() for t in ts
                 if layer(t) != "hal" and not t.startswith("ui.loop"))
    assert bad == []


def docstrings(tree):
    """The docstring nodes of a module, its classes and functions."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def ui_names_in(source, ui_names):
    """The strings of `source` (docstrings aside) that name a ui module."""
    tree = ast.parse(source)
    skip = docstrings(tree)
    hits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            words = re.findall(r"[\w.]+", node.value)
            if any(w.startswith("ui.") or w in ui_names for w in words):
                hits.append((node.lineno, node.value))
    return hits


def test_no_engine_string_names_a_ui_module():
    """The engine reaches the ui by no name either (a lazy import by name, a table row)."""
    ui_names = {m for m in MODULES if layer(m) == "ui"}
    hits = []
    for name, path in MODULES.items():
        if layer(name) == "lama":
            with open(path, encoding="utf-8") as f:
                hits += [(name,) + h for h in ui_names_in(f.read(), ui_names)]
    assert hits == []


def test_the_string_check_sees_a_ui_name():
    source = '"""Docs may name ui.games.dice."""\nROW = ("lama.dice", "ui.games.dice")\n'
    assert ui_names_in(source, {"ui.games.dice"}) == [(2, "ui.games.dice")]


def test_no_firmware_code_tells_the_games_apart_by_number():
    pattern = re.compile(r"\b(game|GAME|game_id|gid)\s*[!=]=\s*[12]\b|==\s*GAME_(DICE|CARDS)\b")
    hits = []
    for name, path in MODULES.items():
        with open(path, encoding="utf-8") as f:
            for no, line in enumerate(f, 1):
                if pattern.search(line):
                    hits.append("%s:%d: %s" % (name, no, line.strip()))
    assert hits == []


TABLE_UI = r"""
import json
from lama.games import load
from ui.model import games
from ui.text import strings_en, strings_fr
out = []
for g in games.GAMES:
    module, cls = g.screen
    hint = load(g.hint)
    words = [isinstance(getattr(t, w), (str, tuple)) for t in (strings_en, strings_fr)
             for w in (g.title, g.rules, g.end_empty, g.howto)]
    out.append([hasattr(load(module), cls), callable(hint.reason), callable(hint.words),
                all(words), games.is_game_code(module), games.is_game_code(g.hint)])
print(json.dumps(out))
"""


def test_every_row_of_the_games_table_names_real_code(micropython):
    assert [g.id for g in games.GAMES] == list(games.IDS) == [g.id for g in games_ui.GAMES]
    assert len(set(games.IDS)) == len(games.IDS)
    assert len({g.key for g in games.GAMES}) == len(games.GAMES)
    for g in games.GAMES:
        assert games.load(g.engine).GAME == g.id
        assert callable(games.load(g.engine).encode_body) and callable(games.load(g.body).decode_body)
        assert sorted(games.load(g.bots).BOTS) == sorted(g.bot_names)
        assert games_ui.is_game_code(g.engine) and games_ui.is_game_code(g.bots)
        if g.tables is not None:
            assert hasattr(games.load(g.tables[0]), "use_tables")
            assert os.path.exists(os.path.join(FIRMWARE, "lama", g.tables[1]))
    assert games.get(99) is None and games_ui.get(99) is None
    # the screens, hints and words, on the interpreter that has framebuf
    assert micropython.run_json(TABLE_UI) == [[True] * 6] * len(games.GAMES)


def test_a_games_code_is_all_game_code_and_nothing_else_is():
    """Every module of a game (by its name) is dropped at the menu; the menus' are kept."""
    for name in MODULES:
        gamey = name.startswith("ui.games.") or name == "lama.match" or any(
            w in name for w in ("dice", "card")
        )
        assert games_ui.is_game_code(name) == gamey, name


def consts_used_before_defined(source):
    """(name, line) of each `_NAME = const(...)` of `source` read in code above its own
    line: mpy-cross folds a private const only below it, and keeps no global of that name,
    so the read above is a NameError on the device (the host's CPython does not notice)."""
    tree = ast.parse(source)
    defined = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id.startswith("_")
                and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)
                and node.value.func.id == "const"):
            defined[node.targets[0].id] = node.lineno
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            at = defined.get(node.id)
            if at is not None and node.lineno < at:
                found.append((node.id, node.lineno))
    return found


def test_the_const_order_check_sees_a_read_above_the_definition():
    src = "def f():\n    return _A\n\n\n_A = const(1)\n_B = const(2)\nx = _B\n"
    assert consts_used_before_defined(src) == [("_A", 2)]


def test_no_private_const_is_read_above_its_definition():
    bad = []
    for name, path in sorted(MODULES.items()):
        with open(path, encoding="utf-8") as f:
            bad.extend((name,) + hit for hit in consts_used_before_defined(f.read()))
    assert bad == []
