"""make web: the static browser version in build/web/ (the MicroPython WebAssembly port from
node_modules, the page, and firmware/ with the browser board as one file bundle).

    python3 tools/web/build_page.py [--out build/web]

files.json maps each path of the page's file system to its bytes (base64): firmware/ as it
is (main.py, hal/, lama/, ui/ at the root, as on the device) but for its native functions,
compiled as bytecode (the port has no native emitter: tools/build/native.py),
tools/web/board.py as /board.py, and the host parts the browser board uses under /web/."""

import base64
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
if os.path.dirname(HERE) not in sys.path:
    sys.path.append(os.path.dirname(HERE))
from build.native import as_bytecode  # noqa: E402  (stdlib only: this runs as a script)
PORT = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE_FILES = ("index.html", "console.css", "console.js", "glass.js", "owner.js", "saves.js",
              "link.js", "ticker.js")
PORT_FILES = ("micropython.mjs", "micropython.wasm")
# host modules the browser board runs on (path in the repository -> path in the page's FS)
PARTS = {
    "tools/web/board.py": "/board.py",
    "tools/web/page_parts.py": "/web/page_parts.py",
    "tools/web/page_loop.py": "/web/page_loop.py",
    "tools/web/page_watch.py": "/web/page_watch.py",
    "tools/emu/__init__.py": "/web/emu/__init__.py",
    "tools/emu/i2c.py": "/web/emu/i2c.py",
    "tools/emu/oled_panels.py": "/web/emu/oled_panels.py",
    "tools/emu/pins.py": "/web/emu/pins.py",
    "tools/emu/pwm.py": "/web/emu/pwm.py",
}
FIRMWARE_EXT = (".py", ".bin")


def firmware_files():
    """{page path: repository path} of every firmware file the device gets."""
    out = {}
    base = os.path.join(ROOT, "firmware")
    for d, dirs, names in os.walk(base):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        for n in sorted(names):
            if n.endswith(FIRMWARE_EXT):
                full = os.path.join(d, n)
                out["/" + os.path.relpath(full, base).replace(os.sep, "/")] = full
    return out


def bundle():
    """{page path: base64 of the file's bytes}."""
    files = firmware_files()
    native = set(files)  # firmware: its native functions made bytecode
    for src, dst in PARTS.items():
        files[dst] = os.path.join(ROOT, src)
    out = {}
    for dst in sorted(files):
        with open(files[dst], "rb") as f:
            data = f.read()
        if dst in native and dst.endswith(".py"):
            data = as_bytecode(data)
        out[dst] = base64.b64encode(data).decode("ascii")
    return out


def build(out):
    """Write the page into `out`; returns 0, or 2 with a message when the port is missing."""
    missing = [n for n in PORT_FILES if not os.path.exists(os.path.join(PORT, n))]
    if missing:
        print("web: the MicroPython WebAssembly port is not installed (%s missing): run "
              "`npm ci` in %s" % (", ".join(missing), ROOT), file=sys.stderr)
        return 2
    os.makedirs(out, exist_ok=True)
    for n in PORT_FILES:
        shutil.copyfile(os.path.join(PORT, n), os.path.join(out, n))
    for n in PAGE_FILES:
        shutil.copyfile(os.path.join(HERE, n), os.path.join(out, n))
    with open(os.path.join(out, "files.json"), "w") as f:
        json.dump(bundle(), f, separators=(",", ":"), sort_keys=True)
    print("web: the page is in %s (make web-serve serves it)" % os.path.relpath(out, ROOT))
    return 0


def main(argv):
    out = os.path.join(ROOT, "build", "web")
    if len(argv) == 2 and argv[0] == "--out":
        out = os.path.abspath(argv[1])
    elif argv:
        print("usage: python3 tools/web/build_page.py [--out DIR]", file=sys.stderr)
        return 2
    return build(out)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
