// The "everything" page: every entry of the package imported, and each
// function checked (check.js). A bundler that does not follow
// `new Worker(new URL(...))` is given the worker's place by the page
// (globalThis.poolWorkerUrl), as the README says.
import {checkAll} from "./check.js";

globalThis.consumerResult = checkAll({poolWorkerUrl: globalThis.poolWorkerUrl});
