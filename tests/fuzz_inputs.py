"""Hypothesis strategies for every kind of input driftcheck reads, shared by the CI properties
(``tests/test_fuzz.py``) and the long campaign (``benchmarks/fuzz_campaign.py``).

Each strategy draws a ``Case``: the files to write (name -> bytes) and the command line to run
on them, as a user would type it. Inputs are built two ways: from the formats' own structure
(model code around ``nn.Module``, configs with real ``model_type`` values, serving manifests of
each engine, safetensors / GGUF headers) with hostile values in the slots, and then mutated at
the byte level (truncated, spliced, bytes flipped), plus syntactically valid Python from
``hypothesmith``'s grammar, so both the deep paths and the parsers' edges are reached.

``wide=True`` (the campaign) lets numbers range far (10**30, 2**63); the CI properties keep
layer counts small so one example stays well inside a second.
"""

from __future__ import annotations

import json
import struct
from dataclasses import dataclass, field

from hypothesis import strategies as st


@dataclass
class Case:
    files: dict[str, bytes]
    argv: list[str]
    entry: str
    notes: list[str] = field(default_factory=list)


# ----------------------------------------------------------------------------- numbers
def ints(wide: bool) -> st.SearchStrategy[int]:
    special = [0, 1, -1, 2, 3, 7, 64, 4096]
    if wide:
        special += [2**31, 2**63, 10**12, 10**30, -(2**63)]
        return st.one_of(st.sampled_from(special), st.integers(-(10**6), 10**6))
    return st.one_of(st.sampled_from(special), st.integers(-4, 96))


def json_scalars(wide: bool) -> st.SearchStrategy:
    return st.one_of(
        st.none(),
        st.booleans(),
        ints(wide),
        st.floats(allow_nan=True, allow_infinity=True, width=32),
        st.text(max_size=12),
        st.sampled_from(["12", "4k", "32K", "1e3", "-1", "auto", "bfloat16", "float16", ""]),
    )


def json_values(wide: bool) -> st.SearchStrategy:
    return st.recursive(
        json_scalars(wide),
        lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=12,
    )


# ----------------------------------------------------------------------------- byte mutations
@st.composite
def mutate(draw, data: bytes) -> bytes:
    """``data`` unchanged, truncated, with a slice duplicated or removed, or bytes flipped."""
    how = draw(st.sampled_from(["same", "same", "truncate", "flip", "splice", "cut", "junk"]))
    if not data or how == "same":
        return data
    i = draw(st.integers(0, len(data) - 1))
    if how == "truncate":
        return data[:i]
    if how == "flip":
        n = draw(st.integers(1, 8))
        raw = bytearray(data)
        for k in range(n):
            j = (i + k * 7919) % len(raw)
            raw[j] = draw(st.integers(0, 255))
        return bytes(raw)
    j = draw(st.integers(i, min(len(data), i + 200)))
    if how == "splice":
        return data[:j] + data[i:j] + data[j:]
    if how == "cut":
        return data[:i] + data[j:]
    return data[:i] + draw(st.binary(max_size=32)) + data[i:]


# ----------------------------------------------------------------------------- Python
_LAYERS = [
    "nn.Linear({a}, {b})",
    "nn.Linear({a}, {b}, bias={flag})",
    "nn.Conv2d({a}, {b}, {k})",
    "nn.Conv1d({a}, {b}, kernel_size={k}, stride={k})",
    "nn.LayerNorm({a})",
    "nn.Embedding({a}, {b})",
    "nn.MultiheadAttention({a}, {h})",
    "nn.Dropout({p})",
    "nn.GELU()",
    "nn.Sequential(nn.Linear({a}, {b}), nn.ReLU(), nn.Linear({b}, {a}))",
    "nn.ModuleList([nn.Linear({a}, {a}) for _ in range({n})])",
    "nn.Parameter(torch.zeros({a}, {b}))",
    "nn.TransformerEncoderLayer({a}, {h})",
    "nn.BatchNorm2d({a})",
]
_FORWARD = [
    "x = self.m{i}(x)",
    "x = x.view({a}, -1)",
    "x = x.reshape(-1, {a})",
    "x = torch.cat([x, x], dim={d})",
    "x = x @ x.transpose(-1, -2)",
    "x = x + self.m{i}(x)",
    "x = x[:, :{a}]",
    "x = x.flatten({d})",
    "x = torch.nn.functional.softmax(x, dim={d})",
    "if x.shape[-1] > {a}:\n            x = self.m{i}(x)",
    "for _ in range({n}):\n            x = self.m{i}(x)",
]
_EXPRS = ["{v}", "{v} * {w}", "{v} // {w}", "{v} % {w}", "-{v}", "int({v} / {w})", "{v} ** 2"]
_EXPRS_WIDE = _EXPRS + ["{v} ** {w}", "[{v}] * {w}", "'x' * {v}", "sum(range({v}))"]


@st.composite
def model_source(draw, wide: bool = False) -> str:
    """A module with one or two ``nn.Module`` classes whose layer arguments are drawn numbers
    and expressions of them (a config object's attributes in about a third of the cases)."""
    n_small = st.integers(0, 2000 if wide else 4)
    exprs = _EXPRS_WIDE if wide else _EXPRS

    def num() -> str:
        if draw(st.integers(0, 3)) == 0:
            return f"config.{draw(st.sampled_from(['hidden', 'heads', 'layers', 'vocab']))}"
        e = draw(st.sampled_from(exprs))
        return e.format(v=draw(ints(wide)), w=draw(ints(wide)))

    layers = []
    for i in range(draw(st.integers(1, 4))):
        t = draw(st.sampled_from(_LAYERS))
        layers.append(
            f"        self.m{i} = "
            + t.format(
                a=num(),
                b=num(),
                k=num(),
                h=num(),
                n=draw(n_small),
                p=draw(st.sampled_from(["0.1", "1.5", "-1", "'x'"])),
                flag=draw(st.sampled_from(["True", "False", "None", "0"])),
            )  # fmt: skip
        )
    fwd = []
    for _ in range(draw(st.integers(0, 4))):
        f = draw(st.sampled_from(_FORWARD))
        fwd.append(
            "        "
            + f.format(
                i=draw(st.integers(0, len(layers))),
                a=num(),
                d=draw(st.integers(-3, 3)),
                n=draw(n_small),
            )  # fmt: skip
        )
    cfg = draw(st.sampled_from(["", "config"]))
    init_args = "self, config" if cfg else "self"
    lines = [
        "import torch",
        "import torch.nn as nn",
        "",
        "",
        "class Config:",
        f"    hidden = {draw(ints(wide))}",
        f"    heads = {draw(ints(wide))}",
        f"    layers = {draw(n_small)}",
        f"    vocab = {draw(ints(wide))}",
        "",
        "",
        f"class Net{draw(st.integers(0, 3))}(nn.Module):",
        f"    def __init__({init_args}):",
        "        super().__init__()",
        "        config = Config()" if not cfg else "        pass",
        *layers,
        "",
        "    def forward(self, x):",
        *fwd,
        "        return x",
        "",
    ]
    if draw(st.booleans()):
        lines += [
            "",
            "class Outer(nn.Module):",
            "    def __init__(self):",
            "        super().__init__()",
            f"        self.inner = Net0({'Config()' if cfg else ''})",
            f"        self.blocks = nn.ModuleList([nn.Linear(8, 8) for _ in range({draw(n_small)})])",
            "",
        ]
    return "\n".join(lines)


def python_grammar(fast: bool = False) -> st.SearchStrategy[str]:
    """Syntactically valid Python of every shape (hypothesmith, as black and libcst use it):
    whole modules from libcst's node types, or (``fast``) single statements from the grammar.
    Generation costs up to a second an example; the strategies are built once."""
    import hypothesmith

    return hypothesmith.from_grammar("single_input") if fast else hypothesmith.from_node()


_MODULE_AFTER = """

import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        return self.fc(x)
"""


@st.composite
def python_case(draw, wide: bool = False, grammar: bool = False, fast: bool = False) -> Case:
    if grammar:
        # the generated module, then a model class: the loader, the module-level interpreter
        # and the class analysis all read the generated code
        text = draw(python_grammar(fast)) + draw(st.sampled_from(["", _MODULE_AFTER]))
        data = text.encode("utf-8", "surrogatepass")
        entry = "python-grammar"
    else:
        data = draw(mutate(draw(model_source(wide)).encode()))
        entry = "python-model"
    cmd = draw(st.sampled_from([["check"], ["graph", "--format", "json"], ["graph"]]))
    argv = [cmd[0], "model.py", *cmd[1:]]
    if cmd[0] == "check" and draw(st.booleans()):
        argv += ["--fail-on", draw(st.sampled_from(["info", "minor", "major", "blocker"]))]
    return Case({"model.py": data}, argv, entry)


# ----------------------------------------------------------------------------- configs
_MODEL_TYPES = ["bert", "gpt2", "llama", "t5", "vit", "mistral", "qwen2", "not_a_model", ""]
_CONFIG_KEYS = [
    "hidden_size", "num_hidden_layers", "num_attention_heads", "num_key_value_heads",
    "intermediate_size", "vocab_size", "max_position_embeddings", "head_dim", "n_embd",
    "n_layer", "n_head", "d_model", "num_layers", "rope_scaling", "torch_dtype",
    "tie_word_embeddings", "hidden_act", "layer_norm_eps", "rope_theta", "architectures",
    "text_config", "vision_config", "image_size", "patch_size", "num_channels", "d_ff",
]  # fmt: skip


@st.composite
def config_case(draw, wide: bool = False) -> Case:
    small = st.integers(1, 4) if not wide else st.one_of(st.integers(1, 8), ints(True))
    cfg: dict = {}
    if draw(st.integers(0, 5)):
        cfg["model_type"] = draw(st.one_of(st.sampled_from(_MODEL_TYPES), json_scalars(wide)))
    for key in draw(st.lists(st.sampled_from(_CONFIG_KEYS), max_size=8, unique=True)):
        cfg[key] = draw(json_values(wide))
    # keep the model small unless the slot was drawn hostile above
    for key in ("num_hidden_layers", "n_layer", "num_layers"):
        cfg.setdefault(key, draw(small))
    for key in ("hidden_size", "intermediate_size", "vocab_size"):
        cfg.setdefault(key, draw(st.sampled_from([16, 32, 64])))
    cfg.setdefault("num_attention_heads", draw(st.sampled_from([1, 2, 4])))
    text = json.dumps(cfg, allow_nan=True)
    data = draw(mutate(text.encode()))
    argv = draw(
        st.sampled_from(
            [
                ["graph", "config.json"],
                ["check", "config.json"],
                ["graph", "config.json", "--format", "json"],
            ]
        )
    )
    return Case({"config.json": data}, argv, "config")


# ----------------------------------------------------------------------------- manifests
_VLLM_OPTS = ["max-model-len", "tensor-parallel-size", "dtype", "quantization", "model",
              "max_model_len", "pipeline-parallel-size", "gpu-memory-utilization", "rope-scaling",
              "hf-overrides", "max-num-seqs", "config"]  # fmt: skip
_TGI_ENV = ["MAX_INPUT_TOKENS", "MAX_TOTAL_TOKENS", "QUANTIZE", "MODEL_ID", "NUM_SHARD",
            "DTYPE", "MAX_BATCH_PREFILL_TOKENS", "ROPE_SCALING", "ROPE_FACTOR"]  # fmt: skip


def _arg(v) -> str:
    return str(v).replace("\n", " ")


@st.composite
def manifest_case(draw, wide: bool = False) -> Case:
    import yaml

    kind = draw(st.sampled_from(["vllm-yaml", "kserve", "compose", "torchserve", "env", "script",
                                 "modelfile", "pbtxt", "yaml-any"]))  # fmt: skip
    val = json_scalars(wide)
    if kind == "vllm-yaml":
        doc = {
            k: draw(json_values(wide))
            for k in draw(
                st.lists(st.sampled_from(_VLLM_OPTS), min_size=1, max_size=5, unique=True)
            )
        }
        name, text = "serve.yaml", yaml.safe_dump(doc)
    elif kind == "kserve":
        args = [
            f"--{k}={_arg(draw(val))}"
            for k in draw(st.lists(st.sampled_from(_VLLM_OPTS), max_size=4))
        ]
        doc = {"apiVersion": "serving.kserve.io/v1beta1", "kind": "InferenceService",
               "spec": {"predictor": {"model": {"modelFormat": {"name": draw(st.sampled_from(["huggingface", "vllm", "x"]))},
                                               "args": args, "env": [{"name": k, "value": _arg(draw(val))} for k in draw(st.lists(st.sampled_from(_TGI_ENV), max_size=3))]}}}}  # fmt: skip
        name, text = "isvc.yaml", yaml.safe_dump(doc)
    elif kind == "compose":
        image = draw(
            st.sampled_from(
                ["vllm/vllm-openai:latest", "ghcr.io/huggingface/text-generation-inference:2", "x"]
            )
        )
        cmd = [
            f"--{k}={_arg(draw(val))}"
            for k in draw(st.lists(st.sampled_from(_VLLM_OPTS), max_size=4))
        ]
        doc = {"services": {"llm": {"image": image, "command": cmd, "environment": {k: _arg(draw(val)) for k in draw(st.lists(st.sampled_from(_TGI_ENV), max_size=3))}}}}  # fmt: skip
        name, text = "docker-compose.yaml", yaml.safe_dump(doc)
    elif kind == "torchserve":
        doc = {"minWorkers": draw(val), "maxWorkers": draw(val), "handler": {"max_model_len": draw(val), "model_path": draw(st.text(max_size=10))}}  # fmt: skip
        name, text = "model-config.yaml", yaml.safe_dump(doc)
    elif kind == "env":
        lines = [
            f"{k}={_arg(draw(val))}"
            for k in draw(st.lists(st.sampled_from(_TGI_ENV), min_size=1, max_size=5))
        ]
        name, text = "tgi.env", "\n".join(lines) + "\n"
    elif kind == "script":
        engine = draw(st.sampled_from(["vllm serve {m}", "python -m vllm.entrypoints.openai.api_server --model {m}", "text-generation-launcher --model-id {m}", "docker run vllm/vllm-openai --model {m}"]))  # fmt: skip
        opts = " ".join(
            f"--{k} {_arg(draw(val))!r}"
            for k in draw(st.lists(st.sampled_from(_VLLM_OPTS), max_size=5))
        )
        name, text = "serve.sh", "#!/bin/sh\n" + engine.format(m=draw(st.sampled_from(["meta-llama/Llama-3-8B", "x", "''"]))) + " " + opts + "\n"  # fmt: skip
    elif kind == "modelfile":
        lines = ["FROM ./model.gguf"] + [f"PARAMETER {k} {_arg(draw(val))}" for k in draw(st.lists(st.sampled_from(["num_ctx", "temperature", "num_gpu", "stop"]), max_size=4))]  # fmt: skip
        name, text = "Modelfile", "\n".join(lines) + "\n"
    elif kind == "pbtxt":
        values = st.sampled_from(["1", "-1", "99999999999999999999", '"x"', "{ a: 1 }", "[1, 2]"])
        keys = st.sampled_from(["name", "max_batch_size", "backend", "platform", "input", "parameters"])  # fmt: skip
        fields = [f"{k}: {draw(values)}" for k in draw(st.lists(keys, max_size=5))]
        name, text = "config.pbtxt", "\n".join(fields) + "\n"
    else:
        name, text = "serve.yaml", yaml.safe_dump(draw(json_values(wide)))
    data = draw(mutate(text.encode()))
    argv = draw(
        st.sampled_from([["graph", name], ["check", name], ["graph", name, "--format", "json"]])
    )
    return Case({name: data}, argv, "manifest")


# ----------------------------------------------------------------------------- checkpoints
_DTYPES = ["F32", "F16", "BF16", "I8", "U8", "I64", "BOOL", "F8_E4M3", "X9", ""]
_NAMES = ["model.embed_tokens.weight", "model.layers.0.self_attn.q_proj.weight",
          "model.layers.0.self_attn.k_proj.weight", "model.layers.0.self_attn.q_norm.weight",
          "model.layers.1.mlp.gate_proj.weight", "lm_head.weight", "__metadata__", "x"]  # fmt: skip
_ITEM = {"F32": 4, "F16": 2, "BF16": 2, "I8": 1, "U8": 1, "I64": 8, "BOOL": 1, "F8_E4M3": 1}


@st.composite
def safetensors_case(draw, wide: bool = False) -> Case:
    names = draw(st.lists(st.sampled_from(_NAMES), max_size=6, unique=True))
    head: dict = {}
    pos = 0
    for n in names:
        if n == "__metadata__":
            head[n] = {"format": "pt"} if draw(st.booleans()) else draw(json_values(wide))
            continue
        dtype = draw(st.sampled_from(_DTYPES))
        shape = draw(st.lists(st.integers(0, 16) if not wide else ints(True), max_size=3))
        size = _ITEM.get(dtype, 1)
        for d in shape:
            size *= max(d, 0)
        size = min(size, 4096)
        offs = [pos, pos + size]
        if draw(st.integers(0, 4)) == 0:  # hostile offsets: overlapping, reversed, past the end
            offs = draw(st.lists(ints(wide), min_size=0, max_size=3))
        head[n] = {"dtype": dtype, "shape": shape, "data_offsets": offs}
        pos += size
    hb = json.dumps(head).encode()
    hb += b" " * draw(st.integers(0, 7))
    n = len(hb)
    if draw(st.integers(0, 5)) == 0:
        n = draw(st.one_of(ints(wide), st.integers(0, 2**64 - 1)))
        n = max(0, min(n, 2**64 - 1))
    data = struct.pack("<Q", n) + hb + b"\0" * min(pos + draw(st.integers(0, 4)), 65536)
    data = draw(mutate(data))
    if draw(st.integers(0, 3)) == 0:  # a sharded checkpoint naming this file
        spell = draw(st.sampled_from(["model.safetensors", "./model.safetensors", "../x", "/etc/passwd", "sub/../model.safetensors"]))  # fmt: skip
        index = {"weight_map": {k: spell for k in names if k != "__metadata__"} or {"a": spell}}
        files = {"model.safetensors": data, "model.safetensors.index.json": json.dumps(index).encode()}  # fmt: skip
        return Case(files, ["graph", "model.safetensors.index.json"], "safetensors")
    return Case({"model.safetensors": data}, draw(st.sampled_from([["graph", "model.safetensors"], ["check", "model.safetensors"]])), "safetensors")  # fmt: skip


def _gguf_string(s: bytes) -> bytes:
    return struct.pack("<Q", len(s)) + s


@st.composite
def gguf_case(draw, wide: bool = False) -> Case:
    """GGUF v3 bytes written by hand (magic, version, counts, key/values, tensor infos), then
    mutated: counts that lie, strings that claim more than the file holds, unknown types."""
    kvs = []
    for key in draw(st.lists(st.sampled_from(["general.architecture", "llama.block_count", "llama.context_length", "llama.embedding_length", "general.alignment", "tokenizer.ggml.tokens", "llama.attention.head_count"]), max_size=5, unique=True)):  # fmt: skip
        vtype = draw(st.sampled_from([4, 5, 6, 8, 9, 10, 13]))
        if vtype == 8:
            val = _gguf_string(draw(st.sampled_from([b"llama", b"gpt2", b"", b"\xff\xfe"])))
        elif vtype == 9:
            etype = draw(st.sampled_from([4, 8]))
            items = draw(st.lists(st.integers(0, 2**31 - 1), max_size=4))
            body = b"".join(
                _gguf_string(b"t%d" % i) if etype == 8 else struct.pack("<I", i) for i in items
            )
            val = struct.pack("<IQ", etype, len(items)) + body
        elif vtype in (10, 13):
            val = struct.pack("<Q", draw(st.integers(0, 2**64 - 1)))
        elif vtype == 6:
            val = struct.pack("<f", draw(st.floats(width=32, allow_nan=True)))
        else:
            val = struct.pack("<I", draw(st.integers(0, 2**32 - 1)))
        kvs.append(_gguf_string(key.encode()) + struct.pack("<I", vtype) + val)
    tensors = []
    for i in range(draw(st.integers(0, 3))):
        dims = draw(
            st.lists(
                st.integers(0, 64) if not wide else st.integers(0, 2**40), min_size=1, max_size=4
            )
        )
        tensors.append(
            _gguf_string(f"blk.{i}.attn_q.weight".encode())
            + struct.pack("<I", len(dims))
            + b"".join(struct.pack("<Q", d) for d in dims)
            + struct.pack(
                "<IQ", draw(st.sampled_from([0, 1, 2, 8, 99])), draw(st.integers(0, 4096))
            )
        )
    version = draw(st.sampled_from([3, 3, 2, 1, 99]))
    n_t, n_kv = len(tensors), len(kvs)
    if draw(st.integers(0, 4)) == 0:
        n_t, n_kv = draw(ints(wide)) % 2**64, draw(ints(wide)) % 2**64
    data = b"GGUF" + struct.pack("<IQQ", version, n_t, n_kv) + b"".join(kvs) + b"".join(tensors)
    data += b"\0" * draw(st.integers(0, 256))
    data = draw(mutate(data))
    return Case({"model.gguf": data}, ["graph", "model.gguf"], "gguf")


# ----------------------------------------------------------------------------- compare
@st.composite
def compare_case(draw, wide: bool = False) -> Case:
    left = draw(python_case(wide))
    right = draw(st.one_of(config_case(wide), manifest_case(wide)))
    files = {**left.files, **right.files}
    return Case(files, ["compare", left.argv[1], right.argv[1]], "compare")


ENTRY_POINTS = {
    "python-model": lambda wide: python_case(wide),
    "python-grammar": lambda wide: python_case(wide, grammar=True),
    "python-statement": lambda wide: python_case(wide, grammar=True, fast=True),
    "config": config_case,
    "manifest": manifest_case,
    "safetensors": safetensors_case,
    "gguf": gguf_case,
    "compare": compare_case,
}
