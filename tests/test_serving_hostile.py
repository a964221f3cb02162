"""Hostile serving artifacts: exit 2 with one clear line, in bounded time and memory.

Each case runs the real CLI in a fresh interpreter that reports its own peak RSS
(``VmHWM`` from /proc/self/status), so a parser that reads a 100 GB claim into
memory, or recurses until it crashes, fails here.
"""

from __future__ import annotations

import json
import resource
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAX_RSS_MB = 256  # the interpreter with numpy, gguf and onnx peaks near 60 MB
MAX_SECONDS = 20

# VmHWM is this process image's own peak RSS; ru_maxrss would also count the forking pytest
# worker's memory (it survives exec), so it is only the fallback off Linux.
RUNNER = (
    "import re, resource, sys\n"
    "from driftcheck.cli import main\n"
    "rc = main(['graph', sys.argv[1], '--format', 'json'])\n"
    "try:\n"
    "    status = open('/proc/self/status').read()\n"
    "    kb = int(re.search(r'VmHWM:\\s+(\\d+) kB', status).group(1))\n"
    "except OSError:\n"
    "    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
    "print(f'RSS_KB={kb}', file=sys.stderr)\n"
    "sys.exit(rc)\n"
)


def run_graph(path: Path) -> tuple[int, list[str], float, float]:
    # the bound is on the child's CPU time, not wall time: a loaded machine stretches wall time
    # without the parser doing more work (the 120 s timeout still bounds the wall)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [sys.executable, "-c", RUNNER, str(path)],
        capture_output=True, text=True, cwd=str(ROOT), timeout=120,
    )  # fmt: skip
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    elapsed = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    lines = out.stderr.strip().splitlines()
    rss = [line for line in lines if line.startswith("RSS_KB=")]
    assert rss, out.stderr  # the process died (segfault?) before reporting
    errors = [line for line in lines if not line.startswith("RSS_KB=")]
    return out.returncode, errors, int(rss[0].split("=")[1]) / 1024, elapsed


def _safetensors(path: Path, header_len: int, header: bytes, data: bytes = b"") -> None:
    path.write_bytes(struct.pack("<Q", header_len) + header + data)


def make_cases(tmp: Path) -> dict[str, tuple[Path, str]]:
    cases: dict[str, tuple[Path, str]] = {}

    p = tmp / "claims100gb.safetensors"
    _safetensors(p, 100 * 1024**3, b'{"a": {}}')
    cases["safetensors-100GB-header"] = (p, "over the 16777216-byte cap")

    p = tmp / "short.safetensors"
    _safetensors(p, 4096, b'{"a": {"dtype": "F32"')
    cases["safetensors-truncated-header"] = (p, "truncated")

    p = tmp / "offsets.safetensors"
    head = json.dumps({"w": {"dtype": "F32", "shape": [10**6, 10**6],
                             "data_offsets": [0, 4 * 10**12]}}).encode()  # fmt: skip
    _safetensors(p, len(head), head, b"\0" * 16)
    cases["safetensors-offsets-past-end"] = (p, "outside the 16-byte data section")

    p = tmp / "deep.safetensors"
    head = b"[" * 200_000 + b"]" * 200_000
    _safetensors(p, len(head), head)
    cases["safetensors-deep-json"] = (p, "nested too deeply")

    (tmp / "idx").mkdir()
    p = tmp / "idx" / "model.safetensors.index.json"
    p.write_text(json.dumps({"weight_map": {"w": "../../etc/passwd"}}))
    cases["safetensors-index-escapes"] = (p, "leaves the checkpoint folder")

    import gguf
    import numpy as np

    full = tmp / "full.gguf"
    w = gguf.GGUFWriter(str(full), "llama")
    w.add_block_count(2)
    w.add_token_list([f"t{i}" for i in range(2000)])
    for i in range(2):
        w.add_tensor(f"blk.{i}.attn_q.weight", np.ones((64, 64), np.float32))
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    data = full.read_bytes()
    for frac in (2, 5):
        p = tmp / f"cut{frac}.gguf"
        p.write_bytes(data[: len(data) // frac])
        cases[f"gguf-truncated-1/{frac}"] = (p, "truncated")
    p = tmp / "count.gguf"
    p.write_bytes(b"GGUF" + struct.pack("<IQQ", 3, 2**40, 1) + b"\0" * 64)
    cases["gguf-claims-2^40-tensors"] = (p, "claims 1099511627776 tensors")
    p = tmp / "strlen.gguf"  # one key whose name claims 2^62 bytes
    p.write_bytes(b"GGUF" + struct.pack("<IQQQ", 3, 0, 1, 2**62) + b"k" * 64)
    cases["gguf-huge-string"] = (p, "not a readable GGUF file")

    p = tmp / "deep.yaml"
    p.write_text("a: " + "[" * 100_000 + "]" * 100_000 + "\n")
    cases["yaml-deeply-nested"] = (p, "nested too deeply")
    p = tmp / "dash.yaml"
    p.write_text("- " * 30_000 + "x\n")
    cases["yaml-deep-block-sequence"] = (p, "nested too deeply")
    bomb = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 10):
        prev, cur = chr(96 + i), chr(97 + i)
        bomb.append(f"{cur}: &{cur} [" + ", ".join([f"*{prev}"] * 9) + "]")
    p = tmp / "bomb.yaml"
    p.write_text("\n".join(bomb) + "\n")
    cases["yaml-alias-bomb"] = (p, "alias bomb")
    p = tmp / "bad.yaml"
    p.write_text("max-model-len: [4096\n")
    cases["yaml-malformed"] = (p, "invalid YAML")

    import onnx
    from onnx import TensorProto, helper

    n1 = helper.make_node("Relu", ["b"], ["a"], name="first")
    n2 = helper.make_node("Relu", ["a"], ["b"], name="second")
    g = helper.make_graph(
        [n1, n2], "cyclic", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1])],
        [helper.make_tensor_value_info("b", TensorProto.FLOAT, [1])],
    )  # fmt: skip
    p = tmp / "cycle.onnx"
    onnx.save(helper.make_model(g), str(p))
    cases["onnx-cycle"] = (p, "ONNX graph has a cycle")
    p = tmp / "garbage.onnx"
    p.write_bytes(b"\xff\xfe not protobuf " * 100)
    cases["onnx-garbage"] = (p, "not a readable ONNX model")

    p = tmp / "config.pbtxt"
    p.write_text("a { " * 5000 + "}" * 5000)
    cases["pbtxt-deep"] = (p, "nested deeper than 32 levels")
    p = tmp / "binary.env"
    p.write_bytes(b"MAX_TOTAL_TOKENS=\xff\xfe\n")
    cases["env-not-utf8"] = (p, "not UTF-8")
    p = tmp / "huge.sh"
    p.write_bytes(b"#" * (5 * 1024 * 1024))
    cases["script-over-size-cap"] = (p, "over the 4194304-byte limit")
    return cases


NAMES = sorted([
    "safetensors-100GB-header", "safetensors-truncated-header", "safetensors-offsets-past-end",
    "safetensors-deep-json", "safetensors-index-escapes", "gguf-truncated-1/2",
    "gguf-truncated-1/5", "gguf-claims-2^40-tensors", "gguf-huge-string", "yaml-deeply-nested",
    "yaml-deep-block-sequence", "yaml-alias-bomb", "yaml-malformed", "onnx-cycle",
    "onnx-garbage", "pbtxt-deep", "env-not-utf8", "script-over-size-cap",
])  # fmt: skip


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    return make_cases(tmp_path_factory.mktemp("hostile"))


def test_case_list_is_complete(cases):
    assert sorted(cases) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_hostile_input_exit_2_one_line(cases, name):
    path, expected = cases[name]
    rc, errors, rss_mb, seconds = run_graph(path)
    assert rc == 2, errors
    assert len(errors) == 1, errors
    assert errors[0].startswith("driftcheck: error: "), errors
    assert str(path) in errors[0]
    assert expected in errors[0], errors[0]
    assert "internal error" not in errors[0]
    assert rss_mb < MAX_RSS_MB, f"peak RSS {rss_mb:.0f} MB"
    assert seconds < MAX_SECONDS, f"{seconds:.1f} s"
