"""Session 24 (wildfix24b, issue #16): constructs of fresh23's dev unknowns and its one
install-parity wrong, each a small model built in real torch (meta device).

- ``isinstance(m, nn.Linear)`` on ``MultiheadAttention.out_proj`` met by a module walk: its class
  (``torch.nn.modules.linear.NonDynamicallyQuantizableLinear``) is not exported by ``torch.nn``,
  so the core install (no torch source) had no ancestors for it and the answer was unknown
  where the full install read ``Linear`` from torch's source. The shipped table
  (tools/gen_torch_signatures.py, ``mro_defined``) now holds the classes torch.nn's modules
  define without exporting, by qualified name: both installs answer as torch.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device="meta")


def write(tmp_path: Path, code: str, name: str = "m.py") -> Path:
    f = tmp_path / name
    f.write_text(textwrap.dedent(code))
    return f


def run_in(mode: str, f: Path) -> dict:
    """``driftcheck graph FILE`` on install ``mode`` (benchmarks/installs.py)."""
    from benchmarks import installs
    from tests.conftest import ROOT

    r = subprocess.run(
        [sys.executable, "-c", installs.cli(mode), "graph", str(f), "--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


OUT_PROJ_IS_LINEAR = """
    from torch import nn

    mha = nn.MultiheadAttention(32, 4)
    flags = [isinstance(m, nn.Linear) for m in mha.modules()]
    model = nn.Sequential(nn.Linear(12, 32), nn.Linear(32, len(flags) + sum(flags)))
"""


@pytest.mark.parametrize("mode", ["full", "core"])
def test_isinstance_of_unexported_torch_subclass_on_both_installs(
    tmp_path: Path, mode: str
) -> None:
    f = write(tmp_path, OUT_PROJ_IS_LINEAR)
    want = torch_count(f)
    assert want == 12 * 32 + 32 + 32 * 3 + 3  # out_proj is a Linear: 2 modules, 1 Linear
    assert run_in(mode, f)["params_total"] == want


SWAP_SQUARE_LINEARS = """
    from torch import nn

    mha = nn.MultiheadAttention(32, 4)
    targets = [n for n, m in mha.named_modules() if isinstance(m, nn.Linear)]
    for n in targets:
        setattr(mha, n, nn.Linear(32, 32, bias=False))
    model = nn.Sequential(nn.Linear(12, 32), mha)
"""


@pytest.mark.parametrize("mode", ["full", "core"])
def test_swap_of_out_proj_found_by_isinstance_is_never_counted_wrong(
    tmp_path: Path, mode: str
) -> None:
    """The swap the walk finds replaces ``out_proj`` (torch: 32 fewer, its bias gone); the
    catalogue cannot count the attention layer without it: unknown on both installs (the core
    install counted the layer unswapped before, 32 over torch)."""
    f = write(tmp_path, SWAP_SQUARE_LINEARS)
    assert torch_count(f) == 12 * 32 + 32 + 4 * 32 * 32 + 3 * 32
    assert run_in(mode, f)["params_total"] is None


def test_shipped_ancestors_of_unexported_classes_match_torch() -> None:
    from torch import nn

    from driftcheck.parsers.source.library.torchlib import shipped_mro

    for cls in (nn.modules.linear.NonDynamicallyQuantizableLinear, nn.modules.batchnorm._BatchNorm):
        want = [c.__name__ for c in cls.__mro__ if issubclass(c, nn.Module)]
        assert shipped_mro(f"{cls.__module__}.{cls.__qualname__}") == want
    assert shipped_mro("torch.nn.modules.linear.NotAClass") is None


PICKLE_CLONES = """
    import pickle

    from torch import nn


    class Block(nn.Module):
        def __init__(self, d):
            super().__init__()
            self.fc = nn.Linear(d, d)
            self.norm = nn.LayerNorm(d)


    class Net(nn.Module):
        def __init__(self, proto, n):
            super().__init__()
            blob = pickle.dumps(proto)
            self.heads = nn.ModuleList([pickle.loads(blob) for _ in range(n)])
            self.heads[0].fc.bias = None
            self.out = nn.Linear(16, 1)


    model = Net(Block(16), 4)
"""


@pytest.mark.parametrize("mode", ["full", "core"])
def test_pickle_round_trip_clones_independent_copies(tmp_path: Path, mode: str) -> None:
    """``pickle.loads(pickle.dumps(m))``: a new, independent copy per ``loads`` (one clone's
    bias dropped leaves the others theirs); was stopped inside pickle.py's own loop."""
    f = write(tmp_path, PICKLE_CLONES)
    want = torch_count(f)
    assert want == 4 * (16 * 16 + 16 + 32) - 16 + 17
    assert run_in(mode, f)["params_total"] == want


PICKLE_OWN_STATE = """
    import pickle

    from torch import nn


    class Slim(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = nn.Linear(8, 8)
            self.b = nn.Linear(8, 8)

        def __getstate__(self):
            state = dict(self.__dict__)
            state["_modules"] = {"a": self.a}
            return state


    model = nn.ModuleList([pickle.loads(pickle.dumps(Slim())), nn.Linear(8, 1)])
"""


def test_pickle_of_a_class_pickling_its_own_way_is_unknown(tmp_path: Path) -> None:
    from driftcheck.parsers.source import parse_source

    f = write(tmp_path, PICKLE_OWN_STATE)
    assert torch_count(f) == 72 + 9  # ``b`` is gone from the copy
    assert parse_source(f).params_total() is None


SWAP_ON_UNKNOWN_PATH = """
    from torch import nn

    enc = nn.Sequential(nn.Linear(32, 32), nn.Linear(32, 32))
    names = [n for n, _ in enc.named_children()]
    for name in names[: len(enc.state_dict().keys()) // 4]:
        p = enc.get_submodule(name.rpartition(".")[0])
        p.extra = nn.Linear(4, 4)
    model = enc
"""


def test_layer_written_onto_submodule_of_unknown_path_is_unknown(tmp_path: Path) -> None:
    """``get_submodule(path)`` with ``path`` from a loop we cannot enumerate, then a layer
    written onto it: the write was dropped unseen (2112 where torch has 2132); now the module
    it was taken from is unresolved, naming the write."""
    from driftcheck.parsers.source import parse_source

    f = write(tmp_path, SWAP_ON_UNKNOWN_PATH)
    assert torch_count(f) == 2 * (32 * 32 + 32) + 20
    g = parse_source(f)
    assert g.params_total() is None
    assert any("get_submodule of a path not known" in str(n) for n in g.notes)


SWAP_PLAIN_VALUE_ON_UNKNOWN_PATH = SWAP_ON_UNKNOWN_PATH.replace("nn.Linear(4, 4)", "4")


def test_plain_value_written_onto_submodule_of_unknown_path_changes_nothing(
    tmp_path: Path,
) -> None:
    from driftcheck.parsers.source import parse_source

    f = write(tmp_path, SWAP_PLAIN_VALUE_ON_UNKNOWN_PATH)
    assert parse_source(f).params_total() == torch_count(f) == 2 * (32 * 32 + 32)
