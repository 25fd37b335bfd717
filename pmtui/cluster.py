"""Spreading a `simulate` run over a Dask distributed cluster (`pmtui simulate --cluster`).

Dask does the scheduling; this only hands it the run's batches (plain data,
see simulate.Batch) and takes the results back in batch order, so the summary
is the one `--jobs 1` gives. Every worker needs pmtui installed (the same
version, with the same card pool). Optional: `pip install "pmtui[cluster]"`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pmtui.table.simulate import Batch, GameError, GameResult

CONNECT_TIMEOUT = "10s"


class ClusterError(RuntimeError):
    """The cluster cannot be used (one-line reason)."""


def run_on_cluster(
    address: str,
    batches: Sequence[Batch],
    done: Callable[[int], None] | None = None,
) -> list[list[GameResult | GameError]]:
    """Play the batches on the cluster whose scheduler is at `address`."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ClusterError(
            'the cluster needs Dask distributed: pip install "pmtui[cluster]"'
        ) from None
    from pmtui.table.simulate import play_batch

    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    with client:
        # pure=False: two batches never count as the same task, whatever Dask's hashing says
        futures = client.map(play_batch, list(batches), pure=False)
        sizes = {f.key: len(b.seeds) for f, b in zip(futures, batches, strict=True)}
        for future in as_completed(futures):
            if done is not None:
                done(sizes[future.key])
        return client.gather(futures)
