"""Session 24 (crashfix24b): fresh16's dev misses modelled in the forward pass, against torch.

Each rule is measured in torch: the fft argument checks (``forward/dataflow_fftargs.py``) on
drawn arguments (a verdict given is torch's error, word for word; no verdict where torch ran),
and small models, a crashing one and a clean twin per rule family, through ``driftcheck check
--input-shape``: a blocker exactly when torch raised.
"""

from __future__ import annotations

import random
import textwrap

import pytest

from tests.crash_rule_support import check_blocker_iff_crash, check_both_sides

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


def model(name: str, init: str, body: str, shape: tuple[int, ...], kind: str = "float") -> None:
    MODELS[name] = (
        textwrap.dedent(f"""
class Net(nn.Module):
    def __init__(self):
        super().__init__()
{textwrap.indent(textwrap.dedent(init).strip() or "pass", " " * 8)}

    def forward(self, x):
{textwrap.indent(textwrap.dedent(body).strip(), " " * 8)}
"""),
        shape,
        kind,
    )


# ---------------------------------------------------------------- torch.fft arguments
model("fftnorm_bad", "self.norm = 'unitary'", "return torch.fft.rfft(x, norm=self.norm).abs()",
      (2, 16))  # fmt: skip
model("fftnorm_ok", "self.norm = 'ortho'", "return torch.fft.rfft(x, norm=self.norm).abs()",
      (2, 16))  # fmt: skip
model("fftn_zero", "self.k = 64", "return torch.fft.rfft(x, n=x.shape[-1] // self.k).abs()",
      (2, 32))  # fmt: skip
model("fftn_ok", "self.k = 4", "return torch.fft.rfft(x, n=x.shape[-1] // self.k).abs()",
      (2, 32))  # fmt: skip
model("fftsdim_bad", "", "return torch.fft.fftn(x, s=(8, 8), dim=(-3, -2, -1)).real", (2, 4, 8, 8))
model("fftsdim_ok", "", "return torch.fft.fftn(x, s=(8, 8), dim=(-2, -1)).real", (2, 4, 8, 8))
model("fft2s_bad", "", "return torch.fft.fft2(x, s=(8, 8, 8)).real", (2, 4, 8, 8))
model("fft2s_ok", "", "return torch.fft.fft2(x, s=(4, 8)).real", (2, 4, 8, 8))

# ---------------------------------------------------------------- BCE weights
for _w, _tag in [("torch.ones(5)", "bad"), ("torch.ones(6, 1)", "bad2"), ("torch.ones(1, 1, 6)",
                 "bad3"), ("torch.ones(6)", "ok"), ("torch.ones(4, 1)", "ok2")]:  # fmt: skip
    model(f"bcepw_{_tag}", f"self.fc = nn.Linear(6, 6)\nself.loss = nn.BCEWithLogitsLoss(pos_weight={_w})",
          "h = self.fc(x)\nreturn self.loss(h, (x > 0).float())", (4, 6))  # fmt: skip
    model(f"bcew_{_tag}", f"self.fc = nn.Linear(6, 6)\nself.loss = nn.BCELoss(weight={_w})",
          "h = self.fc(x).sigmoid()\nreturn self.loss(h, (x > 0).float())", (4, 6))  # fmt: skip
    model(f"bcefn_{_tag}", "self.fc = nn.Linear(6, 6)",
          f"h = self.fc(x)\nreturn F.binary_cross_entropy_with_logits(h, (x > 0).float(), weight={_w})",
          (4, 6))  # fmt: skip


def test_bce_weight_rule_is_torchs():
    torch = pytest.importorskip("torch")
    from types import SimpleNamespace

    import torch.nn.functional as F

    from driftcheck.parsers.source.forward import dataflow_losses as dl
    from driftcheck.parsers.source.values.dataflow_values import Tens

    r = random.Random(24)
    for _ in range(400):
        xs = tuple(r.choice([1, 2, 3]) for _ in range(r.randrange(1, 4)))
        ws = tuple(r.choice([1, 2, 3]) for _ in range(r.randrange(0, 4)))
        name = r.choice(["binary_cross_entropy", "binary_cross_entropy_with_logits"])
        key = r.choice(["weight", "pos_weight"])
        if key == "pos_weight" and name == "binary_cross_entropy":
            continue
        f = SimpleNamespace(crashes=[])
        f.crash = lambda loc, msg, f=f: f.crashes.append(msg)
        dl._bce_weights(f, xs, name, {key: Tens(None, ws)}, None)
        x = torch.rand(xs)
        try:
            getattr(F, name)(x, (x > 0.5).float(), **{key: torch.ones(ws)})
            raised = False
        except RuntimeError:
            raised = True
        assert bool(f.crashes) is raised, (name, key, xs, ws, f.crashes)


# ---------------------------------------------------------------- conv / pool tuple lengths
model("convlen_bad", "self.conv = nn.Conv2d(3, 8, 3, stride=(2, 2, 2), padding=1)",
      "return self.conv(x)", (2, 3, 16, 16))  # fmt: skip
model("convlen_ok", "self.conv = nn.Conv2d(3, 8, 3, stride=(2,), padding=(1, 1))",
      "return self.conv(x)", (2, 3, 16, 16))  # fmt: skip
model(
    "poollen_bad",
    "self.conv = nn.Conv2d(3, 8, 3)",
    "return F.max_pool2d(self.conv(x), kernel_size=(2, 2, 2), stride=2)",
    (2, 3, 16, 16),
)
model(
    "poollen_ok",
    "self.conv = nn.Conv2d(3, 8, 3)",
    "return F.max_pool2d(self.conv(x), kernel_size=(2, 2), stride=())",
    (2, 3, 16, 16),
)
model("poolmod_bad", "self.pool = nn.AvgPool1d((2, 2))", "return self.pool(x)", (2, 3, 16))
model("poolmod_ok", "self.pool = nn.AvgPool1d((2,), stride=(1,))", "return self.pool(x)",
      (2, 3, 16))  # fmt: skip

# ---------------------------------------------------------------- interpolate size lengths
model("interpsize_bad", "", "return F.interpolate(x, size=(16,))", (2, 4, 8, 8))
model("interpsize_ok", "", "return F.interpolate(x, size=(16,))", (2, 4, 8))
model("interpscale_bad", "", "return F.interpolate(x, scale_factor=[2, 2, 2])", (2, 4, 8, 8))
model("interpscale_ok", "", "return F.interpolate(x, None, (2, 3))", (2, 4, 8, 8))

# ---------------------------------------------------------------- SDPA mask dtype
_SDPA = """q = x.unsqueeze(1)
m = torch.ones(x.shape[1], x.shape[1], dtype=torch.bool).tril()
return F.scaled_dot_product_attention(q, q, q, attn_mask={})"""
model("sdpadtype_bad", "", _SDPA.format("m.long()"), (2, 8, 16))
model("sdpadtype_bad2", "", _SDPA.format("m.int()"), (2, 8, 16))
model("sdpadtype_ok", "", _SDPA.format("m"), (2, 8, 16))
model("sdpadtype_ok2", "", _SDPA.format("m.float()"), (2, 8, 16))

# ---------------------------------------------------------------- a causal mask from __init__
for _n, _tag in ((6, "ok"), (4, "bad"), (32, "bad2")):
    model(
        f"encmask_{_tag}",
        "layer = nn.TransformerEncoderLayer(16, 2, 32, dropout=0.0, batch_first=True)\n"
        "self.enc = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)\n"
        f"self.mask = nn.Transformer.generate_square_subsequent_mask({_n})",
        "return self.enc(x, mask=self.mask)",
        (2, 6, 16),
    )

# ---------------------------------------------------------------- window lengths
model("winlen_bad", "", "w = torch.hann_window(x.shape[-1] / 4)\nreturn x[..., :4] * w", (2, 16))
model("winlen_ok", "", "w = torch.hann_window(x.shape[-1] // 4)\nreturn x[..., :4] * w", (2, 16))


def test_window_lengths_are_ints_in_torch():
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward.dataflow_floats import WINDOWS, int_arg_error

    for name in WINDOWS:
        getattr(torch, name)(8)
        assert int_arg_error([8], {}, q=f"torch.{name}") is None
        for args, kwargs in (([8.0], {}), ([], {"window_length": 8.0})):
            with pytest.raises(TypeError):
                getattr(torch, name)(*args, **kwargs)
            assert int_arg_error(args, kwargs, q=f"torch.{name}") is not None


# ---------------------------------------------------------------- index_fill's index dtype
for _i, _tag in (("self.drop.float()", "bad"), ("self.drop", "ok"), ("self.drop > 2", "bad2"),
                 ("self.drop.double()", "bad3")):  # fmt: skip
    model(
        f"idxfill_{_tag}",
        "self.lin = nn.Linear(8, 8)\nself.register_buffer('drop', torch.tensor([1, 5]))",
        f"return self.lin(x).index_fill(1, {_i}, 0.0)",
        (2, 8),
    )
model("idxfn_bad", "", "return torch.index_fill(x, 1, torch.arange(2).float(), 0.0)", (2, 8))
model("idxfn_ok", "", "return torch.index_fill(x, 1, torch.arange(2), 0.0)", (2, 8))

# ---------------------------------------------------------------- lengths through ``.cpu()``
for _l, _tag in (("[3, 6, 5]", "bad"), ("[7, 5, 3]", "bad2"), ("[6, 5, 3]", "ok")):
    model(
        f"packcpu_{_tag}",
        f"self.lstm = nn.LSTM(4, 8, batch_first=True)\n"
        f"self.register_buffer('lengths', torch.tensor({_l}))",
        "from torch.nn.utils.rnn import pack_padded_sequence\n"
        "packed = pack_padded_sequence(x, self.lengths.cpu(), batch_first=True)\n"
        "out, _ = self.lstm(packed)\nreturn out.data",
        (3, 6, 4),
    )

# ---------------------------------------------------------------- LSTMCell's pair
for _u, _tag in (("h = self.cell(x, (h, c))", "bad"), ("h, c = self.cell(x, (h, c))", "ok"),
                 ("h = self.cell(x)[0]", "ok2")):  # fmt: skip
    model(
        f"lstmcell_{_tag}",
        "self.cell = nn.LSTMCell(8, 12)\nself.out = nn.Linear(12, 4)",
        f"h = x.new_zeros(x.shape[0], 12)\nc = x.new_zeros(x.shape[0], 12)\n{_u}\n"
        "return self.out(h)",
        (2, 8),
    )


def _lens(r: random.Random, v: int) -> object:
    return r.choice([v, (v,), (v, v), (v, v, v), (v, v, v, v)])


def test_conv_and_pool_tuple_lengths_are_torchs():
    """The catalogue's conv / pool shape rules refuse exactly the tuple lengths torch's forward
    refuses (drawn lengths of every tuple argument, the modules built and run in torch)."""
    torch = pytest.importorskip("torch")
    from driftcheck.errors import ShapeError
    from driftcheck.graph import catalogue

    r = random.Random(2425)
    for _ in range(300):
        n = r.choice([1, 2, 3])
        kind = r.choice(["Conv", "ConvTranspose", "MaxPool", "AvgPool"])
        name = f"{kind}{n}d"
        xs = (1, 2) + (7,) * n
        if kind.startswith("Conv"):
            kw = {"in_channels": 2, "out_channels": 2, "kernel_size": 2}
            keys = ["stride", "padding", "dilation"] + (["output_padding"] if "T" in kind else [])
        else:
            kw = {"kernel_size": _lens(r, 2)}
            keys = ["stride", "padding"] + (["dilation"] if kind == "MaxPool" else [])
        for key in keys:
            if r.random() < 0.5:
                kw[key] = r.choice([(), *([_lens(r, 1)] * 4)]) if key == "stride" else _lens(r, 1)
        if kind == "ConvTranspose" and "output_padding" in kw:
            kw["output_padding"] = _lens(r, 0)
        try:
            getattr(torch.nn, name)(**kw)(torch.randn(xs))
            raised = False
        except RuntimeError:
            raised = True
        try:
            catalogue.get(name).output_shape(kw, [xs])
            refused = False
        except ShapeError:
            refused = True
        assert refused is raised, (name, kw, raised)


def _draw_fft(r: random.Random) -> tuple[str, list, dict]:
    from driftcheck.parsers.source.forward import dataflow_fftargs as fa

    name = r.choice(fa.ONE_D + fa.TWO_D + fa.N_D)
    kwargs: dict = {}
    if r.random() < 0.4:
        kwargs["norm"] = r.choice(["forward", "backward", "ortho", "unitary", "Ortho", None])
    if name in fa.ONE_D:
        if r.random() < 0.7:
            kwargs["n"] = r.choice([-2, -1, 0, 1, 2, 5, 8])
        if r.random() < 0.3:
            kwargs["dim"] = r.choice([-1, 0, 1])
    else:
        if r.random() < 0.8:
            kwargs["s"] = tuple(r.choice([0, 2, 3, 4]) for _ in range(r.randrange(1, 4)))
        if r.random() < 0.6:
            kwargs["dim"] = r.choice([-1, (-1,), (-2, -1), (0, 1), (-3, -2, -1), (0, 1, 2)])
    return name, [], kwargs


def test_fft_argument_rules_are_torchs():
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward import dataflow_fftargs as fa

    r = random.Random(2424)
    decided = raised = 0
    for _ in range(1500):
        name, args, kwargs = _draw_fft(r)
        got = fa.error(f"torch.fft.{name}", args, kwargs)
        x = torch.randn(3, 4, 5) + (0j if name.startswith(("irfft", "hfft")) else 0)
        try:
            getattr(torch.fft, name)(x, **kwargs)
            err = None
        except (RuntimeError, IndexError, ValueError) as e:
            err = str(e)
        raised += err is not None
        if got is None:
            continue
        decided += 1
        assert err is not None and got in err, (name, kwargs, got, err)
    assert decided >= 0.5 * raised, (decided, raised)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_raises(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_each_family_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)
