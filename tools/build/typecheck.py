"""Type-checks firmware/ and board/ with mypy against the MicroPython rp2 + stdlib stubs (make lint).

micropython-stdlib-stubs installs a typeshed tree (site-packages/stdlib/VERSIONS), used as
mypy's --custom-typeshed-dir; micropython-rp2-rpi-pico-stubs installs machine.pyi & co.
straight into site-packages, which mypy refuses on its search path, so this links those
stub files into .venv/rp2-stubs and puts that directory on MYPYPATH. One change there: the
stub's generic `micropython.const` becomes untyped, so the CPython fallback
`def const(x): return x` every module carries has the same signature."""

import glob
import os
import subprocess
import sys
import sysconfig

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # (stdlib only: runs as a script)
STUB_PACKAGES = ("micropython_rp2_rpi_pico_stubs", "micropython_stdlib_stubs")


def stub_files(site):
    """Relative paths of the .pyi files the stub packages put outside stdlib/ and stubs/."""
    files = []
    for pkg in STUB_PACKAGES:
        records = glob.glob(os.path.join(site, pkg + "-*.dist-info", "RECORD"))
        if not records:
            raise SystemExit("typecheck: %s is not installed (pip install -r requirements.txt)" % pkg)
        with open(records[0]) as f:
            for line in f:
                path = line.split(",")[0]
                if path.endswith(".pyi") and not path.startswith(("stdlib/", "stubs/")):
                    files.append(path)
    return files


def build_stub_dir(site, dest):
    """(Re)create `dest` with links to the rp2 stubs; returns dest."""
    for path in stub_files(site):
        target = os.path.join(dest, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if os.path.lexists(target):
            os.remove(target)
        source = os.path.join(site, path)
        if path == "micropython.pyi":
            with open(source) as f:
                text = f.read()
            text = text.replace("def const(expr: Const_T, /) -> Const_T:", "def const(x):")
            with open(target, "w") as f:
                f.write(text)
        else:
            os.symlink(source, target)
    return dest


def main(argv):
    site = sysconfig.get_paths()["purelib"]
    stubs = build_stub_dir(site, os.path.join(sys.prefix, "rp2-stubs"))
    env = dict(os.environ)
    env["MYPYPATH"] = os.pathsep.join([stubs, os.path.join(ROOT, "firmware")])
    cmd = [sys.executable, "-m", "mypy", "--config-file", os.path.join(ROOT, "mypy.ini"),
           "--custom-typeshed-dir", site] + argv[1:]
    return subprocess.call(cmd, env=env, cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
