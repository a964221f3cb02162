"""End to end: ``driftcheck graph`` / ``driftcheck compare config.json <artifact>`` on real files.

Each artifact plants one drift against the config; the report (JSON) must carry a finding with
both values. Artifacts are written by their real libraries (safetensors, gguf, onnx). The CLI's
``main`` runs in-process (the same entry point as the console script, minus an interpreter
start per case); one test runs it in a fresh interpreter to check what it imports.
"""

from __future__ import annotations

import json
from pathlib import Path

import gguf
import numpy as np
import pytest
import torch
from safetensors.torch import save_file
from transformers import LlamaConfig, LlamaForCausalLM

from driftcheck.cli import main

CONFIG = {
    "model_type": "llama",
    "architectures": ["LlamaForCausalLM"],
    "vocab_size": 96,
    "hidden_size": 32,
    "intermediate_size": 48,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "max_position_embeddings": 1024,
    "tie_word_embeddings": False,
    "torch_dtype": "float32",
}


def _safetensors(path: Path) -> None:
    torch.manual_seed(0)
    arch = {k: v for k, v in CONFIG.items() if k not in ("model_type", "torch_dtype")}
    model = LlamaForCausalLM(LlamaConfig(**{**arch, "num_hidden_layers": 3}))  # planted: 3
    save_file({k: v.contiguous() for k, v in model.state_dict().items()}, str(path))


def _gguf(path: Path) -> None:
    w = gguf.GGUFWriter(str(path), "llama")
    w.add_block_count(2)
    w.add_context_length(4096)  # planted: 4096 positions
    w.add_embedding_length(32)
    for i in range(2):
        w.add_tensor(f"blk.{i}.attn_norm.weight", np.ones(32, np.float32))
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


class _Tiny(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embed_tokens = torch.nn.Embedding(100, 32)  # planted: 100 rows
        self.lm_head = torch.nn.Linear(32, 100, bias=False)

    def forward(self, x):
        return self.lm_head(self.embed_tokens(x))


def _onnx(path: Path) -> None:
    args = (torch.zeros(1, 3, dtype=torch.long),)
    torch.onnx.export(_Tiny(), args, str(path), dynamo=False)


# artifact -> (writer or text, planted left value, planted right value)
ARTIFACTS = {
    "serve.sh": ("vllm serve m --max-model-len 8192\n", 1024, 8192),
    "vllm.yaml": ("model: m\nmax_model_len: 2048\n", 1024, 2048),
    "tgi.env": ("MAX_INPUT_TOKENS=1000\nMAX_TOTAL_TOKENS=3000\n", 1024, 3000),
    "compose.yaml": (
        "services:\n  tgi:\n    image: ghcr.io/huggingface/text-generation-inference:3\n"
        "    command: [--model-id, m, --max-total-tokens, '5000']\n",
        1024,
        5000,
    ),
    "isvc.yaml": (
        "kind: InferenceService\nspec:\n  predictor:\n    model:\n      modelFormat: "
        "{name: huggingface}\n      args: [--max-model-len=6000]\n",
        1024,
        6000,
    ),
    "Modelfile": ("FROM x.gguf\nPARAMETER num_ctx 4096\n", 1024, 4096),
    "config.pbtxt": (
        'backend: "python"\nparameters { key: "max_model_len" value: { string_value: "7000" } }\n',
        1024,
        7000,
    ),
    "model-config.yaml": (
        "handler:\n  vllm_engine_config:\n    max_model_len: 9000\n",
        1024,
        9000,
    ),  # fmt: skip
    "model.safetensors": (_safetensors, 2, 3),
    "model.gguf": (_gguf, 1024, 4096),
    "model.onnx": (_onnx, 96, 100),
}


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    d = tmp_path_factory.mktemp("serving_cli")
    (d / "config.json").write_text(json.dumps(CONFIG))
    for name, (make, _, _) in ARTIFACTS.items():
        if callable(make):
            make(d / name)
        else:
            (d / name).write_text(make)
    return d


@pytest.mark.parametrize("name", sorted(ARTIFACTS))
def test_compare_reports_planted_drift_with_both_values(workdir, name, capsys):
    _, left, right = ARTIFACTS[name]
    rc = main(["compare", str(workdir / "config.json"), str(workdir / name), "--format", "json"])
    out = capsys.readouterr()
    assert rc == 1, out.err
    report = json.loads(out.out)
    hits = [f for f in report["findings"] if f["values"] == {"left": left, "right": right}]
    assert hits, [(f["message"], f["values"]) for f in report["findings"]]
    sides = {loc.get("side"): loc for loc in hits[0]["locations"]}
    assert sides["right"]["file"] == str(workdir / name)


@pytest.mark.parametrize("name", sorted(ARTIFACTS))
def test_graph_json_of_each_artifact(workdir, name, capsys):
    rc = main(["graph", str(workdir / name), "--format", "json"])
    out = capsys.readouterr()
    assert rc == 0, out.err
    data = json.loads(out.out)
    assert data["origin"]["kind"] in ("manifest", "checkpoint")
    assert data["facts"]
    if data["origin"]["kind"] == "checkpoint":
        assert data["params_total"] is not None and data["params_total"] > 0


def test_graph_command_stays_light_on_manifests(workdir):
    """Serving manifests never pull torch or transformers into the CLI process."""
    import subprocess
    import sys

    code = (
        "import sys; from driftcheck.cli import main; "
        f"main(['graph', {str(workdir / 'serve.sh')!r}, '--format', 'json']); "
        f"main(['graph', {str(workdir / 'model.safetensors')!r}, '--format', 'json']); "
        "print([m for m in ('torch', 'transformers') if m in sys.modules], file=sys.stderr)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stderr.strip().splitlines()[-1] == "[]", out.stderr
