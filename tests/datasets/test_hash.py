"""The content hash of a dataset folder (BlockHash): the same for any split into shards and row
groups, merged from parts hashed apart, and changed by any byte."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore.datasets as tds
from trapcore._seeding import root_key
from trapcore.datasets.arrow import BlockHash, ContentHash
from trapcore.datasets.items import ITEMS

SPEC = tds.MazeSpec(4, 5, braid=0.3)
N = 300
KEY = root_key(11)
FULL = ITEMS["maze"](SPEC, KEY, 0, N)


def _rows(a, b):
    return ITEMS["maze"](SPEC, KEY, a, b)


@settings(max_examples=40, deadline=None)
@given(
    block=st.sampled_from([1, 2, 7, 64, 4096]),
    cuts=st.lists(st.integers(0, N), max_size=5),
    groups=st.lists(st.integers(0, N), max_size=8),
)
def test_parts_merged_in_order_give_the_hash_of_all_rows(block, cuts, groups):
    whole = BlockHash(block=block).update(FULL).hexdigest()
    bounds = sorted({0, N, *cuts})
    total = BlockHash(block=block)
    for a, b in zip(bounds, bounds[1:]):  # a shard, hashed where it is made
        part = BlockHash(a, block=block)
        inner = sorted({a, b, *(g for g in groups if a < g < b)})
        for c, d in zip(inner, inner[1:]):  # its row groups
            part.update(_rows(c, d))
        total.merge(part)
    assert total.hexdigest() == whole


@settings(max_examples=20, deadline=None)
@given(
    block=st.sampled_from([1, 2, 7]),
    fold_at=st.integers(1, 40),
    cuts=st.lists(st.integers(0, N), max_size=5),
    groups=st.lists(st.integers(0, N), max_size=8),
)
def test_a_folding_hash_is_the_same_hash_in_bounded_memory(block, fold_at, cuts, groups):
    """The whole dataset's hash feeds its digests on as they come: 10**11 items kept 2.4 * 10**7
    digests a column before (issue 30). The same digest, updated by row groups or merged from
    parts, holding at most fold_at digests a column between calls."""
    whole = BlockHash(block=block).update(FULL).hexdigest()
    columns = len(BlockHash(block=block).update(FULL).leaves)
    bounds = sorted({0, N, *cuts})
    grouped, merged = BlockHash(block=block, fold=True), BlockHash(block=block, fold=True)
    grouped.FOLD_AT = merged.FOLD_AT = fold_at
    for a, b in zip(bounds, bounds[1:]):
        part = BlockHash(a, block=block)
        inner = sorted({a, b, *(g for g in groups if a < g < b)})
        for c, d in zip(inner, inner[1:]):
            part.update(_rows(c, d))
            grouped.update(_rows(c, d))
            assert grouped.kept() < fold_at * columns
        merged.merge(part)
        assert merged.kept() < fold_at * columns
    assert grouped.hexdigest() == merged.hexdigest() == whole
    assert grouped.hexdigest() == whole  # hexdigest leaves the hash as it was
    with pytest.raises(ValueError, match="block boundary"):
        BlockHash(5, block=8, fold=True)


def test_any_changed_value_changes_the_hash():
    base = BlockHash(block=16).update(FULL).hexdigest()
    for name in ("doors", "path_length", "index"):
        cols = dict(FULL)
        cols[name] = FULL[name].copy()
        cols[name].reshape(-1)[137] += 1
        assert BlockHash(block=16).update(cols).hexdigest() != base
    cols = dict(FULL)
    sol = FULL["solution"]
    cols["solution"] = tds.Ragged(sol.values[::-1].copy(), sol.offsets)
    assert BlockHash(block=16).update(cols).hexdigest() != base


def test_a_part_out_of_order_is_refused():
    total = BlockHash(block=8).update(_rows(0, 20))
    with pytest.raises(ValueError, match="starts at item 30"):
        total.merge(BlockHash(30, block=8).update(_rows(30, 40)))
    with pytest.raises(ValueError, match="no digest"):
        BlockHash(5, block=8).update(_rows(5, 9)).hexdigest()


def test_npz_shard_hash_keeps_its_definition():
    """write_npz's shard_hash (0.2's files carry it) is still the column-by-column SHA-256."""
    import hashlib

    h = ContentHash().update({"index": FULL["index"]}).hexdigest()
    inner = hashlib.sha256(np.ascontiguousarray(FULL["index"], dtype="<i8").data).digest()
    assert h == hashlib.sha256(b"index\0" + inner).hexdigest()
