"""Every public function of trapcore.datasets checks its arguments: a wrong type is a TypeError,
a value out of range a ValueError, each naming the argument (never an AttributeError, nor a
value that is accepted and gives a wrong answer)."""

import numpy as np
import pytest

pytest.importorskip("pyarrow")

import trapcore.datasets as tds

SPEC = tds.MazeSpec(4, 5)


@pytest.mark.parametrize(
    "shard,num_shards,name",
    [(-1, 1, "shard"), (5, 2, "shard"), (0, 0, "num_shards"), (1, 1, "shard"), (0, -3, "num_")],
)
def test_shard_name_refuses_shards_out_of_range(shard, num_shards, name):
    with pytest.raises(ValueError, match=name):
        tds.shard_name(shard, num_shards)


def test_shard_name_names_each_shard_once():
    names = [tds.shard_name(s, 12) for s in range(12)]
    assert len(set(names)) == 12 and names == sorted(names)
    assert tds.shard_name(np.int64(3), 8) == "train-00003-of-00008.parquet"


def _calls(tmp_path):
    """(function, args, kwargs, argument named) for a wrong type of each argument."""
    batch = tds.generate(SPEC, 3, 0)
    folder = tmp_path / "d"
    return [
        (tds.shard_name, (1.0, 2), {}, "shard"),
        (tds.shard_name, (0, "2"), {}, "num_shards"),
        (tds.shard_name, (True, 2), {}, "shard"),
        (tds.shard_range, ("10", 0, 1), {}, "n"),
        (tds.shard_range, (10, None, 1), {}, "shard"),
        (tds.shard_range, (10, 0, 1.5), {}, "num_shards"),
        (tds.item_bytes, (3,), {}, "spec"),
        (tds.item_bytes, ("maze",), {}, "spec"),
        (tds.item_bytes, (None,), {}, "spec"),
        (tds.generate, (SPEC.to_dict(), 3), {}, "spec"),
        (tds.generate, (SPEC, "3"), {}, "n"),
        (tds.generate, (SPEC, 3, 1.5), {}, "seed"),
        (tds.generate, (SPEC, 3, 0), {"shard": "0"}, "shard"),
        (tds.generate, (SPEC, 3, 0), {"workers": 0.5}, "workers"),
        (tds.spec_from_dict, ("maze",), {}, "d"),
        (tds.spec_from_dict, ({"kind": 3},), {}, "kind"),
        (tds.write_parquet, (SPEC, 3, 0, 5), {}, "directory"),
        (tds.write_parquet, (SPEC, 3, 0, folder), {"num_shards": "1"}, "num_shards"),
        (tds.write_parquet, (SPEC, 3, 0, folder), {"workers": None}, "workers"),
        (tds.write_parquet, (SPEC, 3, 0, folder), {"compression": 5}, "compression"),
        (tds.write_parquet, (SPEC, 3, 0, folder), {"progress": 5}, "progress"),
        (tds.write_parquet, (SPEC, 3, 0, folder), {"client": 5}, "client"),
        (tds.write_npz, ({}, tmp_path / "a.npz"), {}, "batch"),
        (tds.write_npz, (batch, 7), {}, "file"),
        (tds.read, (7,), {}, "file"),
        (tds.read, (tmp_path,), {"columns": "doors"}, "columns"),
        (tds.read, (tmp_path,), {"columns": [1]}, "columns"),
        (tds.verify, (None,), {}, "directory"),
        (tds.to_numpy, ([1, 2, 3],), {}, "data"),
        (tds.to_numpy, (np.zeros(3),), {}, "data"),
        (tds.Ragged.concat, (5,), {}, "parts"),
        (tds.Ragged.concat, ([5],), {}, "Ragged"),
    ]


def test_every_public_function_names_a_wrong_argument(tmp_path):
    for fn, args, kwargs, name in _calls(tmp_path):
        with pytest.raises((TypeError, ValueError)) as e:
            fn(*args, **kwargs)
        assert name in str(e.value), (fn.__name__, args, kwargs, e.value)
        assert type(e.value) in (TypeError, ValueError), (fn.__name__, type(e.value))
    assert not (tmp_path / "d").exists()  # nothing written on a refused call


def test_every_public_function_is_covered():
    covered = {fn.__name__ for fn, *_ in _calls_names()}
    public = {
        name
        for name in tds.__all__
        if callable(getattr(tds, name)) and not isinstance(getattr(tds, name), type)
    }
    assert public <= covered, public - covered


def _calls_names():
    import pathlib
    import tempfile

    return _calls(pathlib.Path(tempfile.mkdtemp()))


@pytest.mark.parametrize(
    "values,offsets,name",
    [
        (np.zeros((3, 2)), [0, 1, 3], "offsets"),
        ([1, 2], np.array([0, 2]), "values"),
        (np.zeros((3, 2)), np.array([0, 2, 1, 3]), "offsets"),
        (np.zeros((3, 2)), np.array([0, 1, 4]), "offsets"),
        (np.zeros((3, 2)), np.array([1, 3]), "offsets"),
        (np.zeros((3, 2)), np.array([[0, 3]]), "offsets"),
        (np.zeros((3, 2)), np.array([0.0, 3.0]), "offsets"),
    ],
)
def test_a_ragged_checks_its_offsets(values, offsets, name):
    with pytest.raises((TypeError, ValueError), match=name):
        tds.Ragged(values, offsets)
