// Reads {"kind": "jsx"|"tsx"|"vue"|"svelte", "source": "..."} (or "sources": [...]) on stdin; prints what the framework's own
// tool made of the snippet, as JSON on stdout (tests/support/snippet_tools.py runs it).
//   jsx, tsx: esbuild transforms it (classic runtime, factory h), the module is run with an h that
//             records each element, and the component is called: {"tree": {type, props, children}}
//             (props.style an object, functions as "<function>"); "ran" lists any global it set.
//   vue:      @vue/compiler-sfc parses it and compiles its template: {"errors", "interpolations",
//             "directives", "elements", "code"}.
//   css:      PostCSS (@vue/compiler-sfc's) parses it: {"rules": [{selectors, declarations}], "others"}.
//   svelte:   svelte/compiler parses (modern AST) and compiles it: {"expressions", "spreads",
//             "directives", "elements", "warnings"}.
import { createRequire } from "node:module";
import path from "node:path";

const tools = path.join(process.env.ICONCAT_NODE_TOOLS, "node_modules");
const require = createRequire(path.join(tools, "noop.js"));
let input = "";
for await (const chunk of process.stdin) input += chunk;
const { kind, source, sources } = JSON.parse(input);

function walk(node, visit) {
  if (node === null || typeof node !== "object") return;
  if (Array.isArray(node)) return node.forEach((child) => walk(child, visit));
  visit(node);
  for (const value of Object.values(node)) if (value && typeof value === "object") walk(value, visit);
}

function check(kind, source) {
  if (kind === "jsx" || kind === "tsx") {
    const esbuild = require("esbuild");
    const { code } = esbuild.transformSync(source, {
      loader: kind, jsx: "transform", jsxFactory: "h", format: "cjs", logLevel: "silent",
    });
    const before = new Set(Object.keys(globalThis));
    const h = (type, props, ...children) => ({ type, props: props ?? {}, children });
    const module = { exports: {} };
    new Function("module", "exports", "h", "require", code)(module, module.exports, h, () => ({}));
    const component = module.exports.default;
    const tree = component({ className: "from-props" });
    const ran = Object.keys(globalThis).filter((key) => !before.has(key));
    const plain = (value) => (typeof value === "function" ? "<function>" : value);
    return JSON.parse(JSON.stringify({ name: component.name, tree, ran, exports: Object.keys(module.exports) }, (k, v) => plain(v)));
  } else if (kind === "vue") {
    const sfc = require("@vue/compiler-sfc");
    const { descriptor, errors } = sfc.parse(source, { filename: "Icon.vue" });
    const compiled = sfc.compileTemplate({ source: descriptor.template.content, filename: "Icon.vue", id: "x" });
    const found = { interpolations: 0, directives: [], elements: [] };
    // The template as written (before Vue's transforms, which turn a static style into a binding).
    walk(descriptor.template.ast.children, (node) => {
      if (node.type === 5) found.interpolations += 1; // INTERPOLATION
      if (node.type === 7) found.directives.push(node.name); // DIRECTIVE
      if (node.type === 1) found.elements.push(node.tag); // ELEMENT
    });
    return {
      errors: [...errors, ...compiled.errors].map(String), tips: compiled.tips, ...found, code: compiled.code,
      script: descriptor.script ? descriptor.script.content : null,
    };
  } else if (kind === "svelte") {
    const svelte = require("svelte/compiler");
    const ast = svelte.parse(source, { modern: true });
    const found = { expressions: 0, spreads: 0, directives: [], elements: [] };
    walk(ast.fragment, (node) => {
      if (node.type === "ExpressionTag") found.expressions += 1;
      if (node.type === "SpreadAttribute") found.spreads += 1;
      if (/Directive$/.test(node.type ?? "")) found.directives.push(node.type);
      if (node.type === "RegularElement" || node.type === "Component" || /^Svelte/.test(node.type ?? "")) {
        found.elements.push(node.name);
      }
    });
    const compiled = svelte.compile(source, { filename: "Icon.svelte", generate: "server" });
    return { ...found, warnings: compiled.warnings.map((w) => w.code) };
  } else if (kind === "css") {
    // PostCSS, as @vue/compiler-sfc (pinned) brings it: the stylesheet's rules and declarations.
    const postcss = require("postcss");
    const root = postcss.parse(source);
    const rules = [];
    root.walkRules((rule) => {
      const declarations = {};
      rule.walkDecls((decl) => { declarations[decl.prop] = decl.value; });
      rules.push({ selectors: rule.selectors, declarations });
    });
    const others = root.nodes.filter((node) => node.type !== "rule").map((node) => node.type);
    return { rules, others };
  } else {
    throw new Error(`no such kind: ${kind}`);
  }
}

// One source, or many at once ({"sources": [...]}: one answer each, in order; a refusal is {"refused": "..."}).
if (sources === undefined) {
  console.log(JSON.stringify(check(kind, source)));
} else {
  const answers = sources.map((one) => {
    try {
      return check(kind, one);
    } catch (error) {
      return { refused: String(error) };
    }
  });
  console.log(JSON.stringify(answers));
}
