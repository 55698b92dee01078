# The modules built from cpp/ (included by the Makefile), one per part of the
# API, so that a bundle carries only what its imports use (docs/design.md):
#   core    one stream: the compressions, hash64_x1, the streaming context, digest
#   lanes   four streams: compress_x4 and hash64_x4, and the same in the x4m
#           shape for JavaScriptCore (the SIMD module alone)
#   many    digest_many, four messages at a time on the lanes
#   extras  HMAC, HKDF and PBKDF2
#   merkle  merkleize and digest_n_level, for sha256-simd/hasher
# The others import the core instance's memory and the functions they use of
# the core and lanes. Each is built with simd128 (wasm/*.wasm, and embedded
# in JavaScript for the main entry), and many and extras without, for the
# portable build that wasm2js turns into JavaScript
# (js/generated/*-portable.js), whose core and merkle module are written in
# JavaScript (js/backends/portable/).

CORE_SRC := cpp/core.cpp cpp/dispatch.cpp cpp/stream.cpp cpp/compress_scalar.cpp
# The tables computed in C++, for native builds alone: the loader writes the
# modules' (js/core/tables.js).
CONSTANTS_SRC := cpp/constants.cpp
CORE_SIMD_SRC := cpp/compress_simd128.cpp
LANES_SRC := cpp/lanes.cpp cpp/compress_x4.cpp cpp/compress_x4m.cpp
MANY_SRC := cpp/many.cpp
EXTRAS_SRC := cpp/hmac.cpp
MERKLE_SRC := cpp/merkle.cpp
ADDON_SRC := $(LANES_SRC) $(MANY_SRC) $(EXTRAS_SRC) $(MERKLE_SRC)
HEADERS := $(wildcard cpp/*.h)

# What each module exports: nothing else stays (keep_exports below).
CORE_EXPORTS := memory io_ptr io_size ctx_ptr ctx_size init digest hash64_x1 sha256_init sha256_update sha256_final compress
LANES_EXPORTS := hash64_x4 compress_x4 hash64_x4m compress_x4m
MANY_EXPORTS := digest_many
EXTRAS_EXPORTS := key_ptr hmac_key hmac_begin hmac_end hmac hkdf_expand pbkdf2
MERKLE_EXPORTS := merkleize digest_n_level

# The memory map of an instance: 2 MiB, fixed, so that the JS views onto it
# stay valid. The core's statics (its 1 MiB I/O buffer) and 64 KiB stack from
# 1 KiB up, each other module's statics and stack at its base, and the
# constants that every module reads (cpp/sha256.h).
TABLES_AT := 1835008
LANES_BASE := 1867776
MANY_BASE := 1900544
EXTRAS_BASE := 1933312
MERKLE_BASE := 1966080

CXXFLAGS := -std=c++17 -O3 -Wall -Wextra -Werror -DSHA256_TABLES_AT=$(TABLES_AT)
# memory.copy and memory.fill for memcpy and memset: smaller modules
# (performance-notes, "Module sizes"). Every engine with simd128 has them,
# and wasm2js writes them as copyWithin() and fill().
PORTABLE_FLAGS := -mbulk-memory
PORTABLE_FEATURES := --mvp-features --enable-bulk-memory
SIMD_FLAGS := -msimd128 $(PORTABLE_FLAGS)
SIMD_FEATURES := $(PORTABLE_FEATURES) --enable-simd
LDFLAGS := -O3 --no-entry -sSTANDALONE_WASM -sINITIAL_MEMORY=2097152 -sALLOW_MEMORY_GROWTH=0
CORE_LDFLAGS := $(LDFLAGS) -sTOTAL_STACK=65536
ADDON_LDFLAGS = $(LDFLAGS) -sIMPORTED_MEMORY -sERROR_ON_UNDEFINED_SYMBOLS=0 -sTOTAL_STACK=16384 -sGLOBAL_BASE=$(1)

WASM := $(foreach m,core lanes many extras merkle,wasm/sha256-$(m).wasm)
GENERATED := $(WASM) $(foreach m,core lanes many extras merkle,js/generated/$(m)-wasm.js) \
	$(foreach m,many extras,js/generated/$(m)-portable.js)
# binaryen's own tools, from the binaryen that emcc uses.
BINARYEN = $(shell $(EMCONFIG) BINARYEN_ROOT)/bin

# Objects per flavour: simd/ with simd128, portable/ without. An add-on's
# sources are compiled with SHA256_ADDON, which makes the functions it uses
# of the others imports.
addon = $(if $(filter $(1),$(ADDON_SRC)),-DSHA256_ADDON)$(if $(filter $(1),$(COLD_SRC)), -Oz)
# Code that runs once a call, or once: compiled for size (performance-notes, "Module sizes").
COLD_SRC := cpp/stream.cpp
$(BUILD)/obj/simd/%.o: cpp/%.cpp $(HEADERS)
	@mkdir -p $(dir $@)
	$(EMCC) $(CXXFLAGS) $(SIMD_FLAGS) $(call addon,$<) -c $< -o $@

$(BUILD)/obj/portable/%.o: cpp/%.cpp $(HEADERS)
	@mkdir -p $(dir $@)
	$(EMCC) $(CXXFLAGS) $(PORTABLE_FLAGS) $(call addon,$<) -c $< -o $@

objs = $(patsubst cpp/%.cpp,$(BUILD)/obj/$(1)/%.o,$(2))
comma := ,
exported = -sEXPORTED_FUNCTIONS=$(subst $(eval) ,$(comma),$(patsubst %,_%,$(filter-out memory,$(1))))
# wasm-metadce keeps the listed exports, $(2), and what they reach, and drops
# the runtime's (_initialize, stackSave, ...), which nothing here calls.
keep_exports = printf '%s\n' $(2) | node tools/metadce-graph.mjs >$(1).graph.json && \
	$(BINARYEN)/wasm-metadce $(3) $(1).linked.wasm --graph-file $(1).graph.json -o $(1).dce.wasm >/dev/null && \
	$(BINARYEN)/wasm-opt $(3) -O3 --low-memory-unused $(4) $(1).dce.wasm -o $(1)

# One module: $(1) flavour, $(2) name, $(3) sources, $(4) exports, $(5) link
# flags, $(6) binaryen's features, $(7) more wasm-opt flags. An add-on's
# memory is fresh from the core, so wasm-opt may drop its zero data.
define module
$(BUILD)/$(1)/sha256-$(2).wasm: $(call objs,$(1),$(3)) tools/metadce-graph.mjs
	@mkdir -p $$(dir $$@)
	$(EMCC) $(5) $$(call exported,$(4)) $$(filter %.o,$$^) -o $$@.linked.wasm 2>&1 | { grep -v "undefined symbol" || true; }
	$$(call keep_exports,$$@,$(4),$(6),$(7))
endef
$(eval $(call module,simd,core,$(CORE_SRC) $(CORE_SIMD_SRC),$(CORE_EXPORTS),$(CORE_LDFLAGS) $(SIMD_FLAGS),$(SIMD_FEATURES)))
$(eval $(call module,simd,lanes,$(LANES_SRC),$(LANES_EXPORTS),$(call ADDON_LDFLAGS,$(LANES_BASE)) $(SIMD_FLAGS),$(SIMD_FEATURES),--zero-filled-memory))
$(eval $(call module,simd,many,$(MANY_SRC),$(MANY_EXPORTS),$(call ADDON_LDFLAGS,$(MANY_BASE)) $(SIMD_FLAGS),$(SIMD_FEATURES),--zero-filled-memory))
$(eval $(call module,simd,extras,$(EXTRAS_SRC),$(EXTRAS_EXPORTS),$(call ADDON_LDFLAGS,$(EXTRAS_BASE)) $(SIMD_FLAGS),$(SIMD_FEATURES),--zero-filled-memory))
$(eval $(call module,simd,merkle,$(MERKLE_SRC),$(MERKLE_EXPORTS),$(call ADDON_LDFLAGS,$(MERKLE_BASE)) $(SIMD_FLAGS),$(SIMD_FEATURES),--zero-filled-memory))
$(eval $(call module,portable,many,$(MANY_SRC),$(MANY_EXPORTS),$(call ADDON_LDFLAGS,$(MANY_BASE)) $(PORTABLE_FLAGS),$(PORTABLE_FEATURES),--zero-filled-memory))
$(eval $(call module,portable,extras,$(EXTRAS_SRC),$(EXTRAS_EXPORTS),$(call ADDON_LDFLAGS,$(EXTRAS_BASE)) $(PORTABLE_FLAGS),$(PORTABLE_FEATURES),--zero-filled-memory))

$(BUILD)/wasm/%.wasm: $(BUILD)/simd/%.wasm
	@mkdir -p $(dir $@)
	cp $< $@

# The SIMD modules embedded in JavaScript (tools/embed.mjs).
$(BUILD)/js/generated/%-wasm.js: $(BUILD)/simd/sha256-%.wasm tools/embed.mjs js/backends/embedded/compile.js
	@mkdir -p $(dir $@)
	node tools/embed.mjs $< $@

# The portable build: wasm-opt first lowers what JavaScript lacks (rotates,
# 64-bit operations) to helpers and inlines the small ones; tools/wasm2js.mjs
# then finishes what wasm2js writes.
$(BUILD)/js/generated/%-portable.js: $(BUILD)/portable/sha256-%.wasm tools/wasm2js.mjs
	@mkdir -p $(dir $@)
	$(BINARYEN)/wasm-opt $(PORTABLE_FEATURES) $< --remove-non-js-ops --inlining-optimizing -aimfs 100 -O3 -o $(BUILD)/portable/$*.js.wasm
	$(BINARYEN)/wasm2js $(PORTABLE_FEATURES) $(BUILD)/portable/$*.js.wasm -O3 -o $(BUILD)/portable/$*.wasm2js.js
	node tools/wasm2js.mjs $(BUILD)/portable/$*.wasm2js.js $@
