"""Build script: cythonize every ``src/NAME.pyx`` into the module ``trapcore._native.NAME``.

Environment switches (development only):

``TRAPCORE_CYTHON_DEBUG=1``
    turn bounds, wraparound and initialisation checks back on (a slow, safe build);
``TRAPCORE_ONLY=maze,hexgrid``
    build only those modules (faster edit-compile loops).
"""
import os
from pathlib import Path

import numpy as np
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).parent
DEBUG = os.environ.get("TRAPCORE_CYTHON_DEBUG") == "1"
ONLY = {s.strip() for s in os.environ.get("TRAPCORE_ONLY", "").split(",") if s.strip()}

# Kernels trust their inputs (the Python layer validates), so the checks are off.
# They are set here rather than in each file's header so a debug build can turn them on.
directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": not DEBUG,
    "embedsignature": True,
}

extensions = []
for pyx in sorted((HERE / "src").glob("*.pyx")):
    name = pyx.stem
    if ONLY and name not in ONLY:
        continue
    extensions.append(
        Extension(
            f"trapcore._native.{name}",
            [str(pyx.relative_to(HERE))],
            include_dirs=[np.get_include(), "src"],
            define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
            extra_compile_args=[] if os.name == "nt" else ["-O3"],
        )
    )



class AtomicBuildExt(build_ext):
    """Put rebuilt extensions into the source tree by renaming, not by overwriting in place: a
    process that has the old module loaded keeps its (unlinked) file instead of crashing."""

    def copy_file(self, infile, outfile, *args, **kwargs):
        if self.dry_run or not str(outfile).endswith((".so", ".pyd")) or os.path.isdir(outfile):
            return super().copy_file(infile, outfile, *args, **kwargs)
        tmp = f"{outfile}.tmp{os.getpid()}"
        _, copied = super().copy_file(infile, tmp, *args, **kwargs)
        os.replace(tmp, outfile)
        return outfile, copied


setup(
    cmdclass={"build_ext": AtomicBuildExt},
    ext_modules=cythonize(
        extensions,
        include_path=["src"],
        compiler_directives=directives,
        quiet=True,
    ),
)
