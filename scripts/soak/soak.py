#!/usr/bin/env python3
"""make soak: lacripta's live paths for SOAK_MINUTES against one lacripta-sim, with a fault every
few minutes, sampling every process's memory, descriptors and threads (docs/development.md).

Clients: `live` off a terminal with a key (the simulator's streamer) and without (the exchange
feeds), the full-screen view and `compare BTC` in tmux, `compare BTC --json` off a terminal and
`alert watch`. Faults, in rotation, through the simulator's control port: a drop mid-frame,
silence past the watchdog, 429 on reconnect, a server close, a slow REST answer, a malformed
message. Python 3 standard library only; Linux (/proc).
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

KEY = "soak-key-0123456789"
SAMPLE_SECONDS = 10
RSS_SLACK_KB = 2048
# (name, control paths, seconds the clients get to recover, paths sent 3 s later). Every window
# covers the reconnect backoff's 60 s ceiling: faults a minute apart never let a connection stay
# up the stable minute that resets it.
FAULTS = [
    ("drop mid-frame", ["/stream/drop", "/exchange/drop"], 100, []),
    # The streamer's watchdog fires after 90 s of silence, the exchanges' after 40 s.
    ("silence past the watchdog", ["/stream/silence", "/exchange/silence"], 160, []),
    # Each refused client waits the 60 s a 429 asks for before it tries again.
    ("429 on reconnect", ["/stream/refuse?count=3", "/stream/drop?mid-frame=0"], 160, []),
    ("server close", ["/stream/close", "/exchange/fault?mode=maintenance:0"], 100, ["/exchange/fault"]),
    # Longer than LACRIPTA_TIMEOUT (15 s): the view's refreshes time out, then recover.
    ("slow REST answer", ["/rest/fault?mode=slow:20&count=4"], 100, []),
    ("malformed message", ["/stream/malformed", "/exchange/malformed"], 100, []),
]


def log(message):
    print(f"soak {time.strftime('%H:%M:%S')} {message}", flush=True)


def wait_for_file(path, seconds=60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if os.path.exists(path) and open(path).read().strip():
            return open(path).read().strip()
        time.sleep(0.1)
    sys.exit(f"soak: {path} did not appear")


class Simulator:
    """lacripta-sim in a process group of its own, with its control port."""

    def __init__(self, binary, data, work):
        files = {name: os.path.join(work, f"sim.{name}") for name in ("port", "stream", "exchanges", "control")}
        self.log = open(os.path.join(work, "sim.log"), "w")
        self.process = subprocess.Popen(
            [binary, "--data", data, "--port-file", files["port"], "--stream-port-file", files["stream"],
             "--exchange-url-file", files["exchanges"], "--control-port-file", files["control"],
             "--require-key", KEY, "--stream-rate", "2", "--stream-heartbeat", "10", "--exchange-rate", "3"],
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        self.rest = int(wait_for_file(files["port"]))
        self.stream = int(wait_for_file(files["stream"]))
        self.control_port = int(wait_for_file(files["control"]))
        self.exchanges = dict(line.split(" ", 1) for line in wait_for_file(files["exchanges"]).splitlines())

    def control(self, path):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.control_port}{path}", timeout=30) as answer:
            return answer.read().decode()

    def stats(self):
        return json.loads(self.control("/stats"))

    def environment(self, home, keyed):
        base = f"http://127.0.0.1:{self.rest}"
        feeds = ",".join(f"{base}/feeds/{name}.xml" for name in ("coindesk", "cointelegraph", "decrypt", "theblock"))
        env = {
            "HOME": home, "XDG_CACHE_HOME": f"{home}/cache", "XDG_CONFIG_HOME": f"{home}/config",
            "XDG_DATA_HOME": f"{home}/data", "PATH": "/usr/bin:/bin", "TERM": "xterm-256color",
            "LACRIPTA_API_URL": base, "LACRIPTA_STREAM_URL": f"ws://127.0.0.1:{self.stream}/v2",
            "LACRIPTA_COINGECKO_URL": f"{base}/coingecko/api/v3", "LACRIPTA_NEWS_FEEDS": feeds,
            "LACRIPTA_SOURCE": "cryptocompare" if keyed else "public",
        }
        for exchange, url in self.exchanges.items():
            env[f"LACRIPTA_{exchange.upper()}_URL"] = url.strip()
        if keyed:
            env["CRYPTOCOMPARE_API_KEY"] = KEY
        return env

    def stop(self):
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()


class PipeClient:
    """A lacripta command off a terminal: its lines on stdout are counted, stderr goes to a file."""

    def __init__(self, name, command, env, work):
        self.name = name
        self.work = work
        self.lines = 0
        self.errors = open(os.path.join(work, f"{name.replace(' ', '-')}.stderr"), "w")
        self.process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=self.errors,
                                        stdin=subprocess.DEVNULL, start_new_session=True)
        self.pid = self.process.pid
        threading.Thread(target=self._count, daemon=True).start()

    def _count(self):
        for _ in self.process.stdout:
            self.lines += 1

    def alive(self):
        return self.process.poll() is None

    def stop(self):
        if self.alive():
            self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            where = dump_threads(self.pid, self.work, self.name)
            os.killpg(self.pid, signal.SIGKILL)
            return f"killed (no exit in 15 s after SIGINT; threads in {where})"


class TmuxClient:
    """A lacripta command on a terminal: a private tmux server, the pane running lacripta itself."""

    def __init__(self, name, command, env, work, quit_key):
        self.name = name
        self.lines = None
        self.quit_key = quit_key
        self.socket = f"lacripta-soak-{os.getpid()}-{name.replace(' ', '-')}"
        self.work = work
        environment = ["env", "-i"] + [f"{key}={value}" for key, value in env.items()]
        # The pane stays after lacripta exits, so its exit status can be read.
        config = os.path.join(work, "tmux.conf")
        with open(config, "w") as file:
            file.write("set -g remain-on-exit on\n")
        self.tmux(["-f", config, "new-session", "-d", "-x", "120", "-y", "40"] + environment + command)
        self.pid = int(self.tmux(["display-message", "-p", "#{pane_pid}"]).strip())

    def tmux(self, arguments):
        env = dict(os.environ)
        env.pop("TMUX", None)
        return subprocess.run(["tmux", "-L", self.socket] + arguments, env=env, capture_output=True, text=True,
                              timeout=30).stdout

    def screen(self):
        return self.tmux(["capture-pane", "-p"])

    def alive(self):
        return process_alive(self.pid)

    def stop(self):
        with open(os.path.join(self.work, f"{self.name.replace(' ', '-')}.screen"), "w") as file:
            file.write(self.screen())
        self.tmux(["send-keys", self.quit_key])
        deadline = time.time() + 15
        while time.time() < deadline and self.alive():
            time.sleep(0.2)
        # tmux marks the pane dead a moment after the process is gone: read its status once it has.
        status = ""
        deadline = time.time() + 5
        while not status.isdigit() and time.time() < deadline:
            status = self.tmux(["display-message", "-p", "#{pane_dead_status}"]).strip()
            if not status.isdigit():
                time.sleep(0.1)
        if not status.isdigit() and self.alive():
            where = dump_threads(self.pid, self.work, self.name)
            with open(os.path.join(self.work, f"{self.name.replace(' ', '-')}.after-quit.screen"), "w") as file:
                file.write(self.screen())
            self.tmux(["kill-server"])
            return f"still running 15 s after {self.quit_key} (threads in {where})"
        self.tmux(["kill-server"])
        return int(status) if status.isdigit() else f"ended after {self.quit_key}, status not reported by tmux"


def dump_threads(pid, work, name):
    """Every thread's stack of a process that did not stop when asked (gdb, when installed), so
    a hang at the end of an hour's run can be read afterwards instead of guessed at."""
    path = os.path.join(work, f"{name.replace(' ', '-')}.threads.txt")
    with open(path, "w") as file:
        if shutil.which("gdb"):
            subprocess.run(["gdb", "-batch", "-p", str(pid), "-ex", "thread apply all bt 30"],
                           stdout=file, stderr=subprocess.STDOUT, timeout=120)
        else:
            for task in sorted(os.listdir(f"/proc/{pid}/task")):
                with open(f"/proc/{pid}/task/{task}/wchan") as wchan:
                    file.write(f"thread {task}: {wchan.read()}\n")
    return path


def process_alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def sample(pid):
    """(RSS kB, private RSS kB, open descriptors, threads) of `pid` from /proc, or None once it
    is gone.

    Growth is judged on RSS. The private part (RssAnon: heap, stacks) is shown beside it because
    it tells where growth is: most of a Swift program's 30-odd MB are pages of Foundation, ICU and
    the runtime mapped from files, which do not leak."""
    try:
        status = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status") if ":" in line)
        fds = len(os.listdir(f"/proc/{pid}/fd"))
        return int(status["VmRSS"].split()[0]), int(status["RssAnon"].split()[0]), fds, int(status["Threads"])
    except (OSError, KeyError, ValueError):
        return None


def thread_names(pid):
    """The names of `pid`'s threads, sorted (lacripta names its own; Dispatch's are plain)."""
    names = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/comm") as file:
                names.append(file.read().strip())
    except OSError:
        pass
    return sorted(names)


class Sampler:
    """Samples every client (and the simulator) every SAMPLE_SECONDS on a thread of its own."""

    def __init__(self, processes, work):
        self.processes = processes
        self.series = {name: [] for name in processes}
        # Thread names per sample, so a thread that stays can be named in the report.
        self.names = {name: [] for name in processes}
        self.exits = {}
        self.csv = open(os.path.join(work, "samples.csv"), "w")
        self.csv.write("time,process,rss_kb,private_kb,fds,threads\n")
        self.stopped = threading.Event()
        threading.Thread(target=self._run, daemon=True).start()

    def take(self):
        now = time.time()
        for name, (pid, alive) in self.processes.items():
            figures = sample(pid) if alive() else None
            if figures is None:
                self.exits.setdefault(name, now)
                continue
            self.series[name].append((now, *figures))
            self.csv.write(f"{now:.0f},{name},{','.join(str(figure) for figure in figures)}\n")
            self.names[name].append((now, thread_names(pid)))
        self.csv.flush()

    def names_at(self, name, when):
        """The thread names of the first sample at or after `when` (the last one when None)."""
        entries = self.names[name]
        if not entries:
            return []
        return entries[-1][1] if when is None else next((names for at, names in entries if at >= when), entries[-1][1])

    def _run(self):
        while not self.stopped.wait(SAMPLE_SECONDS):
            self.take()

    def typical(self, name, start=None, count=30):
        """Per figure, the median of `count` samples (five minutes): those from `start` on, else
        the last ones; and the most threads seen among them.

        A single sample catches allocator noise, and the full-screen view's RSS swings by a megabyte
        and a half over a few minutes as it refetches (an hour's run in November failed on a
        one-minute median that caught a high); five minutes' median does not, and steady growth
        still shows. Threads are a pool that grows and shrinks (Dispatch's workers, one more for
        each request a slow server holds up): they count as grown when even the fewest at the end
        are more than the most at the start, as a thread that never ends would make them.
        """
        series = self.series[name]
        window = [entry for entry in series if entry[0] >= start][:count] if start is not None else series[-count:]
        if not window:
            return None
        medians = tuple(sorted(entry[index] for entry in window)[len(window) // 2] for index in range(5))
        return medians + (max(entry[4] for entry in window), min(entry[4] for entry in window))


def main():
    # Started from a script in the background, SIGINT may be ignored, and an ignored signal stays
    # ignored in the children; handled here, it is back to its default in every client.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    binaries = os.environ.get("SOAK_BIN", os.path.join(root, ".build/debug"))
    minutes = float(os.environ.get("SOAK_MINUTES", "60"))
    total = minutes * 60
    warm_up = min(120.0, total * 0.15)
    interval = float(os.environ.get("SOAK_FAULT_SECONDS", max(60.0, min(180.0, total / 20))))
    # Calm at the end, so every client has reconnected before the last sample.
    tail = float(os.environ.get("SOAK_TAIL_SECONDS", "90"))
    work = tempfile.mkdtemp(prefix="lacripta-soak-")
    if shutil.which("tmux") is None:
        sys.exit("soak: needs tmux")
    log(f"{minutes:g} min, a fault every {interval:g} s or more; logs and samples in {work}")
    # Copies, so a build during the run cannot swap the binaries under it.
    lacripta, simulator_binary = (shutil.copy2(os.path.join(binaries, name), work) for name in ("lacripta", "lacripta-sim"))

    sim = Simulator(simulator_binary, os.path.join(root, "Resources/recorded"), work)
    keyed_home, keyless_home = os.path.join(work, "keyed"), os.path.join(work, "keyless")
    keyed, keyless = sim.environment(keyed_home, True), sim.environment(keyless_home, False)
    for alert in (["BTC", "above", "10000000"], ["ETH", "below", "1"], ["BTC", "move", "0.01", "--within", "1h"]):
        subprocess.run([lacripta, "alert", "add"] + alert, env=keyed, check=True, capture_output=True, timeout=60)
    clients = [
        PipeClient("live key", [lacripta, "live", "BTC", "ETH", "SOL", "--json"], keyed, work),
        PipeClient("live keyless", [lacripta, "live", "BTC", "ETH", "--json"], keyless, work),
        PipeClient("compare", [lacripta, "compare", "BTC", "--json"], keyless, work),
        PipeClient("alert watch", [lacripta, "alert", "watch"], keyed, work),
        # The view reads keys in raw mode (q quits); compare ends on Ctrl-C like any command.
        TmuxClient("view tmux", [lacripta], keyed, work, "q"),
        TmuxClient("compare tmux", [lacripta, "compare", "BTC"], keyless, work, "C-c"),
    ]
    processes = {client.name: (client.pid, client.alive) for client in clients}
    processes["lacripta-sim"] = (sim.process.pid, lambda: sim.process.poll() is None)
    sampler = Sampler(processes, work)
    started = time.time()
    end = started + total
    first_stats = None
    survived, faults = 0, []
    try:
        sampler.take()
        time.sleep(max(0.0, started + warm_up - time.time()))
        baseline = time.time()
        sampler.take()
        first_stats = sim.stats()
        streaming = [client for client in clients if isinstance(client, PipeClient) and client.name != "alert watch"]
        index = 0
        while True:
            name, paths, settle, later = FAULTS[index % len(FAULTS)]
            if time.time() + settle + tail > end:
                break
            before = {client.name: client.lines for client in streaming}
            log(f"fault {index + 1}: {name}")
            fault_started = time.time()
            for path in paths:
                sim.control(path)
            if later:
                time.sleep(3)
                for path in later:
                    sim.control(path)
            # Recovered: every client alive, each streaming client has printed again, and as many
            # sockets are open on the simulator as after the warm-up (every client connected).
            deadline = fault_started + settle
            recovered = False
            while time.time() < deadline:
                stats = sim.stats()
                recovered = (all(client.alive() for client in clients)
                             and all(client.lines > before[client.name] for client in streaming)
                             and stats["streamSocketsOpen"] >= first_stats["streamSocketsOpen"]
                             and stats["exchangeSocketsOpen"] >= first_stats["exchangeSocketsOpen"])
                if recovered and time.time() - fault_started > 10:
                    break
                time.sleep(2)
            took = time.time() - fault_started
            faults.append((name, recovered, took))
            survived += recovered
            log(f"  {'recovered' if recovered else 'NOT recovered'} after {took:.0f} s")
            index += 1
            time.sleep(max(0.0, fault_started + interval - time.time()))
        time.sleep(max(0.0, end - time.time()))
        sampler.take()
        last_stats = sim.stats()
    finally:
        sampler.stopped.set()
        statuses = {client.name: client.stop() for client in clients}
        sim.stop()

    report(clients, sampler, baseline, first_stats, last_stats, faults, survived, statuses, work)


def report(clients, sampler, baseline, first_stats, last_stats, faults, survived, statuses, work):
    reconnects = (last_stats["streamSocketsOpened"] - first_stats["streamSocketsOpened"]
                  + last_stats["exchangeSocketsOpened"] - first_stats["exchangeSocketsOpened"])
    print()
    print(f"faults survived: {survived} of {len(faults)}"
          + "".join(f"\n  {name}: {'ok' if ok else 'NOT recovered'} ({took:.0f} s)" for name, ok, took in faults))
    print(f"reconnects (sockets opened on the simulator after warm-up): {reconnects}")
    print(f"streamer messages sent: {last_stats['streamMessagesSent']}")
    print()
    header = (f"{'process':<14}{'lines':>8}{'RSS':>9}{'end':>8}{'Δ':>8}{'private':>9}{'end':>8}{'Δ':>8}"
              f"{'fds':>9}{'threads':>9}  {'exit':<7}{'growth':<7}")
    print(header)
    print("-" * len(header))
    all_ok = True
    for name in [client.name for client in clients] + ["lacripta-sim"]:
        start, last = sampler.typical(name, start=baseline), sampler.typical(name)
        lines = next((client.lines for client in clients if client.name == name), None)
        exited = name in sampler.exits
        if start is None or last is None:
            print(f"{name:<14} no samples")
            all_ok = False
            continue
        grew = last[1] - start[1] > RSS_SLACK_KB or last[3] != start[3] or last[6] > start[5]
        informational = name == "lacripta-sim"
        stopped = statuses.get(name, 0) == 0
        if not informational:
            all_ok = all_ok and not grew and not exited and stopped
        print(f"{name:<14}{'' if lines is None else lines:>8}{start[1] / 1024:>7.1f}MB{last[1] / 1024:>6.1f}MB"
              f"{(last[1] - start[1]) / 1024:>+6.1f}MB{start[2] / 1024:>7.1f}MB{last[2] / 1024:>6.1f}MB"
              f"{(last[2] - start[2]) / 1024:>+6.1f}MB{f'{start[3]}→{last[3]}':>9}{f'{start[4]}→{last[4]}':>9}  "
              f"{'EXITED' if exited else 'no':<7}{'GREW' if grew else 'none':<7}{'  (informational)' if informational else ''}")
        if last[4] != start[4] and not informational:
            print(f"{'':<14}threads after warm-up: {', '.join(sampler.names_at(name, baseline))}")
            print(f"{'':<14}threads at the end:    {', '.join(sampler.names_at(name, None))}")
    print()
    def spelled(status):
        return f"signal {-status}" if isinstance(status, int) and status < 0 else str(status)

    print("exit status on stop (SIGINT; q or Ctrl-C in tmux): " + ", ".join(f"{name} {spelled(status)}" for name, status in statuses.items()))
    verdict = all_ok and survived == len(faults)
    print("start: the median of the first five minutes after the warm-up; end: the median of the last five minutes")
    print("private: the part of RSS that is the process's own (heap, stacks), not pages of shared libraries")
    print(f"no growth (RSS within {RSS_SLACK_KB // 1024} MB of the start, fds unchanged, the fewest threads at the end within the most at the start), "
          "no exit, every client stopped with 0 when asked, every fault survived: "
          f"{'PASS' if verdict else 'FAIL'}")
    print(f"samples: {work}/samples.csv")
    sys.exit(0 if verdict else 1)


if __name__ == "__main__":
    main()
