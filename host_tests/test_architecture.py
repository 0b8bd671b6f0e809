"""The firmware's house plan: no import loops (a module named in a string counted as an
import), the layers import one way, one table of the games that everything asks, one room
for the RAM plan (docs/architecture.md describes the plan these tests hold)."""

import ast
import os
import re

import pytest
from mp import FIRMWARE

from lama import games
from ui import memory
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
# a module's name written as a string: a lazy import by name, a name in a list (the RAM
# plan's, a table row's); "ui.text." is the prefix of a package's modules
MODULE_NAME = re.compile(r"^[A-Za-z_]\w*(\.\w+)+\.?$")


def docstrings(tree):
    """The docstring nodes of a module, its classes and functions."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def module_strings(source, tops):
    """(line, string) of each string of `source` (docstrings aside) that names a module: a
    dotted name whose first part is one of the firmware's top packages `tops`."""
    tree = ast.parse(source)
    skip = docstrings(tree)
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in skip and MODULE_NAME.match(node.value)
            and node.value.split(".")[0] in tops]


def string_reaches():
    """{module: {modules it names in a string}}, and [(module, line, string)] of the names
    that are no module (a package's prefix "x.y." names the package x.y)."""
    tops = {name.split(".")[0] for name in MODULES}
    reaches, unknown = {}, []
    for name, path in MODULES.items():
        with open(path, encoding="utf-8") as f:
            found = module_strings(f.read(), tops)
        reaches[name] = set()
        for line, text in found:
            target = text[:-1] if text.endswith(".") else text
            if target not in MODULES:
                unknown.append((name, line, text))
            elif target != name:
                reaches[name].add(target)
    return reaches, unknown


REACHES, UNKNOWN_NAMES = string_reaches()
WHOLE = {name: GRAPH[name] | REACHES[name] for name in MODULES}  # imports and reaches


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


def test_every_module_named_in_a_string_is_a_firmware_module():
    """A lazy import by name, a list of the RAM plan, a table's row: each name is a real
    module (or "package." for its modules), so that a rename cannot leave one behind."""
    assert sum(len(r) for r in REACHES.values()) > 40  # the walk found the names
    assert UNKNOWN_NAMES == []


def test_the_string_check_sees_module_names_and_no_others():
    src = ('"""Docs name ui.games.dice."""\nA = ("lama.dice", "ui.text.", "x.y", "1.5", "a b")\n'
           'def f():\n    """ui.boot in a docstring."""\n    return "ui.boot"\n')
    assert module_strings(src, {"lama", "ui"}) == [(2, "lama.dice"), (2, "ui.text."), (5, "ui.boot")]


def saves_lend_by_name():
    """Whether ui/model/saves.py still lends its menus' half by __getattr__ (issue 47,
    point 3 removes it: then its circle with ui.model.saves_menu is gone too)."""
    with open(MODULES["ui.model.saves"], encoding="utf-8") as f:
        tree = ast.parse(f.read())
    return any(isinstance(n, ast.FunctionDef) and n.name == "__getattr__" for n in ast.walk(tree))


def test_no_loop_either_counting_the_modules_named_in_strings():
    """Issue 47: counted as arrows, the names in strings made three circles (a 19-module
    knot in ui, lama.card_bots <-> lama.card_expert, lama.codec -> lama.games ->
    lama.codec_read); the RAM plan reaches the screens it names through the app."""
    lending = [["ui.model.saves", "ui.model.saves_menu"]] if saves_lend_by_name() else []
    assert cycles(WHOLE) == lending


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
    """The bottom of ui: the app is handed its settings, screens, pages and RAM plan, and
    the RAM plan hands resident its unloading rule."""
    loop = {m: ts for m, ts in GRAPH.items() if m.startswith("ui.loop")}
    assert len(loop) >= 3
    bad = sorted((m, t) for m, ts in loop.items() for t in ts
                 if layer(t) != "hal" and not t.startswith("ui.loop"))
    assert bad == []


def test_the_frame_loop_names_no_module():
    """ui/loop is the mechanism (resident: forget, release, snapshot); which modules are
    kept when is the RAM plan's (ui/memory/)."""
    named = sorted((m, t) for m, ts in REACHES.items() if m.startswith("ui.loop") for t in ts)
    assert named == []


# the rooms of ui from the top down: an import runs down this list or stays in its room
# (the wiring: boot, the RAM plan; the screens; the game screens; the model; the drawing,
# words and heap priming; the frame loop)
UI_ROOMS = (("ui.start", "ui.boot", "ui.wiring", "ui.memory"), ("ui.screens",), ("ui.games",), ("ui.model",),
            ("ui.draw", "ui.text", "ui.prime", "ui"), ("ui.loop",))


def ui_room(name):
    """The index in UI_ROOMS of ui module `name` (its longest matching prefix)."""
    best, at = -1, -1
    for i, room in enumerate(UI_ROOMS):
        for prefix in room:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > best:
                best, at = len(prefix), i
    return at


def test_no_ui_import_runs_back_up_or_sideways():
    """Issue 47: the main menu imported ui.boot's open_page (app.pages carries it), the
    launch imported the how-to and the menu's stand-in (the app's pages and RAM plan carry
    them), a game screen imported the launch (for a rematch: app.pages)."""
    ui = [m for m in GRAPH if layer(m) == "ui"]
    assert all(ui_room(m) >= 0 for m in ui)
    up = sorted((m, t) for m in ui for t in GRAPH[m]
                if layer(t) == "ui" and ui_room(t) < ui_room(m))
    assert up == []
    games_to_launch = sorted((m, t) for m in ui for t in GRAPH[m]
                             if t == "ui.games.launch" and m.startswith("ui.games."))
    assert games_to_launch == []


GENERATED = ("ui.draw.glyphs", "lama.dice_values", "lama.dice_expert")  # (tools/ write them)


def test_no_firmware_module_is_over_450_lines():
    long = []
    for name, path in sorted(MODULES.items()):
        with open(path, encoding="utf-8") as f:
            n = sum(1 for _ in f)
        if n > 450 and name not in GENERATED:
            long.append((name, n))
    assert long == []


def test_the_ram_plan_is_in_one_room():
    """Issue 47: every list of module names of the RAM plan is ui/memory/'s; no other
    ui module holds a tuple of module names (a game's row names its own code, a page its
    modules: ui.model.games, ui.games.panel)."""
    tops = {name.split(".")[0] for name in MODULES}
    own = {"ui.memory", "ui.memory.game_code", "ui.model.games", "ui.games.panel"}
    lists = []
    for name, path in MODULES.items():
        if layer(name) != "ui" or name in own:
            continue
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, (ast.Tuple, ast.List)) and len(node.elts) > 1 and all(
                    isinstance(e, ast.Constant) and isinstance(e.value, str)
                    and MODULE_NAME.match(e.value) and e.value.split(".")[0] in tops
                    for e in node.elts):
                lists.append((name, node.lineno))
    assert lists == []
    from ui.memory import game_code

    for lst in (memory.BOOT_CODE, memory.KEPT_ONCE_LOADED, game_code.SCREEN_CODE, memory.SETUP_CODE,
                memory.MENU_CODE, memory.MENU_OWN_CODE, memory.SAVE_READERS):
        assert all(n in MODULES for n in lst), lst


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
from ui import memory
from ui.model import games
from ui.text import strings_en, strings_fr
out = []
for g in games.GAMES:
    module, cls = g.screen
    hint = load(g.hint)
    words = [isinstance(getattr(t, w), (str, tuple)) for t in (strings_en, strings_fr)
             for w in (g.title, g.rules, g.end_empty, g.howto)]
    out.append([hasattr(load(module), cls), callable(hint.reason), callable(hint.words),
                all(words), memory.is_game_code(module), memory.is_game_code(g.hint)])
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
        assert memory.is_game_code(g.engine) and memory.is_game_code(g.bots)
        if g.tables is not None:
            assert hasattr(games.load(g.tables[0]), "use_tables")
            assert os.path.exists(os.path.join(FIRMWARE, "lama", g.tables[1]))
    assert games.get(99) is None and games_ui.get(99) is None
    # the screens, hints and words, on the interpreter that has framebuf
    assert micropython.run_json(TABLE_UI) == [[True] * 6] * len(games.GAMES)


def test_a_games_code_is_all_game_code_and_nothing_else_is():
    """Every module of a game (by its name) is dropped at the menu; the menus' are kept."""
    for name in MODULES:
        gamey = name.startswith("ui.games.") or name in ("lama.match", "ui.memory.game_code") or any(
            w in name for w in ("dice", "card")
        )
        assert memory.is_game_code(name) == gamey, name


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
