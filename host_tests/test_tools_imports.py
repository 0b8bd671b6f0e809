"""The host tools' import graph (tools/, lazy imports too) has no loop, as the firmware's has none."""

import ast
import os

from mp import ROOT
from test_architecture import cycles

TOOLS = os.path.join(ROOT, "tools")


def tools_graph():
    """{module: the tools modules it imports} for every .py under tools/ (dotted from tools/)."""
    paths = {}
    for dirpath, _dirs, files in os.walk(TOOLS):
        for f in files:
            if f.endswith(".py"):
                name = os.path.relpath(os.path.join(dirpath, f), TOOLS)[:-3].replace(os.sep, ".")
                paths[name[: -len(".__init__")] if name.endswith(".__init__") else name] = (
                    os.path.join(dirpath, f))
    graph = {}
    for name, path in paths.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
                found.update(node.module + "." + a.name for a in node.names)
        graph[name] = {t for t in found if t in paths and t != name}
    return graph


def test_no_two_tools_modules_import_each_other_in_a_loop():
    graph = tools_graph()
    assert "arenas.transcript_lines" in graph["arenas.transcript_dice"]  # the walk sees imports
    assert cycles(graph) == []
