/**
 * Parses "--name value", "--name=value" and "--no-name" against defaults:
 * a boolean default makes "--name" a flag. Unknown names throw, so a typo is
 * not silently ignored.
 */
export function parseArgs(argv, defaults) {
  const args = {...defaults};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(no-)?([a-z][a-z-]*)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`unexpected argument: ${argv[i]}`);
    const [, no, name, inline] = m;
    const key = name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (!(key in defaults)) throw new Error(`unknown option --${name}; known: ${Object.keys(defaults).join(", ")}`);
    if (typeof defaults[key] === "boolean") args[key] = !no;
    else if (inline !== undefined) args[key] = inline;
    else if (i + 1 < argv.length) args[key] = argv[++i];
    else throw new Error(`--${name} needs a value`);
  }
  return args;
}
