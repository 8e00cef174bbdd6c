"""The cat engine's internal interface: what trapcore's integrations (envs, datasets, demo, CLI)
need beyond the public API. Not public API: it may change in any release (docs/architecture.md)."""

from __future__ import annotations

from trapcore.cat._board import MAX_GAME_CELLS, MAX_SOLVE_CELLS, check_policy_cells
from trapcore.cat.players import _model_of as model_of

__all__ = ["MAX_GAME_CELLS", "MAX_SOLVE_CELLS", "check_policy_cells", "model_of"]
