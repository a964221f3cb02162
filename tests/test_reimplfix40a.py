"""reimplfix40a (issue #17): the dense MLP width of interleaved dense / sparse layers
(``graph/match/densewidth.py``: Qwen2-MoE ``decoder_sparse_step`` / ``mlp_only_layers``, review39
M3) and a library's fixed norm eps beside the config's (``uses._fixed_values``: DeepSeek-V3's
latent norms).

Every clean port holds the HF model's parameter count (meta device); every plant changes what
torch builds (count) and comes back as one finding holding both values."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROBES = ROOT / "tests" / "reimpl_probe40"

BASE = {
    "VOCAB": 100,
    "HIDDEN": 64,
    "HEADS": 4,
    "KV_HEADS": 2,
    "LAYERS": 4,
    "INTER": 128,
    "MOE_INTER": 32,
    "SHARED_INTER": 64,
    "EXPERTS": 4,
    "TOPK": 2,
    "STEP": 2,
    "DENSE_ONLY": [],
}


def _findings(code: Path, config: Path) -> list[dict]:
    from driftcheck.drift import drift, load_sides

    fs = drift(load_sides(str(code), str(config)), str(code), str(config))
    return [
        {"kind": f.kind, "msg": f.message, "values": f.values} for f in fs if f.severity.rank >= 1
    ]


def _port(tmp_path: Path, name: str, **over) -> Path:
    vals = {**BASE, **over}
    text = (PROBES / "qwen2moe_step.py.tmpl").read_text()
    for k, v in vals.items():
        text = text.replace(f"@{k}@", repr(v))
    assert "@" not in text.split('"""', 2)[2]
    path = tmp_path / f"{name}.py"
    path.write_text(text)
    return path


def _config(tmp_path: Path, name: str, **over):
    transformers = pytest.importorskip("transformers")
    kw = dict(
        vocab_size=100,
        hidden_size=64,
        num_attention_heads=4,
        num_key_value_heads=2,
        num_hidden_layers=4,
        intermediate_size=128,
        moe_intermediate_size=32,
        shared_expert_intermediate_size=64,
        num_experts=4,
        num_experts_per_tok=2,
        decoder_sparse_step=2,
        mlp_only_layers=[],
        tie_word_embeddings=False,
    )
    kw.update(over)
    cfg = transformers.Qwen2MoeConfig(**kw)
    cfg.architectures = ["Qwen2MoeForCausalLM"]
    out = tmp_path / f"cfg_{name}"
    cfg.save_pretrained(out)
    return cfg, out / "config.json"


def _counts(code: Path, cfg) -> tuple[int, int]:
    """(the port's parameter count, the HF model's), both built by torch (meta device)."""
    torch = pytest.importorskip("torch")
    import transformers

    spec = importlib.util.spec_from_file_location(f"p40a_{code.stem}", code)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    with torch.device("meta"):
        ours = sum(p.numel() for p in mod.Qwen2Moe().parameters())
        hf = sum(p.numel() for p in transformers.Qwen2MoeForCausalLM(cfg).parameters())
    return ours, hf


LAYOUTS = [
    pytest.param({"STEP": 2}, {"decoder_sparse_step": 2}, id="step2"),
    pytest.param(
        {"STEP": 2, "DENSE_ONLY": [1]},
        {"decoder_sparse_step": 2, "mlp_only_layers": [1]},
        id="step2_only1",
    ),
    pytest.param(
        {"STEP": 1, "DENSE_ONLY": [0, 2]},
        {"decoder_sparse_step": 1, "mlp_only_layers": [0, 2]},
        id="only02",
    ),
    pytest.param(
        {"STEP": 3, "LAYERS": 6}, {"decoder_sparse_step": 3, "num_hidden_layers": 6}, id="step3"
    ),
]


@pytest.mark.parametrize("code_over,cfg_over", LAYOUTS)
def test_interleaved_clean_port(tmp_path, code_over, cfg_over):
    """Dense and sparse layers interleaved: the port is HF's parameter for parameter and no
    finding comes back (before: a false major ``intermediateSize 32 vs 128``, the experts' width
    against the dense one)."""
    code = _port(tmp_path, "clean", **code_over)
    cfg, path = _config(tmp_path, "clean", **cfg_over)
    ours, hf = _counts(code, cfg)
    assert ours == hf
    assert _findings(code, path) == []


PLANTS = [
    # (code change, config change, fact, left value, right value)
    pytest.param({"INTER": 256}, {}, "intermediateSize", 256, 128, id="code_inter"),
    pytest.param({"MOE_INTER": 48}, {}, "moeIntermediateSize", 48, 32, id="code_moe"),
    pytest.param(
        {"SHARED_INTER": 96}, {}, "sharedExpertIntermediateSize", 96, 64, id="code_shared"
    ),
    pytest.param({}, {"intermediate_size": 96}, "intermediateSize", 128, 96, id="cfg_inter"),
    pytest.param({}, {"moe_intermediate_size": 16}, "moeIntermediateSize", 32, 16, id="cfg_moe"),
]


@pytest.mark.parametrize("code_over,cfg_over,fact,left,right", PLANTS)
@pytest.mark.parametrize("layout", [0, 1, 2])
def test_interleaved_plant_is_one_finding(tmp_path, code_over, cfg_over, fact, left, right, layout):
    """Each planted width changes the count torch builds and is one finding with both values."""
    lay_code, lay_cfg = LAYOUTS[layout].values
    code = _port(tmp_path, "plant", **{**lay_code, **code_over})
    cfg, path = _config(tmp_path, "plant", **{**lay_cfg, **cfg_over})
    ours, hf = _counts(code, cfg)
    assert ours != hf
    got = _findings(code, path)
    assert len(got) == 1, got
    assert f"model.{fact} is {left} " in got[0]["msg"] and f"but {right} in" in got[0]["msg"]


def test_dense_width_switch_off(tmp_path, monkeypatch):
    """DRIFTCHECK_NO_DENSE_WIDTH=1: the reading as before (the experts' width: the false major)."""
    monkeypatch.setenv("DRIFTCHECK_NO_DENSE_WIDTH", "1")
    code = _port(tmp_path, "clean")
    _, path = _config(tmp_path, "clean")
    got = _findings(code, path)
    assert [f["values"] for f in got] == [{"left": 32, "right": 128}]


def test_all_sparse_port_unchanged(tmp_path):
    """No dense layer (every layer sparse, step 1): nothing to read the dense width off; the
    experts' width stands as before (clean: HF's count, no finding)."""
    code = _port(tmp_path, "sparse", STEP=1)
    cfg, path = _config(tmp_path, "sparse", decoder_sparse_step=1, intermediate_size=32)
    ours, hf = _counts(code, cfg)
    assert ours == hf
    assert _findings(code, path) == []


# --- a library's fixed norm eps beside the config's (DeepSeek-V3 latent norms) -------------

SARVAM = ROOT / "benchmarks" / "reimpl" / "fresh17"
SARVAM_CODE = SARVAM / "cases" / "sarvam_mla_jax_param_tree.py"
SARVAM_CFG = SARVAM / "configs" / "sarvam_mla_jax_param_tree" / "config.json"


def test_deepseek_latent_norms_hold_a_fixed_eps():
    """The premise, in torch: DeepSeek-V3's latent norms hold 1e-6 whatever ``rms_norm_eps``
    says, the layer norms hold the config's value."""
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    cfg = transformers.AutoConfig.from_pretrained(SARVAM_CFG.parent)
    with torch.device("meta"):
        m = transformers.DeepseekV3Model(cfg)
    attn = m.layers[0].self_attn
    assert attn.q_a_layernorm.variance_epsilon == 1e-6
    assert attn.kv_a_layernorm.variance_epsilon == 1e-6
    assert m.layers[0].input_layernorm.variance_epsilon == cfg.rms_norm_eps == 1e-5


def test_fixed_eps_is_no_drift():
    """A port whose norms all use the config's eps (1e-5): the library's fixed 1e-6 on its latent
    norms is no config value: no finding (before: a minor normEps 1e-05 vs 1e-06)."""
    assert _findings(SARVAM_CODE, SARVAM_CFG) == []


def test_fixed_eps_switch_off(monkeypatch):
    monkeypatch.setenv("DRIFTCHECK_NO_FIXED_EPS", "1")
    got = _findings(SARVAM_CODE, SARVAM_CFG)
    assert [f["kind"] for f in got] == ["norm-eps"]


@pytest.mark.parametrize(
    "code_eps,cfg_eps",
    [pytest.param("1e-6", 1e-5, id="code"), pytest.param("1e-5", 1e-6, id="cfg")],
)
def test_planted_eps_still_found(tmp_path, code_eps, cfg_eps):
    """An eps that differs from the config's is still one finding with both values."""
    import json

    code = tmp_path / "port.py"
    code.write_text(SARVAM_CODE.read_text().replace("eps=1e-5)", f"eps={code_eps})"))
    assert f"eps={code_eps})" in code.read_text()
    cfg = json.loads(SARVAM_CFG.read_text())
    cfg["rms_norm_eps"] = cfg_eps
    (tmp_path / "cfg").mkdir()
    path = tmp_path / "cfg" / "config.json"
    path.write_text(json.dumps(cfg))
    got = _findings(code, path)
    assert len(got) == 1 and got[0]["kind"] == "norm-eps", got
    assert got[0]["values"] == {"left": float(code_eps), "right": cfg_eps}


# --- DeepSeek-V3: a stack with no dense lead (firstKDenseReplace 0) --------------------------

DS = {
    "VOCAB": 100,
    "D": 64,
    "H": 4,
    "LAYERS": 3,
    "DENSE": 1,
    "FFN": 128,
    "MOE_FFN": 32,
    "EXPERTS": 4,
    "SHARED": 1,
}


def _ds_port(tmp_path: Path, name: str, apart: bool = False, **over) -> Path:
    text = (PROBES / "deepseek_lead.py.tmpl").read_text()
    for k, v in {**DS, **over}.items():
        text = text.replace(f"@{k}@", repr(v))
    if apart:  # the dense layer standing apart from the (sparse) numbered list
        old = "        self.layers = nn.ModuleList(Block(i) for i in range(LAYERS))"
        assert old in text
        text = text.replace(
            old,
            "        self.first = Block(0)\n"
            "        self.layers = nn.ModuleList(Block(i) for i in range(DENSE, LAYERS))",
        )
        text = text.replace(
            "        for layer in self.layers:",
            "        x = self.first(x)\n        for layer in self.layers:",
        )
    path = tmp_path / f"{name}.py"
    path.write_text(text)
    return path


def _ds_config(tmp_path: Path, name: str, **over):
    transformers = pytest.importorskip("transformers")
    kw = dict(
        vocab_size=100,
        hidden_size=64,
        num_attention_heads=4,
        num_key_value_heads=4,
        num_hidden_layers=3,
        first_k_dense_replace=1,
        intermediate_size=128,
        moe_intermediate_size=32,
        n_routed_experts=4,
        n_shared_experts=1,
        num_experts_per_tok=2,
        n_group=1,
        topk_group=1,
        q_lora_rank=None,
        kv_lora_rank=32,
        qk_nope_head_dim=16,
        qk_rope_head_dim=8,
        v_head_dim=16,
        tie_word_embeddings=False,
    )
    kw.update(over)
    cfg = transformers.DeepseekV3Config(**kw)
    cfg.architectures = ["DeepseekV3ForCausalLM"]
    out = tmp_path / f"cfg_{name}"
    cfg.save_pretrained(out)
    return cfg, out / "config.json"


def _ds_counts(code: Path, cfg) -> tuple[int, int]:
    torch = pytest.importorskip("torch")
    import transformers

    spec = importlib.util.spec_from_file_location(f"p40a_{code.stem}", code)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    with torch.device("meta"):
        ours = sum(p.numel() for p in mod.DeepSeek().parameters())
        hf = sum(p.numel() for p in transformers.DeepseekV3ForCausalLM(cfg).parameters())
    return ours, hf


@pytest.mark.parametrize("k,apart", [(0, False), (1, False), (2, False), (1, True)])
def test_dense_lead_clean(tmp_path, k, apart):
    """k dense layers first (0: all sparse), in the numbered list or (k = 1) standing apart:
    HF's count, no finding."""
    code = _ds_port(tmp_path, "clean", apart=apart, DENSE=k)
    cfg, path = _ds_config(tmp_path, "clean", first_k_dense_replace=k)
    ours, hf = _ds_counts(code, cfg)
    assert ours == hf
    assert _findings(code, path) == []


@pytest.mark.parametrize(
    "code_k,cfg_k", [(0, 1), (1, 0), (2, 1), (0, 2)], ids=["code0", "cfg0", "code2", "code0_cfg2"]
)
def test_dense_lead_plant_is_one_finding(tmp_path, code_k, cfg_k):
    """A planted dense-lead count (an all-sparse side included; before: ``intermediateSize``
    32 vs 128, the experts' width against the dense layer's, holding neither count) changes the
    count torch builds and is one ``firstKDenseReplace`` finding with both values."""
    code = _ds_port(tmp_path, "plant", DENSE=code_k)
    cfg, path = _ds_config(tmp_path, "plant", first_k_dense_replace=cfg_k)
    ours, hf = _ds_counts(code, cfg)
    assert ours != hf
    got = _findings(code, path)
    assert len(got) == 1, got
    assert got[0]["values"] == {"left": code_k, "right": cfg_k}


def test_dense_lead_apart_against_all_sparse_config(tmp_path):
    """A dense layer standing apart against an all-sparse config: the port's list is all sparse
    but a layer stands beside it, so no ``firstKDenseReplace 0`` is read off it; a finding holds
    the dense width (what the structure says), never a dense-lead count of 0 on the port."""
    code = _ds_port(tmp_path, "apart", apart=True)
    cfg, path = _ds_config(tmp_path, "apart", first_k_dense_replace=0)
    ours, hf = _ds_counts(code, cfg)
    assert ours != hf
    got = _findings(code, path)
    assert got and not any(f["values"].get("left") == 0 for f in got), got


def test_all_sparse_switch_off(tmp_path, monkeypatch):
    monkeypatch.setenv("DRIFTCHECK_NO_ALL_SPARSE", "1")
    code = _ds_port(tmp_path, "plant", DENSE=0)
    _, path = _ds_config(tmp_path, "plant")
    got = _findings(code, path)
    assert [f["values"] for f in got] == [{"left": 32, "right": 128}]


DOTS = ROOT / "benchmarks" / "reimpl" / "fresh36"


def test_dense_lead_pattern_is_the_counts_change(monkeypatch):
    """fresh36 (dev) dots1: the port's two dense layers against the config's one. The layer
    pattern (the rarer kind at [0, 1] against [0]) is the dense lead's indices on each side:
    one ``firstKDenseReplace`` finding (the plant is real in torch: fresh36/make.py --check,
    tests/test_reimpl_fresh36.py); switched off, two findings as before."""
    code = DOTS / "planted" / "dots1_toml_table__firstKDenseReplace.py"
    cfg = DOTS / "configs" / "dots1_toml_table" / "config.json"
    got = _findings(code, cfg)
    assert [f["values"] for f in got] == [{"left": 2, "right": 1}], got
    monkeypatch.setenv("DRIFTCHECK_NO_ALL_SPARSE", "1")
    assert len(_findings(code, cfg)) == 2
