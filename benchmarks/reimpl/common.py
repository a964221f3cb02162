"""How a re-implementation holds its architecture values: the four ways users write them."""

from __future__ import annotations


def lit(x) -> str:
    if isinstance(x, bool):
        return repr(x)
    if isinstance(x, float):
        return repr(x)
    if isinstance(x, (list, tuple)):
        return "(" + ", ".join(lit(y) for y in x) + ("," if len(x) == 1 else "") + ")"
    return repr(x)


class Params:
    """``cfg``: ``dataclass`` (a ``ModelArgs`` with defaults), ``constants`` (module-level
    UPPER_CASE names), ``kwargs`` (defaults of the top model's ``__init__``) or ``dict`` (one
    module-level ``CONFIG`` dict). ``fields``: (name in the code, key in ``v``)."""

    def __init__(self, cfg: str, v: dict, fields: list[tuple[str, str]]) -> None:
        self.cfg, self.v = cfg, v
        self.fields = [(name, key) for name, key in fields if key in v]
        self.name = dict((key, name) for name, key in self.fields)

    def block(self) -> str:
        if self.cfg == "dataclass":
            lines = ["@dataclass", "class ModelArgs:"]
            for name, key in self.fields:
                t = type(self.v[key]).__name__
                t = "tuple" if t == "list" else t
                lines.append(f"    {name}: {t} = {lit(self.v[key])}")
            return "\n".join(lines) + "\n\n"
        if self.cfg == "constants":
            return (
                "\n".join(f"{name.upper()} = {lit(self.v[key])}" for name, key in self.fields)
                + "\n\n"
            )
        if self.cfg == "dict":
            body = "".join(f'    "{name}": {lit(self.v[key])},\n' for name, key in self.fields)
            return "CONFIG = {\n" + body + "}\n\n"
        return ""

    def get(self, key: str) -> str:
        name = self.name[key]
        return {
            "dataclass": f"args.{name}",
            "constants": name.upper(),
            "dict": f'CONFIG["{name}"]',
            "kwargs": name,
        }[self.cfg]

    def init_sig(self, cls: str, base: str = "nn.Module") -> list[str]:
        head = f"class {cls}({base}):"
        if self.cfg == "dataclass":
            return [
                head,
                "    def __init__(self, args: ModelArgs = ModelArgs()):",
                "        super().__init__()",
            ]
        if self.cfg == "kwargs":
            sig = ["    def __init__(", "        self,"]
            sig += [f"        {name}={lit(self.v[key])}," for name, key in self.fields]
            return [head, *sig, "    ):", "        super().__init__()"]
        return [head, "    def __init__(self):", "        super().__init__()"]
