"""The Numberlink engine's internal interface: what trapcore's integrations (envs, datasets, demo,
CLI) and the shared pictures need beyond the public API. Not public API: it may change in any
release (docs/architecture.md)."""

from __future__ import annotations

from trapcore.numberlink._grid import Grid
from trapcore.numberlink.formats import _symbols_for as symbols_for
from trapcore.numberlink.generate import _default_long_paths as default_long_paths

__all__ = ["Grid", "default_long_paths", "symbols_for"]
