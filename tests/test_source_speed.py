"""Speed mechanisms of the source parser that must not silently regress (each pins a
mechanism, not a timing)."""

from __future__ import annotations

import pytest

pytest.importorskip("torch")

from driftcheck.parsers import hf_registry  # noqa: E402
from tests.source_coverage import same_as_torch  # noqa: E402

STOP_IMPORT = """
import torch.nn as nn
from transformers import initialization as init


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 3)
        init.zeros_(self.proj.bias)
"""


def test_stop_listed_module_import_builds_no_class_index(tmp_path):
    """``from transformers import initialization`` names a stop-listed module: it is not looked
    for through the registry's index of every model file (0.7 CPU s to build)."""
    hf_registry._global_index.cache_clear()
    same_as_torch(tmp_path, STOP_IMPORT, "Net")
    assert hf_registry._global_index.cache_info().currsize == 0


FORWARD = """
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x) + x
        return x
"""


def test_forward_pass_leaves_no_reference_cycle(tmp_path):
    """The forward pass's state is freed by reference counting: a cycle through its runner
    made every analysis's tensors and op tuples wait for (and cost) the cyclic collector."""
    import gc

    from driftcheck.parsers.source import parse_source

    p = tmp_path / "fwd.py"
    p.write_text(FORWARD)
    parse_source(p, entry="Net")
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what the collector frees is kept in gc.garbage
    try:
        g = parse_source(p, entry="Net")
        gc.collect()
        kinds = {type(o).__name__ for o in gc.garbage}
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was:
            gc.enable()
    assert g.edges, "the forward pass ran"
    assert not kinds & {"Runner", "Flow", "Tens"}, kinds
