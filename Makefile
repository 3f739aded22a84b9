# Teletype — set-up, tests, benchmarks. Each target installs what it is missing first.
SHELL := /bin/bash
SWIFT ?= swift
VENV := .venv
PYTHON := $(VENV)/bin/python
APT_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev cmark-gfm libsqlite3-dev zlib1g-dev libzstd-dev pkg-config libcurl4-openssl-dev
TEST_APT_PACKAGES := chromium chromium-driver strace
FUZZ_SECONDS ?= 60
FUZZ_SEED ?= 0

.PHONY: all deps test-deps venv build demo test test-corpus bench release install fuzz lint format clean docs pictures

all: build

# Installs the Debian packages named in $(1) that are missing (as root), or says how to; waits for
# another apt-get that holds apt's locks.
define apt_install
	@Scripts/apt-install.sh $(1)
endef

# System packages: cmark-gfm's library and headers (and its command, the benchmark's peer).
deps:
	$(call apt_install,$(APT_PACKAGES))

# For the tests only: a headless browser that opens exported pages, and its driver (the
# accessibility and layout checks drive it through Selenium); strace, which sees whether a command
# sleeps where it should not.
test-deps:
	$(call apt_install,$(TEST_APT_PACKAGES))

# Python tools, in a git-ignored venv: pyte (what a terminal shows), wcwidth (the cell oracle),
# Pygments and cmarkgfm (oracles), rich and streamdown (the peers the benchmarks compare with),
# axe-selenium-python and Selenium (axe-core, the accessibility check of exported pages), and the
# session tools the agent-session benchmarks compare with.
# Pinned, so that an oracle's answer does not move under the tests.
PYTHON_PACKAGES := rich==15.0.0 pyte==0.8.2 wcwidth==0.9.4 streamdown==0.36.9 Pygments==2.21.0 cmarkgfm==2025.10.22 \
  axe-selenium-python==2.1.6 selenium==4.51.0 claude-code-transcripts==0.6 claude-code-log==1.7.0 \
  codex-transcripts==0.1.1 agentsview==0.46.1
venv: $(VENV)/.installed
$(VENV)/.installed: Makefile
	@python3 -m venv $(VENV) 2>/dev/null || { \
	  if [ "$$(id -u)" = "0" ]; then Scripts/apt-install.sh python3-venv && python3 -m venv $(VENV); \
	  else echo "Run: sudo apt-get install -y python3-venv"; exit 1; fi; }
	$(VENV)/bin/pip install -q --disable-pip-version-check $(PYTHON_PACKAGES)
	@touch $@

build: deps
	$(SWIFT) build

demo: deps
	$(SWIFT) build --product teletype
	@bin="$$($(SWIFT) build --show-bin-path)/teletype"; \
	cols="$${COLUMNS:-$$(tput cols 2>/dev/null || echo 80)}"; \
	"$$bin" md Samples/demo.md --width "$$cols" --color always && echo && \
	"$$bin" render Samples/conversation.json --width "$$cols" --color always --no-pager && echo && \
	"$$bin" replay Samples/replay.jsonl --width "$$cols" --color always

test: deps test-deps venv
	$(SWIFT) build --build-tests
	TZ=UTC $(SWIFT) test --skip-build

# The full sweeps over ../shared/corpus: every real document through the command line as a user runs
# it (make test runs a seeded sample of them), on top of everything make test runs.
test-corpus: deps test-deps venv
	$(SWIFT) build --build-tests
	TZ=UTC TELETYPE_CORPUS_SWEEP=full $(SWIFT) test --skip-build

# Release builds link Swift's standard library and Foundation in: the command starts in half the
# time (about 2 ms of CPU instead of 5) and runs about 10% faster. The benchmarks measure it so.
# Four more settings take two thirds of the instructions off every start (a tiny document to HTML:
# 5.7M to 1.9M, about 3.5 ms a process to 2; cmark-gfm's whole run is 0.4M):
# - libstdc++, SQLite, Zstandard and zlib linked in, not loaded: loading libstdc++.so cost 0.6 ms a
#   process, and SQLite's library binds 1,500 symbols of its own each time it is loaded, even for
#   `teletype md`. $(RELEASE_LIBS) holds only their static archives, and a .pc file for each that
#   names the folder, so that the linker finds the archives before the shared libraries (where an
#   archive is missing, the shared library is used);
# - no symbols of the command exported (Swift's static link exports all 6,600 of its own, searched
#   by every symbol a library binds and by the backtracer's dladdr at start) but the one through
#   which cmark-gfm reaches CCmarkSupport's stand-in for its character switch (cmark-gfm stays a
#   shared library for that); Scripts/check-release.sh checks it is there;
# - no run path to the build folder (each library was looked for there first);
# - the 43,000 addresses the loader moves at every start packed (RELR, 9 KB instead of 1 MB of
#   entries to read: 2.10M to 1.92M instructions, 400 to 364 page faults), where the linker and
#   the C library know the format (GNU ld 2.38, glibc 2.36; gold, Swift's default, does not);
# - type metadata made by direct calls rather than from mangled names: each generic type first made
#   from its name (a `Set<MarkdownExtension>`, a `[String: Int]`) had the runtime look for its
#   conformances (`String: Hashable`) through all 3,800 of the binary's, 200K instructions each, on
#   every start (a one-line document: 1.93M to 1.41M instructions, 2.8 to 2.6 ms).
# And one in the code: the runtime's constructor that reads /proc/self/maps to find argv is left out
# of the link by Sources/CCmarkSupport/arguments.c, which takes them from glibc (1.40M to 1.24M
# instructions, about 0.15 ms a process); Scripts/check-release.sh checks the arguments arrive.
RELEASE_LIBS := .build/release-libs
PACKED_RELOCATIONS := $(shell ld --help 2>/dev/null | grep -q pack-relative-relocs && \
  getconf GNU_LIBC_VERSION 2>/dev/null | awk '{ split($$2, v, "."); exit !(v[1] > 2 || (v[1] == 2 && v[2] >= 36)) }' && \
  echo "-Xswiftc -use-ld=bfd -Xlinker -z -Xlinker pack-relative-relocs")
RELEASE := -c release --static-swift-stdlib --disable-local-rpath -Xlinker -L$(CURDIR)/$(RELEASE_LIBS) \
  -Xlinker --no-export-dynamic -Xlinker --export-dynamic-symbol=cmark_manage_extensions_special_characters \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors $(PACKED_RELOCATIONS)
RELEASE_SWIFT := PKG_CONFIG_PATH="$(CURDIR)/$(RELEASE_LIBS)/pkgconfig$${PKG_CONFIG_PATH:+:$$PKG_CONFIG_PATH}" $(SWIFT)
$(RELEASE_LIBS)/.made: Makefile
	@rm -rf $(RELEASE_LIBS) && mkdir -p $(RELEASE_LIBS)/pkgconfig
	@archive="$$( (cc -print-file-name=libstdc++.a || clang -print-file-name=libstdc++.a) 2>/dev/null)"; \
	if [ -f "$$archive" ]; then ln -s "$$archive" $(RELEASE_LIBS)/libstdc++.a; \
	else echo "no static libstdc++ here (libstdc++-dev): the release build loads the shared one"; fi
	@for package in sqlite3:libsqlite3 libzstd:libzstd zlib:libz; do \
	  name="$${package%%:*}"; pc="$$(pkg-config --path $$name)"; archive=; \
	  for folder in "$$(pkg-config --variable=libdir $$name)" "$$(dirname "$$pc")/.."; do \
	    [ -f "$$folder/$${package#*:}.a" ] && archive="$$folder/$${package#*:}.a" && break; done; \
	  if [ -n "$$archive" ]; then ln -s "$$(realpath "$$archive")" $(RELEASE_LIBS)/ && \
	    sed "s|^Libs:.*|Libs: -L$(CURDIR)/$(RELEASE_LIBS) -l$${package#*:lib}|" "$$pc" \
	      > $(RELEASE_LIBS)/pkgconfig/$$name.pc; \
	  else echo "no static $$name here: the release build loads the shared one"; fi; \
	done
	@touch $@

PREFIX ?= /usr/local

# The DocC documentation of the public modules, with the toolchain's docc, into .build/docs/;
# a docc warning (a broken link, a missing symbol) or a public declaration without a /// comment
# fails it.
docs: deps
	Scripts/docs.sh

# The README's screenshot of an exported page, taken again of the page snapshot (after the snapshot
# of ReadmePictureTests/exportedPage was re-recorded; the test fails until then).
pictures: test-deps
	Scripts/pictures.sh

# The command as the benchmarks measure it and make install installs it, checked.
release: deps $(RELEASE_LIBS)/.made
	$(RELEASE_SWIFT) build $(RELEASE) --product teletype
	Scripts/check-release.sh "$$($(SWIFT) build $(RELEASE) --show-bin-path)/teletype"

bench: venv release
	$(RELEASE_SWIFT) build $(RELEASE) --product teletype-bench
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" "$$($(SWIFT) build $(RELEASE) --show-bin-path)/teletype-bench" $(BENCH_ARGS)

# The command (and teletype-agent beside it, which `ask` and `chat` run), built as the benchmarks
# measure it, into $(PREFIX)/bin.
install: release
	$(RELEASE_SWIFT) build $(RELEASE) --product teletype-agent
	install -d "$(DESTDIR)$(PREFIX)/bin"
	bin="$$($(SWIFT) build $(RELEASE) --show-bin-path)"; \
	install "$$bin/teletype" "$$bin/teletype-agent" "$(DESTDIR)$(PREFIX)/bin/"

# libFuzzer: each target in Fuzz/ for FUZZ_SECONDS, on a build with address sanitizer (in .build/fuzz).
fuzz: deps
	$(SWIFT) build --scratch-path .build/fuzz --product teletype-fuzz --sanitize=fuzzer \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_SEED=$(FUZZ_SEED) Fuzz/run.sh $(FUZZ_TARGETS)

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Benchmarks Fuzz

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests Benchmarks Fuzz

clean:
	rm -rf .build $(VENV)
