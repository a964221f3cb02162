"""Forward-crash rules for ops real model code calls that had none (crashcover23), against torch.

``forward/cover_table.py`` is data measured in torch by ``tools/gen_cover_table.py``; one test
measures it again and must find the same table. The hand-written shape rules of
``forward/dataflow_cover23.py`` (the ``*stack`` family, ``F.conv_transpose{n}d``, ``F.fold``)
are run against torch on seeded drawn shapes: a shape the rule gives must be torch's, an error
it gives must be a torch refusal, and it must decide most draws. Then small models are run in
torch, and ``driftcheck check --input-shape`` must report a blocker exactly when torch raised,
with a crashing model and a clean twin per rule family.
"""

from __future__ import annotations

import importlib.util
import random
import textwrap
import warnings
from pathlib import Path

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
)

ROOT = Path(__file__).resolve().parents[1]
HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


def expr(name: str, body: str, shape: tuple[int, ...] = (2, 8), init: str = "") -> None:
    """A model whose forward is ``h = self.fc(x)`` (a float ``(*shape[:-1], 8)``) then ``body``."""
    MODELS[name] = (
        textwrap.dedent(f"""
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.g = nn.Linear(8, 6)
        {init or "pass"}

    def forward(self, x):
        h = self.fc(x)
        {body}
"""),
        shape,
        "float",
    )


# ---- dim arguments (cover_table.DIM_REFUSED)
expr("dim_softmin", "return F.softmin(h, 2)")
expr("dim_softmin_ok", "return F.softmin(h, -2)")
expr("dim_fft", "return torch.fft.rfft(h, dim=2).abs()")
expr("dim_fft_ok", "return torch.fft.irfft(torch.fft.rfft(h, dim=0), dim=0)")
expr("dim_nansum", "return h.nansum(-3)")
expr("dim_unique", "return torch.unique(h, dim=3)")
expr("dim_gumbel", "return F.gumbel_softmax(h, tau=0.5, dim=2)")
expr("dim_gumbel_ok", "return F.gumbel_softmax(h, tau=0.5, hard=True, dim=0)")
expr("dim_unflatten", "return h.unflatten(2, (2, 4))")
expr("dim_unflatten_ok", "return h.unflatten(1, (2, 4))")
# ---- pairs that must broadcast (cover_table.BROADCAST)
expr("bcast_dist", "return torch.dist(h, self.g(x))")
expr("bcast_dist_ok", "return torch.dist(h, h[:1])")
expr("bcast_kldiv", "return F.kl_div(h.log_softmax(-1), self.g(x).softmax(-1))")
expr("bcast_kldiv_ok", "return F.kl_div(h.log_softmax(-1), h.softmax(-1)[0], reduction='sum')")
expr("bcast_hypot", "return torch.hypot(h, self.g(x)[0])")
expr("bcast_maximum_ok", "return torch.maximum(h, h[:, :1])")
# ---- the *stack family
expr("stack_hstack", "return torch.hstack([h, self.g(x)[:1]])")
expr("stack_hstack_ok", "return torch.hstack([h, self.g(x)])")
expr("stack_vstack", "return torch.vstack((h, self.g(x)))")
expr("stack_vstack_ok", "return torch.vstack((h, h[0])) @ torch.ones(8, 3)")
expr("stack_column", "return torch.column_stack([h, torch.ones(3)])")
expr("stack_column_ok", "return torch.column_stack([h, torch.ones(2)]) @ torch.ones(9, 3)")
expr("stack_dstack", "return torch.dstack([h, h.t()])")
# ---- F.conv_transpose and F.fold
_W = "self.w = nn.Parameter(torch.randn(4, 3, 3))"
expr("convt_channels", "return F.conv_transpose1d(h.view(2, 8, 1), self.w)", init=_W)
expr("convt_ok", "return F.conv_transpose1d(h.view(2, 4, 2), self.w, stride=2) @ torch.ones(5, 2)",
     init=_W)  # fmt: skip
expr("convt_outpad", "return F.conv_transpose1d(h.view(2, 4, 2), self.w, output_padding=1)",
     init=_W)  # fmt: skip
expr("convt_bias", "return F.conv_transpose1d(h.view(2, 4, 2), self.w, torch.zeros(4))", init=_W)
expr("fold_blocks", "return F.fold(h.view(2, 4, 2), (3, 3), 2)")
expr("fold_ok", "return F.fold(h.view(2, 4, 2), (2, 3), 2).flatten(1) @ torch.ones(6, 2)")
expr("fold_channels", "return F.fold(h.view(2, 2, 4), (3, 3), 2)")

# ---- broadcast_tensors, linalg.solve_triangular
expr("bcastall_wide", "a, b = torch.broadcast_tensors(h, self.g(x))\n        return a + b")
expr("bcastall_ok", "a, b = torch.broadcast_tensors(h, h[:1])\n        return a + b")
_TRI = "A = torch.eye(8) + (h.t() @ h).tril()"
expr("tri_rows", f"{_TRI}\n        return torch.linalg.solve_triangular(A, self.g(x), upper=False)")
expr(
    "tri_ok",
    f"{_TRI}\n        y = torch.linalg.solve_triangular(A, h.t(), upper=False)\n"
    "        return y @ torch.ones(2, 3)",
)
expr(
    "tri_right",
    f"{_TRI}\n        return torch.linalg.solve_triangular(A, h.t(), upper=False, left=False)",
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
        ("dim_softmin", "bcast_dist", "stack_hstack", "fold_blocks", "tri_rows"),
        tmp_path,
        capsys,
    )


def test_cover_table_is_torchs():
    """``tools/gen_cover_table.py`` measured again: torch refuses exactly what the table says."""
    torch = pytest.importorskip("torch")
    spec = importlib.util.spec_from_file_location(
        "gen_cover_table", ROOT / "tools/gen_cover_table.py"
    )
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    from driftcheck.parsers.source.forward import cover_table as ct

    torch.manual_seed(0)
    got = gen.measure()
    assert got == {k: getattr(ct, k) for k in got}
    assert len(ct.DIM_REFUSED) >= 15 and len(ct.BROADCAST) >= 20  # broad, not a batch's ops


def _torch_verdict(call) -> tuple | None:
    """The result's shape, or None when torch refuses."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return tuple(call().shape)
    except Exception:  # noqa: BLE001 - any refusal
        return None


def _agree(rule, call, counts: dict) -> None:
    got, want = rule(), _torch_verdict(call)
    if got is None:
        counts["none"] += 1
        return
    counts["decided"] += 1
    if isinstance(got, str):
        counts["refused"] = counts.get("refused", 0) + 1
        assert want is None, (got, want)
    else:
        assert want == tuple(got), (got, want)


def _shape(r: random.Random, rank: int) -> tuple:
    return tuple(r.choice([1, 2, 3]) for _ in range(rank))


def test_stack_shapes_are_torchs():
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward.dataflow_cover23 import stack_shape

    r = random.Random("cover23-stack")
    counts = {"none": 0, "decided": 0}
    for _ in range(400):
        name = r.choice(["hstack", "vstack", "row_stack", "dstack", "column_stack"])
        shapes = [_shape(r, r.choice([0, 1, 2, 2, 3])) for _ in range(r.choice([1, 2, 3]))]
        ts = [torch.zeros(s) for s in shapes]
        _agree(
            lambda name=name, shapes=shapes: stack_shape(name, shapes),
            lambda name=name, ts=ts: getattr(torch, name)(ts),
            counts,
        )
    assert counts["decided"] >= 380 and counts.get("refused", 0) >= 20, counts


def test_conv_transpose_is_torchs():
    torch = pytest.importorskip("torch")
    import torch.nn.functional as F

    from driftcheck.parsers.source.forward.dataflow_cover23 import conv_transpose
    from driftcheck.parsers.source.values.dataflow_values import Tens

    r = random.Random("cover23-convt")
    counts = {"none": 0, "decided": 0}
    for _ in range(300):
        nd = r.choice([1, 2])
        g = r.choice([1, 1, 2])
        cin = r.choice([2, 4]) if r.random() < 0.8 else 3
        xs = (
            r.choice([1, 2]),
            cin + r.choice([0, 0, 0, 1]),
            *(r.choice([1, 2, 3]) for _ in range(nd)),
        )
        if r.random() < 0.2:
            xs = xs[1:]
        ws = (r.choice([cin, 4]), r.choice([1, 2]), *(r.choice([1, 2, 3]) for _ in range(nd)))
        kw = {"groups": g}
        for k in ("stride", "padding", "output_padding", "dilation"):
            if r.random() < 0.4:
                kw[k] = (
                    r.choice([0, 1, 2]) if k in ("padding", "output_padding") else r.choice([1, 2])
                )
        bias = None
        if r.random() < 0.3:
            bias = (r.choice([ws[1] * g, ws[1] * g + 1]),)
        name = f"conv_transpose{nd}d"
        args = [Tens(None, xs), Tens(None, ws)] + ([Tens(None, bias)] if bias else [])
        targs = [torch.zeros(xs), torch.zeros(ws)] + ([torch.zeros(bias)] if bias else [])
        _agree(
            lambda name=name, args=args, kw=kw: conv_transpose(name, args, kw),
            lambda nd=nd, targs=targs, kw=kw: getattr(F, f"conv_transpose{nd}d")(*targs, **kw),
            counts,
        )
    assert counts["decided"] >= 200 and counts.get("refused", 0) >= 20, counts


def test_fold_is_torchs():
    torch = pytest.importorskip("torch")
    import torch.nn.functional as F

    from driftcheck.parsers.source.forward.dataflow_cover23 import fold
    from driftcheck.parsers.source.values.dataflow_values import Tens

    r = random.Random("cover23-fold")
    counts = {"none": 0, "decided": 0}
    for _ in range(300):
        k = (r.choice([1, 2, 3]), r.choice([1, 2]))
        out = (r.choice([2, 3, 4]), r.choice([2, 3, 4]))
        kw = {}
        for n in ("dilation", "padding", "stride"):
            if r.random() < 0.4:
                kw[n] = r.choice([0, 1]) if n == "padding" else r.choice([1, 2])
        blocks = [
            (out[i] + 2 * kw.get("padding", 0) - kw.get("dilation", 1) * (k[i] - 1) - 1)
            // kw.get("stride", 1)
            + 1
            for i in range(2)
        ]
        L = max(1, blocks[0] * blocks[1] + r.choice([0, 0, 0, 1]))
        c = r.choice([1, 2]) * k[0] * k[1] + r.choice([0, 0, 0, 0, 1])
        xs = (r.choice([1, 2]), c, L) if r.random() < 0.8 else (c, L)
        _agree(
            lambda xs=xs, out=out, k=k, kw=kw: fold([Tens(None, xs), out, k], kw),
            lambda xs=xs, out=out, k=k, kw=kw: F.fold(torch.zeros(xs), out, k, **kw),
            counts,
        )
    assert counts["decided"] >= 200 and counts.get("refused", 0) >= 20, counts


def test_broadcast_and_triangular_are_torchs():
    torch = pytest.importorskip("torch")

    from driftcheck.parsers.source.forward.dataflow_cover23 import broadcast_all, solve_triangular
    from driftcheck.parsers.source.values.dataflow_values import Tens

    r = random.Random("cover23-tri")
    counts = {"none": 0, "decided": 0}
    for _ in range(300):
        shapes = [_shape(r, r.choice([0, 1, 2, 3])) for _ in range(r.choice([2, 3]))]
        ts = [torch.zeros(sh) for sh in shapes]
        _agree(
            lambda shapes=shapes: broadcast_all(shapes),
            lambda ts=ts: torch.broadcast_tensors(*ts)[0],
            counts,
        )
    for _ in range(300):
        n = r.choice([2, 3])
        a = (*_shape(r, r.choice([0, 1])), n, r.choice([n, n, n + 1]))
        b = (*_shape(r, r.choice([0, 1])), r.choice([n, n + 1, 1]), r.choice([n, 2]))
        if r.random() < 0.1:
            b = b[-1:]
        kw = {"upper": r.random() < 0.5}
        if r.random() < 0.4:
            kw["left"] = r.random() < 0.5
        A = torch.eye(a[-1]).expand(a) if a[-1] == a[-2] else torch.ones(a)
        B = torch.ones(b)
        _agree(
            lambda a=a, b=b, kw=kw: solve_triangular([Tens(None, a), Tens(None, b)], kw),
            lambda A=A, B=B, kw=kw: torch.linalg.solve_triangular(A, B, **kw),
            counts,
        )
    assert counts["decided"] >= 550 and counts.get("refused", 0) >= 50, counts
