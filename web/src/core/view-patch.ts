// Applies the server's view patches (docs/server.md, "Patches"): RFC 6902 JSON Patch, the three
// operations the server writes ("add", "remove", "replace"). A patch never changes the document it
// is given: it copies only the objects and arrays on the paths it touches, so a page that keeps
// the previous view (to animate from it) still holds it unchanged.

export type PatchOp =
  | { op: "add"; path: string; value: unknown }
  | { op: "replace"; path: string; value: unknown }
  | { op: "remove"; path: string };

/** A patch that does not fit its document: the caller asks for the whole state instead. */
export class PatchError extends Error {}

type Container = Record<string, unknown> | unknown[];

/** The tokens of a JSON Pointer (RFC 6901): "" is the whole document, "/a~1b/0" is ["a/b", "0"]. */
export function pointerTokens(path: string): string[] {
  if (path === "") return [];
  if (!path.startsWith("/")) throw new PatchError(`a path starts with "/": ${JSON.stringify(path)}`);
  return path.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function isContainer(value: unknown): value is Container {
  return typeof value === "object" && value !== null;
}

function shallowCopy(value: Container): Container {
  return Array.isArray(value) ? value.slice() : { ...value };
}

/** An array index token: digits without a leading zero, below `limit` (inclusive when adding). */
function arrayIndex(token: string, length: number, adding: boolean): number {
  if (adding && token === "-") return length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`not an array index: "${token}"`);
  const index = Number(token);
  if (index > length || (!adding && index === length)) {
    throw new PatchError(`index ${index} is out of an array of ${length}`);
  }
  return index;
}

function member(container: Container, token: string): unknown {
  if (Array.isArray(container)) return container[arrayIndex(token, container.length, false)];
  if (!Object.prototype.hasOwnProperty.call(container, token)) throw new PatchError(`no member "${token}"`);
  return container[token];
}

/** One operation on the parent of its target (already copied, so it may be changed). */
function applyAt(parent: Container, token: string, op: PatchOp): void {
  if (Array.isArray(parent)) {
    const index = arrayIndex(token, parent.length, op.op === "add");
    if (op.op === "add") parent.splice(index, 0, op.value);
    else if (op.op === "remove") parent.splice(index, 1);
    else parent[index] = op.value;
    return;
  }
  if (op.op !== "add") member(parent, token); // remove and replace need the member to exist
  if (op.op === "remove") delete parent[token];
  else parent[token] = op.value;
}

function applyOne(doc: unknown, op: PatchOp): unknown {
  if (op.op !== "add" && op.op !== "remove" && op.op !== "replace") {
    throw new PatchError(`unsupported operation ${JSON.stringify((op as { op: unknown }).op)}`);
  }
  const tokens = pointerTokens(op.path);
  if (tokens.length === 0) {
    if (op.op === "remove") throw new PatchError("the whole document cannot be removed");
    return op.value;
  }
  if (!isContainer(doc)) throw new PatchError(`"${op.path}" goes into a value that is not an object or array`);
  const root = shallowCopy(doc);
  let parent = root;
  for (const token of tokens.slice(0, -1)) {
    const child = member(parent, token);
    if (!isContainer(child)) throw new PatchError(`"${op.path}" goes into a value that is not an object or array`);
    const copy = shallowCopy(child);
    (parent as Record<string, unknown>)[Array.isArray(parent) ? Number(token) : token] = copy;
    parent = copy;
  }
  applyAt(parent, tokens[tokens.length - 1], op);
  return root;
}

/** The document after the patch; `doc` is left as it was. Throws PatchError when an operation does not fit. */
export function applyViewPatch(doc: unknown, ops: readonly PatchOp[]): unknown {
  if (!Array.isArray(ops)) throw new PatchError("a patch is an array of operations");
  return ops.reduce<unknown>(applyOne, doc);
}
