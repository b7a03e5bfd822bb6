// Which words a rule's phrase can begin with, read from its regular expression (issue 37: the checker must stay
// fast as the families grow). The checker looks each word of the text up in a table of these first words and
// tries only the rules that can begin there, each with its own small precompiled expression (one expression of
// all the rules is too large for the engine to compile to native code, and was ten times slower). Enough of the
// regular-expression syntax for the rules: literals, escapes, classes, groups, alternation, look-arounds
// (zero-width) and quantifiers.

/** What can begin a phrase: whole first words, word beginnings ("prefix": "21" of "21+"…), or any word at all. */
export interface FirstWords {
  words: Set<string>;
  prefixes: Set<string>;
  anyWord: boolean;
}

type Node =
  | { type: "char"; chars: string[] | "word" | "other" | "any" }
  | { type: "empty" }
  | { type: "group"; alternatives: Node[][] }
  | { type: "repeat"; node: Node; min: number; max: number };

const isWordChar = (char: string) => /\w/.test(char);

class Parser {
  at = 0;
  constructor(readonly source: string) {}

  alternatives(): Node[][] {
    const list = [this.sequence()];
    while (this.source[this.at] === "|") {
      this.at += 1;
      list.push(this.sequence());
    }
    return list;
  }

  sequence(): Node[] {
    const nodes: Node[] = [];
    while (this.at < this.source.length && this.source[this.at] !== "|" && this.source[this.at] !== ")") {
      nodes.push(this.quantified(this.atom()));
    }
    return nodes;
  }

  quantified(node: Node): Node {
    const char = this.source[this.at];
    let bounds: [number, number];
    if (char === "?") bounds = [0, 1];
    else if (char === "*") bounds = [0, Infinity];
    else if (char === "+") bounds = [1, Infinity];
    else if (char === "{") {
      const end = this.source.indexOf("}", this.at);
      const [low, high] = this.source.slice(this.at + 1, end).split(",");
      bounds = [Number(low), high === undefined ? Number(low) : high === "" ? Infinity : Number(high)];
      this.at = end;
    } else return node;
    this.at += 1;
    if (this.source[this.at] === "?") this.at += 1;
    return { type: "repeat", node, min: bounds[0], max: bounds[1] };
  }

  atom(): Node {
    const char = this.source[this.at];
    if (char === "(") {
      this.at += 1;
      let lookaround = false;
      if (this.source[this.at] === "?") {
        lookaround = /^\?(?:[=!]|<[=!])/.test(this.source.slice(this.at, this.at + 3));
        this.at += this.source[this.at + 1] === "<" ? 3 : 2;
      }
      const alternatives = this.alternatives();
      this.at += 1;
      return lookaround ? { type: "empty" } : { type: "group", alternatives };
    }
    if (char === "[") return this.characterClass();
    if (char === "\\") return this.escape();
    this.at += 1;
    if (char === "^" || char === "$") return { type: "empty" };
    if (char === ".") return { type: "char", chars: "any" };
    return { type: "char", chars: [char.toLowerCase()] };
  }

  escape(): Node {
    const char = this.source[this.at + 1];
    this.at += 2;
    if (char === "b" || char === "B") return { type: "empty" };
    if (char === "d") return { type: "char", chars: [..."0123456789"] };
    if (char === "w") return { type: "char", chars: "word" };
    if (char === "s" || char === "W") return { type: "char", chars: "other" };
    if (char === "S" || char === "D") return { type: "char", chars: "any" };
    return { type: "char", chars: [char.toLowerCase()] };
  }

  characterClass(): Node {
    this.at += 1;
    if (this.source[this.at] === "^") {
      this.at = this.source.indexOf("]", this.at + 2) + 1;
      return { type: "char", chars: "any" };
    }
    const chars: string[] = [];
    let loose = false;
    for (let first = true; first || this.source[this.at] !== "]"; first = false) {
      const char = this.source[this.at];
      if (char === "\\") {
        const escaped = this.escape();
        if (escaped.type === "char" && Array.isArray(escaped.chars)) chars.push(...escaped.chars);
        else if (escaped.type === "char" && escaped.chars === "other") chars.push(" ");
        else loose = true;
        continue;
      }
      this.at += 1;
      if (this.source[this.at] === "-" && this.source[this.at + 1] !== "]") {
        const to = this.source.charCodeAt(this.at + 1);
        this.at += 2;
        for (let code = char.charCodeAt(0); code <= to; code += 1) chars.push(String.fromCharCode(code).toLowerCase());
      } else chars.push(char.toLowerCase());
    }
    this.at += 1;
    return { type: "char", chars: loose ? "any" : chars };
  }
}

/** A phrase's first words so far: still open (more letters may follow), ended, or a beginning only. */
interface State {
  open: Set<string>;
  done: Set<string>;
  prefix: Set<string>;
}

const LIMIT = 5000;
const state = (open: Iterable<string> = []): State => ({ open: new Set(open), done: new Set(), prefix: new Set() });

function merge(into: State, from: State) {
  for (const key of ["open", "done", "prefix"] as const) for (const word of from[key]) into[key].add(word);
  if (into.open.size + into.done.size + into.prefix.size > LIMIT) throw new Error("too many first words");
}

/** `from` after `node`: the open words grow, the others are kept as they are. */
function step(node: Node, from: State): State {
  const next: State = { open: new Set(), done: new Set(from.done), prefix: new Set(from.prefix) };
  const open = [...from.open];
  if (open.length === 0) return next;
  if (node.type === "empty") {
    for (const word of open) next.open.add(word);
  } else if (node.type === "char") {
    for (const word of open) {
      if (node.chars === "other") next.done.add(word);
      else if (node.chars === "word" || node.chars === "any") next.prefix.add(word);
      else
        for (const char of node.chars)
          (isWordChar(char) ? next.open : next.done).add(isWordChar(char) ? word + char : word);
    }
  } else if (node.type === "group") {
    for (const sequence of node.alternatives)
      merge(
        next,
        sequence.reduce((current, item) => step(item, current), state(open)),
      );
  } else {
    let current = state(open);
    for (let count = 0; count < node.min; count += 1) current = step(node.node, current);
    const results = state();
    merge(results, current);
    for (let count = node.min; count < node.max && current.open.size > 0; count += 1) {
      if (node.max === Infinity && count >= node.min) {
        // Letters without end: whatever is still open is only a beginning.
        for (const word of current.open) results.prefix.add(word);
        break;
      }
      current = step(node.node, current);
      merge(results, current);
    }
    merge(next, results);
  }
  if (next.open.size + next.done.size + next.prefix.size > LIMIT) throw new Error("too many first words");
  return next;
}

/** The words a match of `source` can begin with (case-insensitive: lower case). */
export function firstWords(source: string): FirstWords {
  const result: FirstWords = { words: new Set(), prefixes: new Set(), anyWord: false };
  let found: State;
  try {
    found = state();
    for (const sequence of new Parser(source).alternatives()) {
      merge(
        found,
        sequence.reduce((current, node) => step(node, current), state([""])),
      );
    }
  } catch {
    result.anyWord = true;
    return result;
  }
  // A phrase that begins with a mark ("'til") cannot begin at a word; one that begins with any letter can.
  for (const word of [...found.open, ...found.done]) if (word) result.words.add(word);
  for (const word of found.prefix) {
    if (word) result.prefixes.add(word);
    else result.anyWord = true;
  }
  return result;
}
