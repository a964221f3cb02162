"""Forward-crash rules of session 29 (crashfix29: fresh20's dev misses, made general) against
torch.

Small models written here (not the corpus's) are run in torch, and ``driftcheck check
--input-shape`` must report a blocker exactly when torch raised (train and eval mode alike);
every rule family (the name's first word) has a crashing model and a clean twin.

``argkinds``: ``torch.<fn>(...)`` with kinds of arguments torch's parser refuses
(``torch.flip(x, 1)``, ``torch.permute(x, 0, 2, 1)``, ``torch.isin(x, [1, 2])``), from the
measured ``argkinds_table``; ``filldiag``: ``fill_diagonal_`` on fewer than 2 dims or unequal
sizes past 2; ``distsample``: ``d.sample(n)`` / ``d.rsample(n)`` of a Python number;
``fmtspec``: ``f"{t:.3f}"`` of a tensor of rank >= 1.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    net_source,
    registrar,
)

ROOT = Path(__file__).resolve().parents[1]
HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)


def fwd(name: str, body: str, init: str = "", shape: tuple[int, ...] = (2, 6, 8)) -> None:
    """A model whose forward is ``h = self.fc(x)`` (a float ``(2, 6, 8)``) then ``body``."""
    model(name, shape, net_source(("self.fc = nn.Linear(8, 8)",), body, init))


# ---- argkinds: torch's argument parser refuses these kinds (measured table)
fwd("argkinds_flip_int", "return torch.flip(h, 1)")
fwd("argkinds_flip_tuple_ok", "return torch.flip(h, (1,))")
fwd("argkinds_flip_list_ok", "return torch.flip(h, [1, 2])")
fwd("argkinds_tile_int", "return torch.tile(h, 2)")
fwd("argkinds_tile_tuple_ok", "return torch.tile(h, (1, 2))")
fwd("argkinds_permute_varargs", "return torch.permute(h, 0, 2, 1)")
fwd("argkinds_permute_tuple_ok", "return torch.permute(h, (0, 2, 1))")
fwd("argkinds_isin_list", "return torch.isin(h.argmax(-1), [1, 2]).float()")
fwd("argkinds_isin_tensor_ok", "return torch.isin(h.argmax(-1), torch.tensor([1, 2])).float()")
fwd("argkinds_isin_int_ok", "return torch.isin(h.argmax(-1), 3).float()")
fwd("argkinds_roll_float", "return torch.roll(h, 1.0)")
fwd("argkinds_roll_int_ok", "return torch.roll(h, 1, 1)")
fwd("argkinds_sum_int_ok", "return torch.sum(h, 1)")
fwd("argkinds_sum_float", "return torch.sum(h, 1.0)")
fwd("argkinds_transpose_one", "return torch.transpose(h, 1)")
fwd("argkinds_maximum_int", "return torch.maximum(h, 0)")
fwd("argkinds_maximum_ok", "return torch.maximum(h, torch.zeros(8))")
fwd("argkinds_size_from_shape_ok", "n = h.shape[1]\n        return torch.roll(h, n // 2, 1)")
fwd("argkinds_kwargs_not_judged_ok", "return torch.flip(h, dims=(1,))")
# a helper's result (not followed): no kind, no claim, even where it would crash in torch
fwd(
    "argkinds_unknown_ok",
    "return torch.flip(h, self.dims())",
    init="self.dims = lambda: (1,)",
)

# ---- filldiag: ``fill_diagonal_`` needs >= 2 dims, all equal past 2
fwd(
    "filldiag_batched",
    "s = h @ h.transpose(-2, -1)\n        s.fill_diagonal_(0.0)\n        return s",
)
fwd("filldiag_2d_ok", "s = h[0] @ h[0].T\n        s.fill_diagonal_(0.0)\n        return s")
fwd("filldiag_nonsquare_ok", "s = h[0].clone()\n        s.fill_diagonal_(1.0)\n        return s")
fwd("filldiag_cube_ok", "s = torch.zeros(4, 4, 4)\n        s.fill_diagonal_(1.0)\n        return h")
fwd("filldiag_vector", "s = h[0, 0].clone()\n        s.fill_diagonal_(1.0)\n        return s")

# ---- distsample: ``torch.Size(n)`` of a Python number (TypeError)
fwd(
    "distsample_rsample_int",
    "d = torch.distributions.Normal(h, h.exp())\n        return d.rsample(4).mean(0)",
)
fwd(
    "distsample_rsample_tuple_ok",
    "d = torch.distributions.Normal(h, h.exp())\n        return d.rsample((4,)).mean(0)",
)
fwd(
    "distsample_sample_int",
    "d = torch.distributions.Categorical(logits=h)\n        return d.sample(3).float()",
)
fwd(
    "distsample_sample_list_ok",
    "d = torch.distributions.Categorical(logits=h)\n        return d.sample([3]).float()",
)
fwd(
    "distsample_sample_n_ok",
    "d = torch.distributions.Uniform(h.sigmoid() - 1, h.sigmoid())\n        return d.sample_n(3)",
)
fwd(
    "distsample_sample_n_tuple",
    "d = torch.distributions.Uniform(h.sigmoid() - 1, h.sigmoid())\n"
    "        return d.sample_n((3,))",
)

# ---- fmtspec: ``Tensor.__format__`` formats 0-d tensors only
fwd(
    "fmtspec_vector",
    'aux = h.pow(2).mean((0, 1))\n        self.log.append(f"aux={aux:.3e}")\n        return h',
    init="self.log = []",
)
fwd(
    "fmtspec_scalar_ok",
    'aux = h.pow(2).mean()\n        self.log.append(f"aux={aux:.3e}")\n        return h',
    init="self.log = []",
)
fwd(
    "fmtspec_no_spec_ok",
    'aux = h.pow(2).mean(0)\n        self.log.append(f"aux={aux}")\n        return h',
    init="self.log = []",
)
fwd(
    "fmtspec_repr_ok",
    'aux = h.pow(2).mean(0)\n        self.log.append(f"aux={aux!r:>5}")\n        return h',
    init="self.log = []",
)
fwd(
    "fmtspec_item_ok",
    'aux = h.pow(2).mean()\n        self.log.append(f"aux={aux.item():.3e}")\n        return h',
    init="self.log = []",
)
fwd(
    "fmtspec_one_item",
    'aux = h.pow(2).mean((0, 1))[:1]\n        s = f"{aux:>8}"\n        return h',
)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS,
        HEAD,
        ("argkinds_flip_int", "filldiag_batched", "distsample_rsample_int", "fmtspec_vector"),
        tmp_path,
        capsys,
    )


def test_argkinds_table_is_torchs():
    """The table the rule reads agrees with the installed torch (the generator's --check)."""
    pytest.importorskip("torch")
    r = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gen_argkinds_table.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**__import__("os").environ, "PYTHONPATH": str(ROOT)},
    )
    assert r.returncode == 0, r.stdout + r.stderr


_PARSER = re.compile(
    r"received an invalid combination of arguments|argument '\w+' \(position \d+\) must be"
    r"|takes (from \d+ to )?\d+ positional arguments? but \d+ (were|was) given"
    r"|missing \d+ required positional argument|failed to unpack the object at pos"
)


def test_argkinds_rule_is_torchs():
    """Every refusal the rule claims over 4000 draws (a function of the table, 1 to 4
    arguments of random kinds and values other than the generator's fillers: tensors of rank 0
    to 3, sizes 0 to 4, four dtypes) is torch's parser's TypeError; and it claims some. (A
    first version named one-element tensors ``T`` too: torch took a 0-d tensor as an int.)"""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward import argkinds_table, dataflow_fix29
    from driftcheck.parsers.source.values.dataflow_values import Tens

    rng = random.Random(29)
    names = sorted(argkinds_table.ACCEPTED)
    claimed = 0
    for _ in range(4000):
        name = rng.choice(names)
        n = rng.randint(1, argkinds_table.MAX_ARGS)
        shapes, real = [], []
        for i in range(n):
            k = "T" if i == 0 else rng.choice("TifLU")
            if k == "T":
                s = tuple(rng.choice((0, 1, 2, 4)) for _ in range(rng.randint(0, 3)))
                dt = rng.choice((torch.float32, torch.int64, torch.bool, torch.float16))
                shapes.append(Tens(None, s))
                real.append(torch.zeros(s, dtype=dt))
            elif k == "i":
                v = rng.choice((-1, 0, 2, 3, 100))
                shapes.append(v)
                real.append(v)
            elif k == "f":
                v = rng.choice((1.5, -0.25, 3.0, 0.0))
                shapes.append(v)
                real.append(v)
            else:
                items = [rng.choice((-1, 0, 1, 2)) for _ in range(rng.randint(1, 4))]
                v = items if k == "L" else tuple(items)
                shapes.append(v)
                real.append(v)
        err = dataflow_fix29.refused_kinds(name, shapes)
        if err is None:
            continue
        claimed += 1
        with pytest.raises(TypeError, match=_PARSER):
            getattr(torch, name)(*real)
    assert claimed > 1000, claimed


def test_dist_sample_rule_is_torchs():
    """``sample`` / ``rsample`` of an int or a float raise TypeError, ``sample_n`` of a list,
    a tuple or a float too, for every family the rule judges (built as the dist table's
    generator builds them, two batch shapes); the shaped forms run."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward import dist_table

    D = torch.distributions
    fams = sorted(dist_table.SCALAR | dist_table.PROBS_SCALAR | dist_table.LAST_AXIS)
    assert len(fams) > 20
    for fam in fams:
        for shape in ((3,), (2, 4)):
            if fam in dist_table.SCALAR:
                n = len(dist_table.PARAMS[fam])
                d = getattr(D, fam)(*(torch.rand(shape) * 0.1 + 0.25 + 0.1 * i for i in range(n)))
            else:
                d = getattr(D, fam)(logits=torch.zeros(shape))
            methods = ["sample", "rsample"] if d.has_rsample else ["sample"]
            for m in methods:
                for bad in (2, 2.0):
                    with pytest.raises(TypeError):
                        getattr(d, m)(bad)
                for good in ([2], (2,), torch.Size([2])):
                    getattr(d, m)(good)
            for bad in (2.0, [2], (2,)):
                with pytest.raises(TypeError):
                    d.sample_n(bad)
            d.sample_n(2)


def test_fill_diagonal_rule_is_torchs():
    """``fill_diagonal`` against torch over every shape of rank 0 to 4 with sizes 1 to 3."""
    torch = pytest.importorskip("torch")
    import itertools

    from driftcheck.parsers.source.forward import dataflow_fix29
    from driftcheck.parsers.source.values.dataflow_values import Tens

    n = 0
    for rank in range(5):
        for s in itertools.product((1, 2, 3), repeat=rank):
            err = dataflow_fix29.fill_diagonal(Tens(None, s))
            for wrap in (False, True):
                try:
                    torch.zeros(s).fill_diagonal_(1.0, wrap)
                    raised = None
                except RuntimeError as e:
                    raised = str(e)
                assert (err is None) is (raised is None), (s, err, raised)
                if raised:
                    assert err.endswith(raised), (s, err, raised)
                n += 1
    assert n > 200
