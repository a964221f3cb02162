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
