"""Datasets of puzzles at any scale: specs, generate(), Parquet and npz writers, readers, Dask."""

from trapcore.datasets.arrow import to_numpy
from trapcore.datasets.files import (
    MAX_SHARD_BYTES,
    DatasetInfo,
    read,
    shard_name,
    verify,
    write_npz,
    write_parquet,
)
from trapcore.datasets.generate import MAX_BATCH_BYTES, MAX_ITEMS, generate, shard_range
from trapcore.datasets.items import Batch, Ragged, item_bytes
from trapcore.datasets.spec import (
    MAZE_MEASURES,
    NUMBERLINK_MEASURES,
    CatSpec,
    MazeSpec,
    NumberlinkSpec,
    spec_from_dict,
)
from trapcore.errors import DatasetError

__all__ = [
    "MAX_BATCH_BYTES",
    "MAX_ITEMS",
    "MAX_SHARD_BYTES",
    "MAZE_MEASURES",
    "NUMBERLINK_MEASURES",
    "Batch",
    "CatSpec",
    "DatasetError",
    "DatasetInfo",
    "MazeSpec",
    "NumberlinkSpec",
    "Ragged",
    "generate",
    "item_bytes",
    "read",
    "shard_name",
    "shard_range",
    "spec_from_dict",
    "to_numpy",
    "verify",
    "write_npz",
    "write_parquet",
]
