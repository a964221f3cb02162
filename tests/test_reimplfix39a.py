"""reimplfix39a (issue #17): Windows' standard environment variables under
``--assume-env-defaults``, the hybrid layer pattern fact, negative axes placed by the view's rank
(``canon``), and clean probe ports (``tests/reimpl_probe39``).

Every count is checked against torch (CPU or meta device), every plant is real in torch."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _torch_count(code: Path, env: dict) -> int:
    """The parameter count torch builds from ``code`` under the environment ``env``."""
    prog = (
        "import runpy,sys\n"
        "ns = runpy.run_path(sys.argv[1])\n"
        "print(sum(p.numel() for p in ns['model'].parameters()))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", prog, str(code)], capture_output=True, text=True, env=env
    )
    assert out.returncode == 0, out.stderr[-400:]
    return int(out.stdout.split()[-1])


def _check_totals(code: Path) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-m", "driftcheck", "check", str(code), "--assume-env-defaults"]
        + ["--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    import re

    return re.findall(r'"params_total": (\w+)', out.stdout)


@pytest.mark.parametrize(
    "key", ["USERPROFILE", "SystemRoot", "TEMP", "COMPUTERNAME", "APPDATA", "Path"]
)
def test_windows_standard_variables_never_assumed_unset(tmp_path, key):
    """Windows sets these at every launch (and matches keys in any case): under
    --assume-env-defaults their absence is not assumed (torch run as a Windows launch has them
    set and builds another model than the clean-environment reading would); the size stays
    unknown."""
    pytest.importorskip("torch")
    code = tmp_path / "m.py"
    code.write_text(
        "import os\nimport torch.nn as nn\n"
        f"h = 8 if os.environ.get({key!r}) else 4\nw = 3 if {key!r} in os.environ else 5\n"
        "model = nn.Linear(h, w, bias=False)\n"
    )
    base = {k: v for k, v in os.environ.items() if k.upper() != key.upper()}
    # a Windows launch holds the variable (POSIX's os.environ is case-sensitive: the key as
    # written stands for Windows' case-insensitive lookup)
    assert _torch_count(code, dict(base, **{key: "C:\\x"})) == 24
    if key.upper() not in ("PATH",):
        assert _torch_count(code, base) == 20  # the clean reading: another model
    totals = _check_totals(code)
    assert totals and all(t == "null" for t in totals), totals


def test_unlisted_variable_still_takes_its_default(tmp_path):
    """The set does not swallow every key: a project's own variable is still read as unset."""
    pytest.importorskip("torch")
    code = tmp_path / "m.py"
    code.write_text(
        "import os\nimport torch.nn as nn\n"
        "h = int(os.environ.get('MY_WIDTH39', '6'))\n"
        "model = nn.Linear(h, 2, bias=False)\n"
    )
    base = {k: v for k, v in os.environ.items() if k != "MY_WIDTH39"}
    assert _torch_count(code, base) == 12
    totals = _check_totals(code)
    assert totals and all(t == "12" for t in totals), totals


# ------------------------------------------------------------------ hybrid layer pattern
PROBES = Path(__file__).parent / "reimpl_probe39"


def _findings(code: Path, config: Path) -> list[dict]:
    from driftcheck.drift import drift, load_sides

    fs = drift(load_sides(str(code), str(config)), str(code), str(config))
    return [
        {"kind": f.kind, "msg": f.message, "values": f.values} for f in fs if f.severity.rank >= 1
    ]


def _lfm2_config(tmp_path: Path, idxs: list[int]) -> tuple[object, Path]:
    transformers = pytest.importorskip("transformers")
    cfg = transformers.Lfm2Config(
        vocab_size=320,
        hidden_size=32,
        intermediate_size=96,
        num_hidden_layers=4,
        num_attention_heads=4,
        num_key_value_heads=2,
        full_attn_idxs=idxs,
        block_auto_adjust_ff_dim=False,
        tie_word_embeddings=True,
    )
    cfg.architectures = ["Lfm2ForCausalLM"]
    out = tmp_path / f"cfg_{'_'.join(map(str, idxs))}"
    cfg.save_pretrained(out)
    return cfg, out / "config.json"


def _lfm2_code(tmp_path: Path, types: list[str]) -> Path:
    text = (PROBES / "lfm2_types.py.tmpl").read_text().replace("@TYPES@", repr(types))
    path = tmp_path / f"port_{'_'.join(t[0] for t in types)}.py"
    path.write_text(text)
    return path


def _layout(sd: dict) -> set[tuple[int, tuple]]:
    """(layer index, weight shape) of every per-layer weight of a state dict."""
    out = set()
    for k, v in sd.items():
        parts = k.split(".")
        if "layers" in parts:
            out.add((int(parts[parts.index("layers") + 1]), tuple(v.shape)))
    return out


def _torch_sides(code: Path, cfg) -> tuple[dict, dict]:
    torch = pytest.importorskip("torch")
    import importlib.util

    import transformers

    spec = importlib.util.spec_from_file_location(f"p39_{code.stem}", code)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    with torch.device("meta"):
        hf = transformers.Lfm2ForCausalLM(cfg)
    return mod.HybridLM().state_dict(), hf.state_dict()


C, A = "conv", "full_attention"


def test_layer_pattern_clean(tmp_path):
    """The port holds the HF model's weights layer by layer: no finding."""
    cfg, path = _lfm2_config(tmp_path, [1, 3])
    code = _lfm2_code(tmp_path, [C, A, C, A])
    ours, hf = _torch_sides(code, cfg)
    assert sum(v.numel() for v in ours.values()) == sum(
        v.numel() for k, v in hf.items() if k != "lm_head.weight"
    )
    assert _layout(ours) == _layout(hf)
    assert _findings(code, path) == []


@pytest.mark.parametrize(
    "code_types, cfg_idxs, left, right",
    [
        ([A, C, C, A], [1, 3], [0, 3], [1, 3]),  # planted in the code (same count of each)
        ([C, A, A, A], [1, 3], [1, 2, 3], [1, 3]),  # one layer more of attention
        ([C, A, C, A], [1, 2], [1, 3], [1, 2]),  # planted in the config
    ],
)
def test_layer_pattern_plant_is_one_finding(tmp_path, code_types, cfg_idxs, left, right):
    """A layer moved between the kinds: torch's layers differ at those indices (state dicts of
    another layout), and driftcheck says it once, with both index lists."""
    cfg, path = _lfm2_config(tmp_path, cfg_idxs)
    code = _lfm2_code(tmp_path, code_types)
    ours, hf = _torch_sides(code, cfg)
    assert _layout(ours) != _layout(hf)
    # the port built with the config's pattern is the HF model again
    same = _lfm2_code(tmp_path, [A if i in cfg_idxs else C for i in range(4)])
    assert _layout(_torch_sides(same, cfg)[0]) == _layout(hf)
    got = _findings(code, path)
    assert len(got) == 1, got
    assert got[0]["kind"] == "layer-type"
    assert got[0]["values"] == {"left": left, "right": right}


def test_layer_pattern_switch_off(tmp_path, monkeypatch):
    """DRIFTCHECK_NO_LAYER_PATTERN=1: the structural findings as before (more than one)."""
    cfg, path = _lfm2_config(tmp_path, [1, 3])
    code = _lfm2_code(tmp_path, [A, C, C, A])
    monkeypatch.setenv("DRIFTCHECK_NO_LAYER_PATTERN", "1")
    got = _findings(code, path)
    assert got and all(f["values"] != {"left": [0, 3], "right": [1, 3]} for f in got)


# ------------------------------------------------------------------ negative axes placed by rank
@pytest.fixture(scope="module")
def bitnet_config(tmp_path_factory):
    transformers = pytest.importorskip("transformers")
    cfg = transformers.BitNetConfig(
        vocab_size=560,
        hidden_size=64,
        intermediate_size=144,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        tie_word_embeddings=False,
        bos_token_id=0,
        eos_token_id=0,
        pad_token_id=0,
    )
    cfg.architectures = ["BitNetForCausalLM"]
    dst = tmp_path_factory.mktemp("bitnet39a")
    cfg.save_pretrained(dst)
    return cfg, dst / "config.json"


def _load(path: Path):
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"p39a_{path.stem}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _hf_count(cfg) -> int:
    torch = pytest.importorskip("torch")
    import transformers

    with torch.device("meta"):
        m = getattr(transformers, cfg.architectures[0])(cfg)
    return sum(p.numel() for p in m.parameters())


from tests.reimpl_probe39.fused_axes import VARIANTS  # noqa: E402
from tests.reimpl_probe39.fused_axes import write as write_axes  # noqa: E402


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_fused_axis_moves_clean_and_same_model(tmp_path, bitnet_config, variant):
    """Every way of moving and cutting the fused q|k|v head axis (negative transposes,
    permutes, cuts, movedim, swapaxes, slices, einops) is the same model in torch as the
    positive-axis port (same weights, same outputs) with the HF model's parameter count; the
    comparison with the config is clean (before: movedim a false numHeads 8 vs 4, negative
    slices two false minor slice findings)."""
    torch = pytest.importorskip("torch")
    cfg, path = bitnet_config
    code = write_axes(tmp_path, variant)
    ref = _load(write_axes(tmp_path / "ref", "positive")).BitLM()
    mod = _load(code).BitLM()
    assert sum(p.numel() for p in mod.parameters()) == _hf_count(cfg) == 152288
    mod.load_state_dict(ref.state_dict())
    ids = torch.randint(0, 560, (2, 5))
    assert torch.allclose(mod(ids), ref(ids), atol=1e-5)
    assert _findings(code, path) == []


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_fused_axis_moves_planted_heads_one_finding(tmp_path, bitnet_config, variant):
    """Eight query heads planted (another fused width: the parameter count differs in torch):
    one numHeads finding, 8 against 4, wherever the axes are counted from (before: negative
    axes left the heads unread, the plant showed as an unflatten size holding neither)."""
    cfg, path = bitnet_config
    code = write_axes(tmp_path, variant, h=8, kv=2)
    mod = _load(code).BitLM()
    assert sum(p.numel() for p in mod.parameters()) != _hf_count(cfg)
    got = _findings(code, path)
    assert len(got) == 1, got
    assert got[0]["values"] == {"left": 8, "right": 4}


def test_view_rank_switch_off(tmp_path, bitnet_config, monkeypatch):
    """DRIFTCHECK_NO_VIEW_RANK=1: negative axes are not placed; the heads stay unread there
    (the review38 behaviour: no false count either)."""
    _, path = bitnet_config
    monkeypatch.setenv("DRIFTCHECK_NO_VIEW_RANK", "1")
    code = write_axes(tmp_path, "transpose_neg", h=8, kv=2)
    got = _findings(code, path)
    assert all(f["values"] != {"left": 8, "right": 4} for f in got)
    assert _findings(write_axes(tmp_path, "transpose_neg"), path) == []


# ------------------------------------------------------------------ clean-port hunt (probe39)
from tests.reimpl_probe39 import styles as S39  # noqa: E402

MAIN39 = {
    "llama": "LlamaLM",
    "bert": "Encoder",
    "gpt2": "GPT",
    "llama_partial": "LlamaLM",
    "bert_mha": "Encoder",
}
HUNT = [(arch, style) for arch in ("llama_partial", "bert_mha") for style in S39.STYLES] + [
    ("llama", "hf_subclass"),
    ("bert", "toml_text"),
    ("gpt2", "ini_text"),
    ("llama", "int_enum"),
]


@pytest.fixture(scope="module")
def configs39(tmp_path_factory):
    root = tmp_path_factory.mktemp("probe39_cfg")
    return {arch: S39.hf_config(arch, root / arch) for arch in MAIN39}


@pytest.mark.parametrize("arch,style", HUNT)
def test_probe39_clean_port_and_code_plants(tmp_path, configs39, arch, style):
    """A clean port (sizes from a PretrainedConfig subclass, TOML, keyword defaults, a
    partial of a namespace, INI, an IntEnum; blocks made by functools.partial with the head
    tied through a property; nn.MultiheadAttention with kdim/vdim): torch builds the HF
    model's count and runs; compare is clean. Every code plant (heads, KV heads, layers, MLP
    width, vocabulary) changes torch's count and is one finding holding both values."""
    torch = pytest.importorskip("torch")
    cfg, path = configs39[arch]
    n_hf = _hf_count(cfg)
    clean = S39.write(tmp_path / "clean", S39.render(arch, style))
    mod = getattr(_load(clean), MAIN39[arch])()
    assert sum(p.numel() for p in mod.parameters()) == n_hf
    mod(torch.randint(0, 50, (1, 6)))
    assert _findings(clean, path) == []
    for p in S39.plants(arch):
        if p["where"] != "code":
            continue
        code = S39.write(tmp_path / p["name"], S39.render(arch, style, p["vals"]))
        m = getattr(_load(code), MAIN39[arch])()
        assert sum(x.numel() for x in m.parameters()) != n_hf, p["name"]
        got = _findings(code, path)
        assert len(got) == 1, (p["name"], got)
        assert got[0]["values"] == {"left": p["code"], "right": p["config"]}, (p["name"], got)


def test_probe39_config_plant(tmp_path, configs39):
    """A config plant (another depth in the config): one finding, the code's 2 against 3."""
    arch, style = "llama_partial", "toml_text"
    clean = S39.write(tmp_path / "clean", S39.render(arch, style))
    p = next(p for p in S39.plants(arch) if p["where"] == "config")
    cfg, path = S39.hf_config(arch, tmp_path / "cfg", {**S39.tiny(arch), p["key"]: p["config"]})
    assert _hf_count(cfg) != _hf_count(configs39[arch][0])
    got = _findings(clean, path)
    assert len(got) == 1 and got[0]["values"] == {"left": 2, "right": 3}, got


# ------------------------------------------------------------------ grouped-conv ConvNeXt port
def _convnext(tmp_path: Path, widths, depths, patch) -> tuple[int, Path]:
    torch = pytest.importorskip("torch")
    text = (PROBES / "convnext.py.tmpl").read_text()
    text = text.replace("@WIDTHS@", repr(tuple(widths))).replace("@DEPTHS@", repr(tuple(depths)))
    path = tmp_path / f"cnx_{'_'.join(map(str, (*widths, *depths, patch)))}.py"
    path.write_text(text.replace("@PATCH@", str(patch)))
    net = _load(path).ConvNeXt()
    assert tuple(net(torch.randn(1, 3, 32, 32)).shape) == (1, widths[-1])
    return sum(p.numel() for p in net.parameters()), path


def _convnext_config(tmp_path: Path, widths, depths, patch) -> tuple[int, Path]:
    transformers = pytest.importorskip("transformers")
    cfg = transformers.ConvNextConfig(
        num_channels=3,
        hidden_sizes=list(widths),
        depths=list(depths),
        num_stages=len(widths),
        patch_size=patch,
        image_size=32,
    )
    cfg.architectures = ["ConvNextModel"]
    out = tmp_path / f"cnx_cfg_{'_'.join(map(str, (*widths, *depths, patch)))}"
    cfg.save_pretrained(out)
    return _hf_count(cfg), out / "config.json"


def test_convnext_grouped_conv_port(tmp_path):
    """A ConvNeXt port (depthwise grouped 7x7 convolutions, channels-first norms, layer scale,
    a frozen dataclass): the HF model's count, clean; a stage width, a stage depth, the patch
    and a config depth planted: each another count in torch and one finding with both values."""
    base = ((16, 32), (1, 2), 4)
    n_hf, cfg = _convnext_config(tmp_path, *base)
    n, code = _convnext(tmp_path, *base)
    assert n == n_hf == 26064
    assert _findings(code, cfg) == []
    for plant, left, right in [
        (((16, 48), (1, 2), 4), [16, 48], [16, 32]),
        (((16, 32), (1, 3), 4), [1, 3], [1, 2]),
        (((16, 32), (1, 2), 2), 2, 4),
    ]:
        n, path = _convnext(tmp_path, *plant)
        assert n != n_hf
        got = _findings(path, cfg)
        assert len(got) == 1 and got[0]["values"] == {"left": left, "right": right}, got
    n2, cfg2 = _convnext_config(tmp_path, (16, 32), (2, 2), 4)
    assert n2 != n_hf
    got = _findings(code, cfg2)
    assert len(got) == 1 and got[0]["values"] == {"left": [1, 2], "right": [2, 2]}, got
