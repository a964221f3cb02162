"""What ``driftcheck compare`` accepts as a side (issue #17): every graph driftcheck writes
reads back, and JSON that is no model config is exit 2 with one line, in every install."""

from __future__ import annotations

import json

import pytest

from tests.conftest import ROOT, run_cli
from tests.test_no_torch import run_without_torch

EXAMPLE_CODE = "examples/drift/tiny_encoder.py"
EXAMPLE_CONFIG = "examples/drift/bert-base-uncased.config.json"


@pytest.mark.parametrize(
    "source,expand",
    [
        (EXAMPLE_CODE, False),  # code
        (EXAMPLE_CODE, True),  # repeated blocks written out
        (EXAMPLE_CONFIG, False),  # a config (the static route)
        ("examples/serving/vllm-config.yaml", False),  # a serving manifest
        ("examples/tiny_mlp.graph.json", False),  # a graph read back
    ],
)
def test_every_graph_written_is_a_side(tmp_path, source, expand):
    r = run_cli("graph", source, "--format", "json", *(["--expand"] if expand else []))
    assert r.returncode == 0, r.stderr
    written = json.loads(r.stdout)
    assert "params_total" in written
    out = tmp_path / "g.json"
    out.write_text(r.stdout)
    back = run_cli("graph", str(out), "--format", "json")
    assert back.returncode == 0, back.stderr
    assert json.loads(back.stdout) == written  # the same graph, the same count
    r = run_cli("compare", str(out), source)
    assert r.returncode == 0 and "no findings" in r.stdout, r.stdout + r.stderr


def test_checkpoint_graph_is_a_side(tmp_path):
    import torch
    from safetensors.torch import save_file

    w = tmp_path / "m.safetensors"
    save_file({"fc.weight": torch.zeros(4, 8), "fc.bias": torch.zeros(4)}, str(w))
    r = run_cli("graph", str(w), "--format", "json")
    assert r.returncode == 0, r.stderr
    (tmp_path / "g.json").write_text(r.stdout)
    r = run_cli("compare", str(tmp_path / "g.json"), str(w))
    assert r.returncode == 0 and "no findings" in r.stdout, r.stdout + r.stderr


def test_params_total_that_is_not_the_nodes_count_is_noted(tmp_path):
    r = run_cli("graph", EXAMPLE_CODE, "--format", "json")
    data = json.loads(r.stdout)
    data["params_total"] += 1
    (tmp_path / "g.json").write_text(json.dumps(data))
    back = run_cli("graph", str(tmp_path / "g.json"), "--format", "json")
    assert back.returncode == 0
    assert json.loads(back.stdout)["params_total"] == data["params_total"] - 1
    assert any("params_total as written" in n for n in json.loads(back.stdout)["notes"])
    data["params_total"] = "12"
    (tmp_path / "g.json").write_text(json.dumps(data))
    bad = run_cli("graph", str(tmp_path / "g.json"))
    assert bad.returncode == 2 and "params_total" in bad.stderr


NOT_CONFIGS = [
    ({"foo": 1}, "not a model config"),
    ({}, "not a model config"),
    ({"architectures": ["X"], "torch_dtype": "float16"}, "not a model config"),
    ({"hidden_size": "768", "num_hidden_layers": 12}, "[hidden_size]"),  # a number as text
    ({"model_type": "bert", "num_attention_heads": "12"}, "[num_attention_heads]"),
    ({"hidden_size": 768, "num_hidden_layers": {"a": "b"}}, "[num_hidden_layers]"),
    ({"hidden_size": 768, "num_hidden_layers": True}, "[num_hidden_layers]"),
    ({"hidden_size": 768, "layer_norm_eps": "1e-12"}, "[layer_norm_eps]"),
    ({"hidden_size": 768, "tie_word_embeddings": "yes"}, "[tie_word_embeddings]"),
    ({"text_config": {"hidden_size": "64"}, "model_type": "llava"}, "text_config.hidden_size"),
]


def _one_error_line(r) -> str:
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2, r.stdout + r.stderr
    assert len(lines) == 1 and lines[0].startswith("driftcheck: error: "), r.stderr
    assert "Traceback" not in r.stderr
    return lines[0]


@pytest.mark.parametrize("data,needle", NOT_CONFIGS)
def test_not_a_config_is_exit_2_one_line(tmp_path, data, needle):
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps(data))
    for args in (("compare", EXAMPLE_CODE, str(cfg)), ("compare", str(cfg), EXAMPLE_CONFIG)):
        line = _one_error_line(run_cli(*args))
        assert needle in line and str(cfg) in line, line


@pytest.mark.parametrize("data,needle", NOT_CONFIGS[:4] + NOT_CONFIGS[5:])
def test_not_a_config_is_exit_2_on_the_core_install(tmp_path, data, needle):
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps(data))
    line = _one_error_line(run_without_torch("compare", EXAMPLE_CODE, str(cfg)))
    assert needle in line, line


def test_real_configs_are_not_refused():
    """transformers config classes' defaults, as ``to_dict`` writes them, are configs (every
    5th model type here; all 820 classes pass, measured when this check was written)."""
    import warnings

    from transformers import CONFIG_MAPPING
    from transformers.utils import logging

    from driftcheck.parsers.hf_facts import refuse_non_config

    logging.set_verbosity_error()
    checked = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for model_type in sorted(CONFIG_MAPPING.keys())[::5]:
            try:
                data = CONFIG_MAPPING[model_type]().to_dict()
            except Exception:  # noqa: BLE001 - a class that needs arguments: not ours to test
                continue
            refuse_non_config(json.loads(json.dumps(data)), model_type)
            checked += 1
    assert checked > 100
    for f in (ROOT / "examples").rglob("*config.json"):
        refuse_non_config(json.loads(f.read_text()), str(f))
