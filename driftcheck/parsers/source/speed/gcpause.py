"""Pause Python's cyclic garbage collector while one analysis runs.

An analysis allocates millions of short-lived objects on top of a large, long-lived heap: the
parsed syntax trees of every file read so far (cached by ``loader.parse_file``) and the
analysis's own object tree. CPython's collector runs a *full* collection each time the objects
that survived the young generations grow by a quarter of that heap, and each such pass scans
every cached tree again: on every 10th corpus type, 13 full collections took 5.2 of 17.0 CPU s
(``benchmarks/bench_source_corpus.py --stride 10``). Reference counting still frees nearly
everything an analysis drops; only reference cycles wait for the collector.

So the automatic collector is off while ``parse_source`` runs, and one collection of the two
young generations right after it frees the cycles the analysis left (the objects that survive
are then old, exactly as they would be with the collector on). Measured on the same sample: the
peak memory stays the same (196 vs 195 MB maximum RSS) and the number of live objects after the
run is the same. Nested or concurrent analyses share one pause: the collector is turned back on
when the last one ends, and only if it was on before the first began.

A CLI command's process (``driftcheck.speed.cli_process``, the ``cli_gc`` mechanism, put in
force by ``cli.main``) goes further. A run of ``driftcheck check FILE`` is over once its few analyses
are: the collector's passes while its ~350 modules import (about 90 of them, ~20 ms), the
young collection after each analysis (it walks every object the analysis allocated: 90 ms of a
0.7 s run on a diffusers VAE, to free ~170 objects) and the interpreter's full collection at
exit (160 ms on the same run) only cost time. So the collector is off while the command runs,
the young collection after an analysis is skipped, and what is alive at exit is frozen
(``gc.freeze``, an ``atexit`` hook) so the interpreter's last pass does not walk it. Reference
counting still frees nearly everything; what waits is the reference cycles an analysis leaves
(hundreds of objects per analysis, measured by the collections this skips). The collector is
turned back on when the command returns, if it was on before (a caller that runs ``main`` in
its own process, as the tests do, keeps its collector).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from driftcheck.speed import CLI_PROCESS

_lock = threading.Lock()
_depth = 0
_was_enabled = False


@contextmanager
def cycle_gc_paused(on: bool = True) -> Iterator[None]:
    """Run the body with automatic cyclic collection off; collect the young generations after.
    ``on=False`` (the ``gc_pause`` mechanism of the ``Speed`` off) runs the body as it is."""
    global _depth, _was_enabled
    if not on:
        yield
        return
    with _lock:
        if _depth == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            last = _depth == 0
            if last and _was_enabled:
                gc.enable()
        if last and not CLI_PROCESS[0]:
            gc.collect(1)
