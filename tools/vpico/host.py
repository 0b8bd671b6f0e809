"""Starts and stops a virtual Pico (tools/virtual_pico.py) from host code: tests and benchmarks."""

import os
import signal
import subprocess
import sys
import time

from paths import ROOT, TOOLS

HANG_S = 300  # timeouts here only guard against a hang: each wait ends when its event comes


def children(pid):
    """Pids of the direct children of `pid` (Linux /proc)."""
    out = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % d) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(d))
    return out


def alive(pid):
    """True while `pid` exists and is not a zombie."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


class VirtualPico:
    """One virtual Pico process on an image file; `device` is its serial port."""

    def __init__(self, image, board="image", panel=None, extra=()):
        self.image = image
        self.panel = panel or (image + ".panel" if board == "emulated" else None)
        cmd = [sys.executable, os.path.join(TOOLS, "virtual_pico.py"), "--image", image]
        cmd += ["--board", board] + list(extra)
        if panel:
            cmd += ["--panel", panel]
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT
        )
        self.device = self.proc.stdout.readline().strip()
        if not self.device.startswith("/dev/"):
            err = self.stop()
            raise RuntimeError("virtual Pico did not start: %r %s" % (self.device, err))
        self.pids = [self.proc.pid]

    def interpreter_pids(self):
        """Pids of the MicroPython interpreter(s) the virtual Pico runs now."""
        return children(self.proc.pid)

    def kill(self):
        """Pull the plug: SIGKILL the supervisor (its interpreter dies with it)."""
        self.pids += self.interpreter_pids()
        self.proc.kill()
        self.proc.wait()

    def stop(self):
        """Stop it (SIGTERM) and return what it wrote on stderr."""
        if self.proc.poll() is None:
            self.pids += self.interpreter_pids()
            self.proc.send_signal(signal.SIGTERM)
        try:
            _, err = self.proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, err = self.proc.communicate()
        return err

    def leftovers(self, wait_s=60.0):
        """Pids of this virtual Pico still alive after `wait_s` (should be none)."""
        end = time.monotonic() + wait_s
        while True:
            left = [p for p in self.pids if alive(p)]
            if not left or time.monotonic() > end:
                return left
            time.sleep(0.05)

    def panel_image(self, timeout=10.0, expect=None):
        """The 1,024 bytes the emulated panel shows (waits for a frame, or for `expect`)."""
        end = time.monotonic() + timeout
        data = b""
        while time.monotonic() < end:
            try:
                with open(self.panel, "rb") as f:
                    data = f.read()
            except OSError:
                data = b""
            if len(data) == 1024 and (expect is None or data == expect):
                return data
            time.sleep(0.05)
        return data


def mpremote(device, *args, timeout=HANG_S, check=True):
    """Run `mpremote connect DEVICE ARGS...` under a timeout; returns the CompletedProcess."""
    exe = os.path.join(os.path.dirname(sys.executable), "mpremote")
    cmd = ([exe] if os.path.exists(exe) else [sys.executable, "-m", "mpremote"]) + [
        "connect",
        device,
    ]
    proc = subprocess.run(cmd + list(args), capture_output=True, text=True, timeout=timeout)
    if check and proc.returncode != 0:
        raise AssertionError("mpremote %s failed:\n%s%s" % (args, proc.stdout, proc.stderr))
    return proc


def make(target, timeout=HANG_S, **variables):
    """Run `make TARGET VAR=value...` in the project under a timeout."""
    cmd = ["make", "-s", target] + ["%s=%s" % kv for kv in sorted(variables.items())]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
