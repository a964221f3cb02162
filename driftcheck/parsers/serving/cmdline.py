"""Serving command lines: find ``vllm serve`` / ``text-generation-launcher`` / ``docker run``
in a shell script or text file and split them into environment, options and positionals.

Parsing uses ``shlex`` (POSIX rules, comments dropped, backslash line continuations joined), so
quoting such as ``--hf-overrides '{"rope_scaling": {...}}'`` survives as one value.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

from driftcheck.errors import DriftcheckError

# options that take no value: without this list ``--enforce-eager MODEL`` would eat MODEL
_FLAGS = {
    "trust_remote_code", "enforce_eager", "enable_prefix_caching", "disable_log_requests",
    "enable_chunked_prefill", "disable_sliding_window", "enable_lora", "disable_custom_all_reduce",
    "enable_auto_tool_choice", "disable_log_stats", "sharded", "disable_custom_kernels",
    "json_output", "otlp_service_name", "rm", "d", "detach", "it", "i", "t", "privileged",
    "no_enable_prefix_caching", "enable_expert_parallel", "async_scheduling",
}  # fmt: skip
_ENV_ASSIGN = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=(.*)$", re.S)


@dataclass
class Invocation:
    """One serving command: which engine, its environment, options and positionals."""

    engine: str  # vllm | tgi
    env: dict[str, str] = field(default_factory=dict)
    options: dict[str, str | bool] = field(default_factory=dict)
    flags_spelled: dict[str, str] = field(default_factory=dict)  # option -> as written
    positionals: list[str] = field(default_factory=list)
    line: int = 1


def option_key(flag: str) -> str:
    return flag.lstrip("-").replace("-", "_").lower()


def parse_args(tokens: list[str], inv: Invocation, short: dict[str, str]) -> None:
    """``--key value`` / ``--key=value`` / ``-tp 2`` / flags into ``inv``."""
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.startswith("-") and len(tok) > 1 and not _is_number(tok):
            name, eq, value = tok.partition("=")
            key = short.get(name, option_key(name))
            inv.flags_spelled[key] = name
            if eq:
                inv.options[key] = value
            elif key in _FLAGS or i + 1 >= len(tokens) or _looks_like_option(tokens[i + 1]):
                inv.options[key] = True
            else:
                inv.options[key] = tokens[i + 1]
                i += 1
        else:
            inv.positionals.append(tok)
        i += 1


def _is_number(tok: str) -> bool:
    return bool(re.fullmatch(r"-\d+(\.\d+)?", tok))


def _looks_like_option(tok: str) -> bool:
    return tok.startswith("-") and len(tok) > 1 and not _is_number(tok)


def logical_lines(text: str) -> list[tuple[int, str]]:
    """Lines with backslash continuations joined; each with its first physical line number."""
    out: list[tuple[int, str]] = []
    buf, start = "", 1
    for no, line in enumerate(text.splitlines(), 1):
        if not buf:
            start = no
        if line.rstrip().endswith("\\"):
            buf += line.rstrip()[:-1] + " "
            continue
        buf += line
        if buf.strip():
            out.append((start, buf))
        buf = ""
    if buf.strip():
        out.append((start, buf))
    return out


def split(line: str, where: str) -> list[str]:
    try:
        return shlex.split(line, comments=True, posix=True)
    except ValueError as e:  # "No closing quotation"
        raise DriftcheckError(f"cannot split shell line: {e}", where) from None


VLLM_SHORT = {"-tp": "tensor_parallel_size", "-pp": "pipeline_parallel_size", "-q": "quantization"}
TGI_SHORT: dict[str, str] = {}


def find_invocation(text: str, where: str) -> Invocation | None:
    """The first serving command in a script; environment from ``export``/``VAR=`` lines."""
    env: dict[str, str] = {}
    for no, line in logical_lines(text):
        tokens = split(line, f"{where}:{no}")
        if not tokens:
            continue
        if tokens[0] == "export":
            tokens = tokens[1:]
        local = dict(env)
        while tokens and _ENV_ASSIGN.match(tokens[0]):
            k, v = _ENV_ASSIGN.match(tokens[0]).groups()  # type: ignore[union-attr]
            local[k] = v
            tokens = tokens[1:]
        if not tokens:
            env = local
            continue
        inv = _match(tokens, local, where, no)
        if inv is not None:
            inv.line = no
            return inv
    return None


def _match(tokens: list[str], env: dict[str, str], where: str, no: int) -> Invocation | None:
    words = [t.rsplit("/", 1)[-1] for t in tokens]
    # vllm serve MODEL ...
    for i, w in enumerate(words[:-1]):
        if w == "vllm" and words[i + 1] == "serve":
            inv = Invocation("vllm", env=dict(env))
            parse_args(tokens[i + 2 :], inv, VLLM_SHORT)
            return inv
    # python -m vllm.entrypoints.openai.api_server --model MODEL ...
    for i, t in enumerate(tokens):
        if t.startswith("vllm.entrypoints"):
            inv = Invocation("vllm", env=dict(env))
            parse_args(tokens[i + 1 :], inv, VLLM_SHORT)
            return inv
        if words[i] == "text-generation-launcher":
            inv = Invocation("tgi", env=dict(env))
            parse_args(tokens[i + 1 :], inv, TGI_SHORT)
            return inv
    if words[0] in ("docker", "podman") and "run" in tokens[:3]:
        return _docker_run(tokens[tokens.index("run") + 1 :], env)
    return None


_DOCKER_WITH_VALUE = {
    "-e", "--env", "-p", "--publish", "-v", "--volume", "--name", "--gpus", "--shm-size",
    "--ipc", "--network", "--net", "--runtime", "--entrypoint", "--env-file", "-w", "--workdir",
    "--user", "-u", "--device", "--mount", "--platform", "--cpus", "--memory", "-m", "--label",
}  # fmt: skip


def _docker_run(tokens: list[str], env: dict[str, str]) -> Invocation | None:
    """``docker run [opts] IMAGE [args]``: -e/--env go to the environment, args to the engine."""
    env = dict(env)
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if not tok.startswith("-"):
            break
        name, eq, value = tok.partition("=")
        if name in _DOCKER_WITH_VALUE:
            if not eq:
                i += 1
                value = tokens[i] if i < len(tokens) else ""
            if name in ("-e", "--env"):
                m = _ENV_ASSIGN.match(value)
                if m:
                    env[m.group(1)] = m.group(2)
        i += 1
    if i >= len(tokens):
        return None
    image, args = tokens[i].lower(), tokens[i + 1 :]
    if "text-generation-inference" in image:
        inv = Invocation("tgi", env=env)
        parse_args(args, inv, TGI_SHORT)
        return inv
    if "vllm" in image:
        inv = Invocation("vllm", env=env)
        parse_args(args[2:] if args[:2] == ["vllm", "serve"] else args, inv, VLLM_SHORT)
        return inv
    return None
