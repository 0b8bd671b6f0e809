// The page's frame timer. A page out of sight (another tab of its window in front, the window
// minimized) has its chained setTimeout throttled by the browser: at most one wake-up a second,
// and in Chrome after 5 minutes hidden one a minute ("intensive throttling"). A link game
// cannot live with that: the host polls the consoles every few tens of ms, a console not heard
// for 1.5 s is lost, a console not polled for 2.5 s shows "host lost" (firmware/link/host_bus.py).
// So while the page is hidden and its link line is open (a link game: link.js opens it at the
// first use), the next frame comes from a dedicated worker's timer, which the browser does not
// throttle as it does a hidden page's, posting a tick to the page. Visible, or not linked, it
// is the page's own setTimeout as ever, and no worker is made.
const WORKER_SRC = "onmessage = (e) => { setTimeout(() => postMessage(e.data), e.data.ms); };";

export class Ticker {
  constructor(linked) {
    this.linked = linked; // () => true while the page is in a link game
    this.worker = null; // made the first time a hidden, linked page needs it
    this.fn = null; // the frame waiting for its tick
    this.due = 0; // when (performance.now())
    this.timer = null; // its page timer, or null when the worker has it
    this.ticket = 0; // the worker's tick that counts (older ones are dropped)
    this.workerTicks = 0; // frames the worker's timer started (tests)
    document.addEventListener("visibilitychange", () => this.moved());
  }

  useWorker() {
    return document.hidden && this.linked() && typeof Worker !== "undefined";
  }

  after(ms, fn) {
    // fn() once, in `ms` milliseconds
    this.fn = fn;
    this.due = performance.now() + ms;
    this.arm(ms);
  }

  arm(ms) {
    this.ticket += 1;
    if (this.useWorker() && this.startWorker()) {
      this.timer = null;
      this.worker.postMessage({ ticket: this.ticket, ms });
    } else {
      this.timer = setTimeout(() => this.fire(), ms);
    }
  }

  startWorker() {
    if (this.worker === null) {
      try {
        const url = URL.createObjectURL(new Blob([WORKER_SRC], { type: "text/javascript" }));
        this.worker = new Worker(url);
        this.worker.onmessage = (e) => {
          if (e.data.ticket === this.ticket) {
            this.workerTicks += 1;
            this.fire();
          }
        };
      } catch (e) {
        console.warn("lama: no worker timer (" + e + "): a hidden tab runs slowly");
        this.linked = () => false;
        return false;
      }
    }
    return true;
  }

  fire() {
    const fn = this.fn;
    this.fn = null;
    this.timer = null;
    if (fn !== null) fn();
  }

  moved() {
    // the page was hidden or shown: the waiting frame goes to the timer that fits now
    if (this.fn === null) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.arm(Math.max(0, this.due - performance.now()));
  }
}
