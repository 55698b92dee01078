// Loaded with --require into Node running under an emulator (the matrix's
// arm64 row, qemu-user): a test that starts a child Node starts
// process.execPath, a binary this machine cannot execute without binfmt_misc,
// so such a child is started through the emulator in $TEST_EMULATOR (a JSON
// array, e.g. ["qemu-aarch64-static", "-L", "/usr/aarch64-linux-gnu"]).
// Children inherit NODE_OPTIONS, so theirs are too.
"use strict";
const childProcess = require("node:child_process");
const {syncBuiltinESMExports} = require("node:module");

const emulator = JSON.parse(process.env.TEST_EMULATOR || "[]");
if (emulator.length) {
  for (const name of ["spawn", "spawnSync", "execFile", "execFileSync"]) {
    const original = childProcess[name];
    childProcess[name] = function (file, args, ...rest) {
      if (file !== process.execPath) return original.call(this, file, args, ...rest);
      // (file, options) without args is (file, [], options).
      if (!Array.isArray(args)) [args, rest] = [[], args === undefined ? rest : [args, ...rest]];
      return original.call(this, emulator[0], [...emulator.slice(1), file, ...args], ...rest);
    };
  }
  // ES modules that import these by name see the wrapped functions.
  syncBuiltinESMExports();
}
