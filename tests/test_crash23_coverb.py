"""Result shapes of session 23's covered ops (crashcover23b), against torch.

``forward/dataflow_cover23b.py`` gives the result shape of ``F.softmin``, ``nansum``,
``std_mean``, ``quantile``, ``torch.polar``, the losses, ``torch.dist``, the n-dimensional FFTs,
``diag_embed``, ``broadcast_tensors`` and ``.real`` / ``.imag``, and judges ``nn.Upsample``
modes' input ranks and ``nn.EmbeddingBag`` / ``F.embedding_bag`` of 1-D ids without offsets. Each rule is run against torch
on seeded drawn shapes and arguments: a shape it gives must be torch's (and the call must have
run), and it must decide most of the draws. Then small models, each a covered op followed by a
matmul: ``driftcheck check --input-shape`` reports a blocker exactly when torch raised (the
later op is judged only when the covered op's result shape is followed).
"""

from __future__ import annotations

import random
import textwrap
import warnings
from types import SimpleNamespace

import pytest

from tests.crash_rule_support import check_blocker_iff_crash, check_both_sides

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


def expr(name: str, body: str, k: int) -> None:
    """``y = body`` on ``h = self.fc(x)`` (float ``(2, 3, 8)``), then ``y @ ones(k, 2)``."""
    MODELS[name] = (
        textwrap.dedent(f"""
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        h = self.fc(x)
        y = {body}
        return y @ torch.ones({k}, 2)
"""),
        (2, 3, 8),
        "float",
    )


# each body twice: the matmul fits the result's last size (clean), or not (crash)
for _name, _body, _last in [
    ("softmin", "F.softmin(h, -1)", 8),
    ("gumbel", "F.gumbel_softmax(h, tau=0.5, dim=1)", 8),
    ("nansum", "h.nansum(-1)", 3),
    ("nanmean", "torch.nanmean(h, (0, 2), keepdim=True)", 1),
    ("stdmean", "torch.std_mean(h, dim=1)[0]", 8),
    ("quantile", "torch.quantile(h, 0.5, dim=1)", 8),
    ("shift", "torch.fft.fftshift(h, dim=1)", 8),
    ("fftreal", "torch.fft.fft(h, dim=1).real", 8),
    ("fftn", "torch.fft.fftn(h, s=(4, 6)).imag", 6),
    ("rfft2", "torch.fft.rfft2(h).abs()", 5),
    ("irfftn", "torch.fft.irfftn(h, dim=(0, 1))", 8),
    ("hfft", "torch.fft.hfft(h)", 14),
    ("polar", "torch.polar(h.abs(), h[0]).real", 8),
    ("remainder", "torch.remainder(h, 2.0)", 8),
    ("kldiv", "F.kl_div(h, h.softmax(-1), reduction='none')", 8),
    ("diag", "torch.diag_embed(h[0], offset=1)", 9),
    ("bcastall", "torch.broadcast_tensors(h, h[:, :1])[1]", 8),
]:
    expr(f"{_name}_ok", _body, _last)
    expr(f"{_name}_bad", _body, _last + 1)
expr("dist_bad", "torch.dist(h, h)", 2)  # a 0-D result: matmul refuses it
expr("dist_ok", "torch.dist(h, h) * torch.ones(3, 2)", 2)


def layer(name: str, init: str, body: str) -> None:
    """``self.m = init``; forward returns ``body`` of the float ``(2, 3, 8)`` input ``x``."""
    MODELS[name] = (
        f"class Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        f"        self.m = {init}\n\n    def forward(self, x):\n        return {body}\n",
        (2, 3, 8),
        "float",
    )


# torch's layers whose constraint is the call's (``leaf_error``), and F.embedding_bag
layer("upsample_linear4d", "nn.Upsample(scale_factor=2, mode='linear')", "self.m(x[None])")
layer("upsample_linear_ok", "nn.Upsample(scale_factor=2, mode='linear')", "self.m(x)")
layer("upsample_tri", "nn.Upsample(scale_factor=2, mode='trilinear')", "self.m(x[None])")
layer("upsample_bil3d", "nn.UpsamplingBilinear2d(scale_factor=2)", "self.m(x)")
layer("upsample_bil_ok", "nn.UpsamplingBilinear2d(scale_factor=2)", "self.m(x[None])")
layer("ebag_nooffsets", "nn.EmbeddingBag(10, 4)", "self.m(torch.arange(4)) @ x[0].t()")
layer("ebag_none", "nn.EmbeddingBag(10, 4)", "self.m(torch.arange(4), None)")
layer("ebag_ok", "nn.EmbeddingBag(10, 4)", "self.m(torch.arange(4), offsets=torch.tensor([0, 2]))")
layer("ebag_2d_ok", "nn.EmbeddingBag(10, 4)", "self.m(torch.arange(4).view(2, 2))")
layer("febag_1d", "nn.Identity()", "F.embedding_bag(torch.arange(4), torch.randn(10, 4))")
layer(
    "febag_ok",
    "nn.Identity()",
    "F.embedding_bag(torch.arange(4), torch.randn(10, 4), torch.tensor([0]))",
)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


# ---------------------------------------------------------------------- differential
def _draw(r: random.Random) -> tuple:
    """A call ``(name, args after the tensor, kwargs)`` and an input shape."""
    xs = tuple(r.choice([1, 2, 3, 4, 5]) for _ in range(r.randrange(0, 5)))
    rank = max(len(xs), 1)
    d = r.randrange(-rank - 1, rank + 1)
    kind = r.choice(["same", "reduce", "pair", "quant", "bin", "loss", "fftn", "diag"])
    if kind == "same":
        return r.choice(["softmin", "gumbel_softmax", "fftshift", "ifftshift"]), [], {"dim": d}, xs
    if kind in ("reduce", "pair"):
        dim = r.choice([None, d, (d,), (0, d), []])
        kw = {"dim": dim, "keepdim": r.random() < 0.5}
        if kind == "pair":
            return r.choice(["std_mean", "var_mean"]), [], kw, xs
        return r.choice(["nansum", "nanmean"]), [], kw, xs
    if kind == "quant":
        return r.choice(["quantile", "nanquantile"]), [0.3], {"dim": r.choice([None, d])}, xs
    other = tuple(r.choice([1, v]) for v in xs)[r.randrange(len(xs) + 1) :]
    if r.random() < 0.3:
        other = tuple(v + 1 for v in other)
    if kind == "bin":
        name = r.choice(["polar", "dist", "remainder", "fmod", "maximum", "xlogy", "float_power"])
        return name, [r.choice([2.0, ("T", other)])], {}, xs
    if kind == "loss":
        name = r.choice(["kl_div", "mse_loss", "l1_loss", "huber_loss", "smooth_l1_loss",
                         "hinge_embedding_loss"])  # fmt: skip
        red = r.choice(["none", "mean", "sum", "batchmean"])
        return name, [("T", other)], {"reduction": red}, xs
    if kind == "fftn":
        name = r.choice(["fft2", "ifft2", "rfft2", "irfft2", "hfft2", "ihfft2", "fftn", "ifftn",
                         "rfftn", "irfftn", "hfftn", "ihfftn", "hfft", "ihfft"])  # fmt: skip
        kw: dict = {}
        if name in ("hfft", "ihfft"):
            if r.random() < 0.5:
                kw["n"] = r.randrange(1, 7)
            if r.random() < 0.5:
                kw["dim"] = d
            return name, [], kw, xs
        n = r.randrange(1, 3)
        if r.random() < 0.5:
            kw["dim"] = tuple(r.randrange(-rank, rank) for _ in range(n))
        if r.random() < 0.5:
            kw["s"] = tuple(r.randrange(1, 7) for _ in range(len(kw.get("dim", ())) or n))
        return name, [], kw, xs
    return "diag_embed", [r.randrange(-2, 3)], {"dim1": d, "dim2": r.randrange(-3, 3)}, xs


def _torch_call(torch, name: str, x, args: list, kwargs: dict):
    F = torch.nn.functional
    fn = getattr(torch.fft, name, None) or getattr(torch, name, None) or getattr(F, name)
    if name in ("softmin", "gumbel_softmax", "kl_div", "mse_loss", "l1_loss", "huber_loss",
                "smooth_l1_loss", "hinge_embedding_loss"):  # fmt: skip
        fn = getattr(F, name)
    targs = [torch.rand(a[1]) + 0.5 if isinstance(a, tuple) else a for a in args]
    return fn(x, *targs, **kwargs)


def test_result_shapes_are_torchs():
    """Every shape a rule gives is the shape torch's call returns; most draws are decided."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward import dataflow_cover23b as cb
    from driftcheck.parsers.source.values.dataflow_values import Tens

    r = random.Random(2323)
    decided = ran = 0
    for _ in range(1500):
        name, args, kwargs, xs = _draw(r)
        f = SimpleNamespace(input_shape=(1,), value_facts={}, tensor_writes=0)
        targs = [Tens(None, a[1]) if isinstance(a, tuple) else a for a in args]
        got = cb.result(f, Tens(None, xs), name, targs, kwargs)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                out = _torch_call(torch, name, torch.rand(xs) + 0.5, args, kwargs)
        except Exception:  # noqa: BLE001 - a refusal: the caller judges it, no shape is needed
            out = None
        ran += out is not None
        if got is None:
            continue
        assert out is not None, (name, xs, args, kwargs, got)
        decided += 1
        if isinstance(out, tuple):
            assert tuple(tuple(g.shape) for g in got) == tuple(tuple(o.shape) for o in out)
        else:
            assert got.shape == tuple(out.shape), (name, xs, args, kwargs, got.shape, out.shape)
    assert decided >= 0.6 * ran, (decided, ran)


def test_broadcast_tensors_shapes():
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward import dataflow_cover23b as cb
    from driftcheck.parsers.source.values.dataflow_values import Tens

    r = random.Random(7)
    for _ in range(200):
        shapes = [tuple(r.choice([1, 2, 3]) for _ in range(r.randrange(4))) for _ in range(3)]
        got = cb.broadcast_tensors([Tens(None, s) for s in shapes], {})
        try:
            out = torch.broadcast_tensors(*(torch.zeros(s) for s in shapes))
        except RuntimeError:
            assert got is None
            continue
        assert got is not None and [g.shape for g in got] == [tuple(o.shape) for o in out]


# ---------------------------------------------------------------------- review24
def _leaf(cls: str, **params):
    """A catalogue ``Leaf`` as ``leaf_error`` reads it: torch's own class, its params."""
    return SimpleNamespace(type=cls, torch=f"torch.nn.{cls}", params=params)


def test_upsample_mode_ranks_are_torchs():
    """Every mode of the rank table, on inputs of rank 1..6: ``leaf_error`` speaks exactly
    when torch's ``nn.Upsample`` / ``nn.UpsamplingBilinear2d`` raises (the table's ``nearest``,
    ``area`` and ``bicubic`` rows have no model of their own above)."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward import dataflow_cover23b as cb
    from driftcheck.parsers.source.values.dataflow_values import Tens

    layers = [("Upsample", {"mode": m}) for m in cb._UP_RANKS]
    layers.append(("UpsamplingBilinear2d", {}))
    for cls, params in layers:
        mod = getattr(torch.nn, cls)(scale_factor=2, **params)
        for r in range(1, 7):
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    mod(torch.rand((2,) * r))
                crashed = False
            except Exception:  # noqa: BLE001 - torch's refusal is the verdict
                crashed = True
            err = cb.leaf_error(_leaf(cls, **params), [Tens(None, (2,) * r)], {})
            assert (err is not None) is crashed, (cls, params, r, err)
    # a user's class of the same name may take other inputs: no verdict
    user = SimpleNamespace(type="Upsample", torch="mylib.Upsample", params={"mode": "linear"})
    assert cb.leaf_error(user, [Tens(None, (2, 2))], {}) is None


def test_embedding_bag_offsets_forms_are_torchs():
    """``nn.EmbeddingBag`` on 1-D / 2-D ids with offsets given, None or left out: a verdict
    only when torch raises; the three-argument form with ``offsets=None`` may be left unjudged."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward import dataflow_cover23b as cb
    from driftcheck.parsers.source.values.dataflow_values import Tens

    bag = torch.nn.EmbeddingBag(10, 4)
    one, two, offs = torch.arange(4), torch.arange(4).view(2, 2), torch.tensor([0, 2])
    forms = [
        ((one,), {}),
        ((one, None), {}),
        ((one,), {"offsets": None}),
        ((one, offs), {}),
        ((one,), {"offsets": offs}),
        ((two,), {}),
        ((one, None, None), {}),
    ]
    for args, kwargs in forms:
        try:
            bag(*args, **kwargs)
            crashed = False
        except Exception:  # noqa: BLE001 - torch's refusal is the verdict
            crashed = True

        def v(a):
            return a if a is None else Tens(None, tuple(a.shape))

        err = cb.leaf_error(
            _leaf("EmbeddingBag"), [v(a) for a in args], {k: v(a) for k, a in kwargs.items()}
        )
        assert err is None or crashed, (args, kwargs, err)  # never a verdict where torch runs
        if len(args) < 3:  # the three-argument form may stay unjudged (an honest unknown)
            assert (err is not None) is crashed, (args, kwargs, err)
