"""Shards as Dask tasks: a distributed Client, a scheduler address, or a one-run LocalCluster."""
from __future__ import annotations

import contextlib
from typing import Any

from trapcore._validate import _describe, as_int

__all__ = ["map_shards"]


@contextlib.contextmanager
def _client(client: Any) -> Any:
    """A ``distributed.Client`` for ``client``: itself, one connected to an address, or one on a
    ``LocalCluster`` of ``W`` processes for ``"local:W"`` (closed afterwards)."""
    try:
        import distributed
    except ImportError:  # pragma: no cover - depends on the environment
        raise ImportError("client= needs dask.distributed: pip install 'trapcore[data]'") from None
    if isinstance(client, distributed.Client):
        yield client
        return
    if not isinstance(client, str):
        raise TypeError(f"client must be a distributed.Client, a scheduler address or 'local:W', "
                        f"got {_describe(client)}")
    if client.startswith("local:"):
        try:
            w = int(client[6:])
        except ValueError:
            raise ValueError(f"client='local:W' needs a number of workers W, "
                             f"got {client!r}") from None
        w = as_int(w, "client workers", minimum=1, maximum=256)
        cluster = distributed.LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=w, threads_per_worker=1, processes=True, dashboard_address=":0")
        with cluster, distributed.Client(cluster) as c:  # type: ignore[no-untyped-call]
            yield c
        return
    with distributed.Client(client) as c:  # type: ignore[no-untyped-call]
        yield c


def map_shards(client: Any, fn: Any, args: Any) -> Any:
    """Yield ``fn(*a)`` for each ``a`` in ``args``, in order, computed as Dask tasks (all
    submitted at once; each result is released once yielded)."""
    args = list(args)
    with _client(client) as c:
        futures = [c.submit(fn, *a, pure=False) for a in args]
        try:
            for i, f in enumerate(futures):
                yield f.result()
                futures[i] = None
        finally:
            for f in futures:
                if f is not None:
                    f.cancel()
