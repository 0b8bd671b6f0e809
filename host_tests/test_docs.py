"""The project's documents agree with the code: rule ids, cited documents, cited paths and names."""

import glob
import importlib
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULES = os.path.join(ROOT, "docs", "rules.md")
CODE_DIRS = ("firmware", "tools", "host_tests", "board", "docs")
TEXT_SUFFIXES = (".py", ".md", ".txt", ".c", ".h")
SKIP_DIRS = ("__pycache__", "golden")
# project documents whose repository paths must exist (beside docs/*.md)
DOCUMENTS = ("README.md", "board/README.md", "tools/**/*.md")
SELF = "host_tests/test_docs.py"  # its examples of bad citations are not citations

RULE_ID = re.compile(r"(?<![A-Za-z0-9_])([SDC][0-9]{1,2}[a-z]?)(?![A-Za-z0-9_])")
ID_TOKEN = re.compile(r"^[SDC][0-9]{1,2}[a-z]?$")
DEFINITION = re.compile(r"^\*\*([SDC][0-9]{1,2}[a-z]?) — ", re.M)
TEST_DEF = re.compile(r"^\s*def (test_\w+)", re.M)
CITED_TEST = re.compile(r"`(test_\w+\.py)::(test_\w+)`")
CITED_NAME = re.compile(r"`(lama(?:\.\w+)+)")
MD_PATH = re.compile(r"(?<![\w./-])((?:[\w-]+/)*[\w-]+\.md)\b")
REPO_PATH = re.compile(r"(?<![\w./-])((?:firmware|tools|board|host_tests|docs)/[\w./*-]*[\w*])")
FIRMWARE_PATH = re.compile(r"(?<![\w./-])((?:lama|ui|hal)/[\w./*-]*[\w*])")  # as on the device


def source_files():
    """(repo-relative path, text) of every text file under CODE_DIRS, plus the Makefile."""
    out = []
    for top in CODE_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
            for name in sorted(filenames):
                path = os.path.join(dirpath, name)
                if name.endswith(TEXT_SUFFIXES) and os.path.relpath(path, ROOT) != SELF:
                    with open(path, encoding="utf-8") as f:
                        out.append((os.path.relpath(path, ROOT), f.read()))
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as f:
        out.append(("Makefile", f.read()))
    return out


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


def defined_ids(rules_text):
    """The rule ids docs/rules.md defines (a paragraph starting `**ID — `)."""
    return set(DEFINITION.findall(rules_text))


def ids_in_test_name(name):
    """Rule ids a test's name carries (`test_C13_S2_S4_...` -> C13, S2, S4)."""
    return {tok for tok in name.split("_") if ID_TOKEN.match(tok)}


def cited_ids(files):
    """{id: [where]} of every rule id in the text of `files` and in test names there."""
    out = {}
    for rel, text in files:
        for i in RULE_ID.findall(text):
            out.setdefault(i, []).append(rel)
        for name in TEST_DEF.findall(text):
            for i in ids_in_test_name(name):
                out.setdefault(i, []).append(rel + "::" + name)
    return out


def by_test_file(files):
    """{test file name: set of test function names} of host_tests/."""
    out = {}
    for rel, text in files:
        if rel.startswith("host_tests" + os.sep) or rel.startswith("host_tests/"):
            out.setdefault(os.path.basename(rel), set()).update(TEST_DEF.findall(text))
    return out


def undefined(cited, defined):
    """The cited ids that are not defined, each with where it is cited."""
    return sorted((i, sorted(set(where))[:3]) for i, where in cited.items() if i not in defined)


def missing_md(files):
    """(citing file, cited .md path) pairs whose document is not in the repository: a path
    is looked up from the repository root and from the citing file's folder."""
    bad = []
    for rel, text in files:
        here = os.path.dirname(rel)
        for p in set(MD_PATH.findall(text)):
            if not (
                os.path.isfile(os.path.join(ROOT, p)) or os.path.isfile(os.path.join(ROOT, here, p))
            ):
                bad.append((rel, p))
    return sorted(bad)


def missing_paths(docs):
    """(document, path) pairs of repository paths a document cites that do not exist (a
    path with * must match something; lama/, ui/ and hal/ paths are firmware/'s, as the
    device sees them)."""
    bad = []
    for rel, text in docs:
        for p in set(REPO_PATH.findall(text)):
            if not glob.glob(os.path.join(ROOT, p)):
                bad.append((rel, p))
        for p in set(FIRMWARE_PATH.findall(text)):
            if not glob.glob(os.path.join(ROOT, "firmware", p)):
                bad.append((rel, p))
    return sorted(bad)


def documents():
    rels = [
        "docs/" + n for n in sorted(os.listdir(os.path.join(ROOT, "docs"))) if n.endswith(".md")
    ]
    for pattern in DOCUMENTS:
        for path in sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True)):
            rels.append(os.path.relpath(path, ROOT))
    return [(rel, read(rel)) for rel in rels]


@pytest.fixture(scope="module")
def files():
    return source_files()


@pytest.fixture(scope="module")
def rules_text():
    return read("docs/rules.md")


def test_every_rule_id_cited_in_code_and_test_names_is_defined_in_rules_md(files, rules_text):
    defined = defined_ids(rules_text)
    assert len(defined) >= 40, "docs/rules.md defines the S, D and C rules"
    assert undefined(cited_ids(files), defined) == []


def test_every_rule_id_of_rules_md_has_a_test_named_after_it(files, rules_text):
    named = set()
    for names in by_test_file(files).values():
        for name in names:
            named |= ids_in_test_name(name)
    assert sorted(defined_ids(rules_text) - named) == []


def test_every_test_rules_md_names_exists(files, rules_text):
    tests = by_test_file(files)
    cited = CITED_TEST.findall(rules_text)
    assert len(cited) >= 40
    assert [c for c in cited if c[1] not in tests.get(c[0], ())] == []


def test_every_test_rules_md_names_carries_that_rule_id(rules_text):
    """A test listed under a rule is named after that rule."""
    bad = []
    for para in rules_text.split("\n\n"):
        for rule in DEFINITION.findall(para):
            for _, name in CITED_TEST.findall(para):
                if rule not in ids_in_test_name(name):
                    bad.append((rule, name))
    assert bad == []


def _resolve(dotted):
    parts = dotted.split(".")
    for k in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:k]))
        except ImportError:
            continue
        for attr in parts[k:]:
            obj = getattr(obj, attr)
        return obj
    raise ImportError(dotted)


def test_every_engine_name_the_documents_cite_exists():
    bad = []
    for rel, text in documents():
        for dotted in sorted(set(CITED_NAME.findall(text))):
            try:
                _resolve(dotted)
            except (ImportError, AttributeError) as e:
                bad.append((rel, dotted, repr(e)))
    assert bad == []


def test_every_md_document_the_code_cites_exists(files):
    assert missing_md(files + documents()) == []


def test_every_repository_path_the_documents_cite_exists():
    assert missing_paths(documents()) == []


# --- the checks above can fail ---------------------------------------------------------


def test_the_checks_catch_an_undefined_id_a_missing_document_and_a_missing_path():
    files = [
        ("firmware/x.py", '"""Implements D99 and C4."""\nraise RuleError("S77", "no")\n'),
        ("host_tests/test_x.py", "def test_C88_S1_something():\n    pass\n"),
        ("tools/y.py", "# see PLATFORM.md and docs/rules.md\n"),
    ]
    got = undefined(cited_ids(files), {"C4", "S1"})
    assert [i for i, _ in got] == ["C88", "D99", "S77"]
    assert missing_md(files) == [("tools/y.py", "PLATFORM.md")]
    cites = "`tools/nowhere.py`, `firmware/main.py`, `hal/store.py`, `ui/gone.py`."
    assert missing_paths([("docs/a.md", cites)]) == [
        ("docs/a.md", "tools/nowhere.py"),
        ("docs/a.md", "ui/gone.py"),
    ]
    assert defined_ids("**D9 — a roll.** text\n**C12 — x.**\nnot **S1 here") == {"D9", "C12"}
    assert ids_in_test_name("test_C13_S2_S4_conserve_2_30") == {"C13", "S2", "S4"}
    with pytest.raises(AttributeError):
        _resolve("lama.dice.no_such_function")
