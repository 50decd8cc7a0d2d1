#!/usr/bin/env bash
# Installs what the browser test (tests/browser) needs: Debian's chromium,
# Node.js and npm when they are missing (through scripts/install_deps.sh),
# and playwright-core from the lockfile (npm ci). playwright-core drives
# /usr/bin/chromium and downloads no browser of its own. Does nothing when
# everything is there already.
set -euo pipefail
cd "$(dirname "$0")/.."

extra=(chromium)
# Node.js may come from elsewhere than Debian, with npm inside (NodeSource's
# nodejs conflicts with Debian's npm): only a command still missing after
# nodejs is installed asks for its Debian package.
command -v node >/dev/null || extra+=(nodejs)
./scripts/install_deps.sh "${extra[@]}"
command -v npm >/dev/null || ./scripts/install_deps.sh npm

# npm ci again only when the lockfile changed since the last install.
cd tests/browser
stamp=node_modules/.slidedb-package-lock.json
if ! cmp -s package-lock.json "$stamp" 2>/dev/null; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
