"""Source-level drift against transformers' own modeling file (``hardcoded-config``).

Forks of transformers' modeling files (placed in a mirror of the package, as the drift
benchmark places them) are compared with their config. A literal written where transformers
reads the config is reported with both values even where the built model does not change;
torch builds the edited copy on the meta device to confirm which edits are inert, so the
message's claim (the graphs agree) is checked against the real thing. Unmodified copies and
ordinary edits report nothing.
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pytest

from driftcheck.drift.fork_diff import NOT_LITERAL, config_read, hardcoded_reads, literal
from driftcheck.findings import Severity

transformers = pytest.importorskip("transformers")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from benchmarks.bench_drift import Mirror, run_compare, torch_state  # noqa: E402

KIND = "hardcoded-config"


def _pkg() -> Path:
    return Path(transformers.__file__).parent


def _modeling(name: str) -> Path:
    return _pkg() / "models" / name / f"modeling_{name}.py"


def _config(tmp: Path, model_type: str, **kw) -> tuple[Path, dict]:
    cfg = transformers.AutoConfig.for_model(model_type, **kw).to_dict()
    cfg = json.loads(json.dumps(cfg, default=str))
    path = tmp / f"{model_type}.config.json"
    path.write_text(json.dumps(cfg))
    return path, cfg


def _edit(text: str, old: str, new: str) -> str:
    assert text.count(old) >= 1, old
    return text.replace(old, new, 1)


def _ours(findings) -> list:
    return [f for f in findings if f.kind == KIND]


@pytest.fixture(scope="module")
def llama(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("llama")
    cfg_path, cfg = _config(
        tmp, "llama", hidden_size=64, intermediate_size=128, num_attention_heads=4,
        num_key_value_heads=2, num_hidden_layers=2, vocab_size=100, max_position_embeddings=256,
    )  # fmt: skip
    return Mirror(tmp / "m"), cfg_path, cfg, _modeling("llama")


@pytest.fixture(scope="module")
def bert(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("bert")
    cfg_path, cfg = _config(tmp, "bert")
    return Mirror(tmp / "m"), cfg_path, cfg, _modeling("bert")


def _inert(copy: Path, modeling: Path, cls: str, model_type: str) -> bool:
    """torch on the meta device: the edited copy builds the same weights and attributes."""
    base = torch_state(modeling, modeling, cls, model_type)
    edited = torch_state(copy, modeling, cls, model_type)
    assert base is not None and edited is not None
    return base == edited


def test_literal_in_getattr_default_is_reported_with_both_values(llama):
    """``getattr(config, "head_dim", config.hidden_size // ...)``: llama's config sets
    head_dim, so the default is never used; torch builds the same model."""
    tree, cfg_path, cfg, modeling = llama
    text = modeling.read_text()
    old = 'getattr(config, "head_dim", config.hidden_size // config.num_attention_heads)'
    copy = tree.write(modeling, _edit(text, old, old.replace("config.hidden_size", "128")), "hd")
    assert _inert(copy, modeling, "LlamaModel", "llama")  # (the mirror copy imports as a sibling)
    rc, findings, err, _ = run_compare(copy, cfg_path)
    assert rc == 1, err
    (f,) = _ours(findings)
    assert f.severity == Severity.minor
    assert f.values == {"left": 128, "right": cfg["hidden_size"]}
    assert f.attribute == "model.hiddenSize"
    code, conf = f.locations
    line = next(i for i, s in enumerate(copy.read_text().splitlines(), 1) if "128 //" in s)
    assert (code.file, code.line, code.side) == (str(copy), line, "left")
    assert (conf.key, conf.side) == ("hidden_size", "right")
    assert "reads config.hidden_size" in f.message
    assert "not used by the model this config builds" in f.message
    assert "modeling_llama.py" in f.evidence


def test_literal_in_a_check_and_in_a_class_not_built(bert):
    """A divisibility check that passes either way, and a class this config never builds
    (cross-attention): both inert in torch, both reported."""
    tree, cfg_path, cfg, modeling = bert
    text = modeling.read_text()
    check = "if config.hidden_size % config.num_attention_heads != 0"
    cross = "class BertCrossAttention(nn.Module):"
    assert text.count(check) == 2 and text.index(cross) > text.index(check)
    edited = _edit(text, check, check.replace("config.num_attention_heads", "16"))
    at = edited.index(cross)
    edited = edited[:at] + _edit(
        edited[at:], "self.query = nn.Linear(config.hidden_size,", "self.query = nn.Linear(1536,"
    )
    copy = tree.write(modeling, edited, "dead")
    assert _inert(copy, modeling, "BertModel", "bert")
    rc, findings, err, _ = run_compare(copy, cfg_path)
    assert rc == 1, err
    got = {(f.values["left"], f.values["right"], f.locations[1].key) for f in _ours(findings)}
    assert got == {(16, 12, "num_attention_heads"), (1536, 768, "hidden_size")}
    assert all(f.severity == Severity.minor for f in _ours(findings))
    assert [f for f in findings if f.kind != KIND and f.severity.rank >= 1] == []


def test_unmodified_copy_reports_nothing(bert):
    tree, cfg_path, _, modeling = bert
    rc, findings, err, _ = run_compare(tree.write(modeling, modeling.read_text(), "copy"), cfg_path)
    assert (rc, err) == (0, None)
    assert findings == []


def test_ordinary_edits_report_nothing(bert):
    """A renamed local, a comment, a logging line, another literal changed: no finding (and a
    substitution in a statement that also differs otherwise is not one)."""
    tree, cfg_path, _, modeling = bert
    text = modeling.read_text()
    text = _edit(
        text,
        "self.attention_head_size = int(config.hidden_size / config.num_attention_heads)",
        "# per head\n        head_width = int(config.hidden_size / config.num_attention_heads)\n"
        "        self.attention_head_size = head_width",
    )
    text = _edit(
        text,
        "self.dense = nn.Linear(config.hidden_size, config.intermediate_size)",
        "logger.info('intermediate')\n"
        "        self.dense = nn.Linear(config.hidden_size, config.intermediate_size)",
    )
    text = _edit(text, "self.num_attention_heads = config.num_attention_heads",
                 "self.num_attention_heads = config.num_attention_heads  # heads")  # fmt: skip
    # a renamed target *and* a literal in one statement: not a pure substitution
    text = _edit(text, "self.is_decoder = config.is_decoder", "self.decoder = False")
    copy = tree.write(modeling, text, "edits")
    assert hardcoded_reads(copy, [modeling]) == []
    _, findings, err, _ = run_compare(copy, cfg_path)
    assert err is None and _ours(findings) == []


def test_literal_equal_to_the_config_is_info(bert):
    tree, cfg_path, cfg, modeling = bert
    text = modeling.read_text()
    old = "self.dense = nn.Linear(config.hidden_size, config.intermediate_size)"
    copy = tree.write(modeling, _edit(text, old, old.replace("config.hidden_size", "768")), "eq")
    rc, findings, err, _ = run_compare(copy, cfg_path)
    assert (rc, err) == (0, None)
    (f,) = _ours(findings)
    assert f.severity == Severity.info and f.values == {"left": 768, "right": 768}
    assert "will not follow a config that changes it" in f.message


def test_live_literal_keeps_the_graph_finding(bert):
    """An edit the built graphs show stays one finding (the graph's), with the reference
    line added as evidence."""
    tree, cfg_path, _, modeling = bert
    text = modeling.read_text()
    old = "self.dense = nn.Linear(config.hidden_size, config.intermediate_size)"
    new = old.replace("config.intermediate_size", "6144")
    rc, findings, err, _ = run_compare(
        tree.write(modeling, _edit(text, old, new), "live"), cfg_path
    )
    assert rc == 1, err
    assert _ours(findings) == []
    held = [f for f in findings if f.values.get("left") == 6144 and f.values.get("right") == 3072]
    assert held and any("reads config.intermediate_size" in (f.evidence or "") for f in held)


def test_live_literal_seen_through_derived_values_claims_nothing(llama):
    """8 heads written where llama reads the config (4): q_proj grows to 8 * 16, so the graphs
    differ through a derived width; the literal's finding states the two values and does not
    say the literal is unused."""
    tree, cfg_path, cfg, modeling = llama
    old = "config.hidden_size, config.num_attention_heads * self.head_dim"
    text = _edit(modeling.read_text(), old, "config.hidden_size, 8 * self.head_dim")
    rc, findings, err, _ = run_compare(tree.write(modeling, text, "heads"), cfg_path)
    assert rc == 1, err
    # one finding holds the two head counts: since session 13 the heads are read off the
    # ``view(b, t, -1, head_dim)`` split of q_proj (128 / 16 = 8), so the graph's own fact
    # states them and the literal's finding folds into it; before, the literal's finding
    # held them and a width finding (128) followed
    (f,) = [g for g in findings if g.values == {"left": 8, "right": cfg["num_attention_heads"]}]
    assert f.severity.value == "major" and "unused" not in f.message
    if f.kind == KIND:
        assert f.message.endswith("has num_attention_heads = 4")
        assert any(g.values.get("left") == 128 for g in findings if g.kind != KIND)
    else:
        assert (
            f.message == "model.numHeads is 8 in modeling_llama_heads.py but 4 in llama.config.json"
        )


def test_remote_code_names_its_reference(tmp_path):
    """A model_type transformers does not know: the file's own ``from transformers.models.
    llama...`` import names the reference. The config side has no layers (facts only), so the
    message claims nothing about use."""
    from driftcheck.drift import drift, load_sides

    text = _modeling("llama").read_text()
    old = 'getattr(config, "head_dim", config.hidden_size // config.num_attention_heads)'
    text = _edit(text, old, old.replace("config.hidden_size", "4096"))
    text = text.replace("from ...", "from transformers.").replace(
        "from .configuration_llama", "from transformers.models.llama.configuration_llama"
    )
    code = tmp_path / "modeling_my_llama.py"
    code.write_text(text)
    cfg = transformers.LlamaConfig(hidden_size=64, num_attention_heads=4).to_dict()
    cfg["model_type"], cfg["architectures"] = "my_llama", ["LlamaForCausalLM"]
    cfg_path = tmp_path / "config.json"
    cfg_path.write_text(json.dumps(cfg))
    (f,) = _ours(drift(load_sides(str(code), str(cfg_path)), str(code), str(cfg_path)))
    assert f.values == {"left": 4096, "right": 64}
    assert "modeling_llama.py" in f.message and "not used" not in f.message


def test_one_finding_per_literal_and_function(llama):
    """``bias=False`` written for q, k and v where llama reads ``config.attention_bias``: one
    finding naming the three lines (info: the config says False too)."""
    tree, cfg_path, cfg, modeling = llama
    text = modeling.read_text()
    at = text.index("class LlamaAttention")
    body = text[at:].replace("bias=config.attention_bias", "bias=False", 3)
    copy = tree.write(modeling, text[:at] + body, "bias")
    lines = [i for i, s in enumerate(copy.read_text().splitlines(), 1) if "bias=False" in s]
    _, findings, err, _ = run_compare(copy, cfg_path)
    (f,) = _ours(findings)
    assert err is None and f.severity == Severity.info
    assert cfg["attention_bias"] is False and f.values == {"left": False, "right": False}
    assert f.message.endswith(f"(3 places: lines {', '.join(map(str, lines[:3]))})")


def test_code_on_the_right(bert):
    from driftcheck.drift import drift, load_sides

    tree, cfg_path, _, modeling = bert
    old = "self.dense = nn.Linear(config.hidden_size, config.intermediate_size)"
    text = _edit(modeling.read_text(), old, old.replace("config.hidden_size", "768"))
    copy = tree.write(modeling, text, "right")
    (f,) = _ours(drift(load_sides(str(cfg_path), str(copy)), str(cfg_path), str(copy)))
    assert f.values == {"right": 768, "left": 768}
    assert [loc.side for loc in f.locations] == ["right", "left"]


def test_cli_json(bert, capsys):
    from driftcheck.cli import main

    tree, cfg_path, _, modeling = bert
    check = "if config.hidden_size % config.num_attention_heads != 0"
    copy = tree.write(modeling, _edit(modeling.read_text(), check, check.replace(
        "config.num_attention_heads", "16")), "cli")  # fmt: skip
    rc = main(["compare", str(copy), str(cfg_path), "--format", "json"])
    out = capsys.readouterr().out
    assert rc == 0, out  # one minor finding: below the one default --fail-on, major (v0.2.0)
    (f,) = [f for f in json.loads(out)["findings"] if f["kind"] == KIND]
    assert f["check_id"] == "DRF018" and f["values"] == {"left": 16, "right": 12}
    assert f["severity"] == "minor"
    assert (
        main(["compare", str(copy), str(cfg_path), "--format", "json", "--fail-on", "minor"]) == 1
    )
    capsys.readouterr()


# ---------------------------------------------------------------- the alignment itself
REF = """
class Attn(nn.Module):
    def __init__(self, config: FooConfig):
        super().__init__()
        self.heads = config.num_attention_heads
        if config.use_bias:
            self.proj = nn.Linear(config.hidden_size, config.hidden_size)
        self.dim = getattr(config, "head_dim", None) or config.hidden_size // self.heads
        self.sub = config.text_config.vocab_size
"""


def _pairs(tmp_path, user: str, ref: str = REF) -> list[tuple]:
    r, u = tmp_path / "ref.py", tmp_path / "user.py"
    r.write_text(ref)
    u.write_text(user)
    return [(h.qualname, h.line, h.literal, h.read.text, h.ref_config_class)
            for h in hardcoded_reads(u, [r])]  # fmt: skip


def test_alignment_inside_compound_statements_and_renamed_classes(tmp_path):
    user = (
        REF.replace("class Attn", "class MyAttn")
        .replace("if config.use_bias:", "if True:")
        .replace("nn.Linear(config.hidden_size, config", "nn.Linear(64, config")
        .replace("or config.hidden_size //", "or 64 //")
        .replace("config.text_config.vocab_size", "32000")
    )
    got = _pairs(tmp_path, user)
    assert got == [
        ("MyAttn.__init__", 6, True, "config.use_bias", "FooConfig"),
        ("MyAttn.__init__", 7, 64, "config.hidden_size", "FooConfig"),
        ("MyAttn.__init__", 8, 64, "config.hidden_size", "FooConfig"),
        ("MyAttn.__init__", 9, 32000, "config.text_config.vocab_size", "FooConfig"),
    ]


def test_alignment_with_inserted_and_removed_statements(tmp_path):
    user = (
        REF.replace(
            "        super().__init__()\n",
            "        super().__init__()\n        print('x')\n        a = 1\n",
        )
        .replace("        self.sub = config.text_config.vocab_size\n", "")
        .replace("self.heads = config.num_attention_heads", "self.heads = 8")
    )
    assert _pairs(tmp_path, user) == [("Attn.__init__", 7, 8, "config.num_attention_heads",
                                       "FooConfig")]  # fmt: skip
    assert _pairs(tmp_path, REF) == []


@pytest.mark.parametrize(
    "src, read",
    [
        ("config.x", "config.x"),
        ("self.config.x", "config.x"),
        ("config.vision_config.x", "config.vision_config.x"),
        ("getattr(config, 'x', 3)", "config.x"),
        ("config.get_text_config().x", "config.<text>.x"),
        ("text_config.x", "config.text_config.x"),
        ("other.x", None),
        ("config.text_config", None),
    ],
)
def test_config_reads(src, read):
    got = config_read(ast.parse(src, mode="eval").body)
    assert (got.text if got else None) == read


def test_literals():
    assert literal(ast.parse("-3", mode="eval").body) == -3
    assert literal(ast.parse("(1, 2.5)", mode="eval").body) == (1, 2.5)
    assert literal(ast.parse("x", mode="eval").body) is NOT_LITERAL
    assert literal(ast.parse("{1: 2}", mode="eval").body) is NOT_LITERAL


def test_alignment_in_loops_try_and_nested_functions(tmp_path):
    ref = """
def build(config):
    for i in range(config.num_layers):
        try:
            x = config.width
        except AttributeError:
            x = config.fallback
    def inner():
        return config.depth
    return inner
"""
    user = (
        ref.replace("range(config.num_layers)", "range(4)")
        .replace("x = config.fallback", "x = 7")
        .replace("return config.depth", "return 3")
    )
    got = [(q, line, v, read) for q, line, v, read, _ in _pairs(tmp_path, user, ref)]
    assert got == [
        ("build", 3, 4, "config.num_layers"),
        ("build", 7, 7, "config.fallback"),
        ("build", 9, 3, "config.depth"),
    ]


def test_renamed_locals_consistently_over_the_function(tmp_path):
    """A fork that renamed its locals still pairs statements; a global name where the
    reference has a local, or another global function, keeps the statement silent."""
    ref = """
def build(config):
    width = config.hidden_size
    heads = width // config.num_heads
    out = foo(config.depth)
    return out, heads
"""
    user = """
def build(cfg):
    w = 64
    h = n_heads // 8
    out = bar(3)
    return out, h
"""
    got = [(line, v, read) for _, line, v, read, _ in _pairs(tmp_path, user, ref)]
    assert got == [(3, 64, "config.hidden_size")]
    renamed = ref.replace("width", "w").replace("heads", "h").replace("config.depth", "6")
    got = [(line, v, read) for _, line, v, read, _ in _pairs(tmp_path, renamed, ref)]
    assert got == [(5, 6, "config.depth")]
