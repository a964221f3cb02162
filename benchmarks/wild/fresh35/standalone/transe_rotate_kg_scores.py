import torch.nn as nn


class KGEmbedding(nn.Module):
    """TransE / RotatE style: RotatE keeps entities complex (2 * dim) and relations as phases (dim)."""

    def __init__(self, n_entities, n_relations, dim=100, kind="transe"):
        super().__init__()
        ent_dim = 2 * dim if kind == "rotate" else dim
        rel_dim = dim
        self.entity = nn.Embedding(n_entities, ent_dim)
        self.relation = nn.Embedding(n_relations, rel_dim)
        if kind == "transh":
            self.normal = nn.Embedding(n_relations, dim)


class Ensemble(nn.Module):
    def __init__(self):
        super().__init__()
        self.members = nn.ModuleDict(
            {k: KGEmbedding(14541, 237, dim=64, kind=k) for k in ("transe", "rotate", "transh")}
        )


model = Ensemble()
