# Entry checks of the kernels' def functions, cimported as `from common.checks cimport ...`. The
# Python layer validates every argument, so a kernel checks only what it would otherwise get
# silently wrong at the C level: array sizes that do not fit its int32 cell indices (a
# (1, 2**32 + 5) board would be read as (1, 5)), and the type and layout of an ndarray it reads
# through its data pointer (a typed memoryview checks those itself). Each check costs a few
# comparisons once per call, before the sizes are narrowed to int32; nothing is checked per cell.
cimport numpy as cnp

cdef enum:
    # The most cells a grid may have, counting a one-cell frame on every side: (rows + 2) *
    # (cols + 2) <= 2**30. The kernels index cells and framed cells with int32 and go up to twice
    # an index plus one (door ids 2*cell + 1, BFS queue entries (cell << 1) | parity), all below
    # 2**31 within this limit. The Python layer's own limits are far smaller (2**26 maze cells).
    MAX_CELLS = 1 << 30


cdef inline int check_grid(Py_ssize_t rows, Py_ssize_t cols, str name) except -1:
    """ValueError naming `name` unless a rows x cols grid, framed, has at most MAX_CELLS cells."""
    if rows > MAX_CELLS or cols > MAX_CELLS or (rows + 2) * (cols + 2) > MAX_CELLS:
        raise ValueError(
            f"{name} is {rows} x {cols}: a kernel takes at most 2**30 cells counting a one-cell "
            f"frame, (rows + 2) * (cols + 2) <= 2**30, so that its int32 indices cannot overflow")
    return 0


cdef inline int check_count(Py_ssize_t n, str name) except -1:
    """ValueError naming `name` unless n items (a flat grid, a union-find) fit MAX_CELLS."""
    if n > MAX_CELLS:
        raise ValueError(f"{name} is {n}: a kernel takes at most 2**30 cells (int32 indices)")
    return 0


cdef inline int check_ndarray(cnp.ndarray a, int typenum, int ndim, str name) except -1:
    """For an array a kernel reads through its data pointer: TypeError unless `a` is an array of
    numpy type `typenum` in native byte order, ValueError unless it has `ndim` dimensions and is
    C-contiguous."""
    if a is None:
        raise TypeError(f"{name} must be a numpy array, got None")
    if cnp.PyArray_TYPE(a) != typenum or not cnp.PyArray_ISNOTSWAPPED(a):
        raise TypeError(f"{name} must be an array of {cnp.PyArray_DescrFromType(typenum)}, "
                        f"got one of {a.dtype}")
    if cnp.PyArray_NDIM(a) != ndim:
        raise ValueError(f"{name} must have {ndim} dimensions, got {cnp.PyArray_NDIM(a)}")
    if not cnp.PyArray_IS_C_CONTIGUOUS(a):
        raise ValueError(f"{name} must be C-contiguous")
    return 0
