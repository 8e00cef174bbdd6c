#!/usr/bin/env bash
# Build the documentation site offline, warnings as errors, then look at it as a reader would.
#   pip install -e ".[docs]"        (or: python tools/extra.py docs | xargs pip install)
#   bash tools/build_docs.sh        -> docs/_build/html/index.html
# Every example in examples/ runs during the build (sphinx-gallery). The check renders three pages
# with headless Chromium when it is installed (Debian: apt-get install chromium); without it, it
# still checks that every picture the pages use exists (--require-browser makes a missing browser
# an error, as CI wants). On every page it checks that each local link and #anchor resolves (the
# viewcode [docs] links too) and that no navigation column is empty. TRAPCORE_DOCS_CHECK=0 skips it.
set -euo pipefail
cd "$(dirname "$0")/.."
nice sphinx-build -W --keep-going -j 1 -q docs docs/_build/html
if [ "${TRAPCORE_DOCS_CHECK:-1}" != 0 ]; then
  python tools/check_docs.py docs/_build/html "$@"
fi
echo "docs: open docs/_build/html/index.html"
