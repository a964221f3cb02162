"""reimplfix40b (issue #17, reimpl fresh37 blind run): ``dataclasses.asdict`` turns nested
dataclasses into dicts all the way down; a norm's eps added by ``mean.add(eps)`` /
``torch.add(mean, eps)`` under a square root is the norm's eps; a weight sized by enum members
holds plain ints (the experts' ``[E, 2I, D]`` width read); a head width cut into a rotary's two
halves (``unflatten(-1, (2, hd // 2)).unbind(-2)``) is no split into heads. Ground truth is
torch: every port has the parameter count of the HF model of its config (meta device) and
runs; a planted port has the count of the HF model of the planted config; the norms compute
HF's ``LlamaRMSNorm`` with the config's eps (``tests/reimpl_probe40b/probes.py``)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from tests.reimpl_probe38.run import findings, hit  # noqa: E402
from tests.reimpl_probe40b.probes import (  # noqa: E402
    BASE,
    GRANITE_CONFIG,
    llama_config,
    render_granite,
    render_llama,
    write,
)


def _load(path: Path):
    spec = importlib.util.spec_from_file_location(f"rf40b_{abs(hash(str(path)))}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _count(m) -> int:
    return sum(p.numel() for p in m.parameters())


def _hf_count(cfg_path: Path, cls: str) -> int:
    cfg = transformers.AutoConfig.from_pretrained(cfg_path.parent)
    with torch.device("meta"):
        return _count(getattr(transformers, cls)(cfg))


def _llama_port(tmp_path: Path, holder: str, norm: str, rope: str, change: dict):
    code = write(tmp_path / "port", render_llama(holder, norm, rope, **change))
    mod = _load(code)
    model = mod.TinyLlama()
    assert tuple(model(torch.randint(0, BASE["vocab"], (1, 6))).shape) == (1, 6, BASE["vocab"])
    # the port is the HF model of its own values: a plant is real in torch
    want = _hf_count(llama_config(tmp_path / "cfg_port", **change), "LlamaForCausalLM")
    assert _count(model) == want
    return code, mod, model


def _norm_is_hf(mod, eps: float) -> bool:
    """The port's RMSNorm computes transformers' ``LlamaRMSNorm`` with ``eps``, in torch."""
    from transformers.models.llama.modeling_llama import LlamaRMSNorm

    x = torch.randn(2, 3, BASE["width"]) * 0.05  # small, so the eps shows
    ours, ref = mod.RMSNorm(BASE["width"]), LlamaRMSNorm(BASE["width"], eps=eps)
    with torch.no_grad():
        return torch.allclose(ours(x), ref(x), rtol=1e-4, atol=1e-6)


ASDICT = ["asdict_nested", "asdict_deep", "asdict_dict_of", "asdict_list"]


@pytest.mark.parametrize("holder", ASDICT)
@pytest.mark.parametrize("plant", ["clean", "heads", "inner"])
def test_asdict_nested_sections(tmp_path, holder, plant):
    """Sizes in dataclass sections flattened by ``asdict`` (a section field, three levels, a
    dict of sections, a list of sections): clean is clean, a plant is one finding with both
    values (before: no fact of the code side read, nothing found; fresh37
    glm4moe_nested_asdict)."""
    change = {"heads": {"heads": 8}, "inner": {"inner": 224}}.get(plant, {})
    code, mod, _ = _llama_port(tmp_path, holder, "binop", "slice", change)
    cfg = llama_config(tmp_path / "cfg")
    assert _count(mod.TinyLlama()) == _hf_count(cfg, "LlamaForCausalLM") or change
    hits = findings(code, cfg)
    if not change:
        assert hits == []
        return
    key, v = next(iter(change.items()))
    assert len(hits) == 1 and hit(hits, {"code": v, "config": BASE[key]}), hits


def test_asdict_config_plant(tmp_path):
    """A config plant (8 heads in config.json) against a clean asdict port: one finding."""
    code, _, model = _llama_port(tmp_path, "asdict_deep", "binop", "slice", {})
    cfg = llama_config(tmp_path / "cfg8", heads=8)
    assert _hf_count(cfg, "LlamaForCausalLM") != _count(model)
    hits = findings(code, cfg)
    assert len(hits) == 1 and hit(hits, {"code": 4, "config": 8}), hits


EPS = [("mappingproxy", "add_method"), ("namespace", "torch_add"), ("constants", "add_method")]


@pytest.mark.parametrize(("holder", "norm"), EPS)
@pytest.mark.parametrize("eps", [BASE["eps"], 0.1])
def test_norm_eps_added_by_call(tmp_path, holder, norm, eps):
    """``mean.add(eps).sqrt()`` / ``torch.add(mean, eps).rsqrt()``: the port's norm is HF's with
    its own eps (torch), and a changed eps is one finding with both values (before: none;
    fresh37 arcee_mappingproxy normEps)."""
    change = {} if eps == BASE["eps"] else {"eps": eps}
    code, mod, _ = _llama_port(tmp_path, holder, norm, "slice", change)
    assert _norm_is_hf(mod, eps) and (not change or not _norm_is_hf(mod, BASE["eps"]))
    hits = findings(code, llama_config(tmp_path / "cfg"))
    if not change:
        assert hits == []
    else:
        assert len(hits) == 1 and hit(hits, {"code": eps, "config": BASE["eps"]}), hits


@pytest.mark.parametrize("rope", ["halves", "pairs"])
@pytest.mark.parametrize("plant", ["clean", "heads", "kv"])
def test_rotary_halves_no_head_split(tmp_path, rope, plant):
    """A rotary cutting each head into its halves (or pairs) by ``unflatten`` + ``unbind``:
    the heads are still read (before: the halves' split gave a second head width, no head
    reading, and a heads plant came out as a key/value and a rotary finding; fresh37
    granitemoe_enum_sizes numHeads)."""
    change = {"heads": {"heads": 8}, "kv": {"kv": 1}}.get(plant, {})
    code, _, _ = _llama_port(tmp_path, "constants", "binop", rope, change)
    hits = findings(code, llama_config(tmp_path / "cfg"))
    if not change:
        assert hits == []
        return
    key, v = next(iter(change.items()))
    assert len(hits) == 1 and hit(hits, {"code": v, "config": BASE[key]}), hits


def test_rotary_halves_switch_off(tmp_path, monkeypatch):
    """``DRIFTCHECK_ROPE_HALVES=0``: the halves read as before (the heads plant not found as
    one numHeads finding), so the switch is live."""
    code, _, _ = _llama_port(tmp_path, "constants", "binop", "halves", {"heads": 8})
    cfg = llama_config(tmp_path / "cfg")
    monkeypatch.setenv("DRIFTCHECK_ROPE_HALVES", "0")
    hits = findings(code, cfg)
    assert not (len(hits) == 1 and hit(hits, {"code": 8, "config": 4})), hits


@pytest.mark.parametrize("spelling", ["intenum", "int_mixin"])
@pytest.mark.parametrize("plant", ["clean", "EXPERT_FF"])
def test_enum_sized_expert_tensors(tmp_path, spelling, plant):
    """Expert tensors ``[E, 2I, D]`` / ``[E, D, I]`` sized by ``IntEnum`` / ``(int, Enum)``
    members: the experts' width is read, a changed width is one intermediateSize finding
    (before: two parameter-shape findings holding neither width)."""
    change = {"EXPERT_FF": 128} if plant != "clean" else {}
    code = write(tmp_path / "port", render_granite(spelling, **change))
    mod = _load(code)
    model = mod.GraniteMoE()
    for p in model.parameters():
        torch.nn.init.normal_(p, std=0.02)
    assert tuple(model(torch.randint(0, 624, (1, 5))).shape) == (1, 5, 624)
    cfg = json.loads(GRANITE_CONFIG.read_text())
    if change:
        cfg["intermediate_size"] = 128
    (tmp_path / "cfg").mkdir()
    (tmp_path / "cfg" / "config.json").write_text(json.dumps(cfg))
    assert _count(model) == _hf_count(tmp_path / "cfg" / "config.json", "GraniteMoeForCausalLM")
    hits = findings(code, GRANITE_CONFIG)
    if not change:
        assert hits == []
    else:
        assert len(hits) == 1 and hit(hits, {"code": 128, "config": 96}), hits


@pytest.mark.parametrize("holder", ASDICT)
def test_asdict_static_value_is_pythons(tmp_path, holder):
    """The interpreter's value of the ``asdict`` global is Python's: nested sections, a dict
    and a list of them all dicts, every size in place (``runpy`` is the ground truth)."""
    import runpy

    from driftcheck.parsers.source.library.machine import Interp
    from driftcheck.parsers.source.loader import Finder, parse_file
    from tests.reimpl_probe40b.probes import HOLDERS

    header, _ = HOLDERS[holder]
    f = tmp_path / "vals40b.py"
    f.write_text(header.format(**BASE))
    real = runpy.run_path(str(f))
    mod = parse_file(f, "vals40b")
    interp = Interp(Finder([tmp_path]))
    interp.names.add_module(mod)
    names = [k for k, v in real.items() if k.isupper() and isinstance(v, dict)]
    assert names
    for n in names:
        assert _deep(interp.names.global_lookup(mod, n)) == real[n], n


def test_asdict_keeps_other_objects(tmp_path):
    """A field holding an object that is no dataclass stays that object (asdict deep-copies
    it), so reading one of its attributes still works, as in Python (``runpy``)."""
    import runpy

    from driftcheck.parsers.source.library.machine import Interp
    from driftcheck.parsers.source.loader import Finder, parse_file
    from driftcheck.parsers.source.values.abstract import plain

    f = tmp_path / "vals40b.py"
    f.write_text(
        "from dataclasses import asdict, dataclass, field\n"
        "class Box:\n    def __init__(self):\n        self.n = 7\n"
        "@dataclass\nclass A:\n    box: object = field(default_factory=Box)\n    k: int = 3\n"
        "D = asdict(A())\nN = D['box'].n\nK = D['k']\n"
    )
    real = runpy.run_path(str(f))
    mod = parse_file(f, "vals40b")
    interp = Interp(Finder([tmp_path]))
    interp.names.add_module(mod)
    assert plain(interp.names.global_lookup(mod, "N")) == real["N"] == 7
    assert plain(interp.names.global_lookup(mod, "K")) == real["K"] == 3


def _deep(v):
    from driftcheck.parsers.source.values.abstract import plain

    v = plain(v)
    if isinstance(v, dict):
        return {k: _deep(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return type(v)(_deep(x) for x in v)
    return v


@pytest.mark.parametrize("change", [{}, {"heads": 8}])
def test_per_head_fused_kv_cut_is_no_rotary(tmp_path, monkeypatch, change):
    """A per-head fused k|v cut into key and value by the halves' own reshape
    (``view(b, t, kv, 2 * hd).unflatten(-1, (2, hd)).unbind(-2)``), the parts never joined
    again: ``ropehalves`` leaves it alone, the findings are those with the switch off. (The
    port is the HF model of its values in torch. Its clean finding, an ``unflattenedSize`` of
    ``[2, 32]`` against ``[-1, 16]``, predates this session: left.)"""
    from tests.reimpl_probe40b.probes import render_kv_fused

    code = write(tmp_path / "port", render_kv_fused("halves", **change))
    model = _load(code).TinyLlama()
    assert tuple(model(torch.randint(0, BASE["vocab"], (1, 4))).shape) == (1, 4, BASE["vocab"])
    want = _hf_count(llama_config(tmp_path / "cfg_port", **change), "LlamaForCausalLM")
    assert _count(model) == want
    cfg = llama_config(tmp_path / "cfg")
    on = findings(code, cfg)
    monkeypatch.setenv("DRIFTCHECK_ROPE_HALVES", "0")
    assert findings(code, cfg) == on
