"""The cost model against real torch: parameter counts, FLOPs (FlopCounterMode), KV cache bytes
(a real transformers DynamicCache), plus the roofline and fit arithmetic."""

import pytest
import torch
from torch.utils.flop_counter import FlopCounterMode

from driftcheck.graph.cost import GPUS, dtype_bytes, estimate
from driftcheck.verifier.build import L, seq


def _torch_flops(module, x):
    with FlopCounterMode(display=False) as counter:
        module(x)
    return counter.get_total_flops()


@pytest.mark.parametrize("widths", [(8, 16, 4), (32, 7, 7, 3), (5, 64)])
def test_mlp_params_and_flops_match_torch(widths):
    layers, mods = [], []
    for i, o in zip(widths, widths[1:]):
        layers.append(L("Linear", in_features=i, out_features=o))
        mods.append(torch.nn.Linear(i, o))
    g = seq((3, widths[0]), *layers)
    cost = estimate(g)
    model = torch.nn.Sequential(*mods)
    assert cost.params == sum(p.numel() for p in model.parameters())
    assert cost.flops == _torch_flops(model, torch.randn(3, widths[0]))
    assert cost.macs_unknown == 0


def test_conv_flops_match_torch():
    g = seq(
        (2, 3, 8, 8),
        L("Conv2d", in_channels=3, out_channels=4, kernel_size=3),
        L("Conv2d", in_channels=4, out_channels=6, kernel_size=3, stride=2, padding=1),
    )
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3), torch.nn.Conv2d(4, 6, 3, 2, 1))
    cost = estimate(g)
    assert cost.params == sum(p.numel() for p in model.parameters())
    assert cost.flops == _torch_flops(model, torch.randn(2, 3, 8, 8))


def test_repeated_block_multiplies_macs_and_activations():
    one = estimate(seq((4, 16), L("Linear", in_features=16, out_features=16)))
    three = estimate(seq((4, 16), L("Linear", in_features=16, out_features=16, repeat=3)))
    assert three.macs == 3 * one.macs == 3 * 4 * 16 * 16
    assert three.activation_bytes == 3 * one.activation_bytes == 3 * 4 * 16 * 2  # bf16


@pytest.mark.parametrize("heads,kv,layers", [(8, 2, 3), (4, 4, 2), (8, 1, 1)])
def test_kv_cache_bytes_match_a_real_transformers_cache(heads, kv, layers):
    from transformers import LlamaConfig, LlamaForCausalLM

    cfg = LlamaConfig(
        hidden_size=64,
        num_attention_heads=heads,
        num_key_value_heads=kv,
        num_hidden_layers=layers,
        intermediate_size=96,
        vocab_size=50,
    )
    model = LlamaForCausalLM(cfg).eval()
    tokens = 7
    with torch.no_grad():
        cache = model(torch.randint(0, 50, (1, tokens)), use_cache=True).past_key_values
    real = sum(
        (layer.keys.numel() + layer.values.numel()) * layer.keys.element_size()
        for layer in cache.layers
    )
    g = seq(
        (1, tokens, 64),
        L("Attention", hidden_size=64, num_heads=heads, num_kv_heads=kv, repeat=layers),
    )
    cost = estimate(g, dtype="float32")
    assert cost.kv_bytes(tokens) == real
    # the same from config facts alone (2 * layers * kv_heads * head_dim * bytes)
    facts = seq(
        None, facts={"numLayers": layers, "numHeads": heads, "numKvHeads": kv, "hiddenSize": 64}
    )
    assert estimate(facts, dtype="float32").kv_bytes(tokens) == real


def test_roofline_and_fit():
    # 7e9 parameters in bf16 = 14 GB: no fit on a T4 (16 GB) with a long KV cache, fits an H100
    g = seq(
        None,
        facts={
            "numLayers": 32,
            "numHeads": 32,
            "numKvHeads": 8,
            "hiddenSize": 4096,
            "maxPositionEmbeddings": 32768,
        },
    )
    cost = estimate(g)
    cost.params = 7_000_000_000
    assert cost.kv_bytes_per_token == 2 * 32 * 8 * 128 * 2
    kv = cost.kv_bytes()
    assert kv == cost.kv_bytes_per_token * 32768
    t4, h100 = cost.fit("T4"), cost.fit("h100")
    assert not t4.fits and h100.fits
    want_ms = 1000 * (14e9 + kv) / (GPUS["H100"].bandwidth_gbs * 1e9)
    assert h100.decode_ms_per_token == pytest.approx(want_ms)
    assert h100.bound == "memory"
    assert cost.training_bytes == 16 * 7_000_000_000 + cost.activation_bytes
    assert dtype_bytes("torch.float16") == 2 and dtype_bytes("int4") == 0.5
    by = cost.summary()["weight_bytes_by_dtype"]
    assert by == {"float32": 28e9, "bfloat16": 14e9, "int8": 7e9, "int4": 3.5e9}


def test_unknown_sizes_give_unknown_not_zero():
    g = seq((2, 8), L("Linear", in_features=8, out_features=4), L("Mystery"))
    cost = estimate(g)
    assert cost.params is None and cost.weight_bytes is None
    assert cost.macs_unknown == 1  # the unknown layer is on the dataflow: its MACs are unknown
    assert cost.macs == 2 * 8 * 4


def test_counts_past_a_float_give_findings_not_tracebacks():
    """A graph whose byte counts pass 1e308 (exact ints of hundreds of digits) gets its
    serving findings with an honest 'more than 1e308', never an OverflowError (``x / 1e9``
    of such an int raises); the fit is infinite and does not fit."""
    from driftcheck.graph.cost import amount, estimate, per
    from driftcheck.verifier import VerifyOptions, verify

    huge = seq([1] + [2**62] * 30, L("Linear", in_features=2**62, out_features=2**62))
    by_id = {f.check_id: f.message for f in verify(huge).findings}
    assert by_id["CST003"].startswith("activations of one forward: more than 1e308 GiB")
    assert "CST001" in by_id  # 2**124 weights: far past any GPU
    wide = seq(
        [1, 2**62],
        L("Linear", in_features=2**62, out_features=2**62 * 10**300),
    )
    by_id = {f.check_id: f.message for f in verify(wide).findings}
    assert by_id["CST001"].startswith("weights need more than 1e308 GB")
    fit = estimate(wide).fit("H100")
    assert not fit.fits and fit.need_gb == float("inf")
    int4 = {f.check_id: f.message for f in verify(wide, VerifyOptions(dtype="int4")).findings}
    assert int4["CST001"].startswith("weights need more than 1e308 GB in int4")
    assert per(3 * 10**9, 1e9) == 3.0 and amount(10**400, 1e9) == "more than 1e308"
