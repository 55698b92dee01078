// The root of a tree from the roots of its subtrees: how the pool's hasher
// (js/pool/pool-hasher.js) and a merkleize unit cut into pieces (js/pool/ops.js)
// join what was hashed apart.
import {digest2Bytes32} from "../index.js";
import {hasher} from "../core/tree-hasher.js";
import {BLOCK, CHUNK} from "../core/sizes.js";

/**
 * The root of `depth` zero levels, from the module's own zero hashes.
 * @param {number} depth
 * @returns {Uint8Array}
 */
function zeroHash(depth) {
  const root = new Uint8Array(CHUNK);
  if (depth > 0) hasher.merkleizeBlocksBytes(new Uint8Array(BLOCK), 2 ** depth, root, 0);
  return root;
}

/**
 * The root at depth `levels` of consecutive subtrees, left to right, whose
 * roots are at the start of `roots` and whose depths never grow, each
 * starting at a multiple of its own size: a binary counter of (root, depth),
 * where two equal depths on top are siblings; what is left is padded with
 * zero hashes.
 * @param {Uint8Array} roots
 * @param {readonly number[]} depths
 * @param {number} levels
 * @returns {Uint8Array}
 */
export function rootOfSubtrees(roots, depths, levels) {
  /** @type {{root: Uint8Array, depth: number}[]} */
  const stack = [];
  for (let i = 0; i < depths.length; i++) {
    let root = roots.subarray(i * CHUNK, (i + 1) * CHUNK);
    let depth = depths[i];
    while (stack.length > 0 && stack[stack.length - 1].depth === depth) {
      root = digest2Bytes32(stack.pop().root, root);
      depth++;
    }
    stack.push({root, depth});
  }
  let {root, depth} = stack.pop();
  for (; depth < levels; depth++) {
    const left = stack.length > 0 && stack[stack.length - 1].depth === depth ? stack.pop().root : null;
    root = left ? digest2Bytes32(left, root) : digest2Bytes32(root, zeroHash(depth));
  }
  return root;
}
