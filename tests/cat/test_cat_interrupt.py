"""Ctrl-C reaches the caller within half a second from every long cat kernel: the solver (both
methods), the solver player, the smart cat's searches inside simulate(), and simulate() itself."""

from __future__ import annotations

import pytest
from _sigint import interrupt_latency, posix_only

SETUP = """
import sys, time, numpy as np, trapcore as tc
from trapcore.cat import hexgrid
b = hexgrid.random_board(15, 15, 10, seed=4, keep_free=(7, 7))
"""

KERNELS = {
    "solve_id": "tc.cat.solve(b, (7, 7), max_nodes=1 << 40, method='id')",
    "solve_pns": "tc.cat.solve(b, (7, 7), max_nodes=1 << 40, method='pns')",
    "solve_auto": "tc.cat.solve(b, (7, 7), max_nodes=1 << 40)",
    "solve_pns_threads": "tc.cat.solve(b, (7, 7), max_nodes=1 << 40, method='pns', workers=2)",
    "player_move_solver": "tc.cat.player_move(b, (7, 7), player='solver', policy='smart', "
    "max_nodes=1 << 40)",
    "simulate_smart_cat": "tc.cat.simulate(1 << 30, policy='smart', player='lookahead')",
    "simulate_bfs": "tc.cat.simulate(1 << 30, policy='bfs', player='greedy')",
}


@posix_only
@pytest.mark.parametrize("name", sorted(KERNELS))
def test_ctrl_c_interrupts_within_half_a_second(name):
    latency = interrupt_latency(SETUP, KERNELS[name])
    assert latency < 0.5, latency
