// Argument checks. Each throws before the module's memory is touched, so a bad
// call leaves the module correct for the next one.

function describe(x) {
  if (x === null) return "null";
  if (Array.isArray(x)) return "Array";
  if (typeof x === "object") return x.constructor?.name ?? "object";
  return typeof x;
}

function isUint8Array(x) {
  // The second test accepts Uint8Arrays from another realm (worker, vm, iframe).
  return x instanceof Uint8Array || (ArrayBuffer.isView(x) && Object.prototype.toString.call(x) === "[object Uint8Array]");
}

export function assertBytes(x, name, fn) {
  if (!isUint8Array(x)) throw new TypeError(`${fn}: ${name} must be a Uint8Array, got ${describe(x)}`);
}

export function assertHashObject(x, name, fn) {
  if (
    x === null ||
    typeof x !== "object" ||
    typeof x.h0 !== "number" ||
    typeof x.h1 !== "number" ||
    typeof x.h2 !== "number" ||
    typeof x.h3 !== "number" ||
    typeof x.h4 !== "number" ||
    typeof x.h5 !== "number" ||
    typeof x.h6 !== "number" ||
    typeof x.h7 !== "number"
  ) {
    throw new TypeError(`${fn}: ${name} must be a HashObject with numeric h0..h7, got ${describe(x)}`);
  }
}

export function assertArray(x, length, name, fn) {
  if (!Array.isArray(x)) throw new TypeError(`${fn}: ${name} must be an Array, got ${describe(x)}`);
  if (x.length !== length) throw new Error(`Input length must be ${length}`);
}
