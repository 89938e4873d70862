// Patches of views (replay/patches.py says the rule; `apply` there is this one in
// Python): a frame of a replay holds what changed since the view it names as `base`.
const DELETED = "\u0000";
const SPLICE = "\u0000";
const REPLACED = "\u0000=";

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

// Set a key of a view's object: a player's name is a key, and a player may be called
// "__proto__", which plain assignment would take for the object's prototype.
export function put(target, key, value) {
  if (key === "__proto__") Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

// `old` with `patch` applied, as a new value: `old` is left as it was, and the parts
// that did not change are shared with it, not copied (so views must not be mutated).
export function apply(old, patch) {
  if (isObject(old) && isObject(patch)) {
    const out = { ...old };
    for (const [key, value] of Object.entries(patch)) {
      if (key === DELETED) continue;
      put(out, key, Object.hasOwn(old, key) ? apply(old[key], value) : value);
    }
    for (const key of patch[DELETED] || []) delete out[key];
    return out;
  }
  if (Array.isArray(old) && isObject(patch)) {
    if (Object.hasOwn(patch, REPLACED)) return patch[REPLACED];
    if (Object.hasOwn(patch, SPLICE)) {
      const [start, removed, items] = patch[SPLICE];
      return [...old.slice(0, start), ...items, ...old.slice(start + removed)];
    }
    const out = [...old];
    for (const [index, value] of Object.entries(patch)) out[Number(index)] = apply(old[Number(index)], value);
    return out;
  }
  return patch;
}
