"""Session 18 (wildfix18c, issue #16): constructs of the twelfth wild batch's library
unknowns, each a small model built in real torch.

- a bound method of a torch layer stored on a module (``self.forward = layer.forward``,
  torchnlp's ``WeightDrop``): never a layer, the count exact (library/modmethods.py).
"""

from __future__ import annotations

import functools
import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device="cpu")


def write(tmp_path: Path, code: str, name: str = "m.py") -> Path:
    f = tmp_path / name
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_text(textwrap.dedent(code))
    return f


def check(tmp_path: Path, code: str, **kw) -> int:
    f = write(tmp_path, code)
    want = torch_count(f, **kw)
    assert parse_source(f).params_total() == want
    return want


def test_layer_forward_stored_on_a_wrapper_is_not_a_layer(tmp_path):
    # the wrapper keeps only the wrapped layer's ``forward``: torch registers nothing
    want = check(
        tmp_path,
        """
        import torch
        import torch.nn as nn
        from torch.nn import Parameter


        def _drop(module, weights):
            for name_w in weights:
                w = getattr(module, name_w)
                del module._parameters[name_w]
                module.register_parameter(name_w + "_raw", Parameter(w))
            original = module.forward

            def forward(*args, **kwargs):
                return original(*args, **kwargs)

            setattr(module, "forward", forward)


        class Wrap(nn.Module):
            def __init__(self, module, weights):
                super().__init__()
                _drop(module, weights)
                self.forward = module.forward


        class Keep(nn.Module):
            def __init__(self, module):
                super().__init__()
                self.call = module.__call__
                self.out = nn.Linear(4, 2)


        gru = nn.GRU(6, 5)
        model = nn.ModuleDict(
            {"wrapped": Wrap(gru, ["weight_hh_l0"]), "keep": Keep(nn.Linear(3, 3)),
             "head": nn.Linear(5, 3)}
        )
        """,
    )
    assert want == 4 * 2 + 2 + 5 * 3 + 3
