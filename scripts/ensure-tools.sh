#!/usr/bin/env bash
# Install the system tools the test suite uses when they are missing (Debian/Ubuntu):
# poppler-utils gives pdftoppm and pdftotext, which the hand-record tests use to look at PDFs;
# chromium is the browser the tests in tests/browser drive through Playwright;
# fonts-dejavu-core gives DejaVu Sans, the font every PDF is written in (Cyrillic, Polish and
# Latvian letters, suit symbols; see src/dupbridge/i18n/pdffonts.py).
set -euo pipefail
missing=()
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ] || missing+=(fonts-dejavu-core)
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-tools: please install ${missing[*]}; tests that need them will skip" >&2
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
        echo "ensure-tools: not root and no sudo; install ${missing[*]} yourself; tests that need them will skip" >&2
        exit 0
    fi
fi
echo "ensure-tools: installing ${missing[*]}" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
