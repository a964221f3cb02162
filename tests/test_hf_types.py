"""Config field types, grounded in transformers: what we refuse, transformers refuses to load.

transformers 5 config classes are strict dataclasses; ``driftcheck.parsers.hf_types`` applies
their declared annotations, read from source, to the JSON values. Here every verdict is checked
against the real config class: for a sample of model types, each declared field of the model's
own config class gets values of every JSON type, and transformers builds the config.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_hf_types import agreement, default_refusals, refused  # noqa: E402
from driftcheck.cli import main  # noqa: E402

STRIDE = 40  # a sample in the suite; benchmarks/bench_hf_types.py runs every model type


def test_every_type_we_refuse_transformers_refuses():
    """Precision 100% (a refusal is never ours alone); recall measured and bounded."""
    a = agreement(STRIDE)
    assert not a["ours_only"], a["ours_only"][:10]
    judged = a["both"] + a["neither"] + a["theirs_only"]
    assert judged > 600
    # what we leave undecided: Sequence[...] and container contents (about 1%)
    assert a["theirs_only"] / judged < 0.02, (a["theirs_only"], judged)
    assert a["both"] > 200


def test_default_configs_pass():
    """No false refusal on what transformers itself writes: the config classes' defaults."""
    checked, bad = default_refusals(STRIDE // 8)
    assert checked > 90
    assert not bad, bad[:5]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('{"model_type": "llama", "max_position_embeddings": 2048.0}', "max_position_embeddings"),
        ('{"model_type": "llama", "rms_norm_eps": 1}', "rms_norm_eps"),
        ('{"model_type": "gpt2", "n_embd": "768"}', "n_embd"),
        ('{"model_type": "bert", "tie_word_embeddings": 1}', "tie_word_embeddings"),
    ],
)
def test_cli_exits_2_naming_key_and_class(tmp_path, capsys, text, key):
    import transformers

    data = json.loads(text)
    cls = transformers.AutoConfig.for_model(data["model_type"]).__class__
    assert refused(cls, key, data[key]) is True  # transformers refuses it too
    path = tmp_path / "config.json"
    path.write_text(text)
    assert main(["graph", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert f"[{key}]" in err and cls.__name__ in err and "refuses to load" in err


def test_well_typed_values_still_build(tmp_path, capsys):
    path = tmp_path / "config.json"
    path.write_text(json.dumps({"model_type": "llama", "hidden_size": 256, "rms_norm_eps": 1e-5}))
    assert main(["graph", str(path), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["params_total"] > 0
