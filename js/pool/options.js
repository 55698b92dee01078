// createHashPool's options: read as the object's own properties and checked,
// so that one set on Object.prototype is no option of a call's.

/** How long a worker may stay on a unit the caller has done itself before it is taken to hang and replaced. */
const DEFAULT_TIMEOUT_MS = 1000;
/** The most threads a pool takes, and the longest timeout (setTimeout's). */
const MAX_THREADS = 256;
const MAX_TIMEOUT_MS = 2 ** 31 - 1;
/** Internal: options[WORKER_SCRIPT] = {url, data, started} runs another worker script (tests: one with faults). */
const WORKER_SCRIPT = Symbol.for("sha256-simd/pool.workerScript");
/** Internal: options[SPREAD_LEVELS] = "always" spreads every large level of executeHashComputations, unmeasured (tests). */
const SPREAD_LEVELS = Symbol.for("sha256-simd/pool.spreadLevels");

/**
 * A TypeError for an option that is not a number, a RangeError for one out of [min, max] (or not an integer, where `integer`).
 * @param {unknown} x
 * @param {string} name
 * @param {number} min
 * @param {number} max
 * @param {boolean} integer
 */
function checkOption(x, name, min, max, integer) {
  if (typeof x !== "number") throw new TypeError(`createHashPool: ${name} must be a number, got ${typeof x}`);
  if (!(x >= min && x <= max) || (integer && !Number.isInteger(x))) {
    throw new RangeError(`createHashPool: ${name} must be ${integer ? "an integer" : "a number"} from ${min} to ${max}, got ${x}`);
  }
}

/**
 * The options, checked: threads (undefined: the default), timeoutMs, the
 * worker script (undefined: the package's), and whether every large level is spread.
 * @param {unknown} options
 * @returns {{threads: number | undefined, timeoutMs: number, script: {url: string | URL, data?: unknown, started?: (worker: unknown) => void} | undefined, alwaysSpread: boolean}}
 */
export function readOptions(options) {
  if (options === null || typeof options !== "object") throw new TypeError(`createHashPool: options must be an object, got ${options}`);
  /** @type {(name: string | symbol) => any} */
  const own = (name) => (Object.hasOwn(options, name) ? /** @type {any} */ (options)[name] : undefined);
  const threads = own("threads");
  const timeoutMs = own("timeoutMs") ?? DEFAULT_TIMEOUT_MS;
  const workerUrl = own("workerUrl");
  if (threads !== undefined) checkOption(threads, "threads", 1, MAX_THREADS, true);
  checkOption(timeoutMs, "timeoutMs", 1, MAX_TIMEOUT_MS, false);
  if (workerUrl !== undefined && typeof workerUrl !== "string" && !(workerUrl instanceof URL)) {
    throw new TypeError(`createHashPool: workerUrl must be a URL or a string, got ${typeof workerUrl}`);
  }
  const script = own(WORKER_SCRIPT) ?? (workerUrl === undefined ? undefined : {url: workerUrl});
  return {threads, timeoutMs, script, alwaysSpread: own(SPREAD_LEVELS) === "always"};
}
