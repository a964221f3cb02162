"""Construction crashes (session 33, crashfix33): a torch layer built with a float size
(``nn.Linear(dim, dim / 2)``, ``nn.LayerNorm(dim * 0.5)``) raises TypeError in ``__init__``,
so the model is never built. The leaf keeps a note (``torchlib.FLOAT_SIZES``) and ``check
--input-shape`` reports it (SHP010). Each table entry is checked in torch (the float raises,
the int builds); small models: a blocker exactly when torch's construction or forward raised.
"""

from __future__ import annotations

import runpy

import pytest

from driftcheck.parsers.source.library.torchlib import FLOAT_SIZES
from tests.crash_rule_support import blockers, net_source, registrar, write

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"
FC = "self.fc = nn.Linear(8, 8)"
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)


def init(name: str, *layers: str) -> None:
    model(name, (2, 8), net_source((FC, *layers), "return h"))


init("linear_ok_int", "self.out = nn.Linear(8, 8 // 2)")
init("linear_div", "self.out = nn.Linear(8, 8 / 2)")
init("linear_ratio", "self.out = nn.Linear(8, 8 * 1.5)")
init("conv_ok_int", "self.conv = nn.Conv2d(8, 16 // 2, 3)")
init("conv_out", "self.conv = nn.Conv2d(8, 16 / 2, 3)")
init("conv_kernel", "self.conv = nn.Conv1d(8, 8, 6 / 2)")
init("convt_in", "self.conv = nn.ConvTranspose2d(8 * 1.0, 8, 2)")
init("ln_ok_int", "self.ln = nn.LayerNorm(8 // 2)")
init("ln_float", "self.ln = nn.LayerNorm(8 / 2)")
init("emb_ok_int", "self.emb = nn.Embedding(10, 8 // 2)")
init("emb_float", "self.emb = nn.Embedding(10, 8 / 2)")
init("mha_ok_heads", "self.attn = nn.MultiheadAttention(8, 4.0)")  # num_heads: never a size
init("mha_width", "self.attn = nn.MultiheadAttention(8 * 1.0, 4)")
init("gn_ok_groups", "self.gn = nn.GroupNorm(4.0, 8)")  # only checked for divisibility
init("gn_channels", "self.gn = nn.GroupNorm(4, 8 * 1.0)")
init("bilinear_float", "self.bl = nn.Bilinear(8, 8, 8 / 4)")
# torch takes the given weight: the size is only compared with its shape
init("emb_ok_given", "self.emb = nn.Embedding(10.0, 4, _weight=torch.zeros(10, 4))")
# under a condition the pass cannot decide (no input read in __init__): not built here
model(
    "cond_ok_untaken",
    (2, 8),
    net_source(
        (FC,),
        "return h",
        init="if len(str(self)) > 10 ** 6:\n            self.big = nn.Linear(8, 8 / 2)",
    ),  # fmt: skip
)


# constructors that range-check a dropout (LAY001) or assert the head split (ATT001)
init("rnn_ok_drop", "self.rnn = nn.LSTM(8, 8, num_layers=2, dropout=1.0)")
init("rnn_drop", "self.rnn = nn.GRU(8, 8, dropout=1.5)")
init("rnn_drop_neg", "self.rnn = nn.RNN(8, 8, dropout=-0.1)")
init("tel_ok_drop", "self.enc = nn.TransformerEncoderLayer(8, 2, dropout=0.0)")
init("tel_drop", "self.enc = nn.TransformerEncoderLayer(8, 2, dropout=10.0)")
init("tel_heads", "self.enc = nn.TransformerEncoderLayer(8, 3)")
init("tdl_heads", "self.dec = nn.TransformerDecoderLayer(8, 3)")
init("mha_ok_drop", "self.attn = nn.MultiheadAttention(8, 2, dropout=1.5)")  # not checked


def _torch_crashes(path, shape) -> bool:
    """True when building the file's ``Net()`` or its forward on a seeded input raises."""
    torch = pytest.importorskip("torch")
    torch.manual_seed(0)
    try:
        net = runpy.run_path(str(path), run_name="__crash33b__")["Net"]()
        with torch.no_grad():
            net(torch.randn(shape))
    except Exception:  # noqa: BLE001 - any error construction or forward raises
        return True
    return False


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, _ = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    crashes = _torch_crashes(path, shape)
    assert crashes is ("_ok" not in name), name  # the case is what its name says
    found = blockers(path, shape, capsys)
    assert bool(found) is crashes, (name, found)
    if crashes:
        assert any(loc.get("line") for f in found for loc in f.get("locations", [])), found


@pytest.mark.parametrize("layer", sorted(FLOAT_SIZES))
def test_table_is_torchs(layer):
    """Every (layer, size) in the table: torch raises TypeError for the float, builds the int."""
    torch = pytest.importorskip("torch")
    base = {
        "Linear": {"in_features": 8, "out_features": 4},
        "Bilinear": {"in1_features": 8, "in2_features": 4, "out_features": 2},
        "Embedding": {"num_embeddings": 8, "embedding_dim": 4},
        "LayerNorm": {"normalized_shape": 8},
        "MultiheadAttention": {"embed_dim": 8, "num_heads": 2},
        "GroupNorm": {"num_groups": 2, "num_channels": 8},
    }.get(layer, {"in_channels": 8, "out_channels": 4, "kernel_size": 3})
    cls = getattr(torch.nn, layer)
    cls(**base)
    for size in FLOAT_SIZES[layer]:
        with pytest.raises(TypeError):
            cls(**{**base, size: float(base[size])})
