// The beyond-as-sha256 cases of bench/cases/cases-beyond.js (HMAC, HKDF, PBKDF2,
// digestParts, digestMany) for the worker, against noble's HMAC, HKDF and PBKDF2.
// WebCrypto is both a contender and the oracle every contender is checked against.
import {hkdf} from "@noble/hashes/hkdf.js";
import {hmac} from "@noble/hashes/hmac.js";
import {pbkdf2} from "@noble/hashes/pbkdf2.js";
import {sha256} from "@noble/hashes/sha2.js";
import {webCrypto} from "../../cases/beyond-native.js";
import {makeBeyondCases} from "../../cases/cases-beyond.js";

/** PBKDF2 at a tenth of bench/node.js's count, since the page also runs on slow CPUs and phones; the case's id and title say it. */
export function makeBrowserBeyondCases(libs) {
  return makeBeyondCases({...libs, noble: {sha256, hmac, hkdf, pbkdf2}, native: webCrypto(libs.webcrypto)}, {pbkdf2Iterations: 10000});
}
