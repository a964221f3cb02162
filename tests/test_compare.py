"""``driftcheck compare`` end to end: the worked example, a corpus sample, formats, exit codes.

The worked example is checked against torch too: the tiny encoder really has 3 layers and 8
heads and, layer for layer, exactly BERT's weights, and BertConfig() really says 12 and 12.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from driftcheck.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "drift"
TINY = EXAMPLE / "tiny_encoder.py"
SHIPPED = EXAMPLE / "bert-base-uncased.config.json"
KEYS = (
    "architectures",
    "attention_probs_dropout_prob",
    "hidden_act",
    "hidden_dropout_prob",
    "hidden_size",
    "initializer_range",
    "intermediate_size",
    "layer_norm_eps",
    "max_position_embeddings",
    "model_type",
    "num_attention_heads",
    "num_hidden_layers",
    "pad_token_id",
    "type_vocab_size",
    "vocab_size",
)


def bert_config() -> dict:
    """The bert-base-uncased config as transformers' BertConfig() gives it."""
    import transformers

    cfg = transformers.BertConfig(architectures=["BertForMaskedLM"])
    return {k: getattr(cfg, k) for k in KEYS}


def cli(capsys, *args: str) -> tuple[int, str, str]:
    rc = main(list(args))
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_shipped_config_is_bertconfig():
    assert json.loads(SHIPPED.read_text()) == bert_config()


def test_example_matches_torch_except_depth_and_heads():
    import torch
    import transformers

    spec = importlib.util.spec_from_file_location("tiny_encoder", TINY)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    with torch.device("meta"):
        tiny = mod.TinyEncoder()
        bert3 = transformers.BertModel(transformers.BertConfig(num_hidden_layers=3))
    count = lambda m: sum(p.numel() for p in m.parameters())  # noqa: E731
    assert count(tiny) == count(bert3)
    assert len(tiny.blocks) == 3 and tiny.blocks[0].attn.num_heads == 8
    cfg = transformers.BertConfig()
    assert (cfg.num_hidden_layers, cfg.num_attention_heads) == (12, 12)


def test_worked_example(tmp_path, capsys):
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps(bert_config()))
    rc, out, err = cli(capsys, "compare", str(cfg), str(TINY), "--format", "json")
    assert rc == 1, err
    doc = json.loads(out)
    got = {f["kind"]: f for f in doc["findings"]}
    assert set(got) == {"layer-count", "param"}, [f["message"] for f in doc["findings"]]
    layers, heads = got["layer-count"], got["param"]
    assert layers["values"] == {"left": 12, "right": 3} and layers["severity"] == "major"
    assert [doc["findings"][0]["kind"], layers["locations"][0].get("key")] == [
        "layer-count",
        "num_hidden_layers",
    ]
    assert heads["values"] == {"left": 12, "right": 8}
    assert heads["attribute"].endswith(".numHeads")
    # where each value comes from: the config key on one side, the line of code on the other
    where = {(loc["side"], loc.get("key"), loc.get("line")) for loc in heads["locations"]}
    assert ("left", "num_attention_heads", None) in where
    line = next(loc["line"] for loc in heads["locations"] if loc["side"] == "right")
    assert "nn.MultiheadAttention(dim, heads" in TINY.read_text().splitlines()[line - 1]


def test_worked_example_text_and_fail_on(capsys):
    rc, out, _ = cli(capsys, "compare", str(SHIPPED), str(TINY))
    assert rc == 1
    assert "bert-base-uncased.config.json has 12 layers, tiny_encoder.py has 3" in out
    assert "\x1b[" not in out  # not a TTY: no colour
    rc, _, _ = cli(capsys, "compare", str(SHIPPED), str(TINY), "--fail-on", "major")
    assert rc == 1


@pytest.mark.parametrize("fmt", ["markdown", "sarif", "github"])
def test_every_format_renders_the_example(capsys, fmt):
    import jsonschema

    rc, out, _ = cli(capsys, "compare", str(SHIPPED), str(TINY), "--format", fmt)
    assert rc == 1
    if fmt == "sarif":
        from tests.test_reports import sarif_schema

        doc = json.loads(out)
        jsonschema.validate(doc, sarif_schema())
        assert len(doc["runs"][0]["results"]) == 2
    elif fmt == "github":
        lines = out.splitlines()
        assert len(lines) == 2 and all(x.startswith("::error file=") for x in lines)
    else:
        assert out.startswith("### driftcheck compare: 2 findings")


def _graphs(tmp_path, left_layers, right_layers):
    spec = importlib.util.spec_from_file_location(
        "bench_match_speed", ROOT / "benchmarks" / "bench_match_speed.py"
    )
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    small = {"hidden": 64, "heads": 4, "kv": 2, "inter": 176, "vocab": 1000}
    a, b = tmp_path / "a.graph.json", tmp_path / "b.graph.json"
    a.write_text(mod.build_decoder(left_layers, **small).to_json())
    b.write_text(mod.build_decoder(right_layers, **small, style="other", compact=False).to_json())
    return str(a), str(b)


def test_graph_json_sides_and_exit_codes(tmp_path, capsys):
    a, b = _graphs(tmp_path, 4, 4)
    assert cli(capsys, "compare", a, b)[0] == 0
    a, b = _graphs(tmp_path, 4, 2)
    rc, out, _ = cli(capsys, "compare", a, b, "--format", "json", "-o", str(tmp_path / "r.json"))
    assert rc == 1 and out == ""
    doc = json.loads((tmp_path / "r.json").read_text())
    assert [(f["kind"], f["values"]) for f in doc["findings"]] == [
        ("layer-count", {"left": 4, "right": 2})
    ]


def test_manifest_against_config_compares_facts(capsys):
    serving = ROOT / "examples" / "serving"
    rc, out, _ = cli(
        capsys, "compare", str(serving / "config.json"), str(serving / "vllm-config.yaml"),
        "--format", "json",
    )  # fmt: skip
    assert rc == 1
    f = json.loads(out)["findings"]
    assert [(x["kind"], x["values"]) for x in f] == [
        ("quantization", {"left": "none", "right": "awq"})
    ]


@pytest.mark.parametrize(
    "args",
    [
        ("nope.py", "also-nope.json"),
        ("{bad}", "examples/drift/tiny_encoder.py"),
        ("examples/drift/bert-base-uncased.config.json", "examples/drift/tiny_encoder.py",
         "--fail-on", "fatal"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(args, tmp_path):
    from tests.conftest import run_cli

    if args[0] == "{bad}":
        bad = tmp_path / "config.json"
        bad.write_text('{"model_type": "bert", ')
        args = (str(bad), *args[1:])
    p = run_cli("compare", *args)
    assert p.returncode == 2, p.stderr
    assert p.stderr.startswith("driftcheck: error:") and len(p.stderr.strip().splitlines()) == 1
    assert "Traceback" not in p.stderr


def test_corpus_sample_detects_replaced_config_reads(tmp_path):
    """A sample of benchmarks/bench_drift.py: llama's modeling file, one read replaced."""
    sys.path.insert(0, str(ROOT))
    import transformers

    from benchmarks.bench_drift import Mirror, literal, replace, run_compare, sites

    cfg = transformers.LlamaConfig(
        hidden_size=256, intermediate_size=512, num_attention_heads=8, num_key_value_heads=4,
        num_hidden_layers=4, vocab_size=1000,
    ).to_dict()  # fmt: skip
    cfg_path = tmp_path / "config.json"
    cfg_path.write_text(json.dumps(cfg))
    modeling = Path(transformers.models.llama.modeling_llama.__file__)
    text = modeling.read_text()
    tree = Mirror(tmp_path / "m")
    rc, findings, err, _ = run_compare(tree.write(modeling, text, "copy"), cfg_path)
    assert (rc, findings, err) == (0, [], None)
    found = {s[0]: s for s in sites(text, {"LlamaMLP", "LlamaAttention", "LlamaModel"})}
    for attr in ("intermediate_size", "vocab_size", "num_key_value_heads"):
        _, line, c0, c1 = found[attr]
        new = literal(cfg[attr])
        code = tree.write(modeling, replace(text, line, c0, c1, new), attr)
        rc, findings, err, _ = run_compare(code, cfg_path)
        assert rc == 1, (attr, err)
        assert any(f.values.get("left") is not None for f in findings), attr


def test_compare_stays_static():
    """Neither torch nor transformers is imported, and the analyzed code is never run."""
    import subprocess

    code = (
        "import sys; from driftcheck.cli import main; "
        f"rc = main(['compare', {str(SHIPPED)!r}, {str(TINY)!r}, '-o', '/dev/null']); "
        "print(rc, sorted(m for m in ('torch', 'transformers', 'tiny_encoder') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "1 []", out.stderr


def test_meta_style_llama_against_the_llama_config_that_describes_it(tmp_path, capsys):
    """A Llama written Meta's way (own names, heads on axis 2, SDPA, an LM head) against the
    transformers config of the same model: torch builds the same number of weights from both,
    and the comparison reports nothing of severity minor or above. The config side is built
    as the config's ``architectures`` class (with its LM head), which is closer to the code
    than the bare LlamaModel; the layout ops' arguments differ and are info."""
    import torch
    import transformers

    zoo = ROOT / "tests" / "zoo" / "llama_like.py"
    spec = importlib.util.spec_from_file_location("zoo_llama_like", zoo)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    keys = {
        "model_type": "llama",
        "architectures": ["LlamaForCausalLM"],
        "hidden_size": 128,
        "num_hidden_layers": 4,
        "num_attention_heads": 8,
        "num_key_value_heads": 2,
        "vocab_size": 1000,
        "intermediate_size": 352,
        "rms_norm_eps": 1e-5,
        "tie_word_embeddings": False,
    }
    with torch.device("meta"):
        ours = mod.Transformer(mod.ModelArgs())
        ref = transformers.LlamaForCausalLM(transformers.LlamaConfig(**keys))
    count = sum(p.numel() for p in ours.parameters())
    assert count == sum(p.numel() for p in ref.parameters())

    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps(keys))
    rc, out, err = cli(capsys, "compare", str(zoo), str(cfg), "--format", "json")
    findings = json.loads(out)["findings"]
    assert rc == 0, [f["message"] for f in findings]
    assert "LlamaForCausalLM" in err
    assert {f["severity"] for f in findings} <= {"info"}
    # the layout ops (heads on axis 2 vs axis 1) are not compared as drift: at most info

    keys["intermediate_size"] = 384  # and a real difference still shows
    cfg.write_text(json.dumps(keys))
    rc, out, _ = cli(capsys, "compare", str(zoo), str(cfg), "--format", "json")
    assert rc == 1
    assert any(
        f["severity"] == "major" and set(f["values"].values()) == {352, 384}
        for f in json.loads(out)["findings"]
    )
