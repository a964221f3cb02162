"""reimplfix39b (issue #17, reimpl fresh36 blind run): a fused q|k|v viewed with its parts on
the middle axis (``view(b, t, heads, 3, hd)``) read as ``heads`` heads, not ``3 * heads``;
the dense layers leading a sparse stack counted into its layer count; ``torch.pow(base, t)``
read as a RoPE base. Ground truth is torch: every port has the HF model's parameter count
(meta device), runs, and its attention equals the ``n``-head attention in transformers'
layout for the config's ``n`` (``tests/reimpl_probe39b/probes.py``)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from tests.reimpl_probe38.run import findings, hit  # noqa: E402
from tests.reimpl_probe39b.probes import CONFIG, SPELLINGS, reference, render, write  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FRESH36 = ROOT / "benchmarks/reimpl/fresh36"


def _load(path: Path):
    spec = importlib.util.spec_from_file_location(f"rf39b_{abs(hash(str(path)))}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _hf(cfg_path: Path):
    cfg = transformers.AutoConfig.from_pretrained(cfg_path.parent)
    with torch.device("meta"):
        m = transformers.GPTNeoXJapaneseForCausalLM(cfg)
    return cfg, sum(p.numel() for p in m.parameters())


def _torch_heads(mod, n: int) -> bool:
    """The port's attention is ``n``-head attention (transformers' layout), in torch."""
    torch.manual_seed(0)
    attn = mod.GPTNeoXJapanese().layers[-1].attn
    x = torch.randn(2, 5, mod.HIDDEN)
    with torch.no_grad():
        return torch.allclose(attn(x), reference(attn, x, n, mod.BASE, mod.rope), atol=1e-5)


@pytest.fixture(scope="module")
def hf_count():
    return _hf(CONFIG)[1]


@pytest.mark.parametrize("spelling", sorted(SPELLINGS))
def test_middle_axis_parts_clean(tmp_path, hf_count, spelling):
    """Clean: the HF model's count, 4-head attention in torch, no finding (before: ``numHeads
    is 12 ... but 4`` on the permute spelling, fresh36's gpt_neox_japanese_ini)."""
    code = write(tmp_path / spelling, render(spelling))
    mod = _load(code)
    assert sum(p.numel() for p in mod.GPTNeoXJapanese().parameters()) == hf_count
    assert tuple(mod.GPTNeoXJapanese()(torch.randint(0, 576, (1, 6))).shape) == (1, 6, 576)
    assert _torch_heads(mod, 4) and not _torch_heads(mod, 2)
    assert findings(code, CONFIG) == []


@pytest.mark.parametrize("spelling", sorted(SPELLINGS))
def test_middle_axis_parts_head_plants(tmp_path, spelling):
    """A code plant (8 heads) and a config plant (8 heads): real in torch (the port's attention
    is 8-head, not 4-head), found with both values; ``3 * heads`` never read as the heads."""
    code = write(tmp_path / "plant", render(spelling, heads=8))
    mod = _load(code)
    assert _torch_heads(mod, 8) and not _torch_heads(mod, 4)
    hits = findings(code, CONFIG)
    assert hit(hits, {"code": 8, "config": 4}), hits
    assert not any("numHeads is 24 " in h["msg"] or "numHeads is 12 " in h["msg"] for h in hits)
    cfg = json.loads(CONFIG.read_text()) | {"num_attention_heads": 8}
    (tmp_path / "cfg8").mkdir()
    cfg8 = tmp_path / "cfg8" / "config.json"
    cfg8.write_text(json.dumps(cfg))
    assert _hf(cfg8)[0].num_attention_heads == 8
    clean = write(tmp_path / "clean", render(spelling))
    hits = findings(clean, cfg8)
    assert hit(hits, {"code": 4, "config": 8}), hits
    assert not any("numHeads is 12 " in h["msg"] for h in hits), hits


def test_ernie_dense_lead_counts_into_layers():
    """fresh36's ernie45_moe_attrs (dev): 1 dense layer then sparse ones. The numLayers plant
    (4 layers in code, 3 in the config) is found as 4 vs 3 (before: the sparse run, 3 vs 2);
    the clean port has no finding. torch: 4 and 3 layers, the first dense."""
    case = FRESH36 / "cases/ernie45_moe_attrs.py"
    plant = FRESH36 / "planted/ernie45_moe_attrs__numLayers.py"
    cfg = FRESH36 / "configs/ernie45_moe_attrs/config.json"
    pytest.importorskip("attrs")
    for path, n in ((case, 3), (plant, 4)):
        m = _load(path).ErnieMoE()
        assert len(m.layers) == n
        assert not hasattr(m.layers[0].ffn, "router") and hasattr(m.layers[1].ffn, "router")
    hc = transformers.AutoConfig.from_pretrained(cfg.parent)
    assert hc.num_hidden_layers == 3 and hc.moe_layer_start_index == 1
    assert findings(case, cfg) == []
    hits = findings(plant, cfg)
    assert hit(hits, {"code": 4, "config": 3}), hits
    assert len(hits) == 1, hits


def test_torch_pow_base_is_the_rope_base(tmp_path):
    """``torch.pow(base, -arange(0, d, 2) / d)`` in forward: the base is the RoPE base (before:
    unread, fresh36's gpt_neox_japanese_ini ropeTheta plant had no finding). torch: the port's
    frequencies are the config's ``rope_theta`` ones only for the clean base."""
    clean = write(tmp_path / "clean", render("permute_index"))
    text = render("permute_index").replace("rotary_base = 10000.0", "rotary_base = 500000.0")
    plant = write(tmp_path / "plant", text)
    theta = json.loads(CONFIG.read_text())["rope_parameters"]["rope_theta"]
    x = torch.ones(1, 1, 3, 16)
    for path, base, same in ((clean, 10000.0, True), (plant, 500000.0, False)):
        mod = _load(path)
        assert mod.BASE == base
        assert torch.allclose(mod.rope(x, mod.BASE), mod.rope(x, theta)) is same
    assert findings(clean, CONFIG) == []
    hits = findings(plant, CONFIG)
    assert hit(hits, {"code": 500000.0, "config": 10000.0}), hits
    assert len(hits) == 1, hits


@pytest.mark.parametrize("spelling", ["permute_index", "unbind", "transpose_first"])
def test_two_heads_not_read_as_parts(tmp_path, spelling):
    """2 heads, ``view(b, t, 2, 3, hd)``: the first axis is 2 like a k|v stack's, so the old
    readings took it for the parts (3 heads) or for groups (6 heads). torch: 2-head attention;
    found as 2 vs 4 and nothing else about the heads."""
    code = write(tmp_path / "two", render(spelling, heads=2))
    mod = _load(code)
    assert _torch_heads(mod, 2) and not _torch_heads(mod, 4)
    hits = findings(code, CONFIG)
    assert hit(hits, {"code": 2, "config": 4}), hits
    assert not any(f"numHeads is {n} " in h["msg"] for h in hits for n in (3, 6)), hits
