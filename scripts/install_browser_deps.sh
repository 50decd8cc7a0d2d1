#!/usr/bin/env bash
# Installs what the browser test (tests/browser) needs: Debian's chromium,
# Node.js and npm when they are missing, and playwright-core from the
# lockfile (npm ci). playwright-core drives /usr/bin/chromium and downloads
# no browser of its own. Does nothing when everything is there already.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
dpkg-query -W -f='${Status}' chromium 2>/dev/null | grep -q "install ok installed" \
  || missing+=(chromium)
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}" >&2
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm ci again only when the lockfile changed since the last install.
cd tests/browser
stamp=node_modules/.slidedb-package-lock.json
if ! cmp -s package-lock.json "$stamp" 2>/dev/null; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
