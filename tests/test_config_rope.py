"""The RoPE dict a transformers config holds once built, read statically, against transformers.

``PreTrainedConfig.__post_init__`` standardises ``rope_parameters`` (``rope_type`` from ``type``
or ``"default"``, ``rope_theta``, ``partial_rotary_factor``, ``original_max_position_embeddings``,
per layer type when nested), through the class's own ``convert_rope_params_to_dict`` where it
has one. The modeling code picks its RoPE function by ``rope_parameters["rope_type"]``, so a
missing key once sent mistral4's yarn RoPE down the default function: cos 128 wide where torch
has 64, and a false SHP010 blocker on a model torch runs. Here the dict the interpreter builds
must equal the one transformers builds, key for key.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import warnings

import pytest

from driftcheck.parsers.source.library.machine import Interp
from driftcheck.parsers.source.loader import Finder, parse_file
from driftcheck.parsers.source.values.abstract import Config, plain

transformers = pytest.importorskip("transformers")

# (model type, config class, keyword arguments): flat and nested dicts, classes with their own
# convert_rope_params_to_dict, a subclass extending it through super(), scaled types, a
# legacy rope_scaling / rope_theta pair as an old config.json has them
CASES = [
    ("mistral4", "Mistral4Config", {}),
    ("llama", "LlamaConfig", {}),
    ("llama", "LlamaConfig", {"rope_scaling": {"type": "yarn", "factor": 4.0}, "rope_theta": 5e5}),
    (
        "phi3",
        "Phi3Config",
        {
            "rope_parameters": {
                "rope_type": "longrope",
                "short_factor": [1.0] * 48,
                "long_factor": [1.0] * 48,
            }
        },
    ),
    ("gemma3", "Gemma3TextConfig", {}),
    ("olmo3", "Olmo3Config", {}),
    ("gpt_neox", "GPTNeoXConfig", {}),
    ("gpt_neox", "GPTNeoXConfig", {"rotary_pct": 0.5}),
    ("hy_v4_vl", "HYV4VLTextConfig", {}),
    ("dots3_note", "Dots3NoteTextConfig", {}),
    ("deepseek_v3", "DeepseekV3Config", {}),
    ("qwen2_vl", "Qwen2VLTextConfig", {}),
]


def _norm(v):
    v = plain(v)
    if isinstance(v, dict):
        return {k: _norm(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_norm(x) for x in v]
    return v


def _static(tmp_path, model_type: str, cls: str, kwargs: dict) -> Config:
    mod = f"transformers.models.{model_type}.configuration_{model_type}"
    f = tmp_path / "cfgcase.py"
    f.write_text(f"from {mod} import {cls}\nresult = {cls}(**{kwargs!r})\n")
    interp = Interp(Finder([tmp_path]))
    parsed = parse_file(f, "cfgcase")
    interp.names.add_module(parsed)
    got = interp.names.global_lookup(parsed, "result")
    assert isinstance(got, Config)
    return got


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[1]}{'+kw' if c[2] else ''}")
def test_rope_parameters_match_transformers(case, tmp_path):
    model_type, cls, kwargs = case
    klass = getattr(
        importlib.import_module(f"transformers.models.{model_type}.configuration_{model_type}"),
        cls,
    )
    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        want = klass(**kwargs).rope_parameters
    got = _static(tmp_path, model_type, cls, kwargs)
    assert _norm(got.fields.get("rope_parameters")) == want


def test_config_dict_given_is_not_changed(tmp_path):
    """Standardising writes into a copy: the config.json dict the caller holds stays as read."""
    import transformers as tf

    from driftcheck.parsers.source.analyze import analyze
    from driftcheck.speed import Speed

    rope = {"type": "yarn", "factor": 4.0, "rope_theta": 10000.0}
    cfg = {"model_type": "llama", "rope_parameters": rope, "num_hidden_layers": 1}
    cfg.update(hidden_size=64, intermediate_size=128, num_attention_heads=4, vocab_size=32)
    path = tf.__file__.replace("__init__.py", "models/llama/modeling_llama.py")
    from pathlib import Path

    analyze(Path(path), "LlamaForCausalLM", cfg, None, Speed())
    assert rope == {"type": "yarn", "factor": 4.0, "rope_theta": 10000.0}


@pytest.mark.parametrize(
    "model_type", ["mistral4", "llama", "gemma3_text", "gpt_neox", "olmo3", "dots3_note_text"]
)
def test_hf_route_completes_rope_parameters_as_transformers(model_type):
    """``{"model_type": t}`` completed by the HF config route: its RoPE dict is the class's."""
    from driftcheck.parsers import hf_defaults

    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        want = transformers.CONFIG_MAPPING[model_type]().rope_parameters
    out, _ = hf_defaults.complete({"model_type": model_type}, model_type)
    assert out["rope_parameters"] == want
