// Compiles a module that tools/embed.mjs wrote into JavaScript: one character
// per byte, each byte shifted by SHIFT, so that no fetch or fs is needed.

/** The shift of each byte (tools/embed.mjs writes with it). */
export const SHIFT = 44;

/**
 * The module of string `s`, compiled: this throws where compiling is refused.
 * @param {string} s
 * @returns {WebAssembly.Module}
 */
export function compile(s) {
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i) - SHIFT;
  return new WebAssembly.Module(bytes);
}
