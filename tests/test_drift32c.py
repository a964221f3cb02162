"""Sizes parsed with ``getopt`` from a command line the file keeps as a list (session 32,
reimplfix32c; fresh6's ``xlm_getopt_argv``). ``getopt.getopt`` is made in CPython itself
(library/purecalls.py ``PURE``): options with and without an argument, ``--name=value``, a
long option's unambiguous prefix, ``--`` ending the options. A call CPython refuses
(GetoptError: an unknown option, a missing argument) gives no sizes. ``gnu_getopt`` reads
POSIXLY_CORRECT unless its option string starts with ``+``: it is known only where both
environments give one answer. Truth: torch counts the module CPython runs, and CPython's own
getopt under each environment.
"""

from __future__ import annotations

import getopt

import pytest

from driftcheck.parsers.source.library.purecalls import _EnvDependent, _gnu_getopt
from tests.drift_support import config as _config
from tests.drift_support import count as _count
from tests.drift_support import hf_model as _hf
from tests.drift_support import mine as _mine
from tests.drift_support import one_sided as _one
from tests.drift_support import run as _run
from tests.drift_support import write as _write
from tests.test_drift25b import LLAMA_BODY, LLAMA_CFG, SIZES

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

_HEAD = "import getopt\n\nimport torch\nimport torch.nn.functional as F\nfrom torch import nn\n\n"
_LONG = ["vocab=", "width=", "ffn=", "layers", "layers_scale=", "heads=", "kv_heads=", "rms_eps="]


def _argv(sizes: dict) -> list[str]:
    # a long option with its argument apart, one with ``=``, a prefix (``--kv`` of
    # ``--kv_heads``), short options with an argument (joined and apart), a flag, ``--``
    return [
        "--vocab", str(sizes["vocab"]), f"--width={sizes['width']}", "-f", str(sizes["ffn"]),
        f"-L{sizes['layers']}", "-q", f"--heads={sizes['heads']}", "--kv", str(sizes["kv_heads"]),
        "--rms_eps", repr(sizes["rms_eps"]), "--", "--vocab", "7",
    ]  # fmt: skip


_PARSE = (
    "OPTS, REST = getopt.{fn}(ARGV, {short!r}, {long!r})\n"
    "P = {{k.lstrip('-'): v for k, v in OPTS}}\n"
    "S = dict(vocab=int(P['vocab']), width=int(P['width']), ffn=int(P['f']), "
    "layers=int(P['L']) + ('q' in P) - 1, heads=int(P['heads']), kv_heads=int(P['kv_heads']), "
    "rms_eps=float(P['rms_eps']))\n"
)


def _source(argv: list[str], fn: str = "getopt", short: str = "qf:L:") -> str:
    return _HEAD + f"ARGV = {argv!r}\n" + _PARSE.format(fn=fn, short=short, long=_LONG) + LLAMA_BODY


@pytest.mark.parametrize("fn", ["getopt", "gnu_getopt"])
def test_sizes_from_a_kept_command_line(tmp_path, fn):
    """torch's count of the module CPython builds from the parsed line is the config's; a
    planted ffn through the same line is one finding with both values."""
    # gnu_getopt: program arguments after ``--`` are refused (kept only where nothing is left)
    cut = None if fn == "getopt" else -3
    cfg, cfg_path = _config(tmp_path, "cfg", "LlamaConfig", **LLAMA_CFG)
    code = _write(tmp_path, "tiny.py", _source(_argv(SIZES)[:cut], fn))
    assert _count(_mine(code, "Tiny")) == _count(_hf(cfg, "LlamaForCausalLM"))
    assert _run(code, cfg_path) == []
    planted = _write(tmp_path, "planted.py", _source(_argv({**SIZES, "ffn": 40})[:cut], fn))
    assert _count(_mine(planted, "Tiny")) != _count(_hf(cfg, "LlamaForCausalLM"))
    _one(_run(planted, cfg_path), 40, 48)


@pytest.mark.parametrize(
    "kind",
    [
        "unknown_option",  # GetoptError: option --depth not recognized
        "missing_argument",  # GetoptError: option --rms_eps requires argument
        "ambiguous_prefix",  # GetoptError: option --la not a unique prefix
        "gnu_program_argument_first",  # POSIXLY_CORRECT decides whether later options count
    ],
)
def test_a_refused_or_environment_dependent_parse_gives_no_sizes(tmp_path, monkeypatch, kind):
    """CPython raises (no module at all) or the answer depends on the environment: no count
    and no finding against a config whose ffn differs, never a guess."""
    monkeypatch.delenv("POSIXLY_CORRECT", raising=False)
    argv, fn = _argv(SIZES)[:-3], "getopt"
    if kind == "unknown_option":
        argv = ["--depth", "2", *argv]
    elif kind == "missing_argument":
        argv = [*argv, "--rms_eps"]
    elif kind == "ambiguous_prefix":
        argv = ["--la", "2", *argv]
    else:
        argv, fn = ["train", *argv], "gnu_getopt"
    cfg, cfg_path = _config(
        tmp_path, "cfg", "LlamaConfig", **{**LLAMA_CFG, "intermediate_size": 40}
    )
    code = _write(tmp_path, "tiny.py", _source(argv, fn))
    if kind == "gnu_program_argument_first":
        _mine(code, "Tiny")  # builds with POSIXLY_CORRECT unset (48 against 40) ...
        monkeypatch.setenv("POSIXLY_CORRECT", "1")
        with pytest.raises(KeyError):  # ... and fails under it: the options stay arguments
            _mine(code, "Tiny")
        monkeypatch.delenv("POSIXLY_CORRECT")
    else:
        with pytest.raises(getopt.GetoptError):
            _mine(code, "Tiny")
    assert _run(code, cfg_path) == []


# (args, shortopts, longopts, whether the guard keeps it)
ROWS = [
    (["-a", "1", "--x=2", "y"], "a:", ["x="], True),  # one program argument, last
    (["-a", "1", "y", "--x=2"], "a:", ["x="], False),  # the environments differ
    (["-ab3", "--", "-a", "z"], "ab:", [], False),  # both agree: refused, conservatively
    (["--xy", "5", "-"], "", ["xyz="], True),  # a long prefix; ``-`` is an argument
    (["y", "-a", "w"], "+a", [], True),  # ``+``: options first in every environment
    (["-a"], "a:", [], True),  # GetoptError in both: the call is refused as CPython's
    (["-b", "2"], "a", [], True),  # an unknown option: GetoptError
]


@pytest.mark.parametrize("row", ROWS, ids=[str(i) for i in range(len(ROWS))])
def test_gnu_getopt_kept_only_where_both_environments_agree(monkeypatch, row):
    """``_gnu_getopt`` gives what CPython gives with and without POSIXLY_CORRECT (which agree
    there), or CPython's own GetoptError, or refuses with ``_EnvDependent``: always where the
    two answers differ (and on ``--`` followed by two or more, where they may agree)."""
    args, short, long, kept = row

    def real(env: str | None):
        if env is None:
            monkeypatch.delenv("POSIXLY_CORRECT", raising=False)
        else:
            monkeypatch.setenv("POSIXLY_CORRECT", env)
        try:
            return getopt.gnu_getopt(list(args), short, list(long))
        except getopt.GetoptError as e:
            return type(e)

    unset, posix = real(None), real("1")
    monkeypatch.setenv("POSIXLY_CORRECT", "1")  # the guard never reads the environment
    try:
        got = _gnu_getopt(list(args), short, list(long))
    except getopt.GetoptError as e:
        got = type(e)
    except _EnvDependent:
        assert not kept
        return
    assert kept
    assert got == unset == posix
