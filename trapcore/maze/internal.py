"""The maze engine's internal interface: what trapcore's integrations (envs, datasets, demo, CLI)
need beyond the public API. Not public API: it may change in any release (docs/architecture.md)."""

from __future__ import annotations

from trapcore.maze import _env as env_kernels
from trapcore.maze import _rows as rows_kernels
from trapcore.maze._carve import Method
from trapcore.maze._checks import _as_method as as_method
from trapcore.maze.batch import _carve_items as carve_items

__all__ = ["Method", "as_method", "carve_items", "env_kernels", "rows_kernels"]
