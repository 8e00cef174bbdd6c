"""Ctrl-C reaches the caller within half a second from every long cat kernel: the solver (both
methods), the solver player, the smart cat's searches inside simulate(), and simulate() itself."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

SETUP = """
import sys, time, numpy as np, trapcore as tc
from trapcore.cat import hexgrid
b = hexgrid.random_board(15, 15, 10, seed=4, keep_free=(7, 7))
"""

KERNELS = {
    "solve_id": "tc.cat.solve(b, (7, 7), max_nodes=1 << 40, method='id')",
    "solve_pns": "tc.cat.solve(b, (7, 7), max_nodes=1 << 40, method='pns')",
    "solve_auto": "tc.cat.solve(b, (7, 7), max_nodes=1 << 40)",
    "player_move_solver": "tc.cat.player_move(b, (7, 7), player='solver', policy='smart', "
    "max_nodes=1 << 40)",
    "simulate_smart_cat": "tc.cat.simulate(1 << 30, policy='smart', player='lookahead')",
    "simulate_bfs": "tc.cat.simulate(1 << 30, policy='bfs', player='greedy')",
}


@pytest.mark.skipif(os.name == "nt", reason="POSIX signals")
@pytest.mark.parametrize("name", sorted(KERNELS))
def test_ctrl_c_interrupts_within_half_a_second(name):
    code = (
        SETUP
        + f"""
print("ready", flush=True)
try:
    {KERNELS[name]}
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(0)
print("finished", flush=True)
"""
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(0.4)  # well inside the kernel
        assert proc.poll() is None, "the kernel finished before the signal"
        t0 = time.perf_counter()
        proc.send_signal(signal.SIGINT)
        line = proc.stdout.readline().strip()
        latency = time.perf_counter() - t0
        assert line == "interrupted"
        assert latency < 0.5, latency
    finally:
        proc.kill()
        proc.wait()
