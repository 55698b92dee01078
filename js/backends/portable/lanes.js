// The lanes module under the react-native condition and sha256-simd/portable:
// none, as the portable build has no SIMD; hash64 runs on the core.
/** @type {null} */
export const portable = null;
/** @type {null} */
export const module = null;
