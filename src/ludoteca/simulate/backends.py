"""Where games are played: worker processes on this machine, or a Ray cluster.

A backend takes chunks of game specs and yields each chunk's rows as soon as it is done,
in whatever order chunks finish; the results never depend on the backend because every
game is fully described by its spec. Closing the generator (an interruption) stops the
workers and drops the games not yet finished, which a resumed run plays again.
"""

from __future__ import annotations

import os
from concurrent.futures import FIRST_COMPLETED, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, Iterator

from ..engine import LudotecaError, T
from ..processes import die_with_parent, ignore_interrupt, spawned_pool
from . import plugins as plugin_loader
from .vector import batchable, play_chunk  # play.py's rows; random and greedy seats batched on a kernel

Chunk = list[dict[str, Any]]
BACKENDS = ("local", "ray")


def chunked(specs: list[dict[str, Any]], workers: int) -> list[Chunk]:
    """Chunks small enough to keep every worker busy and rows flowing, big enough to amortise the dispatch
    (up to 256 games where they are played together on a batched kernel: simulate/vector.py)."""
    cap = 256 if specs and batchable(specs[0]) else 16
    size = max(1, min(cap, len(specs) // max(1, workers * 8)))
    return [specs[i:i + size] for i in range(0, len(specs), size)]


#: how long a stopped run waits for the chunks in flight to hand back their finished games
STOP_WAIT = 0.8


def local_results(chunks: list[Chunk], workers: int, plugins: list[list[str]]) -> Iterator[list[dict[str, Any]]]:
    """Each chunk's rows as it is done. Ctrl-C (KeyboardInterrupt, raised here or thrown in by the
    driver) stops every chunk in flight within one step: their finished games are yielded, then
    the KeyboardInterrupt goes on, all within a second."""
    from . import vector

    if workers <= 1:  # one worker: this process, no pool to start
        plugin_loader.load(plugins)
        vector.INTERRUPTED = False
        for chunk in chunks:
            rows = play_chunk(chunk)  # a Ctrl-C in it keeps the games it finished
            yield rows
            if vector.INTERRUPTED:
                vector.INTERRUPTED = False
                raise KeyboardInterrupt
        return
    import multiprocessing
    import signal

    stop = multiprocessing.get_context("spawn").Event()
    pool = spawned_pool(workers, _worker_start, plugins, stop)
    pending: set = set()
    stopped = False
    try:
        todo = iter(chunks)
        # the workers ignore Ctrl-C (they inherit SIG_IGN when spawned): the driver tells them to stop,
        # so none dies mid-import with a traceback, and each hands back the games it finished
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            for chunk in todo:  # a bounded queue, so an interruption leaves little work half-dispatched
                pending.add(pool.submit(play_chunk, chunk))
                if len(pending) >= workers * 2:
                    break
        finally:
            signal.signal(signal.SIGINT, previous)
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                try:
                    rows = future.result()
                except BrokenProcessPool as exc:
                    raise LudotecaError(T(
                        f"a worker process died ({exc}); the games finished so far are kept: run the same command to resume",
                        f"un proceso de trabajo murió ({exc}); las partidas terminadas se conservan: repite la orden para continuar",
                    )) from None
                yield rows
                nxt = next(todo, None)
                if nxt is not None:
                    pending.add(pool.submit(play_chunk, nxt))
    except KeyboardInterrupt:
        stopped = True
        stop.set()
        for future in pending:
            future.cancel()  # not started yet: nothing to keep
        finished, pending = wait(pending, timeout=STOP_WAIT)
        for future in finished:
            if not future.cancelled() and future.exception() is None:
                yield future.result()
        raise
    finally:
        stop.set()
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=not stopped, cancel_futures=True)
        if stopped:  # their games are in: a worker's exit (numba's teardown) is not waited for
            for process in processes:
                process.kill()


def _worker_start(parent: int, plugins: list[list[str]], stop: Any = None) -> None:
    """A pool worker's first act: die with its parent (even one killed with kill -9), then load the plug-ins."""
    from . import vector

    ignore_interrupt()  # the driver stops the run (vector.STOP), not Ctrl-C here
    vector.STOP = stop
    die_with_parent(parent)
    plugin_loader.load(plugins)


def _python_path(plugins: list[list[str]]) -> str:
    """PYTHONPATH for Ray workers on a cluster this process starts: ludoteca's and the plug-ins' folders."""
    import ludoteca

    paths = [str(Path(ludoteca.__file__).resolve().parents[1])] + [p for _, _, p in plugins if p]
    old = os.environ.get("PYTHONPATH")
    return os.pathsep.join(dict.fromkeys(paths + ([old] if old else [])))


def ray_results(chunks: list[Chunk], workers: int, plugins: list[list[str]], address: str | None = None) -> Iterator[list[dict[str, Any]]]:
    """Chunks as Ray tasks, on the first of: a Ray this process already joined (its workers must be
    able to import ludoteca); the cluster at `address`, with this ludoteca package shipped to its
    workers (`runtime_env` py_modules); a local Ray started here with `workers` CPUs and stopped at
    the end. Plug-in modules are found by their path, so on a cluster of several machines they must
    be installed there."""
    try:
        import ray
    except ImportError:
        raise LudotecaError(T(
            "the ray backend needs Ray: pip install 'ludoteca[ray]'",
            "el backend ray necesita Ray: pip install 'ludoteca[ray]'",
        )) from None
    started_here = False
    if not ray.is_initialized():
        if address:
            import ludoteca

            # the cluster's workers may not have ludoteca: ship this very package with the job
            ship = {"py_modules": [str(Path(ludoteca.__file__).resolve().parent)]}
            ray.init(address=address, runtime_env=ship, logging_level="ERROR", log_to_driver=False)
        else:
            os.environ["PYTHONPATH"] = _python_path(plugins)  # inherited by the raylet and its workers
            ray.init(num_cpus=max(1, workers), include_dashboard=False, logging_level="ERROR", log_to_driver=False)
        started_here = True
    task = ray.remote(num_cpus=1, max_retries=2)(_ray_chunk)
    in_flight = max(2, 2 * (workers or int(ray.cluster_resources().get("CPU", 1))))
    todo = iter(chunks)
    pending: list[Any] = []
    try:
        for chunk in todo:
            pending.append(task.remote(chunk, plugins))
            if len(pending) >= in_flight:
                break
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
                nxt = next(todo, None)
                if nxt is not None:
                    pending.append(task.remote(nxt, plugins))
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started_here:
            ray.shutdown()


def _ray_chunk(chunk: Chunk, plugins: list[list[str]]) -> list[dict[str, Any]]:
    plugin_loader.load(plugins)
    return play_chunk(chunk)


def results(backend: str, chunks: list[Chunk], workers: int, plugins: list[list[str]], address: str | None = None):
    if backend == "local":
        return local_results(chunks, workers, plugins)
    if backend == "ray":
        return ray_results(chunks, workers, plugins, address)
    raise LudotecaError(T(f"unknown backend {backend!r} (local or ray)", f"backend desconocido {backend!r} (local o ray)"))
