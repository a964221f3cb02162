"""Hardening of inputs and of the result cache (issue 22): files that are not files, paths that
leave their folder, error lines that quote or flood, and a cache that answers for a changed
world. Each case failed before its fix (the commit that added this file says which).

The CLI runs as users run it: in a fresh interpreter, with a wall-clock timeout and an address
space cap, so a read that never ends or never stops growing fails here instead of hanging the
suite. Counts are checked against torch where a graph is claimed correct.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import resource
import shutil
import stat
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest
import torch
from torch import nn

from driftcheck.errors import DriftcheckError
from driftcheck.parsers import cache, template
from driftcheck.parsers import derived as dv
from driftcheck.parsers.serving import safetensors_file as stf
from driftcheck.parsers.source import parse_source

ROOT = Path(__file__).resolve().parent.parent
PASSWD_FIRST8 = str(struct.unpack("<Q", b"root:x:0")[0])  # /etc/passwd's first bytes as a u64


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (3 * 1024**3, 3 * 1024**3))


def cli(*args: str, cwd: Path | None = None, env: dict | None = None, timeout: float = 60):
    """The real CLI in a fresh interpreter: (exit code, stderr lines, stdout)."""
    e = {**os.environ, "PYTHONPATH": str(ROOT), "DRIFTCHECK_NO_CACHE": "1", **(env or {})}
    out = subprocess.run(
        [sys.executable, "-m", "driftcheck", *args],
        capture_output=True, text=True, cwd=str(cwd or ROOT), env=e, timeout=timeout,
        preexec_fn=_limits,
    )  # fmt: skip
    return out.returncode, out.stderr.strip().splitlines(), out.stdout


def main_in_process(*args: str, cwd: Path | None = None):
    """``driftcheck.cli.main(argv)`` in this process (for inputs that cannot hang or grow):
    (exit code, stderr lines, stdout)."""
    from driftcheck.cli import main

    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(cwd or ROOT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            rc = main(list(args))
    finally:
        os.chdir(here)
    return rc, err.getvalue().strip().splitlines(), out.getvalue()


def one_error(rc: int, lines: list[str], *expected: str) -> str:
    assert rc == 2, lines
    assert len(lines) == 1, lines
    assert lines[0].startswith("driftcheck: error: "), lines
    assert "internal error" not in lines[0] and "Traceback" not in lines[0], lines
    for want in expected:
        assert want in lines[0], lines[0]
    return lines[0]


# ----------------------------------------------------------------------------- not files
@pytest.mark.parametrize(
    ("name", "command"),
    [
        ("config.json", "graph"),
        ("model.py", "check"),
        ("serve.yaml", "graph"),
        ("model.safetensors", "graph"),
        ("model.gguf", "graph"),
        ("model.onnx", "graph"),
    ],
)
def test_symlink_to_dev_zero_is_refused_not_read(tmp_path, name, command):
    """Before: ``config.json -> /dev/zero`` was read until memory ran out (st_size is 0, so the
    size cap never fired)."""
    (tmp_path / name).symlink_to("/dev/zero")
    t = time.monotonic()
    rc, lines, _ = cli(command, name, cwd=tmp_path)
    one_error(rc, lines, name, "is a character device, not a regular file")
    assert time.monotonic() - t < 30


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs procfs")
@pytest.mark.parametrize("name", ["config.json", "serve.env", "serve.yaml"])
def test_a_proc_file_is_refused(tmp_path, name):
    """/proc/self/environ passes for a regular file of size 0; read, it is the environment
    (tokens included): before, it was read and parsed as the config or manifest."""
    (tmp_path / name).symlink_to("/proc/self/environ")
    rc, lines, _ = cli("graph", name, cwd=tmp_path)
    one_error(rc, lines, name, "holds more than its size says")


@pytest.mark.parametrize("name", ["config.json", "model.py", "serve.env", "model.safetensors"])
def test_named_pipe_is_refused_without_blocking(tmp_path, name):
    """Before: a FIFO named ``config.json`` blocked the read forever (nobody writes to it)."""
    os.mkfifo(tmp_path / name)
    rc, lines, _ = cli("graph", name, cwd=tmp_path, timeout=30)
    one_error(rc, lines, name, "is a named pipe, not a regular file")


def test_safeio_swapped_file_and_growth_are_caught(tmp_path):
    from driftcheck import safeio

    p = tmp_path / "a.json"
    p.write_bytes(b"x" * 100)
    assert safeio.read_bytes(p, 100) == b"x" * 100
    with pytest.raises(DriftcheckError, match="over the 99-byte limit"):
        safeio.read_bytes(p, 99)
    assert safeio.read_text_lenient(tmp_path / "missing") is None
    os.mkfifo(tmp_path / "fifo")
    assert safeio.read_text_lenient(tmp_path / "fifo") is None  # returns at once


def test_hook_skips_a_named_pipe_without_blocking(tmp_path):
    """pre-commit hands the hook file names; a FIFO among them hung the hook's pre-scan."""
    os.mkfifo(tmp_path / "model.py")
    code = "from driftcheck.hooks import check_main; import sys; sys.exit(check_main(sys.argv[1:]))"
    out = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "model.py")],
        capture_output=True, text=True, timeout=30, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert out.returncode == 0, out.stderr


# ----------------------------------------------------------------------------- containment
def _safetensors_bytes(tensors: dict[str, tuple[str, list[int], list[int]]], data: bytes) -> bytes:
    head = json.dumps(
        {n: {"dtype": d, "shape": s, "data_offsets": o} for n, (d, s, o) in tensors.items()}
    ).encode()
    return struct.pack("<Q", len(head)) + head + data


def test_shard_through_a_symlinked_directory_leaves_the_folder(tmp_path):
    """Before: ``lnk/passwd`` with ``lnk -> /etc`` passed the textual ``..`` check, and the
    error echoed the first 8 bytes of /etc/passwd (as the header length)."""
    ckpt = tmp_path / "ckpt"
    ckpt.mkdir()
    (ckpt / "lnk").symlink_to("/etc")
    idx = ckpt / "model.safetensors.index.json"
    idx.write_text(json.dumps({"weight_map": {"w": "lnk/passwd"}}))
    rc, lines, _ = main_in_process("graph", str(idx))
    line = one_error(rc, lines, "leaves the checkpoint folder")
    assert PASSWD_FIRST8 not in line and "root:x" not in line


def test_shard_symlinked_inside_the_folder_is_fine(tmp_path):
    ckpt = tmp_path / "ckpt"
    (ckpt / "real").mkdir(parents=True)
    (ckpt / "real" / "a.safetensors").write_bytes(
        _safetensors_bytes({"w": ("F32", [2, 2], [0, 16])}, b"\0" * 16)
    )
    (ckpt / "alias").symlink_to(ckpt / "real")
    idx = ckpt / "model.safetensors.index.json"
    idx.write_text(json.dumps({"weight_map": {"w": "alias/a.safetensors"}}))
    rc, lines, out = main_in_process("graph", str(idx), "--format", "json")
    assert rc == 0, lines
    assert json.loads(out)["facts"]["tensorCount"]["value"] == 1


def test_header_length_is_never_echoed(tmp_path):
    """The 8-byte length field of a file that is no safetensors (here: text) was printed as a
    number, i.e. the file's first bytes."""
    p = tmp_path / "x.safetensors"
    p.write_bytes(b"root:x:0:0:root:/root:/bin/bash\n")
    rc, lines, _ = main_in_process("graph", str(p))
    line = one_error(rc, lines, "over the 16777216-byte cap")
    assert PASSWD_FIRST8 not in line


@pytest.mark.parametrize(
    ("name", "text"),
    [("serve.env", "root:x:0:0:root:/root:/bin/bash\n"), ("config.pbtxt", "root:x:0:0:root\n")],
)
def test_manifest_errors_do_not_quote_the_file(tmp_path, name, text):
    """Before: ``not a KEY=VALUE line: 'root:x:0:0:root:/root:/bin/bash'`` (a .env symlinked to
    /etc/passwd printed its first line); the pbtxt tokenizer quoted what it stopped at."""
    p = tmp_path / name
    p.write_text(text)
    rc, lines, _ = main_in_process("graph", str(p))
    line = one_error(rc, lines)
    assert "root" not in line.replace(str(tmp_path), "")


def test_one_shard_named_many_ways_is_read_once(tmp_path, monkeypatch):
    """Before: 64 spellings of one shard (``a``, ``./a``, ``././a`` ...) read it 64 times."""
    tensors = {f"w{i}": ("F32", [1], [4 * i, 4 * i + 4]) for i in range(64)}
    (tmp_path / "a.safetensors").write_bytes(_safetensors_bytes(tensors, b"\0" * 256))
    wmap = {f"w{i}": "./" * i + "a.safetensors" for i in range(64)}
    (tmp_path / "m.safetensors.index.json").write_text(json.dumps({"weight_map": wmap}))
    calls = []
    real = stf.read_header
    monkeypatch.setattr(stf, "read_header", lambda p: calls.append(p) or real(p))
    got = stf.read_index(tmp_path / "m.safetensors.index.json")
    assert sorted(got) == sorted(wmap) and len(calls) == 1


# the safetensors library itself is the oracle: what it refuses, driftcheck refuses
_TILINGS = {
    "overlap": ({"a": ("F32", [4], [0, 16]), "b": ("F32", [4], [8, 24])}, 24, "overlap"),
    "same-bytes": ({"a": ("F32", [4], [0, 16]), "b": ("F32", [4], [0, 16])}, 16, "overlap"),
    "gap": ({"a": ("F32", [2], [0, 8]), "b": ("F32", [2], [16, 24])}, 24, "gap"),
    "trailing": ({"a": ("F32", [2], [0, 8])}, 32, "no tensor owns"),
}


@pytest.mark.parametrize("case", sorted(_TILINGS))
def test_safetensors_offsets_must_tile_the_data(tmp_path, case):
    """Before: overlapping (or gapped) data_offsets were accepted."""
    from safetensors import SafetensorError, safe_open

    tensors, data_len, expected = _TILINGS[case]
    p = tmp_path / "m.safetensors"
    p.write_bytes(_safetensors_bytes(tensors, b"\0" * data_len))
    with pytest.raises(SafetensorError):  # the library refuses to load it
        with safe_open(str(p), "pt") as f:
            [f.get_tensor(k) for k in f.keys()]
    rc, lines, _ = main_in_process("graph", str(p))
    one_error(rc, lines, expected)


def test_real_safetensors_files_still_read(tmp_path):
    from safetensors.torch import save_file

    tensors = {"a": torch.zeros(3, 5), "b": torch.zeros(0), "c": torch.ones(7, dtype=torch.int8)}
    p = tmp_path / "m.safetensors"
    save_file(tensors, str(p), metadata={"format": "pt"})
    got = stf.read_header(p)
    assert {k: v[0] for k, v in got.items()} == {k: tuple(t.shape) for k, t in tensors.items()}


def test_discovery_ignores_symlinks_out_of_the_repository(tmp_path):
    """A PR can commit ``model.py -> /some/file/outside``: discovery must not pick it."""
    from driftcheck.parsers.discover import discover

    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "modeling_secret.py").write_text(
        "import torch.nn as nn\nclass Secret(nn.Module):\n    pass\n"
    )
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "modeling_x.py").symlink_to(outside / "modeling_secret.py")
    (repo / "model.py").write_text("import torch.nn as nn\nclass Mine(nn.Module):\n    pass\n")
    os.mkfifo(repo / "pipe.py")
    d = discover(repo)
    assert d.code == repo / "model.py"
    assert all(p.name in ("model.py",) for p in d.candidates), d.candidates


# ----------------------------------------------------------------------------- error lines
def test_an_error_line_is_bounded(tmp_path):
    """Before: a GGUF key named with 8 MB of text gave an 8 MB error line."""
    key = b"k" * (8 * 1024 * 1024)
    data = b"GGUF" + struct.pack("<IQQ", 3, 0, 1) + struct.pack("<Q", len(key)) + key
    data += struct.pack("<I", 99) + b"\0" * 64  # an unknown value type after the key
    p = tmp_path / "big.gguf"
    p.write_bytes(data)
    rc, lines, _ = main_in_process("graph", str(p))
    line = one_error(rc, lines, "more characters]")
    assert len(line) < 1200


def test_error_line_is_one_printable_line():
    from driftcheck.cli import MAX_ERROR_CHARS, error_line

    assert error_line("a\nb\r\n::error::x\x1b[31m") == "a b ::error::x\\x1b[31m"
    long = error_line("x" * 10_000)
    assert len(long) < MAX_ERROR_CHARS + 40 and long.endswith("[9000 more characters]")
    assert DriftcheckError("what", "p" * 100_000).one_line().endswith("p: what")
    assert len(DriftcheckError("what", "p" * 100_000).one_line()) < 300


# ----------------------------------------------------------------------------- the cache
MODEL = """\
import torch.nn as nn


class Tiny(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, {width})
        self.out = nn.Linear({width}, 2)

    def forward(self, x):
        return self.out(self.fc(x))
"""


def torch_tiny(width: int) -> int:
    model = nn.Sequential(nn.Linear(4, width), nn.Linear(width, 2))
    return sum(p.numel() for p in model.parameters())


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    monkeypatch.setenv("DRIFTCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("DRIFTCHECK_NO_CACHE", raising=False)
    cache.clear_memory()
    yield tmp_path / "cache"
    cache.clear_memory()


def _same_size_edit(src: Path, old: str, new: str) -> None:
    """Rewrite ``src`` with ``old`` replaced by ``new`` (same length), mtime put back."""
    st = src.stat()
    text = src.read_text()
    assert len(old) == len(new) and old in text
    src.write_text(text.replace(old, new))
    os.utime(src, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert src.stat().st_size == st.st_size and src.stat().st_mtime_ns == st.st_mtime_ns


@pytest.mark.parametrize("racy", [True, False])
def test_an_edit_that_keeps_size_and_mtime_is_seen(fresh, tmp_path, monkeypatch, racy):
    """Before: size and mtime equal meant "unchanged", never re-hashed: the old graph was served.
    racy=False takes the stat pre-check path (the file is old enough to trust its stat): ctime,
    which no user call can set back, gives the edit away."""
    if not racy:
        monkeypatch.setattr(cache, "RACY_NS", 0)
    src = tmp_path / "tiny.py"
    src.write_text(MODEL.format(width=16))
    time.sleep(0.05)  # past the file system's timestamp granularity
    calls = []

    def compute():
        calls.append(1)
        return parse_source(src)

    first = cache.cached_graph("t", {"p": str(src)}, compute)
    assert first.params_total() == torch_tiny(16)
    time.sleep(0.05)
    _same_size_edit(src, "16", "32")
    cache.clear_memory()
    for _ in range(2):  # disk, then memory
        got = cache.cached_graph("t", {"p": str(src)}, compute)
        assert got.params_total() == torch_tiny(32)
    assert len(calls) == 2


def test_an_entry_edited_on_disk_is_a_miss_and_rewritten(fresh, tmp_path):
    """Before: an entry whose graph was edited (valid JSON, plausible numbers) was served."""
    src = tmp_path / "tiny.py"
    src.write_text(MODEL.format(width=8))
    calls = []

    def compute():
        calls.append(1)
        return parse_source(src)

    cache.cached_graph("t", {"p": str(src)}, compute)
    [entry] = (fresh / "graphs").glob("*.json")
    raw = entry.read_text()
    n = torch_tiny(8)
    forged = raw.replace('\\"out_features\\": 8', '\\"out_features\\": 9')
    assert forged != raw
    entry.write_text(forged)
    cache.clear_memory()
    got = cache.cached_graph("t", {"p": str(src)}, compute)
    assert len(calls) == 2 and got.params_total() == n
    assert entry.read_text() != forged  # rewritten by the recompute
    cache.clear_memory()
    assert cache.cached_graph("t", {"p": str(src)}, compute).params_total() == n
    assert len(calls) == 2  # and the rewritten entry is a hit again


def test_cache_directory_and_entries_are_private(fresh, tmp_path):
    src = tmp_path / "tiny.py"
    src.write_text(MODEL.format(width=8))
    fresh.mkdir(mode=0o755)
    os.chmod(fresh, 0o755)  # a directory of ours that others can read: made private
    cache.cached_graph("t", {"p": str(src)}, lambda: parse_source(src))
    dv.derived("k", [src], lambda: {"a": 1})
    for d in (fresh, fresh / "graphs", fresh / "derived"):
        assert stat.S_IMODE(d.stat().st_mode) == 0o700, d
    entries = [*fresh.glob("graphs/*.json"), *fresh.glob("derived/*.json")]
    assert len(entries) == 2
    for e in entries:
        assert stat.S_IMODE(e.stat().st_mode) == 0o600, e


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="needs chown")
def test_a_cache_directory_someone_else_owns_is_not_used(fresh, tmp_path):
    src = tmp_path / "tiny.py"
    src.write_text(MODEL.format(width=8))
    (fresh / "graphs").mkdir(parents=True)
    os.chown(fresh, 12345, 12345)
    calls = []

    def compute():
        calls.append(1)
        return parse_source(src)

    for _ in range(2):
        cache.clear_memory()
        cache.cached_graph("t", {"p": str(src)}, compute)
    assert len(calls) == 2 and not list((fresh / "graphs").iterdir())


def test_default_cache_dir_without_home_is_per_user(monkeypatch):
    monkeypatch.delenv("DRIFTCHECK_CACHE_DIR", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: (_ for _ in ()).throw(KeyError())))
    assert cache.cache_dir().name == f"driftcheck-{os.getuid()}"


def test_derived_table_sees_an_edit_that_keeps_size_and_mtime(fresh, tmp_path):
    """Before: derived tables were keyed on path, size and mtime only."""
    f = tmp_path / "auto.py"
    f.write_text("MAPPING = {'bert': 'BertModel'}\n")
    time.sleep(0.05)

    def read():
        return {"text": f.read_text()}

    assert dv.derived("t", [f], read)["text"].endswith("'BertModel'}\n")
    _same_size_edit(f, "BertModel", "BertModeX")
    assert dv.derived("t", [f], read)["text"].endswith("'BertModeX'}\n")


def test_derived_files_are_dependencies_of_cached_graphs(fresh, tmp_path, monkeypatch):
    """A graph computed while a derived table is used (or memoised in the process) depends on
    that table's files: editing one of them is a miss for the graph."""
    from driftcheck.speed import current

    monkeypatch.setattr(current().stores, "sticky", {})
    table = tmp_path / "auto.py"
    table.write_text("WIDTH = 8\n")
    src = tmp_path / "tiny.py"
    src.write_text(MODEL.format(width=8))
    calls = []

    def compute():
        calls.append(1)
        dv.derived("w", [table], lambda: {"w": table.read_text()})
        return parse_source(src)

    cache.cached_graph("t", {"p": str(src)}, compute)
    cache.clear_memory()
    cache.cached_graph("t", {"p": str(src)}, compute)
    assert len(calls) == 1
    table.write_text("WIDTH = 16\n")
    cache.clear_memory()
    cache.cached_graph("t", {"p": str(src)}, compute)
    assert len(calls) == 2


def _shadow_transformers(dest: Path) -> Path:
    """A copy of the installed transformers made of symlinks, except models/auto/*.py, which
    are real files the test may edit; found first on PYTHONPATH, read statically like the real
    one (driftcheck never imports it on this path)."""
    from driftcheck.parsers import hf_registry as reg

    real = reg.package_dir()
    assert real is not None
    shadow = dest / "transformers"
    for d, _, files in os.walk(real):
        rel = Path(d).relative_to(real)
        if "__pycache__" in rel.parts:
            continue
        (shadow / rel).mkdir(parents=True, exist_ok=True)
        for f in files:
            if rel == Path("models/auto") and f.endswith(".py"):
                shutil.copy2(Path(d) / f, shadow / rel / f)
            else:
                (shadow / rel / f).symlink_to(Path(d) / f)
    return shadow


def test_editing_modeling_auto_invalidates_cached_config_graphs(tmp_path):
    """Before: the auto mappings were no dependency of a cached config graph: after editing
    MODEL_MAPPING_NAMES in modeling_auto.py, the cached graph (the old class) was served."""
    site = tmp_path / "site"
    shadow = _shadow_transformers(site)
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps({
        "model_type": "bert", "hidden_size": 32, "intermediate_size": 64,
        "num_hidden_layers": 1, "num_attention_heads": 2, "vocab_size": 100,
    }))  # fmt: skip
    env = {
        "PYTHONPATH": f"{site}{os.pathsep}{ROOT}",
        "DRIFTCHECK_CACHE_DIR": str(tmp_path / "cache"),
        "DRIFTCHECK_NO_CACHE": "",
    }

    def graph(**extra) -> dict:
        out = subprocess.run(
            [sys.executable, "-m", "driftcheck", "graph", str(cfg), "--format", "json"],
            capture_output=True, text=True, env={**os.environ, **env, **extra}, timeout=300,
        )  # fmt: skip
        assert out.returncode == 0, out.stderr
        return json.loads(out.stdout)

    before = graph()
    assert before["origin"]["detail"].startswith(str(shadow))  # the shadow was read
    assert before["origin"]["detail"].endswith("::BertModel")
    auto = shadow / "models" / "auto" / "modeling_auto.py"
    text = auto.read_text()
    first = text.index('("bert", "BertModel")')  # MODEL_MAPPING_NAMES comes first
    table = text.rfind("MODEL_MAPPING_NAMES = ", 0, first)
    assert table > 0 and text.rfind("_NAMES = ", 0, first) == table + len("MODEL_MAPPING")
    auto.write_text(text.replace('("bert", "BertModel")', '("bert", "BertForMaskedLM")', 1))
    after = graph()
    fresh_run = graph(DRIFTCHECK_NO_CACHE="1")
    assert after == fresh_run
    assert after["origin"]["detail"].endswith("::BertForMaskedLM")
    assert after["params_total"] > before["params_total"]  # the MLM head on top


TEMPLATED = """\
import torch.nn as nn


class Net(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.proj = nn.Linear(config.width, config.width * 2)

    def forward(self, x):
        return self.proj(x)
"""


def test_a_template_of_an_edited_file_is_not_served(tmp_path, monkeypatch):
    """Before: a template (in-process) kept serving the graph of the file as it was traced."""
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    monkeypatch.delenv("DRIFTCHECK_TEMPLATE", raising=False)
    template.clear()
    src = tmp_path / "model.py"
    src.write_text(TEMPLATED)

    def parse(c):
        return parse_source(str(src), entry="Net", config=c, config_path="config.json")

    key = (str(src), "Net", "config.json", "test")
    try:
        template.parse_config(key, {"width": 8}, parse)
        assert template.parse_config(key, {"width": 16}, parse).params_total() == 16 * 32 + 32
        assert template.stats["hits"] == 1
        _same_size_edit(src, "config.width * 2", "config.width * 3")
        got = template.parse_config(key, {"width": 16}, parse)
        assert (
            got.params_total()
            == 16 * 48 + 48
            == sum(p.numel() for p in nn.Linear(16, 48).parameters())
        )
        assert template.stats["hits"] == 1
    finally:
        template.clear()


# ----------------------------------------------------------------------------- fuzz finds
@pytest.mark.parametrize("archs", [-1657, "LlamaForCausalLM", {"a": 1}, None])
def test_compare_with_architectures_not_a_list(tmp_path, archs):
    """Found by benchmarks/fuzz_campaign.py: ``"architectures": -1657`` reached the internal-
    error catch-all (``'int' object is not iterable``) in compare's class picking."""
    (tmp_path / "model.py").write_text(MODEL.format(width=8))
    cfg = {"model_type": "bert", "architectures": archs, "hidden_size": 16,
           "num_hidden_layers": 1, "num_attention_heads": 1, "intermediate_size": 16,
           "vocab_size": 16}  # fmt: skip
    (tmp_path / "config.json").write_text(json.dumps(cfg))
    rc, lines, _ = main_in_process("compare", "model.py", "config.json", cwd=tmp_path)
    assert rc in (0, 1, 2), lines
    assert not any("internal error" in line for line in lines), lines
