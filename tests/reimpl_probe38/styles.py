"""Env-configured styles of the reimplfix38 probe ports: how a port reads its sizes from the
launch's environment, each with a default in the code (written for this probe).

A style maps the tiny values to (preamble, accessor): the preamble defines the names, the
accessor is the expression the body's ``@key@`` placeholder becomes. Every default below is
the value the run uses when the variable is unset (the probe's torch check runs so)."""

from __future__ import annotations

from collections.abc import Callable


def _lit(v) -> str:
    return repr(v)


def _s(v) -> str:
    return repr(str(v))


def _cast(v) -> str:
    return "float" if isinstance(v, float) else "int"


def env_int_str(vals: dict) -> tuple[str, Callable[[str], str]]:
    """``HIDDEN = int(os.environ.get("P_HIDDEN", "64"))``: a string default cast."""
    lines = [
        f'{k.upper()} = {_cast(v)}(os.environ.get("P_{k.upper()}", {_s(v)}))'
        for k, v in vals.items()
    ]
    return "\n".join(lines) + "\n", lambda k: k.upper()


def env_getenv_num(vals: dict) -> tuple[str, Callable[[str], str]]:
    """``HIDDEN = int(os.getenv("P_HIDDEN", 64))``: a number default cast."""
    lines = [
        f'{k.upper()} = {_cast(v)}(os.getenv("P_{k.upper()}", {_lit(v)}))' for k, v in vals.items()
    ]
    return "\n".join(lines) + "\n", lambda k: k.upper()


def env_dict_comp(vals: dict) -> tuple[str, Callable[[str], str]]:
    """A dict of defaults, each overridable by ``P_<KEY>``, built by a comprehension."""
    body = ",\n".join(f"    {k!r}: {_lit(v)}" for k, v in vals.items())
    pre = (
        f"DEFAULTS = {{\n{body},\n}}\n"
        'CFG = {k: type(v)(os.environ.get(f"P_{k.upper()}", v)) for k, v in DEFAULTS.items()}\n'
    )
    return pre, lambda k: f"CFG[{k!r}]"


def env_dict_loop(vals: dict) -> tuple[str, Callable[[str], str]]:
    """The same dict filled by a loop over the defaults with ``os.getenv(name, str(v))``."""
    body = ",\n".join(f"    {k!r}: {_lit(v)}" for k, v in vals.items())
    pre = (
        f"DEFAULTS = {{\n{body},\n}}\n"
        "CFG = dict(DEFAULTS)\n"
        "for key, value in DEFAULTS.items():\n"
        '    CFG[key] = type(value)(os.getenv("P_" + key.upper(), str(value)))\n'
    )
    return pre, lambda k: f"CFG[{k!r}]"


def env_dotenv(vals: dict) -> tuple[str, Callable[[str], str]]:
    """A dotenv-like text of defaults parsed line by line; ``os.environ`` wins over it."""
    text = "\n".join(f"P_{k.upper()}={v}" for k, v in vals.items())
    pre = (
        f'DOTENV = """\n# run defaults\n{text}\n"""\n'
        "FILE_ENV = {}\n"
        "for line in DOTENV.strip().splitlines():\n"
        "    line = line.strip()\n"
        '    if not line or line.startswith("#"):\n'
        "        continue\n"
        '    name, _, raw = line.partition("=")\n'
        "    FILE_ENV[name.strip()] = raw.strip()\n"
        "\n\n"
        "def env(name, cast=int):\n"
        "    return cast(os.environ.get(name, FILE_ENV[name]))\n"
        "\n\n"
    )
    pre += "\n".join(
        f'{k.upper()} = env("P_{k.upper()}"{", float" if isinstance(v, float) else ""})'
        for k, v in vals.items()
    )
    return pre + "\n", lambda k: k.upper()


def env_or(vals: dict) -> tuple[str, Callable[[str], str]]:
    """``int(os.environ.get("P_HIDDEN") or 64)``: no default given to ``get``."""
    lines = [
        f'{k.upper()} = {_cast(v)}(os.environ.get("P_{k.upper()}") or {_lit(v)})'
        for k, v in vals.items()
    ]
    return "\n".join(lines) + "\n", lambda k: k.upper()


def env_settings_class(vals: dict) -> tuple[str, Callable[[str], str]]:
    """Class attributes of a settings class read from the environment, one instance used."""
    lines = [f'    {k} = {_cast(v)}(os.getenv("P_{k.upper()}", {_s(v)}))' for k, v in vals.items()]
    pre = "class Settings:\n" + "\n".join(lines) + "\n\n\nS = Settings()\n"
    return pre, lambda k: f"S.{k}"


def env_dataclass_factory(vals: dict) -> tuple[str, Callable[[str], str]]:
    """A dataclass whose fields default to env reads (``field(default_factory=lambda: ...)``)."""
    lines = [
        f"    {k}: {type(v).__name__} = field(\n"
        f'        default_factory=lambda: _env("P_{k.upper()}", {_lit(v)}, {_cast(v)})\n'
        "    )"
        for k, v in vals.items()
    ]
    pre = (
        "def _env(name, default, cast):\n"
        "    return cast(os.environ.get(name, default))\n\n\n"
        "@dataclass\nclass RunConfig:\n" + "\n".join(lines) + "\n\n\nCFG = RunConfig()\n"
    )
    return pre, lambda k: f"CFG.{k}"


def env_in_check(vals: dict) -> tuple[str, Callable[[str], str]]:
    """``int(os.environ["P_X"]) if "P_X" in os.environ else 64``."""
    lines = [
        f'{k.upper()} = {_cast(v)}(os.environ["P_{k.upper()}"]) '
        f'if "P_{k.upper()}" in os.environ else {_lit(v)}'
        for k, v in vals.items()
    ]
    return "\n".join(lines) + "\n", lambda k: k.upper()


def env_setdefault_loop(vals: dict) -> tuple[str, Callable[[str], str]]:
    """Defaults written into ``os.environ`` by ``setdefault`` in a loop, then read back."""
    body = ",\n".join(f"    {('P_' + k.upper())!r}: {_s(v)}" for k, v in vals.items())
    pre = (
        f"DEFAULTS = {{\n{body},\n}}\n"
        "for name, raw in DEFAULTS.items():\n"
        "    os.environ.setdefault(name, raw)\n"
    )
    pre += "\n".join(
        f'{k.upper()} = {_cast(v)}(os.environ["P_{k.upper()}"])' for k, v in vals.items()
    )
    return pre + "\n", lambda k: k.upper()


def env_merged(vals: dict) -> tuple[str, Callable[[str], str]]:
    """``{**DEFAULTS, **os.environ}``: the environment merged over string defaults."""
    body = ",\n".join(f"    {('P_' + k.upper())!r}: {_s(v)}" for k, v in vals.items())
    pre = f"DEFAULTS = {{\n{body},\n}}\nENV = {{**DEFAULTS, **os.environ}}\n"
    pre += "\n".join(f'{k.upper()} = {_cast(v)}(ENV["P_{k.upper()}"])' for k, v in vals.items())
    return pre + "\n", lambda k: k.upper()


def env_json(vals: dict) -> tuple[str, Callable[[str], str]]:
    """One variable holding the whole config as JSON, its default a JSON text in the code."""
    import json

    text = json.dumps(vals)
    pre = f'CFG = json.loads(os.environ.get("P_MODEL_CONFIG", {text!r}))\n'
    return pre, lambda k: f"CFG[{k!r}]"


def env_fields_loop(vals: dict) -> tuple[str, Callable[[str], str]]:
    """A dataclass of defaults overridden field by field from ``P_<NAME>`` (``fields()`` loop,
    ``setattr`` with the field's type as the cast)."""
    lines = [f"    {k}: {type(v).__name__} = {_lit(v)}" for k, v in vals.items()]
    pre = (
        "@dataclass\nclass RunConfig:\n" + "\n".join(lines) + "\n\n\n"
        "def from_env(cfg):\n"
        "    for f in fields(cfg):\n"
        '        raw = os.environ.get("P_" + f.name.upper())\n'
        "        if raw is not None:\n"
        "            setattr(cfg, f.name, f.type(raw) if callable(f.type) else raw)\n"
        "    return cfg\n\n\n"
        "CFG = from_env(RunConfig())\n"
    )
    return pre, lambda k: f"CFG.{k}"


def env_flag_strings(vals: dict) -> tuple[str, Callable[[str], str]]:
    """Sizes as ``int(os.environ.get(K, "64"))`` through a helper with a per-type parser table
    (``{"int": int, "float": float}[kind]``), the name built from a prefix."""
    pre = (
        'PREFIX = "P_"\nPARSE = {"int": int, "float": float}\n\n\n'
        "def setting(name, default, kind):\n"
        "    raw = os.environ.get(PREFIX + name.upper(), str(default))\n"
        "    return PARSE[kind](raw)\n\n\n"
    )
    pre += "\n".join(
        f"{k.upper()} = setting({k!r}, {_lit(v)}, {type(v).__name__!r})" for k, v in vals.items()
    )
    return pre + "\n", lambda k: k.upper()


STYLES = {
    f.__name__: f
    for f in (
        env_int_str,
        env_getenv_num,
        env_dict_comp,
        env_dict_loop,
        env_dotenv,
        env_or,
        env_settings_class,
        env_dataclass_factory,
        env_in_check,
        env_setdefault_loop,
        env_merged,
        env_json,
        env_fields_loop,
        env_flag_strings,
    )
}
IMPORTS = {
    "env_dataclass_factory": "from dataclasses import dataclass, field\n",
    "env_json": "import json\n",
    "env_fields_loop": "from dataclasses import dataclass, fields\n",
}
