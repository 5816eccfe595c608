"""`make bench`: measures lacripta's live pipeline, start-up, CPU and memory, and prints one table.

Every figure is the median of several runs. CPU and memory come from the kernel: /proc/PID/stat
and /proc/PID/status (VmRSS, VmHWM, RssAnon, RssFile) sampled while a process runs, and wait4's
rusage (the same counters, exact at exit) once it ends. Timing is reported, never asserted: the
script exits 0 whether or not a target is met.

Run by scripts/bench/bench.sh, which builds the release binaries and the Python venv first.
Environment: BENCH_N (flood size, default 1000000), BENCH_RUNS (lacripta runs, default 5),
BENCH_PYTHON_RUNS (default 3), BENCH_LONG=1 (10-minute memory run instead of 60 s).
BENCH_SMOKE=1 runs every step once with tiny counts and judges no figure (`make test` does, so a
step that can no longer run fails CI instead of the next person's `make bench`); any step whose
program fails still fails the run.
"""
import argparse
import json
import os
import pty
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time

import fcntl
import termios

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024


def proc_cpu_seconds(pid):
    """utime + stime of a running process, from /proc/PID/stat."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def proc_memory_kb(pid):
    """VmRSS, VmHWM, RssAnon and RssFile of a running process, in KB, from /proc/PID/status."""
    values = {}
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM", "RssAnon", "RssFile"):
                values[key] = int(rest.split()[0])
    return values


def describe_stuck(pid):
    """Prints what a process that ignored SIGINT is doing: per thread its name, state, kernel wait
    channel and pending/blocked signals, then every thread's backtrace from gdb if there is one."""
    print(f"bench: process {pid} did not end 15 s after SIGINT; its threads:", file=sys.stderr)
    try:
        for tid in sorted(os.listdir(f"/proc/{pid}/task"), key=int):
            base = f"/proc/{pid}/task/{tid}"
            with open(f"{base}/status") as handle:
                fields = dict(line.split(":\t", 1) for line in handle.read().splitlines() if ":\t" in line)
            with open(f"{base}/wchan") as handle:
                wchan = handle.read().strip()
            wanted = ("Name", "State", "SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt")
            print(f"  {tid} " + " ".join(f"{key}={fields.get(key, '?').strip()}" for key in wanted) + f" wchan={wchan}",
                  file=sys.stderr)
    except OSError as error:
        print(f"  (could not read /proc: {error})", file=sys.stderr)
    gdb = shutil.which("gdb")
    if gdb:
        traces = subprocess.run([gdb, "-p", str(pid), "-batch", "-ex", "thread apply all bt 30"],
                                capture_output=True, text=True, timeout=60)
        print(traces.stdout[-20000:], file=sys.stderr)


class Run:
    """One measured child process: wall time, CPU and memory."""

    def __init__(self, argv, env=None, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL, sample_every=0.02):
        self.samples = []
        self.started = time.perf_counter()
        self.process = subprocess.Popen(argv, env=env, stdout=stdout, stderr=subprocess.PIPE, stdin=stdin)
        self._stop = threading.Event()
        self._sampler = threading.Thread(target=self._sample, args=(sample_every,), daemon=True)
        self._sampler.start()

    def _sample(self, every):
        while not self._stop.is_set():
            try:
                memory = proc_memory_kb(self.process.pid)
                memory["cpu"] = proc_cpu_seconds(self.process.pid)
                memory["t"] = time.perf_counter() - self.started
                self.samples.append(memory)
            except (OSError, IndexError, ValueError):
                return
            self._stop.wait(every)

    def wait(self, timeout=None):
        """Reaps the process; returns self with wall, cpu (s), maxrss (KB), status and stderr set."""
        killer = threading.Timer(timeout, self.process.kill) if timeout else None
        if killer:
            killer.start()
        _, status, usage = os.wait4(self.process.pid, 0)
        self.wall = time.perf_counter() - self.started
        if killer:
            killer.cancel()
        self._stop.set()
        self._sampler.join()
        self.process.returncode = os.waitstatus_to_exitcode(status)
        self.cpu = usage.ru_utime + usage.ru_stime
        self.maxrss = usage.ru_maxrss
        self.stderr = self.process.stderr.read().decode(errors="replace")
        self.process.stderr.close()
        self.status = self.process.returncode
        return self

    def stop(self):
        """Ends a long-running process with SIGINT (lacripta closes its socket cleanly) and reaps it.
        A process still there after 15 s is described on stderr (its threads, their signal masks,
        what each waits in, and gdb's backtraces when gdb is installed) before it is killed: a
        Ctrl-C that does nothing is a bug, and a CI log must say where it stuck."""
        self.process.send_signal(2)
        deadline = time.perf_counter() + 15
        # WNOWAIT: the exit is seen without reaping, so `wait` still gets the rusage.
        while os.waitid(os.P_PID, self.process.pid, os.WEXITED | os.WNOWAIT | os.WNOHANG) is None:
            if time.perf_counter() > deadline:
                describe_stuck(self.process.pid)
                return self.wait(timeout=1)
            time.sleep(0.05)
        return self.wait()


class Simulator:
    """lacripta-sim on free ports, in the background, stopped by its process id."""

    def __init__(self, binary, data, work, name, *flags, cpus=None):
        """`cpus`: the CPUs the simulator (every thread of it) may run on; any by default."""
        self.dir = os.path.join(work, name)
        os.makedirs(self.dir)
        port_file, stream_file = os.path.join(self.dir, "port"), os.path.join(self.dir, "stream-port")
        self.log = open(os.path.join(self.dir, "sim.log"), "w")
        self.process = subprocess.Popen(
            [binary, "--port", "0", "--port-file", port_file, "--stream-port-file", stream_file, "--data", data,
             "--stream-seed", "1", "--stream-heartbeat", "0", *flags],
            stdout=self.log, stderr=subprocess.STDOUT,
            preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None)
        for _ in range(400):
            if all(os.path.exists(path) and os.path.getsize(path) for path in (port_file, stream_file)):
                break
            if self.process.poll() is not None:
                sys.exit(f"bench: lacripta-sim did not start (see {self.log.name})")
            time.sleep(0.025)
        with open(port_file) as handle:
            self.port = int(handle.read())
        with open(stream_file) as handle:
            self.stream_port = int(handle.read())
        self.stream_url = f"ws://127.0.0.1:{self.stream_port}/v2"

    def environment(self, home):
        """Points lacripta at this simulator, with a throwaway cache and config and no key.

        Without a key `auto` would pick the public sources, and `live` the real exchanges: the
        source is named (the simulator's streamer asks for no key), and every exchange feed points
        at the discard port unless a step sets it, so no step ever leaves the machine."""
        env = {key: value for key, value in os.environ.items() if key != "CRYPTOCOMPARE_API_KEY"}
        env.update(LACRIPTA_API_URL=f"http://127.0.0.1:{self.port}", LACRIPTA_STREAM_URL=self.stream_url,
                   LACRIPTA_SOURCE="cryptocompare",
                   XDG_CACHE_HOME=os.path.join(home, "cache"), XDG_CONFIG_HOME=os.path.join(home, "config"),
                   XDG_DATA_HOME=os.path.join(home, "data"))
        for exchange in ("COINBASE", "KRAKEN", "BITSTAMP", "BITFINEX"):
            env[f"LACRIPTA_{exchange}_URL"] = "ws://127.0.0.1:9/"
        return env

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


def median(values):
    return statistics.median(values) if values else None


def checked(run, what):
    if run.status != 0:
        sys.exit(f"bench: {what} failed (exit {run.status}): {run.stderr.strip()[-500:]}")
    return run


def bench_json(binary, *args):
    """Runs lacripta-bench and returns its figures by metric name."""
    output = subprocess.run([binary, *args], check=True, capture_output=True, text=True).stdout
    return {item["metric"]: item for item in map(json.loads, output.splitlines())}


def timed(argv, env, runs, warmups=2):
    """Median wall time in ms of `runs` runs of argv (stdout discarded), after `warmups` warm-up runs."""
    for _ in range(warmups):
        subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append((time.perf_counter() - started) * 1000)
    return median(times)


def cpu_percent(run, settle, window):
    """CPU % of a running process over `window` seconds after `settle` seconds, from /proc."""
    time.sleep(settle)
    cpu0, wall0 = proc_cpu_seconds(run.process.pid), time.perf_counter()
    time.sleep(window)
    cpu1, wall1 = proc_cpu_seconds(run.process.pid), time.perf_counter()
    return (cpu1 - cpu0) / (wall1 - wall0) * 100


def terminal_run(argv, env, settle, window):
    """Runs argv on a pseudo-terminal (120x40, output drained) and returns its CPU % over `window`."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = dict(env, TERM="xterm-256color")
    run = Run(argv, env=env, stdout=slave, stdin=slave)
    os.close(slave)
    drained = [0]

    def drain():
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return
            if not chunk:
                return
            drained[0] += len(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    percent = cpu_percent(run, settle, window)
    checked(run.stop(), " ".join(argv[1:]) + " on a pseudo-terminal")
    os.close(master)
    return percent, drained[0]


def terminal_compare(argv, env, settle, seconds):
    """Runs `compare` on a pseudo-terminal (120x40, output drained) for `settle` + `seconds`: its CPU %
    over the window and its RSS (KB) sampled every second after the settle time."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    run = Run(argv, env=dict(env, TERM="xterm-256color", LANG="C.UTF-8"), stdout=slave, stdin=slave, sample_every=1.0)
    os.close(slave)

    def drain():
        while True:
            try:
                if not os.read(master, 65536):
                    return
            except OSError:
                return

    threading.Thread(target=drain, daemon=True).start()
    time.sleep(settle)
    first = len(run.samples)
    percent = cpu_percent(run, 0, seconds)
    rss = [sample["VmRSS"] for sample in run.samples[first:] if "VmRSS" in sample]
    checked(run.stop(), " ".join(argv[1:]) + " on a pseudo-terminal")
    os.close(master)
    return percent, rss


def binary_size(binary, work):
    """The binary's size in bytes, and its size stripped of symbols (None without `strip`): what
    `make install` would install. The copy is stripped, never the built binary."""
    size = os.path.getsize(binary)
    strip = shutil.which("strip")
    if not strip:
        return size, None
    copy = os.path.join(work, "lacripta-stripped")
    shutil.copyfile(binary, copy)
    if subprocess.run([strip, copy], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
        return size, None
    stripped = os.path.getsize(copy)
    os.remove(copy)
    return size, stripped


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="the release bin directory")
    parser.add_argument("--python", default=sys.executable, help="the venv python with websockets")
    arguments = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    lacripta, sim, benchtool = (os.path.join(arguments.bin, name) for name in ("lacripta", "lacripta-sim", "lacripta-bench"))
    data = os.path.join(root, "Resources", "recorded")
    smoke = os.environ.get("BENCH_SMOKE") == "1"
    flood = int(os.environ.get("BENCH_N", "2000" if smoke else "1000000"))
    runs = int(os.environ.get("BENCH_RUNS", "1" if smoke else "5"))
    python_runs = int(os.environ.get("BENCH_PYTHON_RUNS", "1" if smoke else "3"))
    long_run = os.environ.get("BENCH_LONG") == "1"
    memory_seconds = 600 if long_run else 60
    idle_seconds, terminal_seconds = 30, 10
    # Repeats of each in-process and start-up measurement, and the in-process sizes (None: the tool's own).
    repeats, startup_runs, in_process = 3, 20, None
    settle, compare_settle = 3, 5
    if os.environ.get("BENCH_QUICK") == "1":  # a quick run of the script itself, not a measurement
        memory_seconds, idle_seconds, terminal_seconds = 10, 5, 3
    if smoke:  # every step once, tiny: proves each can run; no figure means anything
        memory_seconds, idle_seconds, terminal_seconds = 2, 1, 1
        repeats, startup_runs, in_process = 1, 1, "20000"
        settle, compare_settle = 1, 1
    sized = [in_process] if in_process else []
    load_before = os.getloadavg()[0]
    work = tempfile.mkdtemp(prefix="lacripta-bench.")
    simulators = []
    rows = []

    def row(metric, mine, python=None, target=None, met=None, mine_text=None, python_text=None, lower_is_better=False):
        # How many times better lacripta is: faster, or for costs, cheaper.
        if smoke:
            met = None
        ratio = "-"
        if mine and python:
            ratio = f"{(python / mine if lower_is_better else mine / python):.1f}x"
        rows.append((metric, mine_text or fmt(mine), python_text or fmt(python), ratio, target or "-",
                     "-" if met is None else ("yes" if met else "NO")))

    def progress(text):
        print(f"bench: {text}", file=sys.stderr, flush=True)

    try:
        flooder = Simulator(sim, data, work, "flood", "--flood", str(flood), "--stream-rate", "0")
        simulators.append(flooder)
        env = flooder.environment(os.path.join(work, "home-flood"))
        live = [lacripta, "live", "BTC", "ETH", "--json", "--count", str(flood)]

        progress(f"live pipeline: {runs} lacripta runs of {flood:,} messages")
        mine = [checked(Run(live, env=env).wait(timeout=600), "lacripta live") for _ in range(runs)]
        # The target is a million a second on one core: lacripta held to CPU 0 (its I/O thread and
        # its feed then share it), the flood peer to CPU 1, where the machine has two.
        # A simulator of its own, started on CPU 1 so that all its threads stay there.
        one_core = []
        if hasattr(os, "sched_setaffinity") and len(os.sched_getaffinity(0)) >= 2 and shutil.which("taskset"):
            progress(f"live pipeline on one core: {runs} lacripta runs of {flood:,} messages, pinned to CPU 0")
            pinned = Simulator(sim, data, work, "flood-cpu1", "--flood", str(flood), "--stream-rate", "0", cpus={1})
            simulators.append(pinned)
            pinned_env = pinned.environment(os.path.join(work, "home-flood-cpu1"))
            one_core = [checked(Run(["taskset", "-c", "0", *live], env=pinned_env).wait(timeout=600), "lacripta live, one core")
                        for _ in range(runs)]
            simulators.remove(pinned)
            pinned.stop()
        progress(f"live pipeline: {python_runs} Python (websockets) runs of {flood:,} messages")
        peer = [os.path.join(root, "scripts", "bench", "peer.py")]
        theirs = [checked(Run([arguments.python, *peer, flooder.stream_url, str(flood)]).wait(timeout=1200), "the Python peer")
                  for _ in range(python_runs)]
        progress("the flood peer alone: raw reader and lacripta's WebSocket client")
        raw = [bench_json(benchtool, "raw-reader", flooder.stream_url)["raw-reader"]["messagesPerSecond"] for _ in range(repeats)]
        transport = [bench_json(benchtool, "transport", flooder.stream_url)["transport"]["messagesPerSecond"]
                     for _ in range(repeats)]

        rate = median([flood / run.wall for run in mine])
        python_rate = median([flood / run.wall for run in theirs])
        cpu = median([run.cpu / flood * 1e6 for run in mine])
        python_cpu = median([run.cpu / flood * 1e6 for run in theirs])
        row(f"live pipeline, messages/s ({flood:,}, --json)", rate, python_rate, ">= 1,000,000 and >= 20x Python",
            rate >= 1_000_000 and python_rate and rate / python_rate >= 20)
        # Reported, not a target: on two cores the batch bytes cross from one core's cache to the
        # other's, which costs CPU that the one-core run below does not pay.
        row("  CPU seconds per million messages (both cores)", cpu, python_cpu, mine_text=f"{cpu:.2f}",
            python_text=f"{python_cpu:.2f}", lower_is_better=True)
        if one_core:
            pinned_rate = median([flood / run.wall for run in one_core])
            pinned_cpu = median([run.cpu / flood * 1e6 for run in one_core])
            row("  on one core (lacripta on CPU 0, the peer on CPU 1), messages/s", pinned_rate, target=">= 1,000,000",
                met=pinned_rate >= 1_000_000)
            row("    CPU seconds per million messages, on one core", pinned_cpu, target="<= 1.0", met=pinned_cpu <= 1.0,
                mine_text=f"{pinned_cpu:.2f}")
        row("  flood peer alone: raw header-walking reader, msg/s", median(raw), target="well above lacripta (>= 2x)",
            met=median(raw) >= 2 * rate)
        row("  lacripta WebSocket client alone (no parsing), msg/s", median(transport))

        progress("decoder and parser in process")
        decoder = [bench_json(benchtool, "decoder", *sized) for _ in range(repeats)]
        parser_rates = [bench_json(benchtool, "parser", *sized)["parser"]["messagesPerSecond"] for _ in range(repeats)]
        line_rates = [bench_json(benchtool, "live-lines", *sized)["live-lines"]["messagesPerSecond"] for _ in range(repeats)]
        row("frame decoder in process, frames/s", median([d["decoder"]["framesPerSecond"] for d in decoder]))
        row("  (reference: walking frame headers only), frames/s", median([d["header-walk"]["framesPerSecond"] for d in decoder]))
        row("streamer parse + merge in process (every figure), messages/s", median(parser_rates))
        row("parse + merge + NDJSON line in process (live --json but the socket), messages/s", median(line_rates))
        # Exchange adapters (compare view): recorded quote frames per adapter. The 100-level Bitstamp
        # book is about 5 KB and arrives a few times a second, so it has no target.
        exchange_runs = [bench_json(benchtool, "exchanges", *sized) for _ in range(repeats)]
        # CEX.IO's 20-level book applies increments (each one parsed, applied, the touch found):
        # its target is 500,000 a second.
        targets = {"bitstamp-100-levels": None, "cex-book-20-levels": 500_000}
        for name in ("coinbase", "kraken", "bitstamp", "bitfinex", "bitstamp-100-levels", "binance", "okx", "gemini",
                     "cex-book-20-levels"):
            exchange_rate = median([run[f"exchange-{name}"]["messagesPerSecond"] for run in exchange_runs])
            target = targets.get(name, 1_000_000)
            row(f"exchange adapter parse in process ({name}), messages/s", exchange_rate,
                target=f">= {target:,}" if target else None, met=exchange_rate >= target if target else None)
        # The order book alone (OrderBook, no parsing), and what a size costs walking it (--size).
        book_runs = [bench_json(benchtool, "book", *sized) for _ in range(repeats)]
        book_rate = median([run["book-increments"]["perSecond"] for run in book_runs])
        row("order book alone, 20 levels a side, increments applied/s", book_rate, target=">= 500,000", met=book_rate >= 500_000)
        row("  the cost of a size walked on it, µs", median([run["book-size-walk"]["microseconds"] for run in book_runs]))

        size, stripped = binary_size(lacripta, work)
        row("the release lacripta binary, MB (bytes)", size / 1e6, target="-",
            mine_text=f"{size / 1e6:.1f} ({size:,})" + (f", stripped {stripped / 1e6:.1f} ({stripped:,})" if stripped else ""))
        progress("start-up: --version and top --json, 20 runs each")
        rest = Simulator(sim, data, work, "rest", "--stream-rate", "5")
        simulators.append(rest)
        rest_env = rest.environment(os.path.join(work, "home-rest"))
        version = timed([lacripta, "--version"], rest_env, startup_runs, min(2, startup_runs))
        top = timed([lacripta, "top", "--json"], rest_env, startup_runs, min(2, startup_runs))
        row("start-up: lacripta --version, ms", version, target="< 20", met=version < 20, mine_text=f"{version:.1f}")
        row("start-up: lacripta top --json (simulator, warm cache), ms", top, target="< 50", met=top < 50, mine_text=f"{top:.1f}")

        progress("keyless: news from 8 feeds each answering after 300 ms; top --source public from a warm cache; a 1 MB feed")
        slow = Simulator(sim, data, work, "slow-feeds", "--stream-rate", "5", "--feed-delay", "0.3")
        simulators.append(slow)
        keyless_env = slow.environment(os.path.join(work, "home-keyless"))
        base = f"http://127.0.0.1:{slow.port}"
        feeds = ["coindesk", "cointelegraph", "cointelegraph-bitcoin", "decrypt", "theblock", "blockworks", "google-news", "cryptoslate"]
        keyless_env.update(LACRIPTA_SOURCE="public", LACRIPTA_COINGECKO_URL=f"{base}/coingecko/api/v3",
                           LACRIPTA_NEWS_FEEDS=",".join(f"{base}/feeds/{name}.xml" for name in feeds))
        news = timed([lacripta, "news"], keyless_env, min(5, startup_runs), min(2, startup_runs))
        row("news from 8 feeds, each answering after 300 ms, ms", news, target="< 600 (fetched at once)", met=news < 600,
            mine_text=f"{news:.0f}")
        public_top = timed([lacripta, "top", "--json"], keyless_env, startup_runs, min(2, startup_runs))
        row("top --source public (CoinGecko), warm cache, ms", public_top, target="< 50", met=public_top < 50,
            mine_text=f"{public_top:.1f}")
        progress("your coins: the full coin list decoded and searched in process; fav with 20 favourites, warm cache")
        coin = bench_json(benchtool, "coin-search")
        decode = coin["coin-list-decode"]
        row(f"decoding a {decode['bytes'] / 1e6:.1f} MB coin list ({int(decode['coins'])} coins), ms", decode["milliseconds"],
            target="< 150", met=decode["milliseconds"] < 150, mine_text=f"{decode['milliseconds']:.1f}")
        row("indexing it for search, ms", coin["coin-search-index"]["milliseconds"], mine_text=f"{coin['coin-search-index']['milliseconds']:.1f}")
        for name, label in (("eth", "a ticker, eth"), ("short", "two letters, co"), ("name", "two words, wrapped ba")):
            query = coin[f"coin-search-{name}"]["milliseconds"]
            row(f"search over it ({label}), ms", query, target="< 5", met=query < 5, mine_text=f"{query:.2f}")
        favorites = ["BTC", "ETH", "USDT", "BNB", "SOL", "XRP", "TON", "USDC", "DOGE", "ADA",
                     "AVAX", "SHIB", "LINK", "ENA", "OP", "ARB", "WBTC", "SUI", "APT", "NEAR"]
        checked(Run([lacripta, "fav", "add", *favorites], env=keyless_env).wait(timeout=30), "lacripta fav add")
        fav = timed([lacripta, "fav"], keyless_env, startup_runs, min(2, startup_runs))
        row("fav with 20 favourites (CoinGecko), warm cache, ms", fav, target="< 60 (one request)", met=fav < 60, mine_text=f"{fav:.1f}")
        progress("the news archive: 100,000 articles built, then a fetch of 200 stored and searches")
        archive = bench_json(benchtool, "archive")
        store = archive["archive-store-200"]["milliseconds"]
        row("storing the 200 articles of a fetch in a 100,000-article archive, ms", store, target="< 20", met=store < 20,
            mine_text=f"{store:.1f}")
        for name, label in (("two-words", "two words"), ("common", "a word in most articles"), ("miss", "a word in none")):
            query = archive[f"archive-search-{name}"]["milliseconds"]
            row(f"search over 100,000 articles ({label}), ms", query, target="< 20", met=query < 20, mine_text=f"{query:.2f}")
        size = archive["archive-size"]["megabytes"]
        row("the archive of 100,000 articles on disk, MB", size, target="< 200", met=size < 200, mine_text=f"{size:.0f}")
        parse = bench_json(benchtool, "feed-parse", data)["feed-parse"]
        row(f"reading a {parse['bytes'] / 1e6:.1f} MB RSS feed ({int(parse['articles'])} items), ms", parse["milliseconds"],
            target="< 20", met=parse["milliseconds"] < 20, mine_text=f"{parse['milliseconds']:.1f}")
        progress("the ledger: a 10,000-row Coinbase export planned, holdings over 10,000 transactions, the cost-basis pass")
        ledger = bench_json(benchtool, "ledger")
        imported = ledger["ledger-import"]
        row(f"importing a {int(imported['rows'])}-row exchange CSV (read, checked, de-duplicated), ms", imported["milliseconds"],
            target="< 300", met=imported["milliseconds"] < 300, mine_text=f"{imported['milliseconds']:.1f}")
        booked = ledger["ledger-holdings"]
        row("holdings over 10,000 transactions in process (journal read, booked, valued), ms", booked["milliseconds"],
            target="< 50", met=booked["milliseconds"] < 50, mine_text=f"{booked['milliseconds']:.1f}")
        for method in ("fifo", "lifo", "hifo", "average"):
            pass_ms = ledger[f"ledger-cost-basis-{method}"]["milliseconds"]
            row(f"cost-basis pass over 10,000 transactions ({method}), ms", pass_ms, target="< 20", met=pass_ms < 20,
                mine_text=f"{pass_ms:.1f}")
        store = keyless_env.get("XDG_DATA_HOME") or os.path.join(keyless_env["HOME"], ".local", "share")
        os.makedirs(os.path.join(store, "lacripta"), exist_ok=True)
        with open(os.path.join(store, "lacripta", "journal"), "w") as journal:
            journal.write("version 1\n")
            for index in range(10000):
                coin = ("BTC", "ETH", "SOL")[index % 3]
                kind = "sell 0.001" if index % 4 == 3 else "buy 0.01"
                journal.write(f"2024-01-01T00:00:00Z {kind} {coin} @ {1000 + index % 500}.25 USD fee 0.99 USD id:b{index}\n")
        checked(Run([lacripta, "holdings"], env=keyless_env).wait(timeout=30), "lacripta holdings")
        holdings = timed([lacripta, "holdings", "--json"], keyless_env, 10)
        row("holdings over 10,000 transactions (CoinGecko), warm cache, ms", holdings, target="< 50", met=holdings < 50,
            mine_text=f"{holdings:.1f}")
        charts = bench_json(benchtool, "chart")
        for mode in ("braille", "blocks"):
            chart = charts[f"chart-{mode}"]
            row(f"drawing a {int(chart['points'])}-point chart at {int(chart['columns'])} columns ({mode}), ms", chart["milliseconds"],
                target="< 2", met=chart["milliseconds"] < 2, mine_text=f"{chart['milliseconds']:.2f}")
        candles = bench_json(benchtool, "candle-chart")
        for mode in ("braille", "blocks"):
            chart = candles[f"candle-chart-{mode}"]
            row(f"drawing {int(chart['candles'])} daily candles with volume at {int(chart['columns'])} columns ({mode}), ms",
                chart["milliseconds"], target="< 2", met=chart["milliseconds"] < 2, mine_text=f"{chart['milliseconds']:.2f}")
        # convert from a warm cache: the toplist (top --json above) names the coin, the quote is reused.
        convert = timed([lacripta, "convert", "0.5", "BTC", "EUR"], keyless_env, 20)
        row("convert 0.5 BTC EUR (CoinGecko), warm cache, ms", convert, target="< 30", met=convert < 30, mine_text=f"{convert:.1f}")

        progress(f"idle CPU: live BTC ETH at 10 ticks/s for {idle_seconds} s, off a terminal")
        idle_run = Run([lacripta, "live", "BTC", "ETH"], env=rest_env, sample_every=0.5)
        idle = cpu_percent(idle_run, settle, idle_seconds)
        checked(idle_run.stop(), "lacripta live (idle)")
        row(f"idle CPU: live BTC ETH, 10 ticks/s, no terminal, {idle_seconds} s, %", idle, target="< 1", met=idle < 1, mine_text=f"{idle:.2f}")

        progress(f"terminal view: {terminal_seconds} s at 10 ticks/s and at 1,000 ticks/s on a pseudo-terminal")
        busy = Simulator(sim, data, work, "busy", "--stream-rate", "500")
        simulators.append(busy)
        calm, _ = terminal_run([lacripta, "live", "BTC", "ETH"], rest_env, settle, terminal_seconds)
        hot, _ = terminal_run([lacripta, "live", "BTC", "ETH"], busy.environment(os.path.join(work, "home-busy")), settle,
                              terminal_seconds)
        row("terminal view CPU at 10 ticks/s, %", calm, mine_text=f"{calm:.2f}")
        row("terminal view CPU at 1,000 ticks/s (redraws coalesced), %", hot, mine_text=f"{hot:.2f}")

        compare_seconds = memory_seconds
        span = f"{compare_seconds // 60} min" if compare_seconds >= 60 else f"{compare_seconds} s"
        progress(f"compare BTC on a pseudo-terminal: four exchanges at 200 updates/s each, for {span} (BENCH_LONG=1 for 10 min)")
        exchanges = Simulator(sim, data, work, "exchanges", "--stream-rate", "1", "--exchange-rate", "200",
                              "--exchange-url-file", os.path.join(work, "exchange-urls"))
        simulators.append(exchanges)
        compare_env = exchanges.environment(os.path.join(work, "home-compare"))
        for _ in range(200):
            if os.path.exists(os.path.join(work, "exchange-urls")) and os.path.getsize(os.path.join(work, "exchange-urls")):
                break
            time.sleep(0.025)
        with open(os.path.join(work, "exchange-urls")) as handle:
            for line in handle:
                name, url = line.split()
                compare_env[f"LACRIPTA_{name.upper()}_URL"] = url
        compare_cpu, compare_rss = terminal_compare([lacripta, "compare", "BTC"], compare_env, compare_settle, compare_seconds)
        row("compare BTC on a terminal, 4 exchanges x 200 updates/s, CPU %", compare_cpu, target="< 1", met=compare_cpu < 1,
            mine_text=f"{compare_cpu:.2f}")
        # The same flood as lines: every quote written, taken from the connections once a frame.
        lines_seconds = 2 if smoke else 10
        progress(f"compare BTC --json and keyless live BTC ETH (--json and on a terminal) against the same four exchanges, {lines_seconds} s each")
        json_run = Run([lacripta, "compare", "BTC", "--json"], env=compare_env)
        compare_json = cpu_percent(json_run, compare_settle, lines_seconds)
        checked(json_run.stop(), "lacripta compare --json")
        row("compare BTC --json, 4 exchanges x 200 updates/s, CPU %", compare_json, target="< 2", met=compare_json < 2,
            mine_text=f"{compare_json:.2f}")
        keyless_live_env = dict(compare_env, LACRIPTA_SOURCE="public")
        keyless_run = Run([lacripta, "live", "BTC", "ETH", "--json"], env=keyless_live_env)
        keyless_json = cpu_percent(keyless_run, compare_settle, lines_seconds)
        checked(keyless_run.stop(), "lacripta live --json without a key")
        row("live BTC ETH --json without a key (Coinbase at 200 updates/s), CPU %", keyless_json, target="< 2",
            met=keyless_json < 2, mine_text=f"{keyless_json:.2f}")
        keyless_tty, _ = terminal_compare([lacripta, "live", "BTC", "ETH"], keyless_live_env, compare_settle, lines_seconds)
        row("live BTC ETH on a terminal without a key, CPU %", keyless_tty, target="< 1", met=keyless_tty < 1,
            mine_text=f"{keyless_tty:.2f}")
        if len(compare_rss) >= 10:
            tenth = max(1, len(compare_rss) // 10)
            early, late = median(compare_rss[tenth:2 * tenth]), median(compare_rss[-tenth:])
            grown = (late - early) / 1024
            row(f"  its RSS growth over {span} (after warm-up), MB", grown, target="flat (< 1)", met=grown < 1,
                mine_text=f"{grown:+.2f} (RSS {late / 1024:.1f})")

        peak = median([run.maxrss for run in mine]) / 1024
        python_peak = median([run.maxrss for run in theirs]) / 1024
        anon = median([max((s.get("RssAnon", 0) for s in run.samples), default=0) for run in mine]) / 1024
        files = median([max((s.get("RssFile", 0) for s in run.samples), default=0) for run in mine]) / 1024
        row("peak RSS during the pipeline run, MB", peak, python_peak, "< 25", peak < 25, mine_text=f"{peak:.1f}",
            python_text=f"{python_peak:.1f}", lower_is_better=True)
        row("  of which heap and stacks (RssAnon) / the binary and shared libraries (RssFile), MB", None,
            mine_text=f"{anon:.1f} / {files:.1f}")

        span = f"{memory_seconds // 60} min" if memory_seconds >= 60 else f"{memory_seconds} s"
        progress(f"memory: live BTC ETH --json at 100 ticks/s for {span} (BENCH_LONG=1 for 10 min)")
        steady = Simulator(sim, data, work, "steady", "--stream-rate", "50")
        simulators.append(steady)
        growth_run = Run([lacripta, "live", "BTC", "ETH", "--json"], env=steady.environment(os.path.join(work, "home-steady")),
                         sample_every=1.0)
        time.sleep(memory_seconds)
        samples = [s for s in growth_run.samples if "VmRSS" in s]
        checked(growth_run.stop(), "lacripta live (memory)")
        if len(samples) >= 3:  # a smoke run may be too short for a warm-up and a late sample
            tenth = max(1, len(samples) // 10)
            early = median([s["VmRSS"] for s in samples[tenth:2 * tenth]])
            late = median([s["VmRSS"] for s in samples[-tenth:]])
            growth = (late - early) / 1024
            row(f"RSS growth over {span} at 100 ticks/s (after warm-up), MB", growth, target="none (< 1)",
                met=growth < 1, mine_text=f"{growth:+.2f} (RSS {late / 1024:.1f})")
    finally:
        for simulator in simulators:
            simulator.stop()
        shutil.rmtree(work, ignore_errors=True)

    print_table(rows, flood, runs, python_runs, memory_seconds)
    if smoke:
        print("smoke run (BENCH_SMOKE=1): every step ran; tiny counts, so no figure above means anything")
    # Other work on the machine slows every figure; the load average tells whether it was quiet.
    print(f"load average (1 min) before / after: {load_before:.2f} / {os.getloadavg()[0]:.2f}")


def fmt(value):
    if value is None:
        return "-"
    if value >= 1000:
        return f"{value:,.0f}"
    return f"{value:.2f}"


def print_table(rows, flood, runs, python_runs, memory_seconds):
    headers = ("metric", "lacripta", "python", "ratio", "target", "met?")
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]
    line = "  ".join("-" * w for w in widths)
    print()
    span = f"{memory_seconds // 60} min" if memory_seconds >= 60 else f"{memory_seconds} s"
    print(f"lacripta benchmark: medians of {runs} lacripta and {python_runs} Python runs of {flood:,} messages; "
          f"memory run {span}; {os.cpu_count()} CPUs. ratio = how many times better lacripta is.")
    print(line)
    for index, item in enumerate([headers, *rows]):
        cells = [str(cell).ljust(widths[i]) if i == 0 else str(cell).rjust(widths[i]) for i, cell in enumerate(item)]
        print("  ".join(cells).rstrip())
        if index == 0:
            print(line)
    print(line)


if __name__ == "__main__":
    main()
