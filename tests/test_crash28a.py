"""Forward-crash rules of session 28 (crashfix28: the shapefuzz op families of model code) against
torch.

Small models written here (not the fuzzer's) are run in torch, and ``driftcheck check
--input-shape`` must report a blocker exactly when torch raised (train and eval mode alike);
every rule family (the name's first word) has a crashing model and a clean twin. The rules'
pure parts (``dataflow_fix28.target_error`` / ``bilinear`` / ``glu``) are also compared with
torch over many drawn shapes and dtypes.
"""

from __future__ import annotations

import itertools
import random

import pytest

from driftcheck.parsers.source.forward import dataflow_fix28
from driftcheck.parsers.source.values.dataflow_values import Tens
from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    net_source,
    registrar,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)


def expr(name: str, body: str, shape: tuple[int, ...] = (4, 8), init: str = "") -> None:
    """A model whose forward is ``h = self.fc(x)`` (a float ``(*shape[:-1], 8)``) then ``body``."""
    model(name, shape, net_source(("self.fc = nn.Linear(8, 8)",), body, init))


# ---- randint: ``randint(low, high, size)`` has that shape (a view of another size crashes)
expr("randint_view", "return h + torch.randint(0, 5, (4, 8)).view(3, 8)")
expr("randint_size_kw", "return h + torch.randint(5, size=(2, 8))")
expr("randint_ok", "return h + torch.randint(0, 5, [4, 8]).view(8, 4).T + torch.randint(3, (8,))")

# ---- cetarget: class-index targets of cross_entropy / nll_loss (functional and modules)
expr("cetarget_batch", "return F.cross_entropy(h, torch.randint(0, 8, (3,)))")
expr("cetarget_int32", "return F.cross_entropy(h, torch.randint(0, 8, (4,), dtype=torch.int32))")
expr("cetarget_int_cast", "return F.nll_loss(h.log_softmax(-1), torch.zeros(4).int())")
expr("cetarget_float_index", "return F.nll_loss(h.log_softmax(-1), torch.zeros(4))")
expr("cetarget_long_probs", "return F.cross_entropy(h, torch.randint(0, 2, (4, 8)))")
expr(
    "cetarget_spatial_uint8",
    "return F.nll_loss(h.view(2, 2, 2, 4), torch.zeros(2, 2, 4, dtype=torch.uint8))",
)
expr("cetarget_multi", "return F.nll_loss(h, torch.zeros(4, 1, dtype=torch.long))")
expr(
    "cetarget_spatial",
    "return F.cross_entropy(h.view(2, 2, 2, 4), torch.zeros(2, 2, 2, 4, dtype=torch.long))",
)
expr(
    "cetarget_seq",
    "return F.cross_entropy(h.view(2, 4, 4), torch.randint(0, 4, (2, 3)), reduction='none')",
)
expr(
    "cetarget_module",
    "return self.ce(h, torch.randint(0, 8, (4,), dtype=torch.int16))",
    init="self.ce = nn.CrossEntropyLoss(label_smoothing=0.1)",
)
expr(
    "cetarget_module_nll",
    "return self.nll(h, torch.randint(0, 8, (2,)))",
    init="self.nll = nn.NLLLoss()",
)
expr(
    "cetarget_ok",
    "a = F.cross_entropy(h, torch.randint(0, 8, (4,)))\n        "
    "b = F.cross_entropy(h, torch.rand(4, 8).softmax(-1))\n        "
    "c = F.nll_loss(h.view(2, 2, 2, 4), torch.zeros(2, 2, 4, dtype=torch.long))\n        "
    "c = c + F.nll_loss(h, torch.zeros(4, dtype=torch.uint8))\n        "
    "d = self.ce(h.view(2, 4, 4), torch.randint(0, 4, (2, 4)))\n        "
    "e = F.cross_entropy(h[0], torch.tensor(3))\n        "
    "return a + b + c + d + e + F.cross_entropy(h, torch.zeros(4, 8, dtype=torch.float64))",
    init="self.ce = nn.CrossEntropyLoss(reduction='sum')",
)

# ---- bilinear: F.bilinear's size checks (no broadcasting of the leading sizes)
expr("bilinear_in2", "return F.bilinear(h, h[:, :6], torch.randn(3, 8, 8))")
expr("bilinear_batch", "return F.bilinear(h, h[:2], torch.randn(3, 8, 8))")
expr("bilinear_rank", "return F.bilinear(h, h[0], torch.randn(3, 8, 8))")
expr("bilinear_bias", "return F.bilinear(h, h, torch.randn(3, 8, 8), torch.randn(8))")
expr("bilinear_then_view", "return F.bilinear(h, h[:, :5], torch.randn(3, 8, 5)).view(4, 4)")
expr(
    "bilinear_ok",
    "y = F.bilinear(h, h[:, :5], torch.randn(3, 8, 5), torch.randn(3))\n        "
    "return y.view(12) + F.bilinear(h[0], h[1], torch.randn(12, 8, 8))",
)

# ---- glu: on a tensor of no graph node (a grid_sample result, a loss added to a tensor)
_GRID = (
    "g = F.grid_sample(h.view(1, 2, 4, 4), torch.rand(1, 3, 5, 2) * 2 - 1, align_corners=False)"
    "\n        "
)
expr("glu_grid_odd", _GRID + "return F.glu(g, -1)")
expr("glu_grid_one", _GRID + "return F.glu(g, 0)")
expr("glu_loss_dim", "y = h + F.mse_loss(h, torch.rand(4, 8))\n        return F.glu(y, 2)")
expr("glu_ok", _GRID + "return F.glu(g, 1).view(15) + F.glu(h + F.l1_loss(h, h), 0).sum()")

# ---- affinegrid: a size of neither 4 nor 5 items
expr(
    "affinegrid_three", "return F.affine_grid(torch.randn(1, 2, 3), [1, 3, 4], align_corners=False)"
)
expr(
    "affinegrid_six",
    "return F.affine_grid(torch.randn(1, 3, 4), (1, 1, 2, 2, 2, 2), align_corners=False)",
)
expr(
    "affinegrid_ok",
    "return F.affine_grid(torch.randn(1, 2, 3), [1, 3, 4, 4], align_corners=False).sum() + h",
)


# ---- prelu: one weight or one per channel (axis 1); a 1-D input has one channel
expr("prelu_func_channels", "return F.prelu(h.view(4, 2, 4), torch.full((4,), 0.25))")
expr("prelu_func_2d_weight", "return F.prelu(h, torch.full((1, 8), 0.25))")
expr("prelu_layer_1d", "return self.act(h[0])", init="self.act = nn.PReLU(8)")
expr("prelu_func_1d", "return F.prelu(h[0], torch.full((8,), 0.25))")
expr(
    "prelu_ok",
    "y = F.prelu(h.view(4, 2, 4), torch.full((2,), 0.25)).sum() + F.prelu(h[0], torch.full((1,), 0.2))"
    "\n        return y.sum() + self.act(h).view(32) + F.prelu(h, torch.tensor(0.1)).view(32)",
    init="self.act = nn.PReLU(8)",
)

# ---- ctc: one input and one target length per batch item; the loss is 0-D (or (N,))
_LP = "lp = h.view(4, 2, 4).log_softmax(-1)\n        "
expr(
    "ctc_input_count",
    _LP + "return F.ctc_loss(lp, torch.ones(2, 2, dtype=torch.long), [4, 4, 4], [2, 2])",
)
expr(
    "ctc_target_count",
    _LP + "return F.ctc_loss(lp, torch.ones(2, 2, dtype=torch.long), torch.tensor([4, 3]), "
    "torch.tensor([2]))",
)
expr(
    "ctc_result_shape",
    _LP + "return h + F.ctc_loss(lp, torch.ones(2, 2, dtype=torch.long), [4, 4], [2, 2], "
    "reduction='none').view(3)",
)
expr(
    "ctc_ok",
    _LP + "a = F.ctc_loss(lp, torch.ones(2, 2, dtype=torch.long), [4, 4], [2, 1])\n        "
    "b = F.ctc_loss(lp, torch.ones(2, 2, dtype=torch.long), torch.tensor([4, 3]), "
    "torch.tensor([2, 2]), reduction='none')\n        return h + a + b.view(2, 1).sum()",
)

# ---- maxpoolidx: ``F.max_pool*(..., return_indices=True)`` is a pair (the pass used to index
# the values' first axis: ``maxpoolidx_ok`` was a false blocker)
_P3 = "y = h.view(2, 4, 4)\n        "
expr("maxpoolidx_view", _P3 + "return F.max_pool2d(y, 2, return_indices=True)[0].view(7)")
expr("maxpoolidx_adaptive1d", _P3 + "return F.adaptive_max_pool1d(y, 3, True)[1].view(18, 2)")
expr(
    "maxpoolidx_ok",
    _P3 + "a = F.max_pool2d(y, 2, return_indices=True)[0].view(8)\n        "
    "b = F.adaptive_max_pool2d(y, 2, True)[1].view(8)\n        "
    "c = F.max_pool1d(y, 2, 2, 0, 1, False, True)[0].view(16)\n        "
    "return a.sum() + b.sum() + c.sum() + F.adaptive_max_pool1d(y, 3).view(24)",
)


# ---- packed: pad_packed_sequence of a packed RNN output has the padded shape
_PK = (
    "p = nn.utils.rnn.pack_padded_sequence(h.view(2, 4, 4), torch.tensor([4, 2]), "
    "batch_first=True)\n        o, _ = self.rnn(p)\n        "
)
_RNN = "self.rnn = nn.LSTM(4, 3, batch_first=True, bidirectional=True)"
expr(
    "packed_view",
    _PK + "return nn.utils.rnn.pad_packed_sequence(o, True)[0].reshape(2, 4, 3)",
    init=_RNN,
)
expr(
    "packed_total",
    _PK + "y, n = nn.utils.rnn.pad_packed_sequence(o, batch_first=True, total_length=6)"
    "\n        return y.reshape(2, 4, 6)",
    init=_RNN,
)
expr(
    "packed_ok",
    _PK + "y, n = nn.utils.rnn.pad_packed_sequence(o, batch_first=True, total_length=6)\n        "
    "z = nn.utils.rnn.pad_packed_sequence(self.gru(p)[0])[0]\n        "
    "return y.reshape(72) + n.sum() + z.view(8, 8).sum()",
    init=_RNN + "\n        self.gru = nn.GRU(4, 8)",
)

# a length past the input's steps: torch packs it unchecked; its readers raise (lead, session 28:
# was a blocker at the pack line, pinned in test_known_wrongs.py by crashfix28)
_PL = (
    "p = nn.utils.rnn.pack_padded_sequence(h.view(2, 4, 4), torch.tensor([5, 2]), batch_first=True)"
)
expr("packed_overlong_data", _PL + "\n        return p.data.sum() + h")
expr("packed_overlong_rnn", _PL + "\n        return self.rnn(p)[0].data", init=_RNN)
expr("packed_overlong_pad", _PL + "\n        return nn.utils.rnn.pad_packed_sequence(p, True)[0]")


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(MODELS, HEAD, ("cetarget_batch", "bilinear_in2"), tmp_path, capsys)


def _raises(fn, *args, **kw) -> bool:
    try:
        fn(*args, **kw)
    except (RuntimeError, ValueError, IndexError, NotImplementedError):
        return True
    return False


def test_target_rule_is_torchs():
    """``target_error`` against torch over input ranks 0-5, target shapes derived from the
    input (right, batch off, class axis kept, rank off, the input's own shape), 8 target dtypes
    and an unknown one: a crash verdict is always torch's, and with the dtype known a pass is
    torch's too."""
    torch = pytest.importorskip("torch")
    import torch.nn.functional as F

    words = {torch.int64: "Long", torch.int32: "Int", torch.int16: "Short", torch.int8: "Char",
             torch.uint8: "Byte", torch.bool: "Bool", torch.float32: "Float",
             torch.float64: "Double"}  # fmt: skip
    r = random.Random(28)
    inputs = [(), (3,), (1,), (0, 3), (2, 3), (1, 3), (2, 3, 4), (2, 3, 1, 4), (2, 3, 2, 2, 2)]
    inputs += [tuple(r.choice([1, 2, 3]) for _ in range(r.randint(1, 5))) for _ in range(20)]
    seen = {"crash": 0, "pass": 0}
    for xs in inputs:
        want = (xs[0], *xs[2:]) if len(xs) > 1 else ()
        targets = {xs, want, (*want, 1), want[:-1], (1,), (2,), (), (xs[0] + 1 if xs else 1,)}
        if want:
            targets |= {(want[0] + 1, *want[1:]), (*want[:-1], want[-1] + 1)}
        for ts, name in itertools.product(sorted(targets), ("cross_entropy", "nll_loss")):
            fn = getattr(F, name)
            x = torch.randn(xs)
            outcomes = {}
            for dt, word in words.items():
                y = torch.zeros(ts, dtype=dt)
                outcomes[word] = _raises(fn, x, y)
                got = dataflow_fix28.target_error(name, xs, ts, word)
                if got is not None:
                    assert outcomes[word], (name, xs, ts, word, got)
                    seen["crash"] += 1
                elif xs:
                    assert not outcomes[word], (name, xs, ts, word)
                    seen["pass"] += 1
            if dataflow_fix28.target_error(name, xs, ts, None) is not None:
                assert all(outcomes.values()), (name, xs, ts)
    assert seen["crash"] > 500 and seen["pass"] > 100, seen


def test_bilinear_glu_prelu_rules_are_torchs():
    """``bilinear``, ``glu`` and ``prelu`` against torch over drawn shapes: the verdict is torch's, and
    the result shape is torch's."""
    torch = pytest.importorskip("torch")
    import torch.nn.functional as F

    r = random.Random(2828)
    crashes = 0
    for _ in range(400):
        lead = tuple(r.choice([1, 2, 3]) for _ in range(r.randint(0, 2)))
        a, b, o = r.choice([2, 3]), r.choice([2, 3]), r.choice([1, 2])
        x1 = (*lead, a)
        x2 = r.choice([(*lead, b), (*lead, a), (*lead[:-1], b), (*lead, 1, b), (2, *lead[1:], b)])
        w = (o, r.choice([a, b, 2]), r.choice([a, b, 3]))
        bias = r.choice([None, (o,), (o + 1,)])
        args = [torch.randn(x2), torch.randn(w)] + ([torch.randn(bias)] if bias else [])
        # the rule reads the shapes of ``Tens`` values
        tens = [Tens(None, tuple(t.shape)) for t in args]
        err, out = dataflow_fix28.bilinear(tens, {}, x1)
        try:
            got = tuple(F.bilinear(torch.randn(x1), *args).shape)
        except RuntimeError:
            got = None
        if err is not None:
            assert got is None, (x1, x2, w, bias, err)
            crashes += 1
        else:
            assert out is not None and got == out, (x1, x2, w, bias, out, got)
    for _ in range(300):
        shape = tuple(r.choice([1, 2, 3, 4]) for _ in range(r.randint(0, 4)))
        dim = r.randint(-5, 4)
        err, out = dataflow_fix28.glu([dim], {}, shape)
        try:
            got = tuple(F.glu(torch.randn(shape), dim).shape)
        except (RuntimeError, IndexError):
            got = None
        if err is not None:
            assert got is None, (shape, dim, err)
            crashes += 1
        else:
            assert got == out, (shape, dim, out, got)
    for _ in range(300):
        shape = tuple(r.choice([1, 2, 3]) for _ in range(r.randint(0, 3)))
        ws = r.choice([(), (1,), (2,), (3,), (1, 2), (2, 1)])
        w = torch.full(ws, 0.25)
        err, out = dataflow_fix28.prelu([Tens(None, ws)], {}, shape)
        try:
            got = tuple(F.prelu(torch.randn(shape), w).shape)
        except RuntimeError:
            got = None
        if err is not None:
            assert got is None, (shape, ws, err)
            crashes += 1
        else:
            assert got == out, (shape, ws, out, got)
    assert crashes > 300
