"""Signatures of the compiled module trapcore.numberlink._regions (made by tools/make_stubs.py)."""

import numpy as np
import numpy.typing as npt

def components(sol: npt.NDArray[np.int16]) -> npt.NDArray[np.int32]: ...
