"""GraphSAGE with a registry of aggregators chosen per layer from a config string."""

from torch import nn

AGGREGATORS = {}


def register(name):
    def deco(cls):
        AGGREGATORS[name] = cls
        return cls

    return deco


@register("mean")
class MeanAggregator(nn.Module):
    def __init__(self, in_dim, out_dim, concat=True):
        super().__init__()
        self.self_lin = nn.Linear(in_dim, out_dim, bias=False)
        self.neigh_lin = nn.Linear(in_dim, out_dim, bias=False)
        self.out_dim = out_dim * 2 if concat else out_dim


@register("pool")
class MaxPoolAggregator(MeanAggregator):
    def __init__(self, in_dim, out_dim, concat=True, pool_dim=None):
        pool_dim = pool_dim or 2 * in_dim
        super().__init__(in_dim, out_dim, concat)
        self.pool = nn.Sequential(nn.Linear(in_dim, pool_dim), nn.ReLU())
        self.neigh_lin = nn.Linear(pool_dim, out_dim, bias=False)


@register("gcn")
class GCNAggregator(nn.Module):
    def __init__(self, in_dim, out_dim, concat=True):
        super().__init__()
        self.lin = nn.Linear(in_dim, out_dim)
        self.out_dim = out_dim


class GraphSAGE(nn.Module):
    def __init__(self, in_dim, spec, num_classes):
        super().__init__()
        self.layers = nn.ModuleList()
        d = in_dim
        for i, part in enumerate(spec.split(",")):
            kind, width = part.split(":")
            agg = AGGREGATORS[kind](d, int(width), concat=i < len(spec.split(",")) - 1)
            self.layers.append(agg)
            d = agg.out_dim
        self.classifier = nn.Linear(d, num_classes)


model = GraphSAGE(in_dim=50, spec="pool:64,mean:32,gcn:16", num_classes=7)
