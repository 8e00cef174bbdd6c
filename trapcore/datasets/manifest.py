"""A dataset folder: its manifest (each shard's items, rows and SHA-256), the card, the check
that a folder holds exactly what its manifest says (read, verify), and the swap that replaces an
old dataset only once the new one is complete."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trapcore._io import _kind, _umask, atomic_write, check_output_path
from trapcore.datasets.shards import ShardRecord, file_sha256, open_regular, read_regular
from trapcore.errors import DatasetError

__all__ = ["DATA", "MANIFEST", "DatasetError", "Checked", "check_folder", "swap_in"]

#: The manifest at the top of a dataset folder.
MANIFEST = "trapcore.json"
#: The folder of the shards (as Hugging Face lays out datasets).
DATA = "data"
#: The dataset card (Hugging Face reads it).
CARD = "README.md"
#: Prefixes of the folders a run writes beside the old dataset (removed when it ends).
STAGING = ".trapcore-staging-"
OLD = ".trapcore-old-"


def replace_file(path: Path, data: bytes, *, name: str = "path") -> Path:
    """Write ``data`` to ``path`` atomically with :func:`trapcore._io.atomic_write`; return the
    file written.

    A symlink is followed (its target is written, as ``open`` would); a directory, FIFO, device
    or socket at the target is refused with ``ValueError``; the temporary file
    (``.NAME.<hex>.tmp``) is removed on every exit but SIGKILL, and the next write to the same
    file removes one a killed run left."""
    target = check_output_path(path, name)
    atomic_write(path, data, name=name)
    return Path(target)


_LEGEND = {
    "maze": "`doors`: bits 0-1 the door Down, bits 2-3 the door Right (0b00 closed, 0b01 open, "
    "0b11 locked); `solution`: the shortest path's cells (row, col) from `entrance` to "
    "`exit`; `path_length` its cells, `dead_ends` cells with one open door, "
    "`decision_points` cells of the path with a choice, `distance` Manhattan distance "
    "from the entrance to the exit. In the files `doors` holds two cells a byte and "
    "`solution` the first cell and a byte a step (docs/datasets.md): `tds.to_numpy` decodes "
    "them.\n",
    "numberlink": "`grid`: 0 empty, -1 solid, k > 0 an end of path k; `solution`: each square's "
    "path; `difficulty`: `Puzzle.difficulty`, search nodes per square; `median_length`: the "
    "median path's squares (as `trapcore.numberlink.measure`); `solids`: solid squares.\n",
    "cat": "`board`: even-r (even rows shifted half a cell right), 0 free, 1 blocked; `cat`: the "
    "cat's cell; `winnable`: 1 proven won for the player moving first, 0 proven lost, -1 "
    "not checked.\n",
}


def card(meta: dict[str, Any], info_hash: str, files: list[str]) -> str:
    """The dataset card (README.md) of a dataset whose shard metadata is ``meta``."""
    spec = meta["spec"]
    cols = "\n".join(
        f"| `{k}` | {v['dtype']} | {tuple(v['shape'])} |" for k, v in meta["columns"].items()
    )
    fields = "\n".join(f"| `{k}` | `{json.dumps(v)}` |" for k, v in spec.items() if k != "kind")
    paths = "\n".join(f'    - "{DATA}/{f}"' for f in files)
    return f"""---
configs:
- config_name: default
  data_files:
  - split: train
    path:
{paths}
tags:
- trapcore
- {meta["kind"]}
---
# trapcore {meta["kind"]} dataset

{meta["n"]} items in {len(files)} Parquet shard(s) in `{DATA}/`, made by trapcore
{meta["trapcore_version"]}. Item `k` (column `index`) is a pure function of (spec, seed, k): the
same command makes the same rows, whatever the number of shards or workers. `{MANIFEST}` lists
each shard with its items, size and SHA-256; `trapcore dataset verify .` checks them.

| spec field | value |
|---|---|
{fields}
| seed | `{meta["seed"]}` |

Content hash (SHA-256 of the rows in item order, by blocks of 4096): `{info_hash}`

| column | dtype | shape per row (None: varies) |
|---|---|---|
{cols}

{_LEGEND.get(meta["kind"], "")}
Make it again (the same bytes, with the same trapcore and pyarrow):

```python
import trapcore.datasets as tds
spec = tds.spec_from_dict({spec!r})
tds.write_parquet(spec, {meta["n"]}, {meta["seed"]}, "DIR", num_shards={len(files)})
```

Load it:

```python
import trapcore.datasets as tds
batch = tds.read(".")                  # checked against {MANIFEST}; numpy arrays, in shape
import pyarrow.parquet as pq
doors = tds.to_numpy(pq.read_table("{DATA}"), "doors")   # any column, in shape
import datasets                        # Hugging Face
ds = datasets.load_dataset(".", split="train").with_format("numpy")
```
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def clean_stale(out: Path) -> None:
    """Remove the staging folders of runs into ``out`` that died (SIGKILL, power loss)."""
    for p in out.glob(".trapcore-*-*"):
        if not (p.name.startswith(STAGING) or p.name.startswith(OLD)) or not p.is_dir():
            continue
        try:
            pid = int(p.name.split("-")[2])
        except (IndexError, ValueError):
            continue
        if pid != os.getpid() and not _alive(pid):
            shutil.rmtree(p, ignore_errors=True)


def prepare(out: Path) -> Path:
    """Check ``out`` can take a dataset (a new folder, or one holding a trapcore dataset) and
    make a staging folder in it for the new shards."""
    if out.exists() and not out.is_dir():
        raise ValueError(f"directory {os.fspath(out)!r} exists and is not a folder")
    out.mkdir(parents=True, exist_ok=True)
    check_targets(out)
    data = out / DATA
    if (data.exists() or data.is_symlink()) and not (out / MANIFEST).is_file():
        if not _only_our_shards(data):
            raise ValueError(
                f"{os.fspath(data)!r} exists and is not a trapcore dataset's (no {MANIFEST} "
                "beside it); choose another directory"
            )
    clean_stale(out)
    staging = Path(tempfile.mkdtemp(dir=out, prefix=f"{STAGING}{os.getpid()}-"))
    os.chmod(staging, 0o777 & ~_umask())  # it becomes data/: mkdtemp's 0700 is for secrets
    return staging


def _refuse(path: Path, kind: str, what: str) -> ValueError:
    return ValueError(
        f"{os.fspath(path)!r} is {kind}, where the dataset's {what} goes; move it away or "
        "choose another directory"
    )


def _stat_kind(path: Path) -> str | None:
    """What ``path`` (a symlink followed) is, in words; ``None`` for a regular file or nothing."""
    try:
        return _kind(os.stat(path).st_mode)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ValueError(f"{os.fspath(path)!r}: cannot be checked ({exc.strerror})") from None


def check_targets(out: Path) -> None:
    """Refuse, before anything moves, a write into ``out`` that would replace what it must not:
    a card or manifest that is a folder, FIFO, device or socket; a ``data/`` that is not a
    folder, or holds anything but regular files; a 0.2 shard listed beside the manifest that is
    not a regular file. Raises ``ValueError`` naming the path."""
    for name, what in ((CARD, "card"), (MANIFEST, "manifest")):
        kind = _stat_kind(out / name)
        if kind is not None:
            raise _refuse(out / name, kind, f"{what} ({name}, a file)")
        check_output_path(out / name, name)
    data = out / DATA
    if data.exists() or data.is_symlink():
        kind = _stat_kind(data)
        if kind != "a folder":
            raise _refuse(data, kind or "a file", f"folder of shards ({DATA}/)")
        for entry in sorted(data.iterdir()):
            kind = _stat_kind(entry)
            if kind is not None:
                raise _refuse(entry, kind, f"shards ({DATA}/ holds only files)")
    for p in _legacy_files(out):
        kind = _stat_kind(p)
        if kind is not None:
            raise _refuse(p, kind, "0.2 shards (files)")


def _only_our_shards(data: Path) -> bool:
    """Whether ``data`` is a folder of nothing but Parquet shards trapcore wrote (or empty): what
    a run killed between moving its shards in and writing its manifest leaves, which the next run
    may replace. Anything else (another tool's files, a symlink) stays untouched."""
    from trapcore.datasets.arrow import META_KEY, _pq

    if data.is_symlink() or not data.is_dir():
        return False
    for p in data.iterdir():
        if p.is_symlink() or not p.is_file() or p.suffix != ".parquet":
            return False
        try:
            with open_regular(p) as f:
                meta = _pq().read_schema(f).metadata or {}
        except (OSError, ValueError):  # pyarrow's ArrowInvalid and DatasetError are ValueErrors
            return False
        if META_KEY not in meta:
            return False
    return True


def manifest_dict(
    meta: dict[str, Any], records: list[ShardRecord], content_hash: str
) -> dict[str, Any]:
    """The manifest: the dataset's spec and seed, and each shard's file, items and SHA-256."""
    keep = ("format", "format_version", "kind", "spec", "seed", "n", "num_shards")
    out = {k: meta[k] for k in keep}
    out.update(
        trapcore_version=meta["trapcore_version"],
        columns=meta["columns"],
        content_hash=content_hash,
        shards=[dict(r.to_dict(), file=f"{DATA}/{r.file}") for r in records],
    )
    return out


def swap_in(out: Path, staging: Path, manifest: dict[str, Any], card: str) -> None:
    """Replace the dataset in ``out`` with the one whose shards are closed in ``staging``: the
    old ``data/`` moves aside, the new one takes its name, the card is replaced, then the
    manifest (last: it is what makes the folder read as the new dataset), and the old shards are
    removed. A crash in between leaves a folder whose manifest does not match its shards, which
    :func:`check_folder` reports; the card never describes other shards than a manifest that
    matches them (tests/datasets/test_folder.py kills a run before each step)."""
    check_targets(out)  # again: the run took time, and nothing has moved yet
    data = out / DATA
    old = None
    if data.exists() or data.is_symlink():
        old = Path(tempfile.mkdtemp(dir=out, prefix=f"{OLD}{os.getpid()}-"))
        os.replace(data, old / DATA)
    legacy = _legacy_files(out)
    os.replace(staging, data)
    replace_file(out / CARD, card.encode())
    replace_file(out / MANIFEST, (json.dumps(manifest, indent=1) + "\n").encode())
    for p in legacy:
        p.unlink(missing_ok=True)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _legacy_files(out: Path) -> list[Path]:
    """Shards of a 0.2 dataset (beside its manifest, format 1) in ``out``."""
    try:
        old = json.loads(read_regular(out / MANIFEST))
    except (OSError, ValueError, RecursionError):  # DatasetError (not a file) is a ValueError
        return []
    if not isinstance(old, dict) or old.get("format_version") != 1:
        return []
    return [out / f for f in old.get("files", []) if isinstance(f, str) and "/" not in f]


@dataclass(frozen=True)
class Checked:
    """A folder checked against its manifest: the manifest, and each shard's path and bytes."""

    directory: Path
    manifest: dict[str, Any]
    files: tuple[Path, ...]
    data: tuple[bytes, ...]


def _load_manifest(folder: Path) -> dict[str, Any]:
    path = folder / MANIFEST
    if not (path.exists() or path.is_symlink()):
        staging = sorted(p.name for p in folder.glob(STAGING + "*"))
        hint = f" (a run that did not finish left {staging[0]})" if staging else ""
        raise DatasetError(
            f"{os.fspath(folder)!r} has no {MANIFEST}: not a finished trapcore dataset{hint}"
        )
    try:
        manifest = json.loads(read_regular(path))
    except DatasetError:
        raise
    except (OSError, ValueError, RecursionError) as exc:  # RecursionError: brackets nested deep
        raise DatasetError(
            f"{os.fspath(path)!r} is not a readable manifest: {type(exc).__name__}: {exc}"
        ) from None
    if not isinstance(manifest, dict) or manifest.get("format") != "trapcore-dataset":
        raise DatasetError(f"{os.fspath(path)!r} is not a trapcore dataset manifest")
    return manifest


def _legacy_records(folder: Path, manifest: dict[str, Any]) -> list[dict[str, Any]]:
    """Format 1 (0.2): shards beside the manifest, no bytes or SHA-256 recorded."""
    from trapcore.datasets.generate import shard_range

    files = manifest.get("files", [])
    k = len(files)
    return [
        dict(zip(("start", "stop"), shard_range(manifest["n"], s, k)), file=f, sha256=None)
        for s, f in enumerate(files)
    ]


def _is_record(r: object) -> bool:
    """Whether ``r`` is a manifest's record of a shard: a file in ``data/`` and its items."""
    return (
        isinstance(r, dict)
        and isinstance(r.get("file"), str)
        and type(r.get("start")) is int
        and type(r.get("stop")) is int
        and all(type(r.get(k, 0)) is int for k in ("rows", "bytes"))
        and isinstance(r.get("sha256"), (str, type(None)))
    )


def check_folder(folder: Path, *, load: bool = True) -> Checked:
    """Check that ``folder`` holds exactly the shards its manifest lists, each with the bytes and
    SHA-256 recorded, and that they cover items ``0 .. n-1`` in order.

    Raises
    ------
    DatasetError
        Listing every problem: no manifest, missing, extra, partial (short) or altered shards,
        items not covered.
    """
    if folder.name == DATA and not (folder / MANIFEST).exists():
        folder = folder.parent  # the shards' folder was given: check it with its manifest
    manifest = _load_manifest(folder)
    problems: list[str] = []
    legacy = manifest.get("format_version") == 1
    try:
        records = _legacy_records(folder, manifest) if legacy else list(manifest["shards"])
        n = manifest["n"]
        if type(n) is not int or not all(_is_record(r) for r in records):
            raise TypeError(n)
    except (KeyError, TypeError, ValueError, OverflowError):
        raise DatasetError(f"{os.fspath(folder / MANIFEST)!r} lacks its list of shards") from None
    listed = {r["file"] for r in records}
    if not legacy:
        present = {f"{DATA}/{p.name}" for p in (folder / DATA).glob("*") if p.suffix == ".parquet"}
        for extra in sorted(present - listed):
            problems.append(f"{extra}: a shard the manifest does not list")
    expect = 0
    files: list[Path] = []
    blobs: list[bytes] = []
    for r in records:
        parts = r["file"].split("/")
        if parts[:-1] not in ([], [DATA]) or parts[-1] in ("", ".", ".."):
            problems.append(f"{r['file']!r}: not the name of a shard in {DATA}/")
            continue
        path = folder / r["file"]
        if r["start"] != expect:
            problems.append(f"{r['file']}: starts at item {r['start']}, expected {expect}")
        if r.get("rows", r["stop"] - r["start"]) != r["stop"] - r["start"]:
            problems.append(
                f"{r['file']}: {r['rows']} rows for items {r['start']}..{r['stop'] - 1}"
            )
        expect = r["stop"]
        blob = b""
        try:
            if load:
                blob = read_regular(path)
                size, digest = len(blob), hashlib.sha256(blob).hexdigest()
            else:
                size, digest = file_sha256(path)
        except FileNotFoundError:
            problems.append(f"{r['file']}: missing (items {r['start']}..{r['stop'] - 1})")
            continue
        except OSError as exc:
            problems.append(f"{r['file']}: unreadable ({exc.strerror})")
            continue
        except DatasetError as exc:  # a FIFO, device or folder in its place: never opened
            problems.append(f"{r['file']}: {exc}")
            continue
        if r.get("sha256") is not None:
            if size != r["bytes"]:
                problems.append(
                    f"{r['file']}: {size} bytes, the manifest says {r['bytes']} (partial "
                    "or altered)"
                )
            elif digest != r["sha256"]:
                problems.append(f"{r['file']}: altered (its SHA-256 is not the manifest's)")
        files.append(path)
        blobs.append(blob)
    if expect != n:
        problems.append(f"the shards cover items 0..{expect - 1}, the manifest says n = {n}")
    if problems:
        raise DatasetError(
            f"{os.fspath(folder)!r} is not the complete dataset its manifest describes: "
            + "; ".join(problems)
        )
    return Checked(folder, manifest, tuple(files), tuple(blobs))
