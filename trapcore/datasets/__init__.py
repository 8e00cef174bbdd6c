"""Datasets of puzzles at any scale: specs, generate(), Parquet and npz writers, readers, Dask."""

from trapcore.datasets.files import DatasetInfo, read, shard_name, write_npz, write_parquet
from trapcore.datasets.generate import MAX_ITEMS, generate, shard_range
from trapcore.datasets.items import Batch, Ragged
from trapcore.datasets.spec import (
    MAZE_MEASURES,
    NUMBERLINK_MEASURES,
    CatSpec,
    MazeSpec,
    NumberlinkSpec,
    spec_from_dict,
)

__all__ = [
    "MAX_ITEMS",
    "MAZE_MEASURES",
    "NUMBERLINK_MEASURES",
    "Batch",
    "DatasetInfo",
    "CatSpec",
    "MazeSpec",
    "NumberlinkSpec",
    "Ragged",
    "generate",
    "read",
    "shard_name",
    "shard_range",
    "spec_from_dict",
    "write_npz",
    "write_parquet",
]
