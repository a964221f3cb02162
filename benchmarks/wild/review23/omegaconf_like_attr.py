# ruff: noqa: E701, B006, B007, B904 (written as library code is written)
import torch.nn as nn


class DictConfig:
    def __init__(self, d):
        object.__setattr__(
            self, "_content", {k: DictConfig(v) if isinstance(v, dict) else v for k, v in d.items()}
        )

    def __getattr__(self, k):
        try:
            return self._content[k]
        except KeyError:
            raise AttributeError(k)

    def __getitem__(self, k):
        return self._content[k]

    def get(self, k, default=None):
        return self._content.get(k, default)


cfg = DictConfig(
    {"model": {"encoder": {"dim": 16, "layers": 2}, "decoder": {"dim": 8}}, "data": {"vocab": 50}}
)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        mc = cfg.model
        self.emb = nn.Embedding(cfg.data.vocab, mc.encoder.dim)
        self.enc = nn.ModuleList(
            nn.Linear(mc.encoder.dim, mc.encoder.dim) for _ in range(mc.encoder.layers)
        )
        self.proj = nn.Linear(mc.encoder.dim, mc["decoder"].dim)
        self.extra = nn.Linear(2, cfg.model.get("extra_dim", 3))
