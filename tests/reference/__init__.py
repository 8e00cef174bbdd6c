"""Slow, readable pure-Python twins of every kernel: the test oracle and the benchmark baseline.

One module per engine, imported plainly: ``from reference.maze import carve``.
"""
