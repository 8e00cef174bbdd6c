"""Build script: cythonize every ``src/PUZZLE/NAME.pyx`` into the private module
``trapcore.PUZZLE._NAME`` (``src/common/NAME.pyx`` into ``trapcore._NAME``).

Declarations shared between modules:

* inline helpers (``src/common/random.pxd``, ``src/cat/hex.pxd``...) are cimported by their place
  under ``src/``: ``from common.random cimport bounded``; nothing of them is imported at run time;
* a ``.pxd`` beside a ``.pyx`` of the same name declares what that module defines once and exports
  (the cat's search core: ``src/cat/search.pxd`` + ``search.pyx``). Others cimport it by the
  module's run-time name, ``from trapcore.cat._search cimport solve_root``; so that Cython finds it
  under that name, the build copies each such ``.pxd`` to
  ``build/cython/trapcore/PUZZLE/_NAME.pxd``.

Environment switches (development only):

``TRAPCORE_CYTHON_DEBUG=1``
    turn bounds, wraparound and initialisation checks back on (a slow, safe build);
``TRAPCORE_ONLY=maze,cat.hexgrid``
    build only those puzzles' modules, or single modules (faster edit-compile loops).

Build once: pip builds each install in a fresh temporary folder against a fresh copy of numpy and
Cython, whose files are newer than anything generated before, so by timestamps everything has
changed. Both steps are therefore keyed on content instead: a generated C file whose key (the
``.pyx``, every ``.pxd``/``.pxi``/``.h`` of ``src/``, the Cython and numpy versions, the
directives) is the one recorded when it was generated counts as current (``fresh_c_files``), and
the compiled modules are kept under ``build/module-cache`` (``AtomicBuildExt.build_extension``).
A second ``pip install -e ".[extra]"`` of an unchanged checkout then compiles nothing.
"""

import hashlib
import os
import shutil
import sys
import sysconfig
from pathlib import Path

import numpy as np
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).parent
SRC = HERE / "src"
STAGE = HERE / "build" / "cython"
DEBUG = os.environ.get("TRAPCORE_CYTHON_DEBUG") == "1"
# the generated C goes to a folder per build mode: switching TRAPCORE_CYTHON_DEBUG then never
# reuses C generated with the other mode's directives
C_DIR = Path("build", "c-debug" if DEBUG else "c")
MODULE_CACHE = Path("build", "module-cache")
# the compiled modules kept per extension (a debug and a release build, and one older)
MODULE_CACHE_KEEP = 3
ONLY = {s.strip() for s in os.environ.get("TRAPCORE_ONLY", "").split(",") if s.strip()}

# Kernels trust their inputs (the Python layer validates), so the checks are off.
# They are set here and only here (never in a file's header) so a debug build turns them on.
directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": not DEBUG,
    "embedsignature": True,
}


def module_name(pyx: Path) -> str:
    """``src/cat/search.pyx`` -> ``trapcore.cat._search``;
    ``src/common/rng.pyx`` -> ``trapcore._rng``."""
    folder = pyx.parent.name
    package = "trapcore" if folder == "common" else f"trapcore.{folder}"
    return f"{package}._{pyx.stem}"


def stage_declarations() -> None:
    """Copy each ``src/PUZZLE/NAME.pxd`` that has a ``NAME.pyx`` to the name others cimport."""
    for pxd in sorted(SRC.glob("*/*.pxd")):
        if not pxd.with_suffix(".pyx").exists():
            continue
        target = STAGE / (module_name(pxd.with_suffix(".pyx")).replace(".", "/") + ".pxd")
        target.parent.mkdir(parents=True, exist_ok=True)
        for parent in target.relative_to(STAGE).parents:
            if str(parent) != ".":
                (STAGE / parent / "__init__.pxd").touch()
        if not target.exists() or target.read_bytes() != pxd.read_bytes():
            shutil.copyfile(pxd, target)


def c_key(pyx: Path) -> str:
    """What the C generated from ``pyx`` (``src/PUZZLE/NAME.pyx``) depends on, by content: no
    paths outside the checkout, no timestamps."""
    import Cython

    digest = hashlib.sha256(repr((Cython.__version__, np.__version__, directives)).encode())
    digest.update(pyx.read_bytes())
    for path in sorted(p for p in SRC.rglob("*") if p.suffix in (".pxd", ".pxi", ".h")):
        digest.update(f"{path.relative_to(SRC).as_posix()}\0".encode() + path.read_bytes())
    return digest.hexdigest()


def c_file(pyx: Path) -> Path:
    """Where cythonize writes the C of ``src/PUZZLE/NAME.pyx``."""
    return C_DIR / pyx.with_suffix(".c")


def fresh_c_files(sources: list[Path]) -> None:
    """Mark as new each generated C file whose recorded key is still right, so cythonize's
    timestamp check (against numpy's freshly installed ``.pxd``) leaves it alone."""
    for pyx in sources:
        c, stamp = c_file(pyx), c_file(pyx).with_suffix(".key")
        if c.exists() and stamp.exists() and stamp.read_text() == c_key(pyx):
            os.utime(c)


def record_c_keys(sources: list[Path]) -> None:
    for pyx in sources:
        if c_file(pyx).exists():
            c_file(pyx).with_suffix(".key").write_text(c_key(pyx))


extensions = []
for pyx in sorted(SRC.glob("*/*.pyx")):
    name = module_name(pyx)
    if ONLY and not ONLY & {pyx.parent.name, f"{pyx.parent.name}.{pyx.stem}"}:
        continue
    extensions.append(
        Extension(
            name,
            [str(pyx.relative_to(HERE))],
            include_dirs=[np.get_include(), "src"],
            define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
            # -g0: no debug information outside the debug build (a third off the compile time;
            # wheels are stripped anyway)
            extra_compile_args=[] if os.name == "nt" else ["-O3"] + ([] if DEBUG else ["-g0"]),
        )
    )


class AtomicBuildExt(build_ext):
    """Compile the extensions in parallel (one per core unless ``-j N`` says otherwise: pip and
    ``python -m build`` pass no ``-j``), and put rebuilt ones into the source tree by renaming,
    not by overwriting in place: a process that has the old module loaded keeps its (unlinked)
    file instead of crashing."""

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1

    def build_extension(self, ext):
        target = Path(self.get_ext_fullpath(ext.name))
        cached = MODULE_CACHE / f"{ext.name}-{self.cache_key(ext)}{target.suffix}"
        if cached.exists() and not self.force:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(cached, target)
            os.utime(cached)  # most recently used: kept by the pruning below
            return
        super().build_extension(ext)
        MODULE_CACHE.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_name(f"{cached.name}.tmp{os.getpid()}")
        shutil.copyfile(target, tmp)
        os.replace(tmp, cached)
        old = sorted(MODULE_CACHE.glob(f"{ext.name}-*"), key=lambda p: p.stat().st_mtime)
        for stale in old[:-MODULE_CACHE_KEEP]:
            stale.unlink(missing_ok=True)

    def cache_key(self, ext) -> str:
        """What the compiled module depends on, paths left out: pip's build folders change."""
        digest = hashlib.sha256()
        for source in ext.sources:
            # the metadata comment at the top of the C names pip's temporary numpy folder
            text = Path(source).read_bytes()
            end = text.find(b"END: Cython Metadata */")
            digest.update(text[end:] if end >= 0 else text)
        for header in sorted(SRC.rglob("*.h")):
            digest.update(header.read_bytes())
        compiler = self.compiler
        command = [
            getattr(compiler, a, None) for a in ("compiler_so", "linker_so", "compile_options")
        ]
        settings = [
            sys.version,
            sysconfig.get_config_var("EXT_SUFFIX"),
            sysconfig.get_platform(),
            np.__version__,
            ext.extra_compile_args,
            ext.extra_link_args,
            ext.define_macros,
            ext.libraries,
            command,
            [os.environ.get(v) for v in ("CC", "CFLAGS", "CPPFLAGS", "LDSHARED", "LDFLAGS")],
        ]
        digest.update(repr(settings).encode())
        return digest.hexdigest()[:20]

    def copy_file(self, infile, outfile, *args, **kwargs):
        if self.dry_run or not str(outfile).endswith((".so", ".pyd")) or os.path.isdir(outfile):
            return super().copy_file(infile, outfile, *args, **kwargs)
        tmp = f"{outfile}.tmp{os.getpid()}"
        _, copied = super().copy_file(infile, tmp, *args, **kwargs)
        os.replace(tmp, outfile)
        return outfile, copied


stage_declarations()
sources = [Path(ext.sources[0]) for ext in extensions]
fresh_c_files(sources)
modules = cythonize(
    extensions,
    include_path=[str(SRC), str(STAGE)],
    compiler_directives=directives,
    build_dir=str(C_DIR),
    quiet=True,
    # generate the C in parallel too, where processes fork (Linux); elsewhere one at a time
    nthreads=(os.cpu_count() or 1) if sys.platform.startswith("linux") else 0,
)
record_c_keys(sources)
setup(
    cmdclass={"build_ext": AtomicBuildExt},
    ext_modules=modules,
)
