"""Kernel hygiene: Ctrl-C reaches the caller within half a second from every long Numberlink
kernel (solve under each rule set, the frontier memo under touch, count, generate, and their
set-up phases), and a kernel out of memory raises MemoryError and leaves the process usable."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from _sigint import interrupt_latency

SETUP = """
import sys, numpy as np, trapcore as tc
nl = tc.numberlink
def cross(n):
    # paths 1 (West to East) and 2 (North to South) must cross: no solution, refuted slowly
    g = np.zeros((n, n), np.int16)
    g[n // 2, 0] = g[n // 2, n - 1] = 1
    g[0, n // 2] = g[n - 1, n // 2] = 2
    return g
hard = nl.generate(64, seed=0, unique=False, touch=False).grid  # seconds to solve without touch
wide = nl.hex_board(cross(512), fill=False)  # 262,144 nodes: each search node visits them all
from trapcore.numberlink import _route
def crowd(n):
    # pairs that all want the middle column: the router's rounds never settle
    g = np.zeros((n, n), np.int16)
    for i in range(n // 2):
        g[i, 0] = g[n - 1 - i, n - 1] = i + 1
    return nl.grid_board(g, fill=False)
crowded = crowd(300)
"""

HUGE = "max_nodes=1 << 60"
KERNELS = {
    "solve_fill_touch_memo": f"nl.solve(cross(40), {HUGE})",
    "solve_fill_notouch": f"nl.solve(hard, touch=False, {HUGE})",
    "solve_nofill_touch": f"nl.solve(cross(40), fill=False, {HUGE})",
    "solve_nofill_notouch": f"nl.solve(cross(40), fill=False, touch=False, {HUGE})",
    "solve_setup_4m_squares": f"nl.solve(cross(2048), {HUGE})",
    "count_touch_memo": f"nl.count(cross(40), {HUGE})",
    "count_notouch": f"nl.count(hard, touch=False, {HUGE})",
    "generate_unique": f"nl.generate(70, seed=1, {HUGE})",
    "generate_unique_notouch": f"nl.generate(70, seed=1, touch=False, {HUGE})",
    "board_solve_fill": f"nl.grid_board(cross(40)).solve({HUGE})",
    "board_solve_nofill_notouch": "nl.grid_board(cross(40), fill=False, touch=False).solve("
    f"{HUGE})",
    "board_count_hex_262k_nodes": f"wide.count({HUGE})",
    "route_rounds": "_route.route_paths(crowded.values, crowded.neighbours, 10**9)",
    "generate_attempts": "nl.generate(70, seed=1, min_length=4900, unique=False, "
    "max_attempts=10**12)",
}


@pytest.mark.skipif(os.name == "nt", reason="POSIX signals")
@pytest.mark.parametrize("name", sorted(KERNELS))
def test_ctrl_c_interrupts_within_half_a_second(name: str) -> None:
    latency = interrupt_latency(SETUP, KERNELS[name])
    assert latency < 0.5, latency


@pytest.mark.skipif(os.name == "nt", reason="POSIX signals")
def test_interrupted_kernels_leave_the_generator_usable() -> None:
    # after Ctrl-C (scratch freed, the bit generator's lock released) the same process goes on
    code = (
        SETUP
        + """
import threading, _thread
rng = np.random.default_rng(5)
threading.Timer(0.3, _thread.interrupt_main).start()
try:
    nl.generate(70, seed=rng, max_nodes=1 << 60)
except KeyboardInterrupt:
    pass
p = nl.generate(9, seed=rng)
assert len(p.solve()) == 1
threading.Timer(0.3, _thread.interrupt_main).start()
try:
    nl.count(cross(40), max_nodes=1 << 60)
except KeyboardInterrupt:
    pass
print(nl.count([[1, 0, 1], [2, 0, 2]]), flush=True)
"""
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "1"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS")
@pytest.mark.parametrize(
    "call",
    [
        "nl.count(g)",
        "nl.solve(g, limit=1)",
        "nl._solver.solve(g, 1, 10, 0)",
        "nl._regions.components(g)",
    ],
)
def test_kernels_out_of_memory_raise_memory_error(call: str) -> None:
    # the helper that allocates raises MemoryError itself; the process stays usable afterwards
    code = f"""
import resource, numpy as np, trapcore.numberlink as nl
from trapcore.numberlink import _regions, _solver
g = np.zeros((2048, 2048), np.int16)
g[0, 0] = g[0, 1] = 1  # ends of both colours: the colour count does not settle it first
g[g == 0] = 1 if "components" in {call!r} else 0
import os
used = int(open("/proc/self/statm").read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
resource.setrlimit(resource.RLIMIT_AS, (used + (24 << 20), resource.RLIM_INFINITY))
try:
    {call}
except MemoryError as e:
    print("MemoryError", e)
resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
print(nl.count([[1, 0, 1], [2, 0, 2]]))
"""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert out.returncode == 0, out.stderr
    first, last = out.stdout.splitlines()
    assert first.startswith("MemoryError not enough memory"), first
    assert last == "1"
