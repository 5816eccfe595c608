# lacripta — build, test and try it offline. `make help` lists the targets.
SWIFT   ?= swift
PREFIX  ?= /usr/local
BIN      = .build/debug
# Release builds link the Swift runtime and Foundation statically on Linux: the binary then runs
# without a Swift toolchain installed, and peaks ~5 MB lower in RSS than with ~15 shared Swift
# libraries mapped (README, Benchmarks). `make release RELEASE_FLAGS="-c release"` builds it
# dynamically. On macOS the Swift runtime is part of the OS, so there is nothing to link.
ifeq ($(shell uname -s),Linux)
RELEASE_FLAGS ?= -c release --static-swift-stdlib
else
RELEASE_FLAGS ?= -c release
endif
export RELEASE_FLAGS
# `make fuzz`: seconds per target, and which targets (all when empty).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=

.PHONY: help build release test unit demo sim soak bench conformance fuzz generate install uninstall format lint clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-12s %s\n", $$1, $$2}'

build: ## debug build of lacripta and lacripta-sim
	$(SWIFT) build

# Only the shipped binary: an optimised build of the simulator, bench and conformance tools as well
# would add minutes to `make install` and so to every CI run (check-install runs it).
release: ## optimised build of lacripta, Swift runtime linked in on Linux (also catches concurrency errors debug misses)
	$(SWIFT) build $(RELEASE_FLAGS) --product lacripta

test: ## style lint, warning-free debug and release builds, every test, install check, a smoke run of the bench and WebSocket conformance (what CI runs)
	@scripts/timed.sh lint $(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests FuzzTesting/Package.swift FuzzTesting/Sources
	@SWIFT=$(SWIFT) scripts/timed.sh "debug build" scripts/build-checked.sh debug
	@scripts/timed.sh tests $(SWIFT) test --skip-build
	@SWIFT=$(SWIFT) scripts/timed.sh "release build" scripts/build-checked.sh release
	@SWIFT=$(SWIFT) scripts/timed.sh "install check" scripts/check-install.sh
	@# Every bench step once with tiny counts, no figure judged: a step that cannot run fails here.
	@SWIFT=$(SWIFT) BENCH_SMOKE=1 scripts/timed.sh "bench smoke" scripts/bench/bench.sh
	@SWIFT=$(SWIFT) scripts/timed.sh conformance scripts/conformance.sh

unit: ## just build and run the Swift tests (quick loop while developing)
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

demo: build ## start the offline simulator and run lacripta against it: no key, no internet
	@scripts/demo.sh $(BIN)

sim: build ## run the offline simulator on 127.0.0.1:8088 (CryptoCompare, CoinGecko, feeds), :8089 (streamer) and :8090-8098 (exchanges) until Ctrl-C
	@echo "export LACRIPTA_API_URL=http://127.0.0.1:8088 LACRIPTA_STREAM_URL=ws://127.0.0.1:8089/v2 LACRIPTA_COINGECKO_URL=http://127.0.0.1:8088/coingecko/api/v3"
	@echo "export LACRIPTA_NEWS_FEEDS=http://127.0.0.1:8088/feeds/coindesk.xml,http://127.0.0.1:8088/feeds/cointelegraph.xml,http://127.0.0.1:8088/feeds/decrypt.xml,http://127.0.0.1:8088/feeds/theblock.xml"
	@echo "export LACRIPTA_COINBASE_URL=ws://127.0.0.1:8090/ LACRIPTA_KRAKEN_URL=ws://127.0.0.1:8091/v2 LACRIPTA_BITSTAMP_URL=ws://127.0.0.1:8092/ LACRIPTA_BITFINEX_URL=ws://127.0.0.1:8093/ws/2"
	@echo "export LACRIPTA_BINANCE_URL=ws://127.0.0.1:8094/stream LACRIPTA_BINANCEUS_URL=ws://127.0.0.1:8095/stream LACRIPTA_OKX_URL=ws://127.0.0.1:8096/ws/v5/public LACRIPTA_GEMINI_URL=ws://127.0.0.1:8097/ LACRIPTA_CEX_URL=ws://127.0.0.1:8098/api/spot/ws-public"
	$(BIN)/lacripta-sim --port 8088 --stream-port 8089 --exchange-port 8090

soak: build ## SOAK_MINUTES (default 60) of live, compare, alert watch and the full-screen view against one simulator, a fault every few minutes; growth and exits reported
	@SOAK_BIN=$(BIN) python3 scripts/soak/soak.py

bench: ## release build, then live pipeline vs a Python peer, start-up, CPU and memory as one table (BENCH_LONG=1: 10-min memory run; BENCH_SMOKE=1: every step once, tiny)
	@SWIFT=$(SWIFT) BENCH_LONG=$(if $(LONG),1,$(BENCH_LONG)) scripts/bench/bench.sh

conformance: ## Autobahn client cases (kosoku from PyPI) against the native WebSocket client
	@SWIFT=$(SWIFT) scripts/conformance.sh

fuzz: ## libFuzzer + ASan build of FuzzTesting/, each parser's target for FUZZ_SECONDS (60), then a table of executions, corpus and crashes
	@env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u RELEASE_FLAGS SWIFT=$(SWIFT) FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_TARGETS="$(FUZZ_TARGETS)" scripts/fuzz/fuzz.sh

generate: ## rewrite the help snapshots, Resources/man and Resources/completions from the option tables
	$(SWIFT) build --build-tests
	RECORD_SNAPSHOTS=1 $(SWIFT) test --skip-build --filter GeneratedFilesTests

# Where `make install` puts things (each shell's conventional place under $(PREFIX)). The binary is
# stripped of its symbol tables (about a quarter of its size; crash backtraces then show addresses
# only): `make install STRIP_FLAG=` keeps them.
STRIP_FLAG ?= -s
MANDIR  = $(PREFIX)/share/man/man1
BASHDIR = $(PREFIX)/share/bash-completion/completions
ZSHDIR  = $(PREFIX)/share/zsh/site-functions
FISHDIR = $(PREFIX)/share/fish/vendor_completions.d

install: release ## install lacripta, its man page and bash/zsh/fish completions under $(PREFIX)
	install -d $(PREFIX)/bin $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 $(STRIP_FLAG) $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/lacripta $(PREFIX)/bin/lacripta
	install -m 644 Resources/man/lacripta.1 $(MANDIR)/lacripta.1
	install -m 644 Resources/completions/lacripta.bash $(BASHDIR)/lacripta
	install -m 644 Resources/completions/_lacripta $(ZSHDIR)/_lacripta
	install -m 644 Resources/completions/lacripta.fish $(FISHDIR)/lacripta.fish

uninstall: ## remove what `make install` put under $(PREFIX)
	rm -f $(PREFIX)/bin/lacripta $(MANDIR)/lacripta.1 $(BASHDIR)/lacripta $(ZSHDIR)/_lacripta $(FISHDIR)/lacripta.fish

format: ## rewrite the sources in the project's style (.swift-format)
	$(SWIFT) format --in-place --recursive --parallel Package.swift Sources Tests FuzzTesting/Package.swift FuzzTesting/Sources

lint: ## check the sources against .swift-format without changing them
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests FuzzTesting/Package.swift FuzzTesting/Sources

clean: ## remove build products
	rm -rf .build
