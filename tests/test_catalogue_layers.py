"""One generic test over every catalogue layer x every example, grounded in real torch.

For each example the real module is built (torch.nn class, transformers class or a reference
from ``reference_layers``) on the meta device (CPU when meta cannot run it), and the entry's
parameter count, weight names/shapes and output shape must equal torch's, and for matmul/conv
work twice the MAC count must equal the FLOPs torch's FlopCounterMode counts. Entries with
``bad`` examples must raise ShapeError where torch raises too.
"""

from __future__ import annotations

import importlib
from math import prod

import pytest
import torch
from torch.utils.flop_counter import FlopCounterMode

from driftcheck.errors import ShapeError
from driftcheck.graph import catalogue
from tests import reference_layers

SPECS = catalogue.layers()
CASES = [(s.name, i) for s in SPECS for i in range(len(s.examples))]
BAD = [(s.name, i) for s in SPECS for i in range(len(s.extra.get("bad", ())))]
_DTYPES = {"long": torch.long, "float": torch.float32, "bool": torch.bool, "positive": None}


def _torch_class(qualname: str):
    module, _, attr = qualname.rpartition(".")
    return getattr(importlib.import_module(module), attr)


def build(spec, bound: dict, device: str) -> torch.nn.Module:
    with torch.device(device):
        if "reference" in spec.extra:
            mod = reference_layers.build(spec, dict(bound))
        else:
            mod = _torch_class(spec.torch)(**spec.constructor_kwargs(bound))
    return mod.eval()


def make_inputs(spec, shapes, device: str) -> list[torch.Tensor]:
    kinds = spec.extra.get("input_dtype", ())
    out = []
    for i, shape in enumerate(shapes):
        kind = kinds[i] if i < len(kinds) else "float"
        if kind.startswith("full:"):  # lengths and labels (CTC): a valid constant
            out.append(torch.full(shape, int(kind[5:]), dtype=torch.long, device=device))
            continue
        dtype = _DTYPES[kind] or torch.float32
        if kind == "positive":  # variances, probabilities: values matter on CPU
            out.append(torch.rand(shape, device=device) + 0.1)
        elif device == "cpu" and dtype == torch.float32:
            out.append(torch.randn(shape))
        else:
            out.append(torch.zeros(shape, dtype=dtype, device=device))
    return out


# MAC rules torch's FlopCounterMode cannot confirm, and why.
FLOP_EXEMPT = {
    "AdaptiveLogSoftmaxWithLoss": "tails run only for targets in them; the rule is the upper bound",
    "CausalConv1d": "the reference pads both sides and trims, computing outputs it discards",
    "MambaMixer": "same padded conv, and the scan is elementwise work the counter skips",
}


def run(mod: torch.nn.Module, inputs: list[torch.Tensor]) -> tuple[tuple[int, ...], int]:
    """Output shape (first output of tuples) and the FLOPs torch counts for the call."""
    fn = getattr(mod, "dc_forward", mod)
    with torch.no_grad(), FlopCounterMode(display=False) as counter:
        out = fn(*inputs)
    if isinstance(out, (tuple, list)):
        out = out[0]
    return tuple(out.shape), counter.get_total_flops()


def build_and_run(spec, bound, shapes):
    """Meta first (no memory, no time); CPU when meta lacks a kernel (nonzero, cudnn RNNs)."""
    try:
        mod = build(spec, bound, "meta")
        return mod, run(mod, make_inputs(spec, shapes, "meta")), "meta"
    except (NotImplementedError, RuntimeError, ValueError, TypeError):
        torch.manual_seed(0)
        mod = build(spec, bound, "cpu")
        for p in mod.parameters():
            torch.nn.init.normal_(p, std=0.02)
        return mod, run(mod, make_inputs(spec, shapes, "cpu")), "cpu"


@pytest.mark.parametrize(("name", "idx"), CASES, ids=[f"{n}-{i}" for n, i in CASES])
def test_example_matches_torch(name: str, idx: int) -> None:
    spec = catalogue.get(name)
    example = spec.examples[idx]
    bound = spec.bind(example.params)
    want_shape = spec.output_shape(example.params, list(example.inputs))
    mod, (got_shape, flops), _ = build_and_run(spec, bound, example.inputs)

    got_weights = {n: tuple(p.shape) for n, p in mod.named_parameters()}
    assert got_weights == spec.weights(bound)
    assert sum(p.numel() for p in mod.parameters()) == spec.param_count(example.params)
    assert got_shape == tuple(want_shape)
    macs = spec.mac_count(example.params, list(example.inputs))
    assert isinstance(macs, int) and macs >= 0
    if flops and name not in FLOP_EXEMPT:  # matmul/conv work: the rule must equal torch's count
        assert 2 * macs == flops


@pytest.mark.parametrize(("name", "idx"), BAD, ids=[f"{n}-bad{i}" for n, i in BAD])
def test_bad_input_raises_like_torch(name: str, idx: int) -> None:
    spec = catalogue.get(name)
    example = spec.extra["bad"][idx]
    with pytest.raises(ShapeError) as err:
        spec.output_shape(example.params, list(example.inputs))
    assert name in str(err.value)
    mod = build(spec, spec.bind(example.params), "cpu")
    with pytest.raises((RuntimeError, ValueError, IndexError, AssertionError)):
        run(mod, make_inputs(spec, example.inputs, "cpu"))


@pytest.mark.parametrize("name", [s.name for s in SPECS])
def test_symbolic_dims_pass_through(name: str) -> None:
    """Unknown (None) and named ('B', 'T') dims never crash a shape or MAC rule; a symbol in
    a position the rule does not compute comes out unchanged."""
    spec = catalogue.get(name)
    for example in spec.examples:
        for fill in (lambda i: None, lambda i: f"s{i}"):
            shapes = [tuple(fill(i) for i in range(len(s))) for s in example.inputs]
            out = spec.output_shape(example.params, shapes)
            assert isinstance(out, tuple)
            assert isinstance(spec.mac_count(example.params, shapes), int)
        if example.inputs and example.inputs[0]:
            first = ("B", *example.inputs[0][1:])
            shapes = [first, *example.inputs[1:]]
            out = spec.output_shape(example.params, shapes)
            assert isinstance(spec.mac_count(example.params, shapes), int)
            assert all(d is None or isinstance(d, (int, str)) for d in out)


_BAD_VALUES = (0, -1, "x", 2.5, None, True, (1, 2, 3, 4, 5, 6, 7))


@pytest.mark.parametrize("name", [s.name for s in SPECS])
def test_bad_params_give_one_line_errors(name: str) -> None:
    """Any junk in any parameter ends in a DriftcheckError (exit 2, one line), or a result."""
    from driftcheck.errors import DriftcheckError

    spec = catalogue.get(name)
    example = spec.examples[0]
    for p in spec.params:
        for value in _BAD_VALUES:
            params = {**example.params, p.name: value}
            try:
                spec.param_count(params)
                spec.output_shape(params, list(example.inputs))
                spec.mac_count(params, list(example.inputs))
            except DriftcheckError as err:
                assert "\n" not in err.one_line() and name in err.one_line()


def test_catalogue_size_and_entries() -> None:
    assert len(SPECS) >= 200, len(SPECS)
    for spec in SPECS:
        assert len(spec.examples) >= 2, spec.name
        assert spec.doc and spec.family, spec.name
        assert spec.torch or "reference" in spec.extra, f"{spec.name}: nothing to test against"
        if spec.torch:
            _torch_class(spec.torch)


def test_every_width_layer_has_a_bad_input() -> None:
    """Layers with a width check their input; each says how (a bad example) or why not."""
    missing = [
        s.name for s in SPECS if s.dims() and not s.extra.get("bad") and not s.extra.get("no_bad")
    ]
    assert not missing, missing


def test_aliases_and_torch_names_are_unambiguous() -> None:
    """Every name and alias looks up its own entry (exact names first: Conv1D vs Conv1d), and
    no layer alias shadows a block's name."""
    names = {s.name.lower(): s.name for s in SPECS}
    names.update({b.name.lower(): b.name for b in catalogue.blocks()})
    seen: dict[str, str] = {}
    for spec in SPECS:
        assert catalogue.lookup(spec.name) == spec.name
        for alias in spec.aliases:
            other = seen.setdefault(alias.lower(), spec.name)
            assert other == spec.name, f"alias {alias!r} names both {other} and {spec.name}"
            assert names.get(alias.lower(), spec.name) == spec.name, f"{alias!r} is a name"
            assert catalogue.lookup(alias) == spec.name, alias
        if spec.torch:
            assert catalogue.by_torch(spec.torch).name == spec.name


def test_mla_matches_deepseek_v2_too() -> None:
    from transformers.models.deepseek_v2.modeling_deepseek_v2 import DeepseekV2Attention

    spec = catalogue.get("MultiHeadLatentAttention")
    for example in spec.examples:
        bound = spec.bind(example.params)
        with torch.device("meta"):
            mod = DeepseekV2Attention(reference_layers.mla_config(bound, version=2), 0)
        got = {n: tuple(p.shape) for n, p in mod.named_parameters()}
        assert got == spec.weights(bound)


def test_fused_and_per_expert_moe_count_alike() -> None:
    spec = catalogue.get("MoEExperts")
    base = {"num_experts": 8, "hidden_size": 32, "intermediate_size": 48}
    fused = spec.param_count(base)
    per_expert = spec.param_count({**base, "layout": "per_expert"})
    with torch.device("meta"):
        mods = reference_layers.PerExpertMLPs(spec.bind({**base, "layout": "per_expert"}))
    assert fused == per_expert == sum(p.numel() for p in mods.parameters())


REAL_SIZES = [
    ("Attention", {"hidden_size": 4096, "num_heads": 32, "num_kv_heads": 8}),  # Llama-3-8B
    (  # Qwen3-8B
        "Attention",
        {"hidden_size": 4096, "num_heads": 32, "num_kv_heads": 8, "head_dim": 128, "qk_norm": True},
    ),
    (  # DeepSeek-V3
        "MultiHeadLatentAttention",
        {
            "hidden_size": 7168,
            "num_heads": 128,
            "q_lora_rank": 1536,
            "kv_lora_rank": 512,
            "qk_nope_head_dim": 128,
            "qk_rope_head_dim": 64,
            "v_head_dim": 128,
        },
    ),
    ("GatedMLP", {"hidden_size": 4096, "intermediate_size": 14336}),  # Llama-3-8B
    (  # Mixtral-8x7B
        "SparseMoE",
        {"hidden_size": 4096, "num_experts": 8, "intermediate_size": 14336, "top_k": 2},
    ),
    (  # Qwen1.5-MoE-A2.7B
        "SparseMoE",
        {
            "hidden_size": 2048,
            "num_experts": 60,
            "intermediate_size": 1408,
            "top_k": 4,
            "shared_intermediate_size": 5632,
            "shared_expert_gate": True,
        },
    ),
    ("Conv1D", {"nf": 2304, "nx": 768}),  # GPT-2 c_attn
    ("CausalSelfAttention", {"n_embd": 768, "n_head": 12}),  # nanoGPT 124M
    ("MambaMixer", {"hidden_size": 768, "state_size": 16}),  # mamba-130m
]


@pytest.mark.parametrize(("name", "params"), REAL_SIZES, ids=[n for n, _ in REAL_SIZES])
def test_real_model_sizes(name: str, params: dict) -> None:
    """Real widths, not only toy ones: the same references built on the meta device."""
    spec = catalogue.get(name)
    bound = spec.bind(params)
    mod = build(spec, bound, "meta")
    got = {n: tuple(p.shape) for n, p in mod.named_parameters()}
    assert got == spec.weights(bound)
    assert spec.param_count(params) == sum(p.numel() for p in mod.parameters())
    w = spec.weights(bound)
    assert spec.param_count(params) == sum(prod(s) for s in w.values())


def test_layers_command_lists_every_entry() -> None:
    import json

    from tests.conftest import run_cli

    res = run_cli("layers", "--format", "json")
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["counts"]["layers"] == len(SPECS)
    assert {x["name"] for x in data["layers"]} == {s.name for s in SPECS}


def test_flop_exemptions_are_real_entries() -> None:
    assert set(FLOP_EXEMPT) <= {s.name for s in SPECS}


def test_catalogue_docs_are_current() -> None:
    """docs/catalogue.md is generated from the entries; regenerate it when they change."""
    import importlib.util

    from tests.conftest import ROOT

    path = ROOT / "tools" / "gen_catalogue_docs.py"
    spec = importlib.util.spec_from_file_location("gen_catalogue_docs", path)
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    assert gen.OUT.read_text() == gen.render(), "run: python tools/gen_catalogue_docs.py"


# torch.nn modules the catalogue leaves out on purpose, and why.
NOT_LAYERS = {
    "Module": "base class",
    "Container": "deprecated base class",
    "Sequential": "container: the parser expands it into its children",
    "ModuleList": "container",
    "ModuleDict": "container",
    "ParameterList": "container of parameters: the parser expands it",
    "ParameterDict": "container of parameters",
    "DataParallel": "replication wrapper, not a layer",
    "RNNBase": "base class of RNN/LSTM/GRU",
    "RNNCellBase": "base class of the cells",
}


def test_every_torch_nn_layer_is_catalogued() -> None:
    """Completeness against torch itself: every nn.Module class torch.nn exports."""
    nn = torch.nn
    missing = [
        n
        for n in dir(nn)
        if isinstance(getattr(nn, n), type)
        and issubclass(getattr(nn, n), nn.Module)
        and not n.startswith("Lazy")  # widths inferred at first call: nothing static to check
        and n not in NOT_LAYERS
        and catalogue.by_torch(f"torch.nn.{n}") is None
    ]
    assert not missing, missing


def test_every_act2fn_key_names_an_activation() -> None:
    """A parser reading ACT2FN["gelu_new"] or config.hidden_act finds the entry."""
    from transformers.activations import ACT2CLS

    for key in ACT2CLS:
        if key == "linear":  # would shadow the Linear layer; identity activation
            continue
        name = catalogue.lookup(key)
        assert name is not None, key
        assert catalogue.get(name).family == "activation", (key, name)
