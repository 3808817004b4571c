#!/usr/bin/env bash
# The Node tools some tests check against, installed into one folder (never fetched at test time):
#   scripts/node_tools.sh DIR     then   ICONCAT_NODE_TOOLS=DIR python -m pytest
# - @iconify/api 3.1.1, Iconify's own API server (3.2 needs Node >= 22.20), which the Iconify API
#   kind's tests start on a loopback port over a few real sets (DIR/icons/*.json, ICONIFY_SOURCE=none);
# - esbuild, @vue/compiler-sfc and svelte, which parse the snippets `--as` writes; @iconify/utils, which
#   loads the Iconify JSON the bag exports.
# Pinned, so a test's answer does not change under it. Tests that need a tool skip, saying why, when
# ICONCAT_NODE_TOOLS is unset or the tool is missing there.
set -euo pipefail
dir=${1:?usage: scripts/node_tools.sh DIR}
mkdir -p "$dir/icons"
cd "$dir"
[ -f package.json ] || echo '{"name": "iconcat-node-tools", "private": true}' > package.json
npm install --silent --no-audit --no-fund --no-save \
  @iconify/api@3.1.1 esbuild@0.28.2 @vue/compiler-sfc@3.5.45 svelte@5.57.3 @iconify/utils@3.1.7
# The sets the API serves in the tests: real ones, a few MB, each its package's icons.json.
for set in tabler@1.2.41 lucide@1.2.137 ph@1.2.2; do
  name=${set%@*}
  if [ ! -f "icons/$name.json" ]; then
    tarball=$(npm pack --silent "@iconify-json/$set")
    tar -xzf "$tarball" package/icons.json
    mv package/icons.json "icons/$name.json"
    rm -rf package "$tarball"
  fi
done
