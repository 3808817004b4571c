// An Iconify JSON file loaded by Iconify's own @iconify/utils, as its tools load one:
//   NODE_PATH=$ICONCAT_NODE_TOOLS/node_modules node iconify_utils_check.mjs FILE
// validateIconSet (throws on a set it refuses), convertIconSetInfo (null for an info it cannot read),
// and for every icon getIconData + iconToSVG. Prints {"prefix", "info", "icons": {name: {"viewBox",
// "body", "xlink"}}} as JSON, where xlink is the declaration a whole document needs for the body.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

// (An ES module ignores NODE_PATH: the package is found from the folder it names.)
const require = createRequire(join(process.env.NODE_PATH, "noop.js"));
const utils = await import(require.resolve("@iconify/utils"));

const set = utils.validateIconSet(JSON.parse(readFileSync(process.argv[2], "utf8")));
const info = utils.convertIconSetInfo(set.info);
if (info === null) throw new Error("convertIconSetInfo could not read the set's info");
const icons = {};
for (const name of Object.keys(set.icons)) {
  const data = utils.getIconData(set, name);
  if (data === null) throw new Error(`getIconData found no ${name}`);
  const built = utils.iconToSVG(data);
  const xlink = built.body.includes("xlink:") ? ' xmlns:xlink="http://www.w3.org/1999/xlink"' : "";
  icons[name] = { viewBox: built.attributes.viewBox, body: built.body, xlink };
}
process.stdout.write(JSON.stringify({ prefix: set.prefix, info, icons }));
