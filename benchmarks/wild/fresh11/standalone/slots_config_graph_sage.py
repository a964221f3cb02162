"""GraphSAGE written in plain torch, configured by a __slots__ class with defaults set in __init__;
aggregator variants chosen per layer by a string, the pooling aggregator has its own MLP."""

import torch.nn as nn


class SageConfig:
    __slots__ = ("in_dim", "hidden", "out_dim", "aggregators", "dropout", "normalize")

    def __init__(
        self,
        in_dim=32,
        hidden=64,
        out_dim=7,
        aggregators=("mean", "pool", "lstm"),
        dropout=0.1,
        normalize=True,
    ):
        self.in_dim = in_dim
        self.hidden = hidden
        self.out_dim = out_dim
        self.aggregators = aggregators
        self.dropout = dropout
        self.normalize = normalize


class SageLayer(nn.Module):
    def __init__(self, d_in, d_out, agg):
        super().__init__()
        self.agg = agg
        if agg == "pool":
            self.pool_mlp = nn.Linear(d_in, d_in)
        elif agg == "lstm":
            self.lstm = nn.LSTM(d_in, d_in, batch_first=True)
        self.lin_self = nn.Linear(d_in, d_out, bias=False)
        self.lin_neigh = nn.Linear(d_in, d_out)


class GraphSAGE(nn.Module):
    def __init__(self, cfg: SageConfig):
        super().__init__()
        dims = [cfg.in_dim] + [cfg.hidden] * (len(cfg.aggregators) - 1) + [cfg.out_dim]
        self.layers = nn.ModuleList(
            SageLayer(a, b, agg) for a, b, agg in zip(dims[:-1], dims[1:], cfg.aggregators)
        )
        self.norms = nn.ModuleList(nn.LayerNorm(d) for d in dims[1:-1]) if cfg.normalize else None


cfg = SageConfig(in_dim=32, hidden=64, out_dim=7)
cfg.dropout = 0.3
model = GraphSAGE(cfg)
